import type { z } from 'zod';
import { ProviderError, failureFromStatus, type SettingsPlace } from '../shared/provider-error';
import type { FetchLike } from '../shared/fetch-like';

/** Re-exported for the adapters and lib/factcheck; the type lives in lib/shared (lib/model uses it too). */
export type { FetchLike };

export interface JsonRequest {
  provider: string;
  place: SettingsPlace;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  fetch: FetchLike;
}

/**
 * Sends a request and validates the JSON answer against `schema`; every failure becomes a
 * ProviderError naming the provider: network, timeout, HTTP status, invalid JSON, wrong shape.
 */
export async function requestJson<S extends z.ZodType>(req: JsonRequest, schema: S): Promise<z.infer<S>> {
  const { provider, place } = req;
  let res: Response;
  try {
    res = await req.fetch(req.url, {
      ...req.init,
      credentials: 'omit',
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ProviderError(
      timedOut
        ? { provider, kind: 'timeout', message: `${provider} did not answer within ${req.timeoutMs / 1000} s: try again.` }
        : {
            provider,
            kind: 'network',
            message: `${provider} is unreachable at ${originOf(req.url)}: check the base URL in Settings → ${place} and your connection.`,
          },
    );
  }
  if (!res.ok) throw new ProviderError(failureFromStatus(provider, place, res.status, res.headers));
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ProviderError({
      provider,
      kind: 'bad-response',
      status: res.status,
      message: `${provider} sent a reply that is not JSON: check the base URL in Settings → ${place}.`,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderError({
      provider,
      kind: 'bad-response',
      status: res.status,
      message: `${provider} sent JSON in an unexpected shape: check the base URL in Settings → ${place}.`,
    });
  return parsed.data;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
