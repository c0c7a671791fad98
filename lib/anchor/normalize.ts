/**
 * Normalisation for matching text across its renderings (extracted text, the live page, a quote a
 * model copied): NFKC, case folded, curly quotes and dashes straightened, no-break spaces made
 * spaces, zero-width and bidi-control characters removed, every whitespace run one space (none at
 * the ends). It keeps a map back to the original offsets.
 *
 * A base character and the combining marks after it are normalised together, so "e" + U+0301 and
 * "é" give the same text; every output character maps to the start of the cluster it came from.
 */

const REPLACE: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u2035': "'",
  '\u2039': "'",
  '\u203a': "'",
  '\u02bc': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2036': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2e3a': '-',
  '\u2e3b': '-',
  '\ufe58': '-',
};

/** Characters dropped: zero-width, soft hyphen, joiners, bidi controls, byte-order mark. */
const REMOVED = /^[\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]$/;
const SPACE = /^\s$/;
const MARK = /^\p{M}$/u;

export interface Normalized {
  text: string;
  /** For each UTF-16 unit of `text`, the offset in the input of the character (cluster) it came from. */
  map: Int32Array;
  /** For each UTF-16 unit of `text`, the offset just past that character (cluster) in the input. */
  ends: Int32Array;
}

/** Transformations of single code points (and clusters) seen before: most pages repeat a few hundred. */
const cache = new Map<string, string>();
const CACHE_MAX = 20_000;

/** The normalised form of one cluster: '' (dropped), ' ' (whitespace) or text without whitespace. */
function transform(cluster: string): string {
  const known = cache.get(cluster);
  if (known !== undefined) return known;
  let t = '';
  for (const cp of cluster) {
    if (REMOVED.test(cp)) continue;
    t += REPLACE[cp] ?? cp;
  }
  t = t.normalize('NFKC').toLowerCase();
  let out = '';
  for (const c of t) {
    if (SPACE.test(c)) out += ' ';
    else if (!REMOVED.test(c)) out += REPLACE[c] ?? c;
  }
  const result = out.replace(/ {2,}/g, ' ');
  if (cache.size < CACHE_MAX) cache.set(cluster, result);
  return result;
}

/** Normalises `input`, keeping for each output unit the offsets of its source character. */
export function normalizeWithMap(input: string): Normalized {
  const n = input.length;
  let cap = n + 16;
  let buf = new Uint16Array(cap);
  let map = new Int32Array(cap);
  let ends = new Int32Array(cap);
  let len = 0;
  let lastSpace = true; // drops leading whitespace

  const grow = (need: number) => {
    if (len + need <= cap) return;
    cap = Math.max(cap * 2, len + need);
    const b = new Uint16Array(cap);
    b.set(buf.subarray(0, len));
    buf = b;
    const m = new Int32Array(cap);
    m.set(map.subarray(0, len));
    map = m;
    const e = new Int32Array(cap);
    e.set(ends.subarray(0, len));
    ends = e;
  };

  let i = 0;
  while (i < n) {
    const c = input.charCodeAt(i);
    const next = i + 1 < n ? input.charCodeAt(i + 1) : 0;
    // Fast path: ASCII not followed by anything that could be a combining mark.
    if (c < 0x80 && next < 0x300) {
      if (c === 32 || (c >= 9 && c <= 13)) {
        if (!lastSpace) {
          grow(1);
          buf[len] = 32;
          map[len] = i;
          ends[len] = i + 1;
          len++;
          lastSpace = true;
        }
      } else {
        grow(1);
        buf[len] = c >= 65 && c <= 90 ? c + 32 : c;
        map[len] = i;
        ends[len] = i + 1;
        len++;
        lastSpace = false;
      }
      i++;
      continue;
    }
    // A cluster: one code point and the combining marks after it.
    const at = i;
    const first = input.codePointAt(i)!;
    i += first > 0xffff ? 2 : 1;
    while (i < n) {
      const cp = input.codePointAt(i)!;
      if (cp < 0x300) break;
      const ch = String.fromCodePoint(cp);
      if (!MARK.test(ch)) break;
      i += ch.length;
    }
    const t = transform(input.slice(at, i));
    if (t.length === 0) continue;
    if (t === ' ') {
      if (!lastSpace) {
        grow(1);
        buf[len] = 32;
        map[len] = at;
        ends[len] = i;
        len++;
        lastSpace = true;
      }
      continue;
    }
    grow(t.length);
    for (let k = 0; k < t.length; k++) {
      const u = t.charCodeAt(k);
      if (u === 32) {
        if (lastSpace) continue;
        lastSpace = true;
      } else lastSpace = false;
      buf[len] = u;
      map[len] = at;
      ends[len] = i;
      len++;
    }
  }
  if (len > 0 && buf[len - 1] === 32) len--;
  return { text: decode(buf, len), map: map.slice(0, len), ends: ends.slice(0, len) };
}

function decode(buf: Uint16Array, len: number): string {
  const CHUNK = 8192;
  let s = '';
  for (let k = 0; k < len; k += CHUNK) {
    s += String.fromCharCode.apply(null, buf.subarray(k, Math.min(len, k + CHUNK)) as unknown as number[]);
  }
  return s;
}

/** Normalised text only. */
export function normalizeText(input: string): string {
  return normalizeWithMap(input).text;
}
