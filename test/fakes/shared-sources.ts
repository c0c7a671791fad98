import { checkableSentences } from '../../lib/factcheck/split-claims';
import { corpusText } from '../corpus/corpus';

/** Evidence sites of the whole-page fact-check tests: each states some of the page's checkable sentences. */
export const SOURCES = 12;

/** A corpus page's checkable sentences, as the extension finds them in the tab. */
export async function checkableOf(name: string): Promise<string[]> {
  return checkableSentences((await corpusText(name)).text).map((c) => c.text);
}

/** The evidence sites a claim's search finds: the one stating it (when one does), and another: claims share sources. */
export function sourcesFor(q: string, sentences: string[]): number[] {
  let h = 0;
  for (const ch of q) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const k = sentences.indexOf(q);
  return [...(k >= 0 ? [k % SOURCES] : []), h % SOURCES].filter((v, i, a) => a.indexOf(v) === i);
}
