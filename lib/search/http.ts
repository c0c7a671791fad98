import type { z } from 'zod';
import { ProviderError, failureFromStatus, roleOf, type SettingsPlace } from '../shared/provider-error';
import type { FetchLike } from '../shared/fetch-like';
import { failureOf } from '../shared/failure-text';

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
        ? failureOf(roleOf(place), 'timeout', { provider, seconds: req.timeoutMs / 1000 }, { kind: 'timeout' })
        : failureOf(roleOf(place), 'unreachable', { provider, origin: originOf(req.url), place }, { kind: 'network' }),
    );
  }
  if (!res.ok) throw new ProviderError(failureFromStatus(provider, place, res.status, res.headers));
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ProviderError(
      failureOf(roleOf(place), 'not-json', { provider, place }, { kind: 'bad-response', status: res.status }),
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderError(
      failureOf(roleOf(place), 'unexpected-shape', { provider, place }, { kind: 'bad-response', status: res.status }),
    );
  return parsed.data;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * A fetch that keeps the body of the last response refused (not ok): some providers say why they
 * refused only there (a bad key, no credits, both as a 400). The body is read from a clone, so the
 * response still reaches requestJson whole.
 */
export function keepingErrorBody(fetch: FetchLike): { fetch: FetchLike; errorBody: () => string } {
  let body = '';
  return {
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (!res.ok)
        body = await res
          .clone()
          .text()
          .catch(() => '');
      return res;
    },
    errorBody: () => body,
  };
}
