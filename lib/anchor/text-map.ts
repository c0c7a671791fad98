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

/** Builds the visible-text map of `root`, entering open shadow roots. */
export function buildTextMap(root: DomNodeLike, options: TextMapOptions = {}): TextMap {
  const chars: string[] = [];
  const nodeIdx: number[] = [];
  const nodeOff: number[] = [];
  const nodes: DomNodeLike[] = [];
  const isHidden = options.isHidden ?? (() => false);

  // Pending separator state: a space or a line break waits until real text follows, so the map
  // never ends or starts with whitespace and never has two separators in a row.
  let pending: '' | ' ' | '\n' = '';
  let pendingAt: [number, number] = [-1, 0];

  const pushText = (node: DomNodeLike, index: number) => {
    const data = node.data ?? '';
    for (let i = 0; i < data.length; i++) {
      const c = data[i]!;
      if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f') {
        if (pending === '') {
          pending = ' ';
          pendingAt = [index, i];
        }
        continue;
      }
      if (pending !== '' && chars.length > 0) {
        chars.push(pending);
        nodeIdx.push(pending === '\n' ? -1 : pendingAt[0]);
        nodeOff.push(pending === '\n' ? 0 : pendingAt[1]);
      }
      pending = '';
      chars.push(c);
      nodeIdx.push(index);
      nodeOff.push(i);
    }
  };

  // Depth-first walk with an explicit stack (null marks the end of a block element): a recursive
  // walk overflows the call stack on deeply nested markup, which linkedom builds without limit.
  const stack: Array<DomNodeLike | null> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null) {
      pending = '\n';
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
      pending = '\n';
      stack.push(null);
    }
    const kids = node.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    // The shadow root is walked before the light children, as the recursive walk did.
    if (node.shadowRoot) stack.push(node.shadowRoot);
  }

  return {
    text: chars.join(''),
    nodes,
    nodeIndex: Int32Array.from(nodeIdx),
    nodeOffset: Int32Array.from(nodeOff),
  };
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
