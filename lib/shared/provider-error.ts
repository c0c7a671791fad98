import type { FailureRole, ProviderFailure } from './types';
import { failureOf } from './failure-text';

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
  const role = roleOf(place);
  if (status === 401) return failureOf(role, 'key-rejected', { provider, place }, { kind: 'auth', status });
  if (status === 403) return failureOf(role, 'request-refused', { provider, place }, { kind: 'forbidden', status });
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers);
    return retryAfterSeconds === undefined
      ? failureOf(role, 'rate-limited', { provider }, { kind: 'rate-limited', status })
      : failureOf(
          role,
          'rate-limited-for',
          { provider, seconds: retryAfterSeconds },
          { kind: 'rate-limited', status, retryAfterSeconds },
        );
  }
  if (status >= 500) return failureOf(role, 'server-error', { provider, status }, { kind: 'server', status });
  return failureOf(role, 'unexpected-status', { provider, status, place }, { kind: 'bad-response', status });
}

/** The role of a provider whose settings live under `place`. */
export function roleOf(place: SettingsPlace): FailureRole {
  return place === 'Model' ? 'model' : 'search';
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

/** The failure a thrown value stands for: a provider's own, or a bug of ours ("internal-error"). */
export function failureOfThrown(e: unknown): ProviderFailure {
  if (e instanceof ProviderError) return e.failure;
  return failureOf('internal', 'internal-error', { error: e instanceof Error ? e.message : String(e) }, { kind: 'bad-response' });
}
