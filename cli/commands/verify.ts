import { z } from 'zod';
import { parseFlags, type Command } from '../command';
import { FailureError, UsageError, jsonText, parseJsonLines } from '../io';

const PairSchema = z.object({
  id: z.union([z.string(), z.number()]),
  claim: z.string().min(1, 'must be a non-empty string'),
  passage: z.string(),
  quote: z.string().optional(),
});

export const verifyCommand: Command = {
  help: `Usage: spanlight verify [--judge] < pairs.jsonl

Checks claims against passages with the deterministic verifier (quote, numbers and dates, names,
word coverage); where it cannot tell it says "uncertain". With --judge, the uncertain ones go to
the model in one batched call (SPANLIGHT_MODEL_BASE_URL, SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL).

Reads one pair per line: {"id", "claim", "passage", "quote"?}
Prints one line per pair, in order: {"id", "verdict": "supported"|"unsupported"|"uncertain", "score", "reasons"}

Options:
  --judge      ask the model about the uncertain pairs
  -h, --help   this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { judge: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}": pairs are read from stdin`);
    const pairs = parseJsonLines(await io.readStdin(), 'stdin').map(({ line, value }) => {
      const parsed = PairSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      throw new FailureError(`stdin line ${line}: ${issue.path.length ? `"${issue.path.join('.')}" ` : ''}${issue.message}`);
    });
    const { verifyClaim } = await import('../../lib/verify/deterministic-verifier');
    const results = pairs.map((p) => ({
      id: p.id,
      ...verifyClaim({ claim: p.claim, passage: p.passage, ...(p.quote ? { quote: p.quote } : {}) }),
    }));
    if (values.judge) {
      const baseUrl = io.env.SPANLIGHT_MODEL_BASE_URL;
      if (!baseUrl) throw new UsageError('--judge needs SPANLIGHT_MODEL_BASE_URL (and SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL)');
      const [{ createOpenAiCompatibleModel }, { judgeClaims }] = await Promise.all([
        import('../../lib/model/openai-compatible'),
        import('../../lib/claims/judge'),
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
    await io.out(results.map((r) => jsonText(r, 'line')).join(''));
    return 0;
  },
};
