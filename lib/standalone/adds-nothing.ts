/**
 * The check on a model-written standalone claim: it may reword, but every name and number in it
 * must be one the page has, so that making a claim stand alone never adds a fact.
 */
import { NAME_RE, OPENERS, openingAt } from './lexicon';

/** A number as compared: thousands separators dropped ("1,000" and "1.000" are 1000). */
export const numberKey = (n: string) => n.replace(/[.,](?=\d{3}(?!\d))/g, '');

/**
 * Whether a model-written standalone claim adds nothing the page does not say: every capitalised
 * word of a name and every number in it must occur on the page. `added` lists those that do not.
 */
export function addsNothing(standalone: string, pageText: string): { ok: boolean; added: string[] } {
  // Words compared without a possessive ending and by their hyphenated parts ("America's", "Hollywood-based").
  const wordsOf = (text: string) =>
    (text.match(/[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu) ?? []).map((w) => w.replace(/['’]s$/, ''));
  const pageWords = new Set(wordsOf(pageText));
  const pageLower = new Set([...pageWords].map((w) => w.toLowerCase()));
  const pageNumbers = new Set((pageText.match(/\d+(?:[.,]\d+)*/g) ?? []).map(numberKey));
  const added: string[] = [];
  const head = openingAt(standalone);
  for (const m of standalone.matchAll(NAME_RE)) {
    for (const [i, word] of wordsOf(m[0]).entries()) {
      if (!/^\p{Lu}/u.test(word) || word.length < 2) continue;
      // A capitalised word at the sentence's head may be a common word the page writes in lower case.
      const atHead = m.index === head && i === 0;
      const known = pageWords.has(word) || (atHead && pageLower.has(word.toLowerCase())) || OPENERS.has(word);
      if (!known && !added.includes(word)) added.push(word);
    }
  }
  for (const n of standalone.match(/\d+(?:[.,]\d+)*/g) ?? []) {
    const key = numberKey(n);
    if (!pageNumbers.has(key) && !added.includes(n)) added.push(n);
  }
  return { ok: added.length === 0, added };
}
