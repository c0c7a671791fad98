import { checkableSentences } from '../../lib/factcheck/split-claims';
import { corpusText } from '../corpus/corpus';

/** Evidence sites of the whole-page fact-check tests: each states some of the page's checkable sentences. */
export const SOURCES = 12;

/** A corpus page's checkable sentences, as the extension finds them in the tab. */
export async function checkableOf(name: string): Promise<string[]> {
  return checkableSentences((await corpusText(name)).text).map((c) => c.text);
}

const wordsOf = (t: string) => new Set(t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * The evidence sites a query finds: the one stating the sentence it was planned from (the sentence
 * holding the most of its words, when that is most of them), and another: claims share sources.
 */
export function sourcesFor(q: string, sentences: string[]): number[] {
  let h = 0;
  for (const ch of q) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const asked = [...wordsOf(q)];
  const shared = sentences.map((s) => {
    const has = wordsOf(s);
    return asked.filter((w) => has.has(w)).length;
  });
  const best = Math.max(0, ...shared);
  const k = best >= Math.max(2, asked.length * 0.6) ? shared.indexOf(best) : -1;
  return [...(k >= 0 ? [k % SOURCES] : []), h % SOURCES].filter((v, i, a) => a.indexOf(v) === i);
}

/** The "check the rest" button's name for `n` claims: its searches are the distinct queries they plan, at least one. */
export function restButton(n: number): RegExp {
  return new RegExp(`^Check the other ${n} \\(about [1-9]\\d* searches\\)$`);
}
