import { MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';
import { z } from 'zod';
import type { EvidenceSpan } from '../../lib/shared/types';
import { parseFlags, type Command } from '../command';
import { UsageError, jsonText, tooLarge, type Io } from '../io';

const EvidenceSchema = z.object({
  id: z.union([z.string().min(1, 'must be a non-empty string'), z.number()]),
  url: z.string().url('must be an absolute URL'),
  text: z.string(),
  title: z.string().optional(),
  published: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO date, e.g. 2026-02-10')
    .optional(),
});
const LineSchema = z.object({
  /** Echoed back, to match lines when the order is lost. */
  id: z.union([z.string(), z.number()]).optional(),
  claim: z.string().trim().min(1, 'must be a non-empty string'),
  evidence: z
    .array(EvidenceSchema)
    .refine((e) => new Set(e.map((x) => String(x.id))).size === e.length, 'ids must be unique within a line'),
});
type Line = z.infer<typeof LineSchema>;

/** A line's evidence as spans, named by the ids given (verdicts and the judge name them so). */
function spansOf(line: Line): EvidenceSpan[] {
  return line.evidence.map((e) => ({
    id: String(e.id),
    spanId: String(e.id),
    url: e.url,
    title: e.title ?? '',
    published: e.published ? { iso: e.published, source: 'search-provider' } : null,
    retrievedAt: '',
    text: e.text,
    start: 0,
    end: e.text.length,
    prefix: '',
    suffix: '',
    origin: 'web',
    score: 1,
  }));
}

/** A line that is not JSON or not the expected shape: what is wrong, in one phrase. */
function lineError(raw: string): { error: string } | Line {
  const large = tooLarge(raw);
  if (large) return { error: large };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { error: `not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  const parsed = LineSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return { error: `${issue.path.length ? `"${issue.path.join('.')}" ` : ''}${issue.message}` };
}

/** The model from the environment, for --judge. */
async function judgeModel(io: Io) {
  const baseUrl = io.env.SPANLIGHT_MODEL_BASE_URL;
  if (!baseUrl) throw new UsageError('--judge needs SPANLIGHT_MODEL_BASE_URL (and SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL)');
  const { createOpenAiCompatibleModel } = await import('../../lib/model/openai-compatible');
  return createOpenAiCompatibleModel({
    baseUrl,
    apiKey: io.env.SPANLIGHT_MODEL_KEY ?? '',
    model: io.env.SPANLIGHT_MODEL ?? 'gpt-4o-mini',
  });
}

export const verdictCommand: Command = {
  help: `Usage: spanlight verdict [--judge] < claims.jsonl

Gives each claim the fact-check's verdict against the evidence on its line, as the extension's
fact-check does: supported, contradicted, mixed or not-found, with the evidence ids for and
against and the reasons. With --judge, the claims the code finds no verdict for go to the model
(SPANLIGHT_MODEL_BASE_URL, SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL) in batched calls; its verdict
counts only when it names one of that line's evidence ids and quotes words found in that text.

Reads one claim per line (blank lines skipped):
  {"id"?, "claim", "evidence": [{"id", "url", "text", "title"?, "published"?}]}
Prints one line per claim, in order: {"id"?, "verdict", "for", "against", "reasons"}
A line that cannot be read (not JSON, not a claim, over the ${MAX_PAGE_HTML_LABEL} input size limit) gets
{"id"?, "error"} on its line; the others are still answered, and the exit code is then 1. No
claims at all (empty stdin): a note on stderr, exit 0.

Options:
  --judge      ask the model about the claims the code cannot settle
  -h, --help   this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { judge: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}": claims are read from stdin`);
    const model = values.judge ? await judgeModel(io) : null;
    const [{ verdictFor }, { sanitizeEvidence }, { openClaims, settleVerdicts, applyVerdicts }] = await Promise.all([
      import('../../lib/verdict/code-verdict'),
      import('../../lib/evidence/sanitize-evidence'),
      import('../../lib/verdict/settle-verdicts'),
    ]);
    const raw = (await io.readStdin())
      .split('\n')
      .flatMap((l, i) => (l.trim() ? [{ n: i + 1, text: l.replace(/\r$/, '') }] : []));
    if (raw.length === 0) {
      io.err('spanlight verdict: no claims on stdin ({"claim", "evidence"} per line): nothing to check');
      return 0;
    }
    const read = raw.map((l) => ({ n: l.n, value: lineError(l.text) }));
    const lines = read.flatMap((r) => ('error' in r.value ? [] : [{ n: r.n, line: r.value }]));
    const spans = lines.map(({ line }) => spansOf(line));
    // Each line's ids are its own: sanitised per line, so two lines may use the same ids.
    const perLine = spans.map((s) => sanitizeEvidence(s).texts);
    let checked = lines.map(({ line }, i) => ({ text: line.claim, ...verdictFor(line.claim, spans[i]!, perLine[i]) }));
    if (model) {
      const { open, items } = openClaims(checked, spans, (i, s) => perLine[i]!.get(s.spanId) ?? s.text);
      const { outcome, verdicts } = await settleVerdicts(model, items);
      if (outcome.error) io.err(`spanlight verdict: ${outcome.error}`);
      for (const note of outcome.ignored) io.err(`spanlight verdict: judge verdict ignored: ${note}`);
      checked = applyVerdicts(checked, open, verdicts);
    }
    const byLine = new Map(lines.map(({ n }, i) => [n, checked[i]!]));
    let failed = 0;
    const out = read.map(({ n, value }) => {
      const id = 'error' in value ? idOf(raw.find((l) => l.n === n)!.text) : value.id;
      const withId = id === undefined ? {} : { id };
      if ('error' in value) {
        failed++;
        return { ...withId, error: `stdin line ${n}: ${value.error}` };
      }
      const c = byLine.get(n)!;
      return { ...withId, verdict: c.verdict, for: c.for, against: c.against, reasons: c.reasons };
    });
    await io.out(out.map((r) => jsonText(r, 'line')).join(''));
    if (failed > 0)
      io.err(`spanlight verdict: ${failed} of ${read.length} line${read.length === 1 ? '' : 's'} could not be read`);
    return failed > 0 ? 1 : 0;
  },
};

/** The id of a line that failed validation, when it has a readable one (to match the error to its input). */
function idOf(raw: string): string | number | undefined {
  try {
    const v = JSON.parse(raw) as { id?: unknown };
    return typeof v.id === 'string' || typeof v.id === 'number' ? v.id : undefined;
  } catch {
    return undefined;
  }
}
