/**
 * Normalisation for matching text across its renderings (extracted text, the live page, a quote a
 * model copied): NFKC, case folded, curly quotes and dashes straightened, zero-width and bidi
 * controls removed, every whitespace run one space, with a map back to the original offsets.
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
function isRemoved(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (
    c === 0xad ||
    c === 0x34f ||
    c === 0x61c ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0xfeff
  );
}
const SPACE = /^\s$/;
const MARK = /^\p{M}$/u;

export interface Normalized {
  text: string;
  /** For each UTF-16 unit of `text`, the offset in the input of the character (cluster) it came from. */
  readonly map: Int32Array;
  /** For each UTF-16 unit of `text`, the offset just past that character (cluster) in the input. */
  readonly ends: Int32Array;
  /** `map[k]` without building the whole array. */
  startOf(k: number): number;
  /** `ends[k]` without building the whole array. */
  endOf(k: number): number;
}

/** Transformations of single code points (and clusters) seen before: most pages repeat a few hundred. */
const cache = new Map<string, string>();
const CACHE_MAX = 20_000;

/**
 * The normalised form of one cluster: '' (dropped), ' ' (whitespace) or text without whitespace. A
 * base character and the combining marks after it are one cluster, so "e" + U+0301 and "é" give the
 * same text, and every output character maps to the start of the cluster it came from.
 */
function transform(cluster: string): string {
  const known = cache.get(cluster);
  if (known !== undefined) return known;
  let t = '';
  for (const cp of cluster) {
    if (isRemoved(cp)) continue;
    t += REPLACE[cp] ?? cp;
  }
  t = t.normalize('NFKC').toLowerCase();
  let out = '';
  for (const c of t) {
    if (SPACE.test(c)) out += ' ';
    else if (!isRemoved(c)) out += REPLACE[c] ?? c;
  }
  const result = out.replace(/ {2,}/g, ' ');
  if (cache.size < CACHE_MAX) cache.set(cluster, result);
  return result;
}

/**
 * The offset map, kept as segments: a run of output units that map one to one onto input units
 * (`end` −1: unit k comes from `src + (k − out)`), or units that all come from one cluster
 * [`src`, `end`). Most of a page is plain ASCII, so a megabyte of text makes a few thousand segments,
 * and the per-unit arrays are built only if asked for.
 */
class SegmentedMap implements Normalized {
  private outStart: Int32Array;
  private srcStart: Int32Array;
  private clusterEnd: Int32Array;
  private count = 0;
  text = '';
  private built: { map: Int32Array; ends: Int32Array } | null = null;

  constructor(capacity: number) {
    this.outStart = new Int32Array(Math.max(16, capacity));
    this.srcStart = new Int32Array(Math.max(16, capacity));
    this.clusterEnd = new Int32Array(Math.max(16, capacity));
  }

  add(out: number, src: number, end: number): void {
    if (this.count > 0 && this.outStart[this.count - 1] === out) this.count--; // an empty segment
    if (this.count === this.outStart.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.outStart = grow(this.outStart);
      this.srcStart = grow(this.srcStart);
      this.clusterEnd = grow(this.clusterEnd);
    }
    this.outStart[this.count] = out;
    this.srcStart[this.count] = src;
    this.clusterEnd[this.count] = end;
    this.count++;
  }

  private segment(k: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.outStart[mid]! <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  startOf(k: number): number {
    const s = this.segment(k);
    return this.clusterEnd[s]! < 0 ? this.srcStart[s]! + (k - this.outStart[s]!) : this.srcStart[s]!;
  }

  endOf(k: number): number {
    const s = this.segment(k);
    return this.clusterEnd[s]! < 0 ? this.srcStart[s]! + (k - this.outStart[s]!) + 1 : this.clusterEnd[s]!;
  }

  private build(): { map: Int32Array; ends: Int32Array } {
    if (this.built) return this.built;
    const n = this.text.length;
    const map = new Int32Array(n);
    const ends = new Int32Array(n);
    for (let s = 0; s < this.count; s++) {
      const from = this.outStart[s]!;
      const to = s + 1 < this.count ? Math.min(n, this.outStart[s + 1]!) : n;
      const src = this.srcStart[s]!;
      const end = this.clusterEnd[s]!;
      for (let k = from; k < to; k++) {
        map[k] = end < 0 ? src + (k - from) : src;
        ends[k] = end < 0 ? src + (k - from) + 1 : end;
      }
    }
    this.built = { map, ends };
    return this.built;
  }

  get map(): Int32Array {
    return this.build().map;
  }

  get ends(): Int32Array {
    return this.build().ends;
  }
}

/** Characters that need more than lower-casing: anything but printable ASCII, and runs of spaces. */
const SPECIAL = /[^\x20-\x7e]| {2,}/g;

/** Per UTF-16 unit: 0 not yet known; 1 stands for itself once lower-cased; 2 needs more; 3 a combining mark. */
const kinds = new Uint8Array(0x10000);

function kindOf(c: number): number {
  const known = kinds[c]!;
  if (known !== 0) return known;
  let kind = 2;
  if (c < 0xd800 || c > 0xdfff) {
    const ch = String.fromCharCode(c);
    if (MARK.test(ch)) kind = 3;
    else if (transform(ch) === ch.toLowerCase() && ch.toLowerCase().length === 1) kind = 1;
  }
  kinds[c] = kind;
  return kind;
}

const isMark = (cp: number) => (cp < 0x10000 ? kindOf(cp) === 3 : MARK.test(String.fromCodePoint(cp)));

/** Normalises `input`, keeping for each output unit the offsets of its source character. */
export function normalizeWithMap(input: string): Normalized {
  const n = input.length;
  let lower = input.toLowerCase();
  // Lower-casing that changes the length (U+0130) would break the one-to-one runs: ASCII only then.
  const fullLower = lower.length === n;
  if (!fullLower) lower = input.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  // ASCII whitespace is a space (one for one); runs of spaces are found below.
  lower = lower.replace(/[\t\n\v\f\r]/g, ' ');
  const result = new SegmentedMap(64);
  const chunks: string[] = [];
  let out = 0;
  let lastSpace = true; // drops leading whitespace
  let i = 0;

  /** A one-to-one run [from, to) of `lower`, without its leading space after a space. */
  const plain = (from: number, to: number) => {
    if (from < to && lastSpace && lower.charCodeAt(from) === 32) from++;
    if (from >= to) return;
    result.add(out, from, -1);
    chunks.push(lower.slice(from, to));
    out += to - from;
    lastSpace = lower.charCodeAt(to - 1) === 32;
  };
  /** Units that all come from the cluster [from, to). */
  const cluster = (t: string, from: number, to: number) => {
    if (t === ' ' || t.length === 0) {
      if (t === ' ' && !lastSpace) {
        result.add(out, from, to);
        chunks.push(' ');
        out++;
        lastSpace = true;
      }
      return;
    }
    if (lastSpace && t.charCodeAt(0) === 32) t = t.slice(1);
    result.add(out, from, to);
    chunks.push(t);
    out += t.length;
    lastSpace = t.charCodeAt(t.length - 1) === 32;
  };

  SPECIAL.lastIndex = 0;
  for (let m = SPECIAL.exec(lower); m; m = SPECIAL.exec(lower)) {
    let p = m.index;
    if (p < i) continue; // inside a cluster already taken
    const c = lower.charCodeAt(p);
    if (c === 32) {
      // Two or more spaces: one.
      plain(i, p);
      cluster(' ', p, p + 1);
      i = p + m[0].length;
      continue;
    }
    if (c < 0x80 && input.charCodeAt(p) < 0x80) {
      // Control characters stand as they are.
      plain(i, p);
      cluster(String.fromCharCode(c), p, p + 1);
      i = p + 1;
      continue;
    }
    if (fullLower) {
      // Letters of other scripts that stand for themselves once lower-cased stay in the run.
      let q = p;
      while (q < n) {
        const d = input.charCodeAt(q);
        if (d < 0x80 || lower.charCodeAt(q) < 0x80 || kindOf(d) !== 1) break;
        q++;
      }
      if (q > p) {
        SPECIAL.lastIndex = q;
        continue;
      }
    }
    // A cluster: one code point and the combining marks after it; a mark after plain text takes the
    // character before it along.
    if (p > i && isMark(input.codePointAt(p)!)) p--;
    plain(i, p);
    let end = p + (input.codePointAt(p)! > 0xffff ? 2 : 1);
    while (end < n) {
      const cp = input.codePointAt(end)!;
      if (cp < 0x300 || !isMark(cp)) break;
      end += cp > 0xffff ? 2 : 1;
    }
    cluster(transform(input.slice(p, end)), p, end);
    i = end;
    SPECIAL.lastIndex = end;
  }
  plain(i, n);
  let text = chunks.join('');
  if (text.charCodeAt(text.length - 1) === 32) text = text.slice(0, -1);
  result.text = text;
  return result;
}

/** Printable ASCII and ASCII whitespace: text `normalizeWithMap` only lower-cases and spaces. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n\v\f\r]*$/;

/** Normalised text only. */
export function normalizeText(input: string): string {
  if (PLAIN_ASCII.test(input)) {
    // Nothing to map: normalizeWithMap's text (whitespace runs one space, none at either end)
    // without building its offsets.
    let text = input
      .toLowerCase()
      .replace(/[\t\n\v\f\r]/g, ' ')
      .replace(/ {2,}/g, ' ');
    if (text.charCodeAt(0) === 32) text = text.slice(1);
    if (text.charCodeAt(text.length - 1) === 32) text = text.slice(0, -1);
    return text;
  }
  return normalizeWithMap(input).text;
}
