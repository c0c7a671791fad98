/**
 * A map of a DOM's visible text with offsets back to text nodes. Works on any DOM that follows the
 * standard Node interface (Chromium's, linkedom's, jsdom's), so the same code extracts passages in
 * Node and anchors them in the live page.
 */

/** Elements whose text is never visible. */
export const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'HEAD',
  'TITLE',
  'IFRAME',
  'OBJECT',
  'SVG',
  'CANVAS',
  'SELECT',
  'OPTION',
]);

/** Elements that start and end a line of their own. */
export const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
  'BODY',
  'HTML',
  'CENTER',
]);

/** The subset of the DOM Node interface the walker needs. */
export interface DomNodeLike {
  nodeType: number;
  nodeName: string;
  childNodes: ArrayLike<DomNodeLike>;
  /** Text of a text node. */
  data?: string;
  shadowRoot?: DomNodeLike | null;
  /** Sibling pointers, used when present (faster than `childNodes` in a browser). */
  lastChild?: DomNodeLike | null;
  previousSibling?: DomNodeLike | null;
}

/** A `<slot>` in a DOM that implements slotting (browsers, jsdom; not linkedom). */
interface SlotLike extends DomNodeLike {
  assignedNodes(options?: { flatten?: boolean }): DomNodeLike[];
}

export interface TextMap {
  /** Visible text: whitespace collapsed, "\n" between blocks, no leading or trailing separator. */
  text: string;
  /** Text nodes in document order. */
  nodes: DomNodeLike[];
  /** For each character of `text`: index into `nodes`, or -1 for a block separator (built on first use). */
  readonly nodeIndex: Int32Array;
  /** For each character of `text`: offset inside that node's data (built on first use). */
  readonly nodeOffset: Int32Array;
  /** `[nodeIndex[i], nodeOffset[i]]` without building the arrays. */
  pointAt(i: number): [node: number, offset: number];
  /** The text nodes covering `text[start, end)`: for each, its index and the part [from, to) of its data. */
  piecesIn(start: number, end: number): Array<{ node: number; from: number; to: number }>;
  /** Where in `text` a DOM point is (a node's index and an offset in its data): the first character at or after it, or -1. */
  offsetOf(node: number, offset: number): number;
}

export interface TextMapOptions {
  /** True when an element is not rendered (display:none, hidden, aria-hidden…). */
  isHidden?: (el: DomNodeLike) => boolean;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * Builds the visible-text map of `root`. Open shadow roots are entered: a shadow host's text is its
 * shadow tree's, with light children shown where a `<slot>` places them (in a DOM without slotting,
 * the light children follow the shadow tree).
 */
export function buildTextMap(root: DomNodeLike, options: TextMapOptions = {}): TextMap {
  const isHidden = options.isHidden ?? (() => false);
  const out = new SegmentedTextMap();
  const stack: Array<DomNodeLike | null> = [root];
  const pushChildren = (node: DomNodeLike, kids: ArrayLike<DomNodeLike> = node.childNodes) => {
    // Sibling pointers where the DOM has them: faster than indexing a live NodeList.
    if (kids === node.childNodes && node.lastChild !== undefined) {
      for (let c = node.lastChild; c; c = c.previousSibling ?? null) stack.push(c);
      return;
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  };

  // Depth-first walk with an explicit stack (null marks the end of a block element): a recursive
  // walk overflows the call stack on deeply nested markup, which linkedom builds without limit.
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null) {
      out.pending = 10;
      continue;
    }
    const type = node.nodeType;
    if (type === TEXT_NODE) {
      out.appendText(node);
      continue;
    }
    if (type !== ELEMENT_NODE && type !== 9 && type !== 11) continue;
    const name = type === ELEMENT_NODE ? upper(node.nodeName) : '';
    if (type === ELEMENT_NODE && (SKIPPED.has(name) || isHidden(node))) continue;
    if (BLOCKS.has(name)) {
      out.pending = 10;
      stack.push(null);
    }
    if (name === 'SLOT' && typeof (node as SlotLike).assignedNodes === 'function') {
      const assigned = (node as SlotLike).assignedNodes();
      if (assigned.length > 0) pushChildren(node, assigned);
      else pushChildren(node);
      continue;
    }
    const shadow = type === ELEMENT_NODE ? node.shadowRoot : null;
    if (shadow) {
      // With slotting, light children show only through the shadow tree's slots.
      if (!slotting(shadow)) pushChildren(node);
      stack.push(shadow);
      continue;
    }
    pushChildren(node);
  }
  return out.finish();
}

/** Tag names are upper case in HTML documents already; only other documents need converting. */
function upper(name: string): string {
  const c = name.charCodeAt(0);
  return c >= 97 && c <= 122 ? name.toUpperCase() : name;
}

const isWhite = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
/** Whitespace a text node's content needs collapsing for (single spaces stay as they are). */
const IRREGULAR = /[\n\t\r\f]| {2}/;
const WHITE_RUN = /[ \n\t\r\f]+/g;

/**
 * The map as segments, one per text node with visible text: where its text starts in the map, where
 * in the node it comes from, and whether it is the node's text as is (single spaces) or collapsed.
 * A separator (a space between nodes, a line break between blocks) may come before a segment. Text
 * is joined natively from whole pieces; per-character offsets are worked out only where asked for.
 */
class SegmentedTextMap implements TextMap {
  text = '';
  nodes: DomNodeLike[] = [];
  /** 0: none; 32: a space (from `pendingNode` at `pendingOffset`); 10: a block boundary. */
  pending = 0;
  private pendingNode = -1;
  private pendingOffset = 0;
  private chunks: string[] = [];
  private length = 0;
  private segStart: number[] = [];
  private segNode: number[] = [];
  /** Each node's first segment, built on the first offsetOf: a page's links ask it hundreds of times. */
  private firstSeg: Map<number, number> | null = null;
  private segFrom: number[] = [];
  private segLength: number[] = [];
  private segVerbatim: boolean[] = [];
  /** The separator before each segment: its node (-1: a block boundary; -2: none) and offset. */
  private sepNode: number[] = [];
  private sepOffset: number[] = [];
  private arrays: { nodeIndex: Int32Array; nodeOffset: Int32Array } | null = null;

  appendText(node: DomNodeLike): void {
    const data = node.data ?? '';
    const n = data.length;
    if (n === 0) return;
    const index = this.nodes.length;
    this.nodes.push(node);
    let a = 0;
    while (a < n && isWhite(data.charCodeAt(a))) a++;
    if (a > 0 && this.pending === 0) {
      this.pending = 32;
      this.pendingNode = index;
      this.pendingOffset = 0;
    }
    if (a === n) return;
    let b = n;
    while (isWhite(data.charCodeAt(b - 1))) b--;
    if (this.pending !== 0 && this.length > 0) {
      this.chunks.push(this.pending === 10 ? '\n' : ' ');
      this.sepNode.push(this.pending === 10 ? -1 : this.pendingNode);
      this.sepOffset.push(this.pending === 10 ? 0 : this.pendingOffset);
      this.length++;
    } else {
      this.sepNode.push(-2);
      this.sepOffset.push(0);
    }
    this.pending = 0;
    const content = a === 0 && b === n ? data : data.slice(a, b);
    const verbatim = !IRREGULAR.test(content);
    const text = verbatim ? content : content.replace(WHITE_RUN, ' ');
    this.segStart.push(this.length);
    this.segNode.push(index);
    this.segFrom.push(a);
    this.segLength.push(text.length);
    this.segVerbatim.push(verbatim);
    this.chunks.push(text);
    this.length += text.length;
    if (b < n) {
      this.pending = 32;
      this.pendingNode = index;
      this.pendingOffset = b;
    }
  }

  finish(): TextMap {
    this.text = this.chunks.join('');
    this.chunks = [];
    return this;
  }

  /** The segment holding `i`, or the one whose separator `i` is (then `separator` is true). */
  private find(i: number): { seg: number; separator: boolean } {
    let lo = 0;
    let hi = this.segStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.segStart[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    if (i < this.segStart[lo]! + this.segLength[lo]!) return { seg: lo, separator: false };
    return { seg: lo + 1, separator: true };
  }

  /** Offset in the node's data of the segment's k-th character. */
  private offsetIn(seg: number, k: number): number {
    const from = this.segFrom[seg]!;
    if (this.segVerbatim[seg]) return from + k;
    const data = this.nodes[this.segNode[seg]!]!.data ?? '';
    let count = 0;
    let white = false;
    for (let j = from; j < data.length; j++) {
      const w = isWhite(data.charCodeAt(j));
      if (w && white) continue;
      white = w;
      if (count === k) return j;
      count++;
    }
    return data.length;
  }

  pointAt(i: number): [node: number, offset: number] {
    const { seg, separator } = this.find(i);
    if (separator) return [this.sepNode[seg] ?? -1, this.sepOffset[seg] ?? 0];
    return [this.segNode[seg]!, this.offsetIn(seg, i - this.segStart[seg]!)];
  }

  piecesIn(start: number, end: number): Array<{ node: number; from: number; to: number }> {
    const pieces: Array<{ node: number; from: number; to: number }> = [];
    if (end <= start || this.segStart.length === 0) return pieces;
    for (let seg = this.find(start).seg; seg < this.segStart.length && this.segStart[seg]! < end; seg++) {
      const s = Math.max(start, this.segStart[seg]!);
      const e = Math.min(end, this.segStart[seg]! + this.segLength[seg]!);
      if (e <= s) continue;
      const base = this.segStart[seg]!;
      pieces.push({ node: this.segNode[seg]!, from: this.offsetIn(seg, s - base), to: this.offsetIn(seg, e - 1 - base) + 1 });
    }
    return pieces;
  }

  offsetOf(node: number, offset: number): number {
    const seg = this.firstSegment(node);
    if (seg < 0) return -1;
    // The space before the node's text may come from its own leading whitespace.
    if (this.sepNode[seg] === node && offset <= this.sepOffset[seg]!) return this.segStart[seg]! - 1;
    const from = this.segFrom[seg]!;
    const length = this.segLength[seg]!;
    if (this.segVerbatim[seg]) {
      if (offset - from < length) return this.segStart[seg]! + Math.max(0, offset - from);
    } else {
      for (let k = 0; k < length; k++) if (this.offsetIn(seg, k) >= offset) return this.segStart[seg]! + k;
    }
    // Past its text: the space after it, when that comes from its trailing whitespace.
    const next = seg + 1;
    if (this.sepNode[next] === node && offset <= this.sepOffset[next]!) return this.segStart[next]! - 1;
    return -1;
  }

  /** The first segment of a node's text, or -1 (what segNode.indexOf gives, without a scan per call). */
  private firstSegment(node: number): number {
    if (!this.firstSeg) {
      this.firstSeg = new Map();
      this.segNode.forEach((n, seg) => {
        if (!this.firstSeg!.has(n)) this.firstSeg!.set(n, seg);
      });
    }
    return this.firstSeg.get(node) ?? -1;
  }

  private build(): { nodeIndex: Int32Array; nodeOffset: Int32Array } {
    if (this.arrays) return this.arrays;
    const nodeIndex = new Int32Array(this.text.length);
    const nodeOffset = new Int32Array(this.text.length);
    for (let i = 0; i < this.text.length; i++) {
      const [node, offset] = this.pointAt(i);
      nodeIndex[i] = node;
      nodeOffset[i] = offset;
    }
    this.arrays = { nodeIndex, nodeOffset };
    return this.arrays;
  }

  get nodeIndex(): Int32Array {
    return this.build().nodeIndex;
  }

  get nodeOffset(): Int32Array {
    return this.build().nodeOffset;
  }
}

/** Whether this DOM places light children through slots (a browser's does; linkedom's does not). */
function slotting(shadow: DomNodeLike): boolean {
  const doc = (shadow as DomNodeLike & { ownerDocument?: { createElement?: (n: string) => unknown } }).ownerDocument;
  const probe = doc?.createElement?.('slot') as Partial<SlotLike> | undefined;
  return typeof probe?.assignedNodes === 'function';
}

/** A DOM position: a text node and an offset in it. */
export interface DomPoint {
  node: DomNodeLike;
  offset: number;
}

/**
 * Maps a [start, end) range of `map.text` to DOM points, skipping separators at the edges.
 * Returns null when the range holds no text-node character.
 */
export function rangeToDom(map: TextMap, start: number, end: number): { start: DomPoint; end: DomPoint } | null {
  let s = start;
  while (s < end && map.text.charCodeAt(s) === 10) s++;
  let e = end - 1;
  while (e >= s && map.text.charCodeAt(e) === 10) e--;
  if (s > e) return null;
  const [sn, so] = map.pointAt(s);
  const [en, eo] = map.pointAt(e);
  if (sn < 0 || en < 0) return null;
  return { start: { node: map.nodes[sn]!, offset: so }, end: { node: map.nodes[en]!, offset: eo + 1 } };
}

/** Hidden by markup alone (no layout needed): `hidden`, `aria-hidden="true"`, inline display:none. */
export function isHiddenByMarkup(el: DomNodeLike): boolean {
  const e = el as DomNodeLike & {
    getAttribute?: (n: string) => string | null;
    hasAttribute?: (n: string) => boolean;
    hasAttributes?: () => boolean;
  };
  if (!e.getAttribute) return false;
  // Most elements have no attributes at all: one call instead of four.
  if (e.hasAttributes && !e.hasAttributes()) return false;
  if (e.hasAttribute?.('hidden')) return true;
  if (e.getAttribute('aria-hidden') === 'true') return true;
  const style = e.getAttribute('style');
  return !!style && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}
