/**
 * A map of a DOM's visible text with offsets back to text nodes. Works on any DOM that follows the
 * standard Node interface (Chromium's, linkedom's, jsdom's), so the same code extracts passages in
 * Node and anchors them in the live page.
 */

/** Elements whose text is never visible. */
const SKIPPED = new Set([
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
const BLOCKS = new Set([
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
  /** For each character of `text`: index into `nodes`, or -1 for a block separator. */
  nodeIndex: Int32Array;
  /** For each character of `text`: offset inside that node's data. */
  nodeOffset: Int32Array;
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
  const nodes: DomNodeLike[] = [];
  // Growable typed buffers: a page can hold a megabyte of text, and arrays of one-character
  // strings cost several times more.
  let cap = 4096;
  let chars = new Uint16Array(cap);
  let nodeIdx = new Int32Array(cap);
  let nodeOff = new Int32Array(cap);
  let len = 0;
  const push = (c: number, index: number, offset: number) => {
    if (len === cap) {
      cap *= 2;
      const c2 = new Uint16Array(cap);
      c2.set(chars);
      chars = c2;
      const i2 = new Int32Array(cap);
      i2.set(nodeIdx);
      nodeIdx = i2;
      const o2 = new Int32Array(cap);
      o2.set(nodeOff);
      nodeOff = o2;
    }
    chars[len] = c;
    nodeIdx[len] = index;
    nodeOff[len] = offset;
    len++;
  };

  // Pending separator state: a space or a line break waits until real text follows, so the map
  // never ends or starts with whitespace and never has two separators in a row.
  let pending: 0 | 32 | 10 = 0;
  let pendingNode = -1;
  let pendingOffset = 0;

  const pushText = (node: DomNodeLike, index: number) => {
    const data = node.data ?? '';
    for (let i = 0; i < data.length; i++) {
      const c = data.charCodeAt(i);
      if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12) {
        if (pending === 0) {
          pending = 32;
          pendingNode = index;
          pendingOffset = i;
        }
        continue;
      }
      if (pending !== 0 && len > 0) {
        if (pending === 10) push(10, -1, 0);
        else push(32, pendingNode, pendingOffset);
      }
      pending = 0;
      push(c, index, i);
    }
  };

  const pushChildren = (kids: ArrayLike<DomNodeLike>) => {
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  };

  // Depth-first walk with an explicit stack (null marks the end of a block element): a recursive
  // walk overflows the call stack on deeply nested markup, which linkedom builds without limit.
  const stack: Array<DomNodeLike | null> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null) {
      pending = 10;
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      nodes.push(node);
      pushText(node, nodes.length - 1);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const name = node.nodeName.toUpperCase();
    if (node.nodeType === ELEMENT_NODE && (SKIPPED.has(name) || isHidden(node))) continue;
    if (BLOCKS.has(name)) {
      pending = 10;
      stack.push(null);
    }
    if (name === 'SLOT' && typeof (node as SlotLike).assignedNodes === 'function') {
      const assigned = (node as SlotLike).assignedNodes();
      pushChildren(assigned.length > 0 ? assigned : node.childNodes);
      continue;
    }
    const shadow = node.shadowRoot;
    if (shadow) {
      // With slotting, light children show only through the shadow tree's slots.
      if (!slotting(shadow)) pushChildren(node.childNodes);
      stack.push(shadow);
      continue;
    }
    pushChildren(node.childNodes);
  }

  return {
    text: decode(chars, len),
    nodes,
    nodeIndex: nodeIdx.slice(0, len),
    nodeOffset: nodeOff.slice(0, len),
  };
}

/** Whether this DOM places light children through slots (a browser's does; linkedom's does not). */
function slotting(shadow: DomNodeLike): boolean {
  const doc = (shadow as DomNodeLike & { ownerDocument?: { createElement?: (n: string) => unknown } }).ownerDocument;
  const probe = doc?.createElement?.('slot') as Partial<SlotLike> | undefined;
  return typeof probe?.assignedNodes === 'function';
}

function decode(buf: Uint16Array, len: number): string {
  const CHUNK = 8192;
  let s = '';
  for (let k = 0; k < len; k += CHUNK) {
    s += String.fromCharCode.apply(null, buf.subarray(k, Math.min(len, k + CHUNK)) as unknown as number[]);
  }
  return s;
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
  while (s < end && map.nodeIndex[s]! < 0) s++;
  let e = end - 1;
  while (e >= s && map.nodeIndex[e]! < 0) e--;
  if (s > e) return null;
  return {
    start: { node: map.nodes[map.nodeIndex[s]!]!, offset: map.nodeOffset[s]! },
    end: { node: map.nodes[map.nodeIndex[e]!]!, offset: map.nodeOffset[e]! + 1 },
  };
}

/** Hidden by markup alone (no layout needed): `hidden`, `aria-hidden="true"`, inline display:none. */
export function isHiddenByMarkup(el: DomNodeLike): boolean {
  const e = el as DomNodeLike & { getAttribute?: (n: string) => string | null; hasAttribute?: (n: string) => boolean };
  if (!e.getAttribute) return false;
  if (e.hasAttribute?.('hidden')) return true;
  if (e.getAttribute('aria-hidden') === 'true') return true;
  const style = e.getAttribute('style');
  return !!style && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}
