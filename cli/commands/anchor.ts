import { z } from 'zod';
import type { DomNodeLike } from '../../lib/text/text-map';
import { onePositional, parseFlags, type Command } from '../command';
import { FailureError, UsageError, jsonText, parseJsonLines } from '../io';
import { readHtmlPage } from '../page-input';
import { MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';

/** One query: what the extension stores of a passage to find it again. */
const QuerySchema = z.object({
  exact: z.string({ error: 'must be a non-empty string' }).min(1, 'must be a non-empty string'),
  prefix: z.string({ error: 'must be a string' }).optional(),
  suffix: z.string({ error: 'must be a string' }).optional(),
  hint: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .optional(),
});

export const anchorCommand: Command = {
  help: `Usage: spanlight anchor FILE < queries.jsonl

Finds quotes in a saved HTML page with the extension's own anchoring code: the page's visible
text (hidden markup skipped), exact match first, then fuzzy with a minimum score.

Reads one JSON query per line on stdin:
  {"exact": "quoted text", "prefix"?: "text before", "suffix"?: "text after", "hint"?: 0.42}
("hint" is where the quote was, as a fraction 0–1 of the text.)

Prints one JSON line per query, in order:
  {"found": true, "text", "start", "end", "score"}      offsets in the page's visible text
  {"found": false, "text": "", "start": -1, "end": -1, "score": 0}

Every line is checked before any is answered; a bad line stops the command (exit 1) naming it.
FILE must be an HTML page (empty, binary, JSON or plain text: exit 1); a page over the page size
limit (${MAX_PAGE_HTML_LABEL} of HTML) is cut there, as the extension cuts a tab, and the cut said on stderr.

Arguments:
  FILE         the HTML file (UTF-8)
  -h, --help   this help

Example:
  echo '{"exact":"the quick brown fox"}' | spanlight anchor page.html`,

  async run(argv, io) {
    const { positionals } = parseFlags(argv, {});
    const file = onePositional(positionals, 'FILE (the HTML file to search)');
    if (file === '-') throw new UsageError('FILE cannot be "-" here: stdin holds the queries');
    const { html } = await readHtmlPage(file, io, 'anchor');
    if (io.stdinIsTty) io.err('spanlight anchor: reading JSONL queries from stdin ({"exact": …} per line; Ctrl-D to end)');
    const queries = parseJsonLines(await io.readStdin(), 'stdin').map(({ line, value }) => {
      const parsed = QuerySchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? `"${issue.path.join('.')}" ` : '';
      const what =
        value === null || typeof value !== 'object' || Array.isArray(value)
          ? 'expected an object like {"exact": "…"}'
          : `${where}${issue.message}`;
      throw new FailureError(`stdin line ${line}: ${what}`);
    });
    if (queries.length === 0) io.err('spanlight anchor: no queries on stdin');

    // Parsing and matching load after the input is checked: usage errors stay instant.
    const [{ findQuote }, { buildTextMap, isHiddenByMarkup }, { parseHtmlWithLinkedom }] = await Promise.all([
      import('../../lib/quotes/find-quote'),
      import('../../lib/text/text-map'),
      import('../../lib/pages/parse-html'),
    ]);
    const doc = parseHtmlWithLinkedom(html, 'about:blank');
    const root = (doc.body ?? doc.documentElement) as unknown as DomNodeLike;
    const map = buildTextMap(root, { isHidden: isHiddenByMarkup });
    let out = '';
    for (const q of queries) {
      const m = findQuote(map.text, q);
      out += jsonText(
        m
          ? { found: true, text: map.text.slice(m.start, m.end), start: m.start, end: m.end, score: m.score }
          : { found: false, text: '', start: -1, end: -1, score: 0 },
        'line',
      );
    }
    await io.out(out);
    return 0;
  },
};
