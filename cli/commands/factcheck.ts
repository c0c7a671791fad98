import type { RankedClaim } from '../../lib/factcheck/fact-check';
import type { CheckedClaim, FactCheckOutcome } from '../../lib/factcheck/deps';
import { FIXED_IN_SETTINGS } from '../../lib/shared/failure-codes';
import { defaultSettings, type Settings } from '../../lib/settings';
import type { Page } from '../../lib/shared/types';
import type { MarkupRoles } from '../../lib/pages/markup-roles';
import { httpUrlFlag, onePositional, parseFlags, wholeNumberFlag, type Command } from '../command';
import { ConfigError, configFromEnv, describeConfig } from '../config';
import { FailureError, UsageError, jsonText, withUserAgent, type Io } from '../io';
import { LONG_PAGE_CHARS, readHtmlPage, sizeLabel } from '../page-input';
import { MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';
import { archivedLinks } from '../archived';

/** The page as the extension's fact-check reads it: its title and main content (Readability, else the visible text). */
async function readPage(
  file: string,
  url: string,
  io: Io,
  progress: (line: string) => void,
): Promise<
  Pick<Page, 'title' | 'text' | 'claimReviews' | 'links' | 'citations'> & {
    published: string | null;
    roles: MarkupRoles | undefined;
  }
> {
  const { html, source } = await readHtmlPage(file, io, 'factcheck');
  const long = html.length > LONG_PAGE_CHARS;
  const started = Date.now();
  if (long) progress(`reading ${source} (${sizeLabel(html.length)} of HTML): extracting its main text…`);
  const [{ extractPage }, { parseHtmlWithLinkedom }] = await Promise.all([
    import('../../lib/pages/extract'),
    import('../../lib/pages/parse-html'),
  ]);
  const { page, roles } = await extractPage(
    { html, url, lastModified: null, retrievedAt: io.now().toISOString(), origin: 'web' },
    parseHtmlWithLinkedom,
  );
  if (long) progress(`extracted ${sizeLabel(page.text.length)} of text in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (page.text.trim() === '')
    throw new FailureError(
      `${source}: the page has no text to check (no article, no visible text): ` +
        'a page that builds its content with JavaScript must be saved after it has loaded ("Save Page As…", complete)',
    );
  return {
    title: page.title,
    text: page.text,
    claimReviews: page.claimReviews,
    links: page.links,
    citations: page.citations,
    published: page.published?.iso ?? null,
    roles,
  };
}

/** A checked claim as printed. */
function claimJson(c: CheckedClaim) {
  return {
    claim: c.text,
    ...claimForm(c),
    rank: c.rank,
    verdict: c.verdict,
    for: c.for,
    against: c.against,
    reasons: c.reasons,
    ...(c.verdict === 'unchecked' && c.failure
      ? { reason: c.failure.code ?? c.failure.kind, message: c.failure.message, provider: c.failure.provider }
      : {}),
    closest: c.closest ?? [],
    priorChecks: c.priorChecks ?? [],
    ownSources: (c.ownSources ?? []).map((o) => ({
      url: o.url,
      reading: o.reading,
      via: o.via,
      ...(o.spanId ? { spanId: o.spanId } : {}),
      reason: o.reason,
    })),
  };
}

/** A claim found and not checked, as printed. */
function notCheckedJson(c: RankedClaim) {
  return { ...claimForm(c), rank: c.rank };
}

/** A claim's sentence and its standalone form (the form searched and judged), as printed for every claim. */
function claimForm(c: RankedClaim) {
  return {
    sentence: c.sentence,
    start: c.start,
    end: c.end,
    standalone: c.text,
    needsContext: c.needsContext ?? false,
    ...(c.speaker ? { speaker: c.speaker } : {}),
  };
}

/** The environment's settings, as `spanlight ask` reads them; a bad variable is a usage error. */
function settingsFromEnv(io: Io): { settings: Settings; notes: string[] } {
  try {
    const { settings, notes } = configFromEnv(io.env);
    if (io.env.SPANLIGHT_MAX_PAGES?.trim())
      notes.push("SPANLIGHT_MAX_PAGES is not used by a fact-check (it reads the top pages of each claim's search)");
    return { settings, notes };
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * The reason to exit 1: nothing could be checked, every claim's every search failed (issue #33; the
 * result is still printed, each claim "unchecked" with its reason).
 */
function unavailableReason(outcome: FactCheckOutcome): string | null {
  if (outcome.claims.length === 0 || outcome.claims.some((c) => c.verdict !== 'unchecked')) return null;
  const inSettings = outcome.failures.some((f) => f.code !== undefined && FIXED_IN_SETTINGS.has(f.code));
  const where = inSettings ? ' (here: the SPANLIGHT_* variables, see spanlight factcheck --help)' : '';
  return `${outcome.failures.map((f) => f.message).join(' ')}${where}`;
}

/** "25 of 61 checkable claims checked: 10 supported, …; 36 not checked (--max-claims 61 checks them all)"; "1 of 1 checkable claim…". */
export function doneLine(outcome: Pick<FactCheckOutcome, 'checkable' | 'claims' | 'notChecked'>): string {
  if (outcome.checkable === 0) return 'no checkable claim found in the page: nothing searched';
  const counts = new Map<string, number>();
  const checked = outcome.claims.filter((c) => c.verdict !== 'unchecked');
  for (const c of checked) counts.set(c.verdict, (counts.get(c.verdict) ?? 0) + 1);
  const verdicts = [...counts].map(([v, n]) => `${n} ${v.replace('-', ' ')}`).join(', ');
  const left = outcome.notChecked.length;
  const unchecked = outcome.claims.length - checked.length;
  return (
    `${checked.length} of ${outcome.checkable} checkable claim${outcome.checkable === 1 ? '' : 's'} checked${verdicts ? `: ${verdicts}` : ''}` +
    (unchecked > 0 ? `; ${unchecked} could not be checked (every search for ${unchecked === 1 ? 'it' : 'them'} failed)` : '') +
    (left > 0 ? `; ${left} not checked (--max-claims ${outcome.checkable} checks them all)` : '')
  );
}

const BUDGET = defaultSettings().factCheckBudget;
const OWN_SOURCES = defaultSettings().ownSourcesPerCheck;

export const factcheckCommand: Command = {
  help: `Usage: spanlight factcheck FILE --url URL [--max-claims N] [--own-sources N] [--jsonl] [--quiet]

Fact-checks a saved HTML page the way the extension checks the page being read: its main content
(Readability, as "spanlight extract" reads it) split into claims: its sentences as people write them,
less what is not a claim (captions, bylines, datelines, headings, code, author bios, questions,
instructions, dialogue in fiction), the rest scored by a check-worthiness model trained on
sentences people labelled; with a model, its standalone claims, which the code checks. Each claim
has a standalone form, the one searched and judged: pronouns and bare references replaced by the
name the page gives, a surname by the full name, relative times ("next year") made absolute from
the page's date. The claims are ranked by how worth checking they are (those that stand alone
first); the top N are searched and given a verdict (supported, contradicted, mixed, not-found)
against independent pages (the page's own domain never counts). A claim whose every search failed
(a provider unreachable, answering an error, refusing the key, over a limit, timing out) has no
verdict: it is "unchecked", with "reason" (the failure's code), "message" and "provider"; a search
that failed for some claims while the providers answered others is asked once more first. Prints
one JSON document:

  {"url", "title", "checkable",
   "left": [{"text", "start", "end", "reason"}],
   "claims": [{"claim", "sentence", "start", "end", "standalone", "needsContext", "speaker"?,
               "rank", "verdict", "for", "against", "reasons", "reason"?, "message"?, "provider"?,
               "closest": [{"spanId", "sentence"}],
               "priorChecks": [{"reviewer", "date", "rating", "url", "claimReviewed", "source"}],
               "ownSources": [{"url", "reading", "via", "spanId"?, "reason"}]}],
   "notChecked": [{"sentence", "start", "end", "standalone", "needsContext", "speaker"?, "rank"}],
   "evidence": [{"spanId", "url", "title", "text", "published", …}],
   "archived": [{"url", "retrievedAt", "archived"}],
   "warnings", "trace": {"stages", "counts"}}

"checkable" counts the claims found: checked ("claims", in rank order) and not checked ("notChecked",
beyond --max-claims, in rank order). "left" lists the sentences not taken as claims, each with its
reason: caption, heading, code, byline, dateline, bio, dialogue, question, instruction, fragment
(too short or too long to be one statement) or not-check-worthy (scored below the model's
threshold). "standalone" is the form searched and judged ("claim" is the same); "needsContext" is
true when a reference in it could not be resolved from the page (such claims rank after the
others); "speaker" names who is quoted. "start" and "end" are offsets of the claim's sentence in the
page's main text (as "spanlight extract" prints it). "for", "against" and "closest" name spans of
"evidence" by their "spanId". "priorChecks" are fact-checkers' earlier ratings of the claim, found
as schema.org ClaimReview markup on an evidence page or on the checked page ("source": "page"), or
through Google Fact Check Tools ("fact-check-tools", with SPANLIGHT_FACT_CHECK_TOOLS_KEY): shown
beside the verdict, never deciding it. "archived" gives each evidence page's Wayback Machine
address for the copy closest to when it was read (the archive resolves it when opened).
"ownSources" says what the sources the claim itself links to state (a link in its sentence, its
footnote, the report it attributes to; "via"): "reading" is states, contradicts, silent or unread,
"spanId" names the passage found; beside the verdict, never counted in it.

With --jsonl: one line per claim once its verdict and its own sources are in (in the order they settle, the
higher-ranked tending to come first), each the claim as above with its own "evidence" (the spans
it names), then one last line, the summary, the document without "claims" and "evidence":
  {"summary": true, "url", "title", "checkable", "left", "checked", "notChecked", "warnings", "trace"}
Progress goes to stderr.

Exit code: 0 when the check ran (whatever the verdicts, some claims unchecked included); 1 when
the page cannot be read (no such file, not HTML, no text in it) or nothing could be checked (every
claim unchecked: the result is still printed); 2 for usage and configuration errors. A page over
the page size limit (${MAX_PAGE_HTML_LABEL} of HTML, as the extension reads a tab) is cut there and the cut said on
stderr; a page over 1 MB says on stderr what is being done with it.

Arguments:
  FILE              the saved HTML page (UTF-8); "-" reads it from stdin
  --url URL         the address the page was served from (its domain is not evidence for itself)
  --max-claims N    claims checked, the highest-ranked first (default ${BUDGET}, the extension's budget)
  --own-sources N   sources the claims link to opened per check, two a claim (0–50, default ${OWN_SOURCES}; 0 opens none)
  --jsonl           one line per claim as it settles, then the summary line
  -q, --quiet       no progress on stderr (errors are still said)
  -h, --help        this help

Configuration: the environment of "spanlight ask" (see spanlight ask --help): the search
providers, the model (which also splits the claims and judges the ones the code cannot settle),
SPANLIGHT_ALLOW_PRIVATE_NETWORK. SPANLIGHT_MAX_PAGES is not used. Keys are never printed.

Example:
  SPANLIGHT_SEARCH_PROVIDER=brave SPANLIGHT_SEARCH_KEY=… spanlight factcheck page.html --url https://example.org/article`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      url: { type: 'string' },
      'max-claims': { type: 'string' },
      'own-sources': { type: 'string' },
      jsonl: { type: 'boolean', default: false },
      quiet: { type: 'boolean', short: 'q', default: false },
    });
    const file = onePositional(positionals, 'FILE (the saved HTML page to check)');
    if (values.url === undefined) throw new UsageError('missing --url URL (the address the page was served from)');
    const url = httpUrlFlag(values.url, '--url');
    const { settings, notes } = settingsFromEnv(io);
    const budget = wholeNumberFlag(values['max-claims'], '--max-claims', settings.factCheckBudget, 1);
    const ownSourcesPerCheck = wholeNumberFlag(values['own-sources'], '--own-sources', settings.ownSourcesPerCheck, 0, 50);
    const progress = (line: string) => {
      if (!values.quiet) io.err(`spanlight factcheck: ${line}`);
    };
    for (const note of notes) io.err(`spanlight factcheck: note: ${note}`);
    if (file === '-' && io.stdinIsTty) progress('reading the HTML page from stdin (Ctrl-D to end)');
    const page = await readPage(file, url, io, progress);
    progress(describeConfig(settings, `up to ${budget} claim${budget === 1 ? '' : 's'}`));

    // The fact-check and the model SDK load only when a page is checked (not for --help or a usage error).
    const [{ factCheck }, { buildPipeline }] = await Promise.all([
      import('../../lib/factcheck/fact-check'),
      import('../../lib/answering/build-deps'),
    ]);
    const pipeline = await buildPipeline(settings, {
      fetch: withUserAgent(globalThis.fetch),
      now: () => io.now(),
      openAiModel: async (config) => (await import('../../lib/model/openai-compatible')).createOpenAiCompatibleModel(config),
    });
    // Lines are written in the order claims settle; each waits for the one before it.
    let written: Promise<void> = Promise.resolve();
    let settledCount = 0;
    let toCheck = 0;
    const outcome = await factCheck(
      {
        text: page.text,
        pageUrl: url,
        title: page.title,
        budget,
        judge: settings.judge,
        settings: pipeline.settings,
        ownSourcesPerCheck,
        ...(page.claimReviews ? { pageClaimReviews: page.claimReviews } : {}),
        published: page.published,
        roles: page.roles,
        links: page.links,
        citations: page.citations,
      },
      {
        ...pipeline.deps,
        onProgress: (_step, message) => progress(message),
        onClaims: (found) => (toCheck = Math.min(budget, found.length)),
        onSettled: ({ claim, evidence }) => {
          settledCount++;
          progress(
            `[${settledCount}/${toCheck}] ${claim.verdict}: ${claim.text.length > 90 ? `${claim.text.slice(0, 89)}…` : claim.text}`,
          );
          // A claim's line is written once it is whole: with its own sources, when they come after its verdict.
          if (values.jsonl && !claim.ownSourcesReading)
            written = written.then(() => io.out(jsonText({ ...claimJson(claim), evidence }, 'line')));
        },
        onOwnSources: ({ claim, evidence }) => {
          if (values.jsonl) written = written.then(() => io.out(jsonText({ ...claimJson(claim), evidence }, 'line')));
        },
      },
    );
    await written;
    const head = { url, title: page.title, checkable: outcome.checkable, left: outcome.left };
    const notChecked = outcome.notChecked.map(notCheckedJson);
    const tail = { warnings: outcome.warnings, trace: { stages: outcome.stages, counts: outcome.counts } };
    await io.out(
      values.jsonl
        ? jsonText({ summary: true, ...head, checked: outcome.claims.length, notChecked, ...tail }, 'line')
        : jsonText({
            ...head,
            claims: outcome.claims.map(claimJson),
            notChecked,
            evidence: outcome.evidence,
            archived: archivedLinks(outcome.evidence),
            ...tail,
          }),
    );
    const unavailable = unavailableReason(outcome);
    if (unavailable) {
      // The warnings say the same failures: the one line is enough.
      io.err(`spanlight factcheck: unavailable: ${unavailable}`);
      return 1;
    }
    for (const w of outcome.warnings) progress(`warning: ${w.message}`);
    progress(doneLine(outcome));
    return 0;
  },
};
