import { describe, expect, it } from 'vitest';
import { normalizeText, normalizeWithMap } from '@/lib/text/normalize';

/** Every output unit maps inside the input, in order, and each slice of the input normalises back. */
function checkMap(input: string) {
  const n = normalizeWithMap(input);
  expect(n.map).toHaveLength(n.text.length);
  expect(n.ends).toHaveLength(n.text.length);
  let prev = -1;
  for (let k = 0; k < n.text.length; k++) {
    expect(n.map[k]).toBeGreaterThanOrEqual(prev);
    expect(n.ends[k]).toBeGreaterThan(n.map[k]!);
    expect(n.ends[k]).toBeLessThanOrEqual(input.length);
    expect(n.startOf(k)).toBe(n.map[k]);
    expect(n.endOf(k)).toBe(n.ends[k]);
    prev = n.map[k]!;
  }
  // Any run of whole output words maps back to input text that normalises to that run.
  const words = [...n.text.matchAll(/\S+/g)];
  for (let a = 0; a < words.length; a++) {
    for (let b = a; b < Math.min(words.length, a + 4); b++) {
      const s = words[a]!.index;
      const e = words[b]!.index + words[b]![0].length;
      expect(normalizeText(input.slice(n.map[s], n.ends[e - 1]))).toBe(n.text.slice(s, e));
    }
  }
  return n;
}

describe('normalisation keeps an offset map back to the original text', () => {
  it('folds case, compatibility forms (NFKC), quotes, dashes and ellipses', () => {
    expect(normalizeText('The “Quick” Fox’s ﬁle — Ｆｕｌｌ…')).toBe('the "quick" fox\'s file - full...');
    expect(normalizeText('‘single’ ‚low‛ «guillemets» ‹one› ′prime″')).toBe("'single' 'low' \"guillemets\" 'one' 'prime\"");
    expect(normalizeText('a‐b‑c‒d–e—f―g−h')).toBe('a-b-c-d-e-f-g-h');
  });

  it('makes no-break and other spaces one space, drops zero-width, soft hyphens and bidi controls, trims', () => {
    expect(normalizeText('\u00a0 a\u00a0\u00a0b\u2009c\u202fd\u3000e \t\n f  ')).toBe('a b c d e f');
    expect(normalizeText('zero\u200bwidth\u200c\u200d joi\u2060ner soft\u00adhyphen \u200eltr\u202b\u202c \ufeffbom')).toBe(
      'zerowidth joiner softhyphen ltr bom',
    );
  });

  it('a letter and its combining marks normalise like the precomposed letter', () => {
    expect(normalizeText('Cafe\u0301 Ångström')).toBe(normalizeText('Café A\u030angstro\u0308m'));
    expect(normalizeText('İstanbul')).toBe('i\u0307stanbul');
  });

  it('maps every unit back inside the input, in order, for plain, accented, astral and messy text', () => {
    const samples = [
      'Plain ASCII text, nothing special.',
      '  Leading and   trailing\twhitespace\n\n',
      'Curly “quotes” — and dashes – with\u00a0no-break\u200bzero width',
      'e\u0301 combining, ﬁ ligature, ½ fraction, Ｆullwidth, İ dotted',
      'Emoji 😀 and 𝒜 astral, 漢字 and العربية and עברית',
      '\u00ad\u200b\u200e',
      'a \u0301 b  \u0301c',
      'control\u0007chars\u007fand\u000bvertical',
    ];
    for (const s of samples) checkMap(s);
    expect(normalizeWithMap('\u00ad\u200b\u200e').text).toBe('');
  });

  it('the map points at the source of expanded and removed characters', () => {
    const n = checkMap('x ﬁ “y” e\u0301 😀');
    expect(n.text).toBe('x fi "y" é 😀');
    const fi = n.text.indexOf('fi');
    expect([n.map[fi], n.map[fi + 1]]).toEqual([2, 2]); // both letters come from the ligature
    expect(n.ends[fi + 1]).toBe(3);
    const e = n.text.indexOf('é');
    expect([n.map[e], n.ends[e]]).toEqual([8, 10]); // the letter and its mark together
    const emoji = n.text.indexOf('😀');
    expect([n.map[emoji], n.map[emoji + 1], n.ends[emoji + 1]]).toEqual([11, 11, 13]);
  });

  it('a megabyte of mixed text: the same result as normalising it in pieces', () => {
    const piece = 'The Café “Zoë” — naïve ﬁnance, 漢字 & more…\n\tEnd of line.  ';
    const big = piece.repeat(Math.ceil(1_000_000 / piece.length));
    const n = normalizeWithMap(big);
    expect(n.text).toBe(
      Array(Math.ceil(1_000_000 / piece.length))
        .fill(normalizeText(piece))
        .join(' '),
    );
    const k = n.text.length - 5;
    expect(normalizeText(big.slice(n.startOf(k), n.endOf(n.text.length - 1)))).toBe(n.text.slice(k));
  });
});
