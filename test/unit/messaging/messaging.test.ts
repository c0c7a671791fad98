import { describe, expect, it, vi } from 'vitest';
import { createMessageListener } from '@/lib/messaging/server';
import { backgroundCalls } from '@/lib/messaging/protocol';

const OWN = { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' };

function listener(onReject = vi.fn()) {
  const ask = vi.fn(async (p: { question: string }) => ({ jobId: `job for ${p.question}` }));
  const handlers = Object.fromEntries(
    Object.keys(backgroundCalls).map((k) => [k, vi.fn(async () => ({}))]),
  ) as never as Parameters<typeof createMessageListener<typeof backgroundCalls>>[0]['handlers'];
  (handlers as unknown as Record<string, unknown>).ask = ask;
  const l = createMessageListener({
    channel: 'spanlight:background',
    calls: backgroundCalls,
    handlers,
    allowSender: (s) => s.id === 'ext' && !!s.url?.startsWith('chrome-extension://ext/'),
    onReject,
  });
  return { l, ask, onReject };
}

describe('the message listener', () => {
  it('validates the payload and answers {ok, value}', async () => {
    const { l, ask } = listener();
    const r = await l({ channel: 'spanlight:background', type: 'ask', payload: { question: '  What?  ', tabs: 'none' } }, OWN);
    expect(r).toEqual({ ok: true, value: { jobId: 'job for What?' } });
    expect(ask).toHaveBeenCalledOnce();
  });

  it('rejects a malformed payload before any handler runs', async () => {
    const { l, ask, onReject } = listener();
    const r = await l({ channel: 'spanlight:background', type: 'ask', payload: { question: '', tabs: 'everything' } }, OWN);
    expect(r?.ok).toBe(false);
    expect(ask).not.toHaveBeenCalled();
    expect(onReject).toHaveBeenCalledOnce();
  });

  it('rejects senders that are not our own extension pages (content scripts, other extensions)', async () => {
    const { l, ask } = listener();
    const msg = { channel: 'spanlight:background', type: 'ask', payload: { question: 'x', tabs: 'none' } };
    expect(await l(msg, { id: 'ext', url: 'https://evil.example/', tab: { id: 3 } })).toEqual({
      ok: false,
      error: 'sender not allowed',
    });
    expect(await l(msg, { id: 'other-extension', url: 'chrome-extension://other/x.html' })).toEqual({
      ok: false,
      error: 'sender not allowed',
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it('rejects unknown message types and ignores other channels and non-envelopes', async () => {
    const { l } = listener();
    expect(await l({ channel: 'spanlight:background', type: 'deleteEverything', payload: {} }, OWN)).toEqual({
      ok: false,
      error: 'unknown message "deleteEverything"',
    });
    expect(await l({ channel: 'spanlight:background', type: 'toString', payload: {} }, OWN)).toMatchObject({ ok: false });
    expect(l({ channel: 'spanlight:content', type: 'readPage', payload: {} }, OWN)).toBeUndefined();
    expect(l('hello', OWN)).toBeUndefined();
  });

  it('turns a handler error into {ok:false, error} (Error does not serialise)', async () => {
    const { l, ask } = listener();
    ask.mockRejectedValueOnce(new Error('No such job.'));
    expect(await l({ channel: 'spanlight:background', type: 'ask', payload: { question: 'x', tabs: 'none' } }, OWN)).toEqual({
      ok: false,
      error: 'No such job.',
    });
  });
});
