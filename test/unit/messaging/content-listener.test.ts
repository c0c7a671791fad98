import { describe, expect, it } from 'vitest';
import { contentCalls } from '@/lib/messaging/protocol';
import { createContentListener } from '@/lib/messaging/content-listener';

const sel = { exact: 'A passage.', prefix: 'before ', suffix: ' after', hint: 0.5 };
const long = (n: number) => 'x'.repeat(n);

/** Highlight payloads right and wrong, one per rule: null when accepted, else what the refusal names. */
const highlightCases: Array<[unknown, string | null]> = [
  [sel, null],
  [{ exact: 'Only the text.' }, null],
  [{ ...sel, others: [sel, { exact: 'Another.' }] }, null],
  [{ ...sel, others: Array(20).fill(sel) }, null],
  [{ ...sel, others: Array(21).fill(sel) }, 'others: at most 20'],
  [{ ...sel, others: [sel, { exact: '' }] }, 'others.1.exact: at least 1'],
  [{ ...sel, others: 'not an array' }, 'others: expected array'],
  [{ ...sel, others: [null] }, 'others.0: expected object'],
  [{ ...sel, hint: undefined, prefix: undefined }, null],
  [{ exact: '' }, 'exact: at least 1'],
  [{ exact: long(20_000) }, null],
  [{ exact: long(20_001) }, 'exact: at most 20000'],
  [{ exact: 42 }, 'exact: expected string'],
  [{ exact: 'x', prefix: long(500), suffix: long(500) }, null],
  [{ exact: 'x', prefix: long(501) }, 'prefix: at most 500'],
  [{ exact: 'x', suffix: 7 }, 'suffix: expected string'],
  [{ exact: 'x', hint: 0 }, null],
  [{ exact: 'x', hint: 1 }, null],
  [{ exact: 'x', hint: -0.01 }, 'hint: at least 0'],
  [{ exact: 'x', hint: 1.01 }, 'hint: at most 1'],
  [{ exact: 'x', hint: Number.NaN }, 'hint: expected number'],
  [{ exact: 'x', hint: Number.POSITIVE_INFINITY }, 'hint: expected number'],
  [{ exact: 'x', hint: '0.5' }, 'hint: expected number'],
  [{}, 'exact: expected string'],
  [null, 'expected object'],
  ['text', 'expected object'],
  [[sel], 'expected object'],
];

const listener = createContentListener({
  allowSender: (s) => s.id === 'ext' && !s.tab,
  handlers: {
    readPage: async () => ({ url: 'u', title: 't', html: 'h' }),
    highlight: async (p) => ({ found: true, text: JSON.stringify(p), score: 1 }),
    clearHighlights: async () => ({ cleared: false }),
    ping: async () => ({ ready: true as const }),
    markClaims: async (p) => ({ marked: p.claims.length }),
    scrollToClaim: async (p) => ({ found: p.index === 0 }),
  },
});
const send = (type: string, payload: unknown) => listener({ channel: 'spanlight:content', type, payload }, { id: 'ext' });

describe('the content script validates payloads with the protocol’s own schemas', () => {
  it('the content calls protocol.ts declares are the ones the listener checks (one schema per message)', async () => {
    expect(Object.keys(contentCalls).sort()).toEqual([
      'clearHighlights',
      'highlight',
      'markClaims',
      'ping',
      'readPage',
      'scrollToClaim',
    ]);
    const refused = await send('highlight', { exact: '' });
    expect(refused).toEqual({ ok: false, error: 'invalid payload for "highlight": exact: at least 1' });
  });

  it('highlight: accepts what the schema allows, unknown keys dropped, and names the field it refuses', async () => {
    for (const [payload, refusal] of highlightCases) {
      const r = await send('highlight', payload);
      const label = JSON.stringify(payload)?.slice(0, 80);
      if (refusal === null) {
        expect(r, label).toMatchObject({ ok: true });
        const value = JSON.parse((r as { value: { text: string } }).value.text) as Record<string, unknown>;
        expect(
          Object.keys(value).every((k) => ['exact', 'prefix', 'suffix', 'hint', 'others'].includes(k)),
          label,
        ).toBe(true);
      } else {
        expect(r, label).toMatchObject({ ok: false });
        expect((r as { error: string }).error, label).toContain(refusal);
      }
    }
    const extra = await send('highlight', { ...sel, extra: 'dropped', others: [] });
    expect(JSON.parse((extra as { value: { text: string } }).value.text)).toEqual({ ...sel, others: [] });
  });

  it('the other calls: empty payloads are objects; claims and indexes within their bounds', async () => {
    for (const t of ['readPage', 'clearHighlights', 'ping'])
      for (const [p, ok] of [
        [{}, true],
        [{ any: 'key' }, true],
        [null, false],
        [[], false],
        ['x', false],
        [3, false],
        [undefined, false],
      ] as const)
        expect((await send(t, p))?.ok, `${t} ${JSON.stringify(p)}`).toBe(ok);
    expect(await send('markClaims', { claims: [{ exact: 'A claim.', verdict: 'mixed' }] })).toEqual({
      ok: true,
      value: { marked: 1 },
    });
    expect(await send('markClaims', { claims: [{ exact: 'A claim.', verdict: 'true' }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('claims.0.verdict: one of supported, contradicted, not-found, mixed'),
    });
    expect(await send('markClaims', { claims: Array(501).fill({ exact: 'x', verdict: 'supported' }) })).toMatchObject({
      error: expect.stringContaining('claims: at most 500'),
    });
    expect(await send('scrollToClaim', { index: 0 })).toEqual({ ok: true, value: { found: true } });
    for (const index of [-1, 1.5, '0'])
      expect(await send('scrollToClaim', { index }), String(index)).toMatchObject({
        ok: false,
        error: expect.stringContaining('index: '),
      });
  });

  it('the listener: other channels left alone, sender checked, unknown and invalid messages refused', async () => {
    const ok = { id: 'ext' };
    expect(listener({ channel: 'spanlight:background', type: 'ask', payload: {} }, ok)).toBeUndefined();
    expect(listener('hello', ok)).toBeUndefined();
    expect(await listener({ channel: 'spanlight:content', type: 'ping', payload: {} }, { id: 'other' })).toEqual({
      ok: false,
      error: 'sender not allowed',
    });
    expect(
      await listener({ channel: 'spanlight:content', type: 'ping', payload: {} }, { id: 'ext', tab: { id: 1 } }),
    ).toMatchObject({ ok: false });
    expect(await listener({ channel: 'spanlight:content', type: 'toString', payload: {} }, ok)).toEqual({
      ok: false,
      error: 'unknown message "toString"',
    });
    expect(await listener({ channel: 'spanlight:content', type: 'highlight', payload: { exact: '' } }, ok)).toMatchObject({
      ok: false,
      error: expect.stringContaining('invalid payload for "highlight"'),
    });
    expect(await listener({ channel: 'spanlight:content', type: 'highlight', payload: { exact: 'Hi', x: 1 } }, ok)).toEqual({
      ok: true,
      value: { found: true, text: JSON.stringify({ exact: 'Hi' }), score: 1 },
    });
    expect(await listener({ channel: 'spanlight:content', type: 'ping', payload: {} }, ok)).toEqual({
      ok: true,
      value: { ready: true },
    });
  });
});
