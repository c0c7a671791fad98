import type { BackgroundCallName, BackgroundCalls, Payload, Result, Value } from '../messaging/protocol';

/** How the panel calls the background (`callBackground`); passed in, so the same code runs against the service in Node tests. */
export type CallBackground = <K extends BackgroundCallName>(
  type: K,
  payload: Payload<BackgroundCalls, K>,
) => Promise<Result<Value<BackgroundCalls, K>>>;
