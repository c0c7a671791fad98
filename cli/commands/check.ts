import { parseFlags, type Command } from '../command';
import { FailureError, UsageError, jsonText, parseJsonLines } from '../io';

export const checkCommand: Command = {
  help: `Usage: spanlight check < case.json
       spanlight check --jsonl < cases.jsonl

Disposes of a model's draft over frozen evidence exactly as the extension does: the gate,
citation attachment, verification and conflict detection, with default settings unless the
case overrides them (no freshness check without "freshnessDays").

A case:
  {"question": "…", "now"?: "2026-11-30", "freshnessDays"?: 30,
   "evidence": [{"id": "S1", "url": "…", "title"?: "…", "published"?: "2026-10-01", "text": "…"}],
   "draft": "prose with [S1] markers" | {"claims": [{"text", "cites": ["S1"], "quote"?}], "unsupported": []},
   "settings"?: {"minDomains"?: 2, "requirePrimary"?: false}}

Prints {mode, claims: [{text, cites, status, reasons}], unsupported, sources: [{id, url, title,
published}], conflicts: [{about, values: [{value, cites}]}], gate: {passed, failed}}.

Options:
  --jsonl      many cases, one per line; one result line per case line, in order
  -h, --help   this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { jsonl: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}": the case is read from stdin`);
    const input = await io.readStdin();
    const { CheckCaseSchema, checkCase } = await import('../../lib/pipeline/check-case');
    const validate = (value: unknown, where: string) => {
      const parsed = CheckCaseSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      const path = issue.path.length > 0 ? `"${issue.path.join('.')}": ` : '';
      throw new FailureError(`${where}: ${path}${issue.message}`);
    };
    if (values.jsonl) {
      const cases = parseJsonLines(input, 'stdin').map(({ line, value }) => validate(value, `stdin line ${line}`));
      await io.out(cases.map((c) => jsonText(checkCase(c), 'line')).join(''));
      return 0;
    }
    if (input.trim() === '') throw new FailureError('no case on stdin (a JSON object; see spanlight check --help)');
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw new FailureError(
        `stdin is not valid JSON (${e instanceof Error ? e.message : String(e)}); for many cases use --jsonl`,
      );
    }
    await io.out(jsonText(checkCase(validate(value, 'stdin'))));
    return 0;
  },
};
