import { z } from 'zod';
import { MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';
import { parseFlags, type Command } from '../command';
import { FailureError, UsageError, idOf, jsonText, readJsonLines } from '../io';

const PairSchema = z.object({
  id: z.union([z.string(), z.number()]),
  claim: z.string().min(1, 'must be a non-empty string'),
  passage: z.string(),
  quote: z.string().optional(),
});

/** A line read: its pair, or why it is not one (with its id when it has one). */
interface ReadPair {
  line: number;
  pair?: z.infer<typeof PairSchema>;
  id?: string | number;
  error?: string;
}

export const verifyCommand: Command = {
  help: `Usage: spanlight verify [--judge] < pairs.jsonl

Checks claims against passages with the deterministic verifier (quote, numbers and dates, names,
word coverage); where it cannot tell it says "uncertain". With --judge, the uncertain ones go to
the model in one batched call (SPANLIGHT_MODEL_BASE_URL, SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL).

Reads one pair per line: {"id", "claim", "passage", "quote"?}
Prints one line per pair, in order: {"id", "verdict": "supported"|"unsupported"|"uncertain", "score", "reasons"}
A line that cannot be read (not JSON, not a pair, over the ${MAX_PAGE_HTML_LABEL} input size limit) gets
{"id"?, "error"} in its place; the others are still answered, and the exit code is then 1. No
pairs at all (empty stdin): a note on stderr, exit 0.

Options:
  --judge      ask the model about the uncertain pairs
  -h, --help   this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { judge: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}": pairs are read from stdin`);
    const read = readJsonLines(await io.readStdin()).map((l): ReadPair => {
      if ('error' in l) return { line: l.line, error: l.error };
      const parsed = PairSchema.safeParse(l.value);
      if (parsed.success) return { line: l.line, pair: parsed.data };
      const issue = parsed.error.issues[0]!;
      return {
        line: l.line,
        id: idOf(l.value),
        error: `${issue.path.length ? `"${issue.path.join('.')}" ` : ''}${issue.message}`,
      };
    });
    if (read.length === 0) {
      io.err('spanlight verify: no pairs on stdin ({"id", "claim", "passage"} per line): nothing to verify');
      return 0;
    }
    const pairs = read.flatMap((r) => (r.pair ? [r.pair] : []));
    const { verifyClaim } = await import('../../lib/verdict/deterministic-verifier');
    const results = pairs.map((p) => ({
      id: p.id,
      ...verifyClaim({ claim: p.claim, passage: p.passage, ...(p.quote ? { quote: p.quote } : {}) }),
    }));
    if (values.judge) {
      const baseUrl = io.env.SPANLIGHT_MODEL_BASE_URL;
      if (!baseUrl) throw new UsageError('--judge needs SPANLIGHT_MODEL_BASE_URL (and SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL)');
      const [{ createOpenAiCompatibleModel }, { judgeClaims }] = await Promise.all([
        import('../../lib/model/openai-compatible'),
        import('../../lib/verdict/judge'),
      ]);
      const model = createOpenAiCompatibleModel({
        baseUrl,
        apiKey: io.env.SPANLIGHT_MODEL_KEY ?? '',
        model: io.env.SPANLIGHT_MODEL ?? 'gpt-4o-mini',
      });
      const open = results.flatMap((r, index) => (r.verdict === 'uncertain' ? [index] : []));
      const judged = await judgeClaims(
        model,
        open.map((index) => ({ claim: pairs[index]!.claim, spans: [{ spanId: 'S1', text: pairs[index]!.passage }] })),
      );
      if (judged.error?.startsWith('the model judge is unavailable') && judged.verdicts.size === 0)
        throw new FailureError(judged.error);
      if (judged.error) io.err(`spanlight verify: ${judged.error}`);
      for (const note of judged.ignored) io.err(`spanlight verify: judge verdict ignored: ${note}`);
      for (const [k, v] of judged.verdicts) {
        const index = open[k]!;
        const r = results[index]!;
        const found = v.find((f) => f.verdict === 'supports');
        results[index] = {
          ...r,
          verdict: found ? 'supported' : 'unsupported',
          reasons: [
            ...r.reasons,
            found ? `the model judge found it supported, quoting “${found.quote}”` : 'the model judge found it not supported',
          ],
        };
      }
    }
    // One output line per input line, in order: a line that cannot be read gets its error in its place.
    let next = 0;
    const out = read.map((r) =>
      r.pair ? results[next++]! : { ...(r.id === undefined ? {} : { id: r.id }), error: `stdin line ${r.line}: ${r.error}` },
    );
    await io.out(out.map((r) => jsonText(r, 'line')).join(''));
    const bad = read.filter((r) => !r.pair).map((r) => r.line);
    if (bad.length > 0)
      io.err(
        `spanlight verify: ${bad.length} of ${read.length} line${read.length === 1 ? '' : 's'} could not be read ` +
          `(stdin line ${bad.join(', ')}): each has {"error"} in its place on stdout`,
      );
    return bad.length > 0 ? 1 : 0;
  },
};
