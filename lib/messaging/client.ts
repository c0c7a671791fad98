import { browser } from 'wxt/browser';
import {
  backgroundCalls,
  contentCalls,
  resultSchema,
  type BackgroundCallName,
  type BackgroundCalls,
  type ContentCallName,
  type ContentCalls,
  type Envelope,
  type Payload,
  type Result,
  type Value,
} from './protocol';

/** Calls the background from an extension page; the result is validated before it is returned. */
export async function callBackground<K extends BackgroundCallName>(
  type: K,
  payload: Payload<BackgroundCalls, K>,
): Promise<Result<Value<BackgroundCalls, K>>> {
  const envelope: Envelope = { channel: 'spanlight:background', type, payload };
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage(envelope);
  } catch (e) {
    return { ok: false, error: `The extension's background did not answer: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = resultSchema(backgroundCalls[type].result).safeParse(raw);
  if (!parsed.success) return { ok: false, error: `The background sent an unexpected reply to "${type}".` };
  return parsed.data as Result<Value<BackgroundCalls, K>>;
}

/** Calls a content script in a tab from the background; validated like any reply. */
export async function callContent<K extends ContentCallName>(
  tabId: number,
  type: K,
  payload: Payload<ContentCalls, K>,
): Promise<Result<Value<ContentCalls, K>>> {
  const envelope: Envelope = { channel: 'spanlight:content', type, payload };
  let raw: unknown;
  try {
    raw = await browser.tabs.sendMessage(tabId, envelope);
  } catch (e) {
    return { ok: false, error: `The page did not answer: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = resultSchema(contentCalls[type].result).safeParse(raw);
  if (!parsed.success) return { ok: false, error: `The page sent an unexpected reply to "${type}".` };
  return parsed.data as Result<Value<ContentCalls, K>>;
}
