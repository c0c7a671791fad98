import { describe, expect, it } from 'vitest';
import { buildTextMap, isHiddenByMarkup, rangeToDom, type DomNodeLike } from '@/lib/text/text-map';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

const body = (html: string) =>
  parseHtmlWithLinkedom(`<!doctype html><html><body>${html}</body></html>`, 'about:blank').body as unknown as DomNodeLike;

/** A minimal DOM of plain objects: the map needs nothing more than the Node interface's basics. */
const text = (data: string): DomNodeLike => ({ nodeType: 3, nodeName: '#text', childNodes: [], data });
const el = (name: string, kids: DomNodeLike[], extra: Partial<DomNodeLike> & Record<string, unknown> = {}): DomNodeLike => ({
  nodeType: 1,
  nodeName: name,
  childNodes: kids,
  ...extra,
});

describe('the visible-text map', () => {
  it('skips script, style and hidden elements, separates blocks, collapses whitespace', () => {
    const map = buildTextMap(
      body(`<h1>Title</h1><p>One  <b>bold</b>
        word.</p><script>var x = 1;</script><style>p{}</style><p hidden>Hidden.</p><p style="display:none">None.</p>
        <div aria-hidden="true">Aria.</div><ul><li>a</li><li>b<br>c</li></ul><template><p>T</p></template>`),
      { isHidden: isHiddenByMarkup },
    );
    expect(map.text).toBe('Title\nOne bold word.\na\nb\nc');
  });

  it('maps each character to its text node and offset, the same through every accessor', () => {
    const map = buildTextMap(body('<p>  Alpha \n beta</p><p>gamma<i> delta </i>epsilon</p>'));
    expect(map.text).toBe('Alpha beta\ngamma delta epsilon');
    for (let i = 0; i < map.text.length; i++) {
      const [node, offset] = map.pointAt(i);
      expect([map.nodeIndex[i], map.nodeOffset[i]]).toEqual([node, offset]);
      if (map.text[i] === '\n') {
        expect(node).toBe(-1);
        continue;
      }
      const source = map.nodes[node]!.data![offset]!;
      if (map.text[i] === ' ') expect(source).toMatch(/\s/);
      else expect(source).toBe(map.text[i]);
      expect(map.offsetOf(node, offset)).toBe(i);
    }
    // "beta": the text node "  Alpha \n beta", offsets 10–14.
    const at = map.text.indexOf('beta');
    expect(map.piecesIn(at, at + 4)).toEqual([{ node: 0, from: 10, to: 14 }]);
    const span = map.piecesIn(map.text.indexOf('gamma'), map.text.length);
    expect(span.map((p) => map.nodes[p.node]!.data!.slice(p.from, p.to))).toEqual(['gamma', 'delta', 'epsilon']);
    const r = rangeToDom(map, map.text.indexOf('beta'), map.text.indexOf('gamma') + 5)!;
    expect([r.start.offset, r.end.node.data!.slice(0, r.end.offset)]).toEqual([10, 'gamma']);
  });

  it('enters open shadow roots, placing light children where the shadow tree’s slots put them', () => {
    const light = text('slotted light text');
    const slot = el('SLOT', [text('fallback')], { assignedNodes: () => [light] });
    const shadow: DomNodeLike = {
      nodeType: 11,
      nodeName: '#document-fragment',
      childNodes: [el('P', [text('Shadow before')]), slot, el('P', [text('Shadow after')])],
    };
    // A DOM that slots (a browser's): its document can make a <slot> with assignedNodes.
    (shadow as unknown as { ownerDocument: unknown }).ownerDocument = { createElement: () => ({ assignedNodes: () => [] }) };
    const host = el('MY-CARD', [light, el('SPAN', [text('not slotted')])], { shadowRoot: shadow });
    const map = buildTextMap(el('BODY', [el('P', [text('Page.')]), host]));
    expect(map.text).toBe('Page.\nShadow before\nslotted light text\nShadow after');
  });

  it('in a DOM without slotting (linkedom), the light children follow the shadow tree', () => {
    const shadow: DomNodeLike = {
      nodeType: 11,
      nodeName: '#document-fragment',
      childNodes: [el('P', [text('Inside the shadow.')])],
    };
    const host = el('X-BOX', [text('Light child.')], { shadowRoot: shadow });
    expect(buildTextMap(el('BODY', [host])).text).toBe('Inside the shadow.\nLight child.');
  });

  it('a nested page many thousands of levels deep does not overflow the stack', () => {
    let node: DomNodeLike = text('deep');
    for (let i = 0; i < 20_000; i++) node = el('SPAN', [node]);
    expect(buildTextMap(el('BODY', [node])).text).toBe('deep');
  });
});
