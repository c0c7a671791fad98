/**
 * The content script's side of the `spanlight:content` channel. Payloads are validated with the
 * protocol's own schemas (content-calls.ts, in zod's small build), the one validator of each message.
 */
import {
  contentCalls,
  describeIssues,
  EnvelopeSchema,
  type ContentCallName,
  type ContentCalls,
  type Payload,
  type Result,
  type Value,
} from './content-calls';
import type { SenderLike } from './server';

type Handlers = { [K in ContentCallName]: (payload: Payload<ContentCalls, K>) => Promise<Value<ContentCalls, K>> };

/**
 * A runtime.onMessage listener for the content channel: the envelope and payload checked, the
 * sender checked, results returned as `{ok, value | error}`; other channels are left alone. The
 * same behaviour as `createMessageListener` in server.ts.
 */
export function createContentListener(options: { allowSender: (sender: SenderLike) => boolean; handlers: Handlers }) {
  return (message: unknown, sender: SenderLike): Promise<Result<unknown>> | undefined => {
    const envelope = EnvelopeSchema.safeParse(message);
    if (!envelope.success || envelope.data.channel !== 'spanlight:content') return undefined;
    if (!options.allowSender(sender)) return Promise.resolve({ ok: false, error: 'sender not allowed' });
    const type = envelope.data.type;
    if (!Object.prototype.hasOwnProperty.call(contentCalls, type)) {
      return Promise.resolve({ ok: false, error: `unknown message "${type}"` });
    }
    const name = type as ContentCallName;
    const payload = contentCalls[name].payload.safeParse(envelope.data.payload);
    if (!payload.success)
      return Promise.resolve({ ok: false, error: `invalid payload for "${type}": ${describeIssues(payload.error)}` });
    const handler = options.handlers[name] as (p: unknown) => Promise<unknown>;
    return handler(payload.data).then(
      (value): Result<unknown> => ({ ok: true, value }),
      (e: unknown): Result<unknown> => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  };
}
