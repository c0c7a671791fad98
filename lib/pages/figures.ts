/**
 * Figures (issue #24): a picture with its caption, which trafilatura leaves out of the main text and
 * Readability keeps. Told by markup (element, class words, an image inside) and length only.
 */

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Words of a caption's class or id, and of a picture's box. */
const CAPTION_WORDS = /-(?:caption|captions|wp-caption-text|img-caption|image-caption|photo-caption|bildunterschrift)-/;
const MEDIA_WORDS = /-(?:image|images|img|photo|picture|visual|media|thumbnail|featured-image|wp-block-image)-/;
/** Longest text of a figure: a caption is a line or two, never a section of the article. */
const MAX_FIGURE_TEXT = 300;
/**
 * Largest share of the text the figures may hold together: a picture or two beside an article,
 * not a gallery or a story told in pictures, where the captions are the text.
 */
export const FIGURE_SHARE = 0.1;

/**
 * Whether `el` is a figure: a <figure> or <figcaption>, a box named as a caption, or a box named as
 * a picture's that holds an image; short, with no heading, quotation or table inside (a pull quote,
 * a teaser card or a data table is not a picture's caption), a picture's box with at most one paragraph.
 */
export function isFigure(el: Element, words: string): boolean {
  const caption = el.tagName === 'FIGCAPTION' || CAPTION_WORDS.test(words);
  const media = el.tagName === 'FIGURE' || (MEDIA_WORDS.test(words) && el.querySelector('img, picture, video') !== null);
  if (!caption && !media) return false;
  if (el.querySelector('h1, h2, h3, h4, h5, h6, blockquote, table')) return false;
  // A picture's box with paragraphs of its own is an image beside text (a teaser card, a text-and-image module).
  if (!caption && el.querySelectorAll('p').length > 1) return false;
  return collapse(el.textContent ?? '').length <= MAX_FIGURE_TEXT;
}
