import type { z } from 'zod';
import { ProviderError, failureFromStatus } from '../shared/provider-error';
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
    throw new ProviderError({
      provider,
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut
        ? `${provider} did not answer within ${options.timeoutMs / 1000} s: try again.`
        : `${provider} is unreachable: check your connection, or turn it off in Settings → Search.`,
    });
  }
  if (res.status === 404) return { body: null, headers: res.headers };
  if (!res.ok) throw new ProviderError(failureFromStatus(provider, 'Search', res.status, res.headers));
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ProviderError({
      provider,
      kind: 'bad-response',
      status: res.status,
      message: `${provider} sent a reply that is not JSON.`,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError({
      provider,
      kind: 'bad-response',
      status: res.status,
      message: `${provider} sent JSON in an unexpected shape.`,
    });
  return { body: parsed.data, headers: res.headers };
}
