import { httpUrlFlag, onePositional, parseFlags, type Command } from '../command';
import { UsageError, jsonText, readTextFile } from '../io';

export const extractCommand: Command = {
  help: `Usage: spanlight extract FILE --url URL

Extracts a saved HTML page the way the extension does (Readability, publication date with its
source, passages) and prints one JSON document:

  {"title", "published": {"iso", "source"} | null, "text",
   "passages": [{"id", "text", "start", "end"}],
   "claimReviews": [{"claimReviewed", "rating", "ratingValue", "bestRating", "worstRating",
                     "author", "datePublished", "url", "claimAuthor", "appearances"}]}

"start" and "end" are character offsets in "text". "claimReviews" (only when the page carries
schema.org ClaimReview markup, JSON-LD or microdata) are fact-checkers' ratings as the page writes
them; a field the markup leaves out is left out.

Arguments:
  FILE         the HTML file (UTF-8); "-" reads it from stdin
  --url URL    the address the page was served from (resolves links, names the passages)
  -h, --help   this help

Example:
  spanlight extract page.html --url https://example.org/article`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { url: { type: 'string' } });
    const file = onePositional(positionals, 'FILE (the HTML file to extract)');
    if (values.url === undefined) throw new UsageError('missing --url URL (the address the page was served from)');
    const url = httpUrlFlag(values.url, '--url');
    const html = await readTextFile(file, io);
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
    const passages = splitPassages(page).map(({ id, text, start, end }) => ({ id, text, start, end }));
    const reviews = page.claimReviews ? { claimReviews: page.claimReviews } : {};
    await io.out(jsonText({ title: page.title, published: page.published, text: page.text, passages, ...reviews }));
    return 0;
  },
};
