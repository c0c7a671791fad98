import { z } from 'zod';
import { EnvelopeSchema, type Envelope, type Payload, type Result, type Value } from './protocol';

/** The sender fields we check (a subset of runtime.MessageSender). */
export interface SenderLike {
  id?: string;
  url?: string;
  tab?: { id?: number };
}

/** One handler per call: the payload as validated, the sender; resolves with the result. */
export type Handlers<M> = {
  [K in keyof M]: (
    payload: z.output<M[K] extends { payload: infer P extends z.ZodType } ? P : never>,
    sender: SenderLike,
  ) => Promise<Value<M, K>>;
};

export interface ServeOptions<M> {
  channel: Envelope['channel'];
  calls: M;
  handlers: Handlers<M>;
  /** Whether this sender may call at all (checked before the payload is read). */
  allowSender: (sender: SenderLike) => boolean;
  /** Called once per rejected message, for the log. */
  onReject?: (reason: string, sender: SenderLike) => void;
}

/**
 * Builds a runtime.onMessage listener: envelope and payload validated with zod, sender checked,
 * results returned as `{ok, value | error}`. Messages on other channels are left to other listeners.
 */
export function createMessageListener<M extends Record<string, { payload: z.ZodType; result: z.ZodType }>>(
  options: ServeOptions<M>,
) {
  return (message: unknown, sender: SenderLike): Promise<Result<unknown>> | undefined => {
    const envelope = EnvelopeSchema.safeParse(message);
    if (!envelope.success || envelope.data.channel !== options.channel) return undefined;
    const reject = (reason: string): Promise<Result<unknown>> => {
      options.onReject?.(reason, sender);
      return Promise.resolve({ ok: false, error: reason });
    };
    if (!options.allowSender(sender)) return reject('sender not allowed');
    const type = envelope.data.type;
    if (!Object.prototype.hasOwnProperty.call(options.calls, type)) return reject(`unknown message "${type}"`);
    const call = options.calls[type]!;
    const payload = call.payload.safeParse(envelope.data.payload);
    if (!payload.success) return reject(`invalid payload for "${type}": ${z.prettifyError(payload.error)}`);
    const handler = options.handlers[type as keyof M] as (p: unknown, s: SenderLike) => Promise<unknown>;
    return handler(payload.data, sender).then(
      (value): Result<unknown> => ({ ok: true, value }),
      (e: unknown): Result<unknown> => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  };
}

export type { Payload };
