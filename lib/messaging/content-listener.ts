/**
 * The content script's side of the `spanlight:content` channel, without zod: the script is injected
 * into web pages, and zod with the protocol's other schemas would be four fifths of it. Payloads are
 * checked here by hand against the same rules as `contentCalls` in protocol.ts (a unit test runs both
 * on the same inputs); results are still validated with zod where they arrive, in the background.
 */
import type { ContentCallName, ContentCalls, Payload, Result, Value } from './protocol';
import type { SenderLike } from './server';

type Check<T> = { ok: true; value: T } | { ok: false; error: string };
type Selector = { exact: string; prefix?: string; suffix?: string; hint?: number };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function optionalString(o: Record<string, unknown>, key: string, max: number, errors: string[]): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') errors.push(`${key}: expected a string`);
  else if (v.length > max) errors.push(`${key}: at most ${max} characters`);
  else return v;
  return undefined;
}

function selector(x: unknown, path: string, errors: string[]): Selector | undefined {
  if (!isObject(x)) {
    errors.push(`${path || 'payload'}: expected an object`);
    return undefined;
  }
  const before = errors.length;
  const out: Selector = { exact: '' };
  const exact = x.exact;
  if (typeof exact !== 'string') errors.push(`${path}exact: expected a string`);
  else if (exact.length < 1 || exact.length > 20_000) errors.push(`${path}exact: 1 to 20000 characters`);
  else out.exact = exact;
  const prefix = optionalString(x, 'prefix', 500, errors);
  if (prefix !== undefined) out.prefix = prefix;
  const suffix = optionalString(x, 'suffix', 500, errors);
  if (suffix !== undefined) out.suffix = suffix;
  const hint = x.hint;
  if (hint !== undefined) {
    if (typeof hint !== 'number' || !Number.isFinite(hint) || hint < 0 || hint > 1)
      errors.push(`${path}hint: a number from 0 to 1`);
    else out.hint = hint;
  }
  return errors.length === before ? out : undefined;
}

const empty = (x: unknown): Check<Record<string, never>> =>
  isObject(x) ? { ok: true, value: {} } : { ok: false, error: 'expected an object' };

/** Payload checks, one per call; each returns the payload with unknown keys dropped, as zod does. */
export const contentPayloads: { [K in ContentCallName]: (x: unknown) => Check<Payload<ContentCalls, K>> } = {
  readPage: empty,
  clearHighlights: empty,
  ping: empty,
  highlight: (x) => {
    const errors: string[] = [];
    const main = selector(x, '', errors);
    let others: Selector[] | undefined;
    if (isObject(x) && x.others !== undefined) {
      if (!Array.isArray(x.others)) errors.push('others: expected an array');
      else if (x.others.length > 20) errors.push('others: at most 20');
      else others = x.others.map((o, i) => selector(o, `others.${i}.`, errors)!);
    }
    if (!main || errors.length > 0) return { ok: false, error: errors.join('; ') };
    return { ok: true, value: others ? { ...main, others } : main };
  },
  markClaims: (x) => {
    const verdicts = ['supported', 'contradicted', 'not-found', 'mixed'] as const;
    if (!isObject(x) || !Array.isArray(x.claims) || x.claims.length > 50)
      return { ok: false, error: 'claims: an array of at most 50' };
    const claims: Array<{ exact: string; verdict: (typeof verdicts)[number] }> = [];
    for (const [i, c] of x.claims.entries()) {
      if (!isObject(c) || typeof c.exact !== 'string' || c.exact.length < 1 || c.exact.length > 5_000)
        return { ok: false, error: `claims.${i}.exact: 1 to 5000 characters` };
      const verdict = verdicts.find((v) => v === c.verdict);
      if (!verdict) return { ok: false, error: `claims.${i}.verdict: one of ${verdicts.join(', ')}` };
      claims.push({ exact: c.exact, verdict });
    }
    return { ok: true, value: { claims } };
  },
  scrollToClaim: (x) =>
    isObject(x) && typeof x.index === 'number' && Number.isInteger(x.index) && x.index >= 0
      ? { ok: true, value: { index: x.index } }
      : { ok: false, error: 'index: a whole number from 0' },
};

type Handlers = { [K in ContentCallName]: (payload: Payload<ContentCalls, K>) => Promise<Value<ContentCalls, K>> };

/**
 * A runtime.onMessage listener for the content channel: the envelope and payload checked, the
 * sender checked, results returned as `{ok, value | error}`; other channels are left alone. The
 * same behaviour as `createMessageListener` in server.ts.
 */
export function createContentListener(options: { allowSender: (sender: SenderLike) => boolean; handlers: Handlers }) {
  return (message: unknown, sender: SenderLike): Promise<Result<unknown>> | undefined => {
    if (!isObject(message) || message.channel !== 'spanlight:content') return undefined;
    if (typeof message.type !== 'string' || message.type.length > 50) return undefined;
    if (!options.allowSender(sender)) return Promise.resolve({ ok: false, error: 'sender not allowed' });
    const type = message.type;
    if (!Object.prototype.hasOwnProperty.call(contentPayloads, type)) {
      return Promise.resolve({ ok: false, error: `unknown message "${type}"` });
    }
    const name = type as ContentCallName;
    const payload = contentPayloads[name](message.payload);
    if (!payload.ok) return Promise.resolve({ ok: false, error: `invalid payload for "${type}": ${payload.error}` });
    const handler = options.handlers[name] as (p: unknown) => Promise<unknown>;
    return handler(payload.value).then(
      (value): Result<unknown> => ({ ok: true, value }),
      (e: unknown): Result<unknown> => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  };
}
