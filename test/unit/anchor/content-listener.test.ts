import { describe, expect, it } from 'vitest';
import { contentCalls, type ContentCallName } from '@/lib/messaging/protocol';
import { contentPayloads, createContentListener } from '@/lib/messaging/content-listener';

const sel = { exact: 'A passage.', prefix: 'before ', suffix: ' after', hint: 0.5 };
const long = (n: number) => 'x'.repeat(n);

/** Payloads right and wrong, for every rule of the highlight payload. */
const highlightCases: unknown[] = [
  sel,
  { exact: 'Only the text.' },
  { ...sel, extra: 'dropped', others: [] },
  { ...sel, others: [sel, { exact: 'Another.' }] },
  { ...sel, others: Array(20).fill(sel) },
  { ...sel, others: Array(21).fill(sel) },
  { ...sel, others: [sel, { exact: '' }] },
  { ...sel, others: 'not an array' },
  { ...sel, others: [null] },
  { ...sel, hint: undefined, prefix: undefined },
  { exact: '' },
  { exact: long(20_000) },
  { exact: long(20_001) },
  { exact: 42 },
  { exact: 'x', prefix: long(500), suffix: long(500) },
  { exact: 'x', prefix: long(501) },
  { exact: 'x', suffix: 7 },
  { exact: 'x', hint: 0 },
  { exact: 'x', hint: 1 },
  { exact: 'x', hint: -0.01 },
  { exact: 'x', hint: 1.01 },
  { exact: 'x', hint: Number.NaN },
  { exact: 'x', hint: Number.POSITIVE_INFINITY },
  { exact: 'x', hint: '0.5' },
  {},
  null,
  undefined,
  'text',
  [sel],
];

describe('the content script’s payload checks match the protocol’s zod schemas', () => {
  it('accepts and rejects exactly what zod does, and returns what zod returns', () => {
    const cases: Array<[ContentCallName, unknown]> = [
      ...highlightCases.map((c): [ContentCallName, unknown] => ['highlight', c]),
      ...(['readPage', 'clearHighlights', 'ping'] as const).flatMap((t) =>
        [{}, { any: 'key' }, null, [], 'x', 3, undefined].map((c): [ContentCallName, unknown] => [t, c]),
      ),
    ];
    for (const [type, payload] of cases) {
      const zod = contentCalls[type].payload.safeParse(payload);
      const ours = contentPayloads[type](payload);
      expect(ours.ok, `${type} ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(zod.success);
      if (ours.ok && zod.success) expect(ours.value).toEqual(zod.data);
    }
  });

  it('the listener: other channels left alone, sender checked, unknown and invalid messages refused', async () => {
    const listener = createContentListener({
      allowSender: (s) => s.id === 'ext' && !s.tab,
      handlers: {
        readPage: async () => ({ url: 'u', title: 't', html: 'h' }),
        highlight: async (p) => ({ found: true, text: p.exact, score: 1 }),
        clearHighlights: async () => ({ cleared: false }),
        ping: async () => ({ ready: true as const }),
        markClaims: async (p) => ({ marked: p.claims.length }),
        scrollToClaim: async () => ({ found: false }),
      },
    });
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
      value: { found: true, text: 'Hi', score: 1 },
    });
    expect(await listener({ channel: 'spanlight:content', type: 'ping', payload: {} }, ok)).toEqual({
      ok: true,
      value: { ready: true },
    });
  });
});
