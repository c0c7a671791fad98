import { FIXED_IN_SETTINGS } from '../../lib/shared/failure-codes';
import type { Settings } from '../../lib/settings';
import { parseFlags, type Command } from '../command';
import { ConfigError, configFromEnv, describeConfig, searchVariablesHelp } from '../config';
import { UsageError, jsonText, withUserAgent } from '../io';
import { renderAnswerMarkdown } from '../markdown';
import { archivedLinks } from '../archived';

export const askCommand: Command = {
  help: `Usage: spanlight ask "QUESTION" [--format json|markdown] [--quiet]

Runs the side panel's pipeline in Node (search, read the pages, select passages, gate, compose,
cite, verify), without open tabs. Prints the result (its mode, claims, sources, evidence and
trace) as JSON, or with --format markdown the cited answer for a person; a refusal carries the
condition that failed and its best passages, each with a link that opens the page at its sentence
("best" in JSON). When the question is a claim that a fact-checker's page read carries a
schema.org ClaimReview of, its rating is there too ("priorChecks": [{"reviewer", "date", "rating",
"url", "claimReviewed", "source"}]; "Checked before by fact-checkers" in Markdown), apart from the
answer and never deciding it. "archived" (in Markdown, "archived copy" under each source) gives
each page read its Wayback Machine address for the copy closest to when it was read. Progress goes
to stderr.

Exit code: 0 for every result (grounded, partial, abstained, nothing-found, not-searched);
1 when search or the model was unavailable (the result is still printed); 2 for usage and
configuration errors.

Options:
  --format F    json (default) or markdown
  -q, --quiet   no progress on stderr (errors are still said)
  -h, --help    this help

Configuration (environment; keyless without any of it: Wikipedia + the extractive composer):
${searchVariablesHelp()}
  SPANLIGHT_<ID>_KEY, SPANLIGHT_<ID>_BASE_URL
                                   per provider (e.g. SPANLIGHT_BRAVE_KEY), for several at once
  SPANLIGHT_MODEL_BASE_URL         an OpenAI-compatible endpoint (e.g. https://api.openai.com/v1,
                                   http://localhost:11434/v1); unset: extractive, no model
  SPANLIGHT_MODEL_KEY              its key (none for local servers)
  SPANLIGHT_MODEL                  the model's name (default gpt-4o-mini)
  SPANLIGHT_ALLOW_PRIVATE_NETWORK  1: also read pages on loopback and private addresses
  SPANLIGHT_MAX_PAGES              pages read per question, 1–10 (default 4)
Keys are never printed.

Example:
  SPANLIGHT_SEARCH_PROVIDER=brave SPANLIGHT_SEARCH_KEY=… spanlight ask "When did Voyager 1 launch?" --format markdown`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      format: { type: 'string', default: 'json' },
      quiet: { type: 'boolean', short: 'q', default: false },
    });
    const question = positionals.join(' ').trim();
    if (!question) throw new UsageError('missing the question, as in: spanlight ask "When did Voyager 1 launch?"');
    const format = values.format;
    if (format !== 'json' && format !== 'markdown') throw new UsageError(`--format must be json or markdown, got "${format}"`);

    let settings: Settings;
    let notes: string[];
    try {
      ({ settings, notes } = configFromEnv(io.env));
    } catch (e) {
      if (e instanceof ConfigError) throw new UsageError(e.message);
      throw e;
    }
    const progress = (line: string) => {
      if (!values.quiet) io.err(`spanlight ask: ${line}`);
    };
    for (const note of notes) io.err(`spanlight ask: note: ${note}`);
    progress(describeConfig(settings));

    // The pipeline and the model SDK load only when a question is asked (not for --help or a usage error).
    const [{ answerQuestion }, { buildPipeline }] = await Promise.all([
      import('../../lib/answering/answer-question'),
      import('../../lib/answering/build-deps'),
    ]);
    const pipeline = await buildPipeline(settings, {
      fetch: withUserAgent(globalThis.fetch),
      now: () => io.now(),
      openAiModel: async (config) => (await import('../../lib/model/openai-compatible')).createOpenAiCompatibleModel(config),
    });
    const result = await answerQuestion(
      question,
      { ...pipeline.deps, readTabs: async () => [], onProgress: (_stage, message) => progress(message) },
      pipeline.settings,
    );

    await io.out(
      format === 'markdown' ? renderAnswerMarkdown(result) : jsonText({ ...result, archived: archivedLinks(result.evidence) }),
    );
    if (result.mode === 'unavailable') {
      // Provider messages point at the extension's Settings; here the settings are the environment.
      const inSettings = result.failures.some((f) => f.code !== undefined && FIXED_IN_SETTINGS.has(f.code));
      const where = inSettings ? ' (here: the SPANLIGHT_* variables, see spanlight ask --help)' : '';
      io.err(`spanlight ask: unavailable: ${result.reason}${where}`);
      return 1;
    }
    progress(
      result.mode === 'grounded' || result.mode === 'partial'
        ? `${result.mode}: ${result.claims.filter((c) => c.status === 'supported').length}/${result.claims.length} claims supported, ${result.sources.length} source${result.sources.length === 1 ? '' : 's'}`
        : `${result.mode}: ${'reason' in result ? result.reason : ''}`,
    );
    return 0;
  },
};
