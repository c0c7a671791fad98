/**
 * Page text as Exa and Tavily send it, as plain excerpts: Markdown heading marks dropped ("## Prices"
 * → "Prices") and the " [...] " between two excerpts shown as " … ", so text from two places in a page
 * never reads as one sentence.
 */
export function cleanExcerpts(text: string): string {
  return text
    .split(/\s*\[(?:\.\.\.|…)\]\s*/)
    .map((part) => part.replace(/^[ \t]*#{1,6}[ \t]+/gm, '').trim())
    .filter(Boolean)
    .join(' … ');
}
