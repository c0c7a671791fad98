import type { ProviderFailure } from '../types';

/** A provider failure carried as an Error inside a stage, and as data (`failure`) across contexts. */
export class ProviderError extends Error {
  readonly failure: ProviderFailure;
  /** Text a streaming model had sent before it failed (a cut-off stream), if any. */
  readonly partialText: string;
  constructor(failure: ProviderFailure, partialText = '') {
    super(failure.message);
    this.name = 'ProviderError';
    this.failure = failure;
    this.partialText = partialText;
  }
}

/** Where a person fixes each provider's settings, used in messages. */
export type SettingsPlace = 'Search' | 'Model';

/** Maps an HTTP status to a typed failure with a message a person can act on. */
export function failureFromStatus(provider: string, place: SettingsPlace, status: number, headers: Headers): ProviderFailure {
  if (status === 401)
    return { provider, kind: 'auth', status, message: `${provider} rejected the key (401): check Settings → ${place}.` };
  if (status === 403)
    return {
      provider,
      kind: 'forbidden',
      status,
      message: `${provider} refused the request (403): check the key's plan and the base URL in Settings → ${place}.`,
    };
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers);
    const wait = retryAfterSeconds === undefined ? 'later' : `in ${retryAfterSeconds} s`;
    return {
      provider,
      kind: 'rate-limited',
      status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      message: `${provider} is rate-limiting this key (429): try again ${wait}.`,
    };
  }
  if (status >= 500)
    return { provider, kind: 'server', status, message: `${provider} had a server error (${status}): try again.` };
  return {
    provider,
    kind: 'bad-response',
    status,
    message: `${provider} answered ${status}: check the base URL in Settings → ${place}.`,
  };
}

/** Reads Retry-After (seconds or HTTP date) or X-RateLimit-Reset (seconds, Brave). */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ra = headers.get('retry-after');
  if (ra) {
    if (/^\d+$/.test(ra.trim())) return Number(ra.trim());
    const t = Date.parse(ra);
    if (!Number.isNaN(t)) return Math.max(0, Math.round((t - now) / 1000));
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset) {
    // Brave sends a comma-separated list (per-second, per-month windows); the first is the nearest.
    const first = Number(reset.split(',')[0]?.trim());
    if (Number.isFinite(first)) return first;
  }
  return undefined;
}
