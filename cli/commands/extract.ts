import { httpUrlFlag, onePositional, parseFlags, type Command } from '../command';
import { UsageError, jsonText } from '../io';
import { LONG_PAGE_CHARS, readHtmlPage, sizeLabel } from '../page-input';
import { MAX_PAGE_HTML_CHARS, MAX_PAGE_HTML_LABEL } from '../../lib/pages/page-limit';

export const extractCommand: Command = {
  help: `Usage: spanlight extract FILE --url URL [--quiet]

Extracts a saved HTML page the way the extension does (Readability, publication date with its
source, passages) and prints one JSON document:

  {"title", "published": {"iso", "source", "modified"?, "why"} | null, "text",
   "passages": [{"id", "text", "start", "end"}],
   "claimReviews": [{"claimReviewed", "rating", "ratingValue", "bestRating", "worstRating",
                     "author", "datePublished", "url", "claimAuthor", "appearances"}]}

"why" says which place on the page gave the publication date (structured data, a meta tag, the
URL, the byline next to the title…), which places agreed and which it outweighed; "modified" is a
later update the page states, never taken for the publication. "start" and "end" are character
offsets in "text". "claimReviews" (only when the page carries
schema.org ClaimReview markup, JSON-LD or microdata) are fact-checkers' ratings as the page writes
them; a field the markup leaves out is left out.

The page must be HTML: a file that is empty, binary (an image, a PDF, an archive), JSON or plain
text is refused (exit 1). A page over the page size limit, ${MAX_PAGE_HTML_LABEL} of HTML (${MAX_PAGE_HTML_CHARS.toLocaleString('en-US')}
characters, as the extension reads a tab), is cut there and the cut said on stderr; a page over
1 MB prints its progress on stderr.

Exit code: 0 done; 1 the page cannot be read (no such file, a directory, not HTML); 2 usage error.

Arguments:
  FILE         the HTML file (UTF-8); "-" reads it from stdin
  --url URL    the address the page was served from (resolves links, names the passages)
  -q, --quiet  no progress on stderr (errors and a cut are still said)
  -h, --help   this help

Example:
  spanlight extract page.html --url https://example.org/article`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      url: { type: 'string' },
      quiet: { type: 'boolean', short: 'q', default: false },
    });
    const file = onePositional(positionals, 'FILE (the HTML file to extract)');
    if (values.url === undefined) throw new UsageError('missing --url URL (the address the page was served from)');
    const url = httpUrlFlag(values.url, '--url');
    const { html, source } = await readHtmlPage(file, io, 'extract');
    const long = html.length > LONG_PAGE_CHARS;
    const started = Date.now();
    const progress = (line: string) => {
      if (long && !values.quiet) io.err(`spanlight extract: ${line}`);
    };
    progress(`reading ${source} (${sizeLabel(html.length)} of HTML): extracting its main text…`);
    // Extraction (linkedom, Readability) loads after the arguments are checked: usage errors stay instant.
    const [{ extractPage }, { parseHtmlWithLinkedom }, { splitPassages }] = await Promise.all([
      import('../../lib/pages/extract'),
      import('../../lib/pages/parse-html'),
      import('../../lib/pages/passages'),
    ]);
    const { page } = await extractPage(
      { html, url, lastModified: null, retrievedAt: io.now().toISOString(), origin: 'web' },
      parseHtmlWithLinkedom,
    );
    progress(`extracted ${sizeLabel(page.text.length)} of text; splitting it into passages…`);
    const passages = splitPassages(page).map(({ id, text, start, end }) => ({ id, text, start, end }));
    const reviews = page.claimReviews ? { claimReviews: page.claimReviews } : {};
    await io.out(jsonText({ title: page.title, published: page.published, text: page.text, passages, ...reviews }));
    progress(`${passages.length} passages, done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  },
};
