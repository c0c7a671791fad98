/**
 * The most of a page's HTML Spanlight reads: 5,000,000 characters (5 MB for a page in English).
 * The side panel and the context menu cut the tab's HTML here; the command line cuts a page file
 * (or stdin) here and says so on stderr. Pages fetched as evidence have their own cap (fetch-page.ts).
 */
export const MAX_PAGE_HTML_CHARS = 5_000_000;

/** The limit as people read it: "5 MB". */
export const MAX_PAGE_HTML_LABEL = `${MAX_PAGE_HTML_CHARS / 1_000_000} MB`;

/** A page this long (characters of HTML) takes seconds to read: the panel says so before it starts. */
export const LARGE_PAGE_CHARS = 1_000_000;
