import { MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';
import { parseFlags, type Command } from '../command';
import type { CheckCase } from '../../lib/answering/check-case';
import { FailureError, UsageError, jsonText, tooLarge } from '../io';

export const checkCommand: Command = {
  help: `Usage: spanlight check [--format json|markdown] < case.json
       spanlight check --jsonl < cases.jsonl

Disposes of a model's draft over frozen evidence exactly as the extension does: the gate,
citation attachment, verification and conflict detection, with default settings unless the
case overrides them (no freshness check without "freshnessDays").

A case:
  {"question": "…", "now"?: "2026-11-30", "freshnessDays"?: 30,
   "evidence": [{"id": "S1", "url": "…", "title"?: "…" | null, "published"?: "2026-10-01",
                 "origin"?: "web" | "tab", "text": "…"}],
   "draft": "prose with [S1] markers" | {"claims": [{"text", "cites": ["S1"], "quote"?}], "unsupported": []},
   "settings"?: {"minDomains"?: 2, "requirePrimary"?: false}}
An empty (or absent) "evidence" is the case of a search that found nothing: mode "nothing-found".

Prints {mode, claims: [{text, cites, status, reasons}], unsupported, sources: [{id, url, title,
published, origin}], conflicts: [{about, values: [{value, cites}]}], gate: {passed, failed}}; a
refusal adds its reason, its code when the gate did not refuse ("refusal") and its best passages
("best": [{spanId, sentence, link}], each link opening the page at its sentence).

Options:
  --format F   json (default) or markdown (the result for a person, as spanlight ask prints it)
  --jsonl      many cases, one per line; one result line per case line, in order; a line
               that cannot be checked gets {"line", "error"} in its place, and the exit is 1;
               no cases (empty stdin): a note on stderr, exit 0

A case (or a --jsonl line) over the ${MAX_PAGE_HTML_LABEL} input size limit is refused (exit 1). Exit code: 0 done;
1 the input cannot be checked (empty, not JSON, not a case); 2 usage error.
  -h, --help   this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      jsonl: { type: 'boolean' },
      format: { type: 'string', default: 'json' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}": the case is read from stdin`);
    if (values.format !== 'json' && values.format !== 'markdown')
      throw new UsageError(`--format must be json or markdown, got "${values.format}"`);
    if (values.jsonl && values.format === 'markdown') throw new UsageError('--format markdown is for one case, not --jsonl');
    const input = await io.readStdin();
    const { CheckCaseSchema, checkCase } = await import('../../lib/answering/check-case');
    /** The case, or the first reason it is not one ('"evidence.0.url": …'). */
    const validate = (value: unknown): CheckCase | string => {
      const parsed = CheckCaseSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      return `${issue.path.length > 0 ? `"${issue.path.join('.')}": ` : ''}${issue.message}`;
    };
    if (values.jsonl) {
      // Every good line is answered; a bad one gets an error object in its place, so line n of the
      // output still answers line n of the input.
      const out: string[] = [];
      const bad: number[] = [];
      input.split('\n').forEach((text, i) => {
        const raw = text.replace(/\r$/, '');
        if (raw.trim() === '') return;
        const line = i + 1;
        const large = tooLarge(raw);
        if (large) {
          bad.push(line);
          out.push(jsonText({ line, error: large }, 'line'));
          return;
        }
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch (e) {
          bad.push(line);
          out.push(jsonText({ line, error: `not valid JSON (${e instanceof Error ? e.message : String(e)})` }, 'line'));
          return;
        }
        const c = validate(value);
        if (typeof c === 'string') {
          bad.push(line);
          out.push(jsonText({ line, error: c }, 'line'));
        } else
          try {
            out.push(jsonText(checkCase(c), 'line'));
          } catch (e) {
            bad.push(line);
            out.push(jsonText({ line, error: `could not be checked (${e instanceof Error ? e.message : String(e)})` }, 'line'));
          }
      });
      if (out.length === 0) {
        io.err('spanlight check: no cases on stdin (a JSON object per line): nothing to check');
        return 0;
      }
      await io.out(out.join(''));
      if (bad.length > 0)
        throw new FailureError(
          `${bad.length} of ${out.length} lines could not be checked (stdin line ${bad.join(', ')}): each has {"line", "error"} in its place on stdout`,
        );
      return 0;
    }
    if (input.trim() === '') throw new FailureError('no case on stdin (a JSON object; see spanlight check --help)');
    const large = tooLarge(input);
    if (large) throw new FailureError(`stdin: the case is ${large}`);
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw new FailureError(
        `stdin is not valid JSON (${e instanceof Error ? e.message : String(e)}); for many cases use --jsonl`,
      );
    }
    const c = validate(value);
    if (typeof c === 'string') throw new FailureError(`stdin: ${c}`);
    const result = checkCase(c);
    if (values.format === 'markdown') await io.out((await import('../check-markdown')).renderCheckMarkdown(c, result));
    else await io.out(jsonText(result));
    return 0;
  },
};
