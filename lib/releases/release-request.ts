import type { z } from 'zod';
import { ProviderError, failureFromStatus } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { ReleaseLookupOptions } from './release-source';

/** A JSON answer, or null for 404 (the source does not know the name), with the response's headers. */
export async function requestRelease<S extends z.ZodType>(
  provider: string,
  url: string,
  schema: S,
  options: ReleaseLookupOptions,
  headers: Record<string, string> = {},
): Promise<{ body: z.infer<S> | null; headers: Headers }> {
  let res: Response;
  try {
    res = await options.fetch(url, {
      credentials: 'omit',
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ProviderError(
      timedOut
        ? failureOf('search', 'timeout', { provider, seconds: options.timeoutMs / 1000 }, { kind: 'timeout' })
        : failureOf('search', 'source-unreachable', { provider }, { kind: 'network' }),
    );
  }
  if (res.status === 404) return { body: null, headers: res.headers };
  if (!res.ok) throw new ProviderError(failureFromStatus(provider, 'Search', res.status, res.headers));
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ProviderError(failureOf('search', 'source-not-json', { provider }, { kind: 'bad-response', status: res.status }));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError(
      failureOf('search', 'source-unexpected-shape', { provider }, { kind: 'bad-response', status: res.status }),
    );
  return { body: parsed.data, headers: res.headers };
}
