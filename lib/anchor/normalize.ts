/**
 * Normalisation for matching text across its renderings (extracted text, the live page, a quote a
 * model copied): NFKC, case folded, curly quotes and dashes straightened, no-break and zero-width
 * characters handled, every whitespace run one space. It keeps a map back to the original offsets.
 */

const REPLACE: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u3000': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u00ad': '',
};

export interface Normalized {
  text: string;
  /** For each character of `text`, the index in the original string it came from. */
  map: number[];
}

/** Normalises `input`, keeping for each output character the offset of its source character. */
export function normalizeWithMap(input: string): Normalized {
  const out: string[] = [];
  const map: number[] = [];
  let lastSpace = true; // drops leading whitespace
  let i = 0;
  for (const ch of input) {
    const at = i;
    i += ch.length;
    let t = REPLACE[ch] ?? ch;
    if (t.length > 0 && /\s/.test(t)) t = ' ';
    else if (t.length > 0) t = t.normalize('NFKC').toLowerCase();
    for (const c of t) {
      if (c === ' ' || /\s/.test(c)) {
        if (lastSpace) continue;
        lastSpace = true;
        out.push(' ');
        map.push(at);
        continue;
      }
      lastSpace = false;
      out.push(c);
      // One entry per UTF-16 unit, so map.length === text.length even for astral characters.
      for (let k = 0; k < c.length; k++) map.push(at);
    }
  }
  if (out[out.length - 1] === ' ') {
    out.pop();
    map.pop();
  }
  return { text: out.join(''), map };
}

/** Normalised text only. */
export function normalizeText(input: string): string {
  return normalizeWithMap(input).text;
}
