import { z } from 'zod';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { requestRelease } from './release-request';
import type { ReleaseSource } from './release-source';

// GitHub's REST API (GET /repos/<owner>/<repo>/releases/latest): only the fields we use.
const ReleaseSchema = z.object({
  tag_name: z.string(),
  name: z.string().nullable().optional(),
  published_at: z.string().nullable(),
  html_url: z.string(),
});

/** When GitHub's keyless quota (60 requests an hour) is spent, until when: no request before then. */
const exhaustedUntil = new Map<string, number>();

/** "59 of 60 requests left this hour", from GitHub's X-RateLimit-* headers. */
function rateLimitOf(headers: Headers): string | undefined {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  return limit && remaining ? `${remaining} of ${limit} requests left this hour` : undefined;
}

/** "14:05", the UTC time of day of an epoch time in milliseconds. */
function utcTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/** GitHub's public releases API, keyless: the latest release of a repository, within its rate limit. */
export function createGithubReleasesSource(config: { baseUrl: string } = { baseUrl: 'https://api.github.com' }): ReleaseSource {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    id: 'github',
    name: 'GitHub releases',
    async lookup(subject, options) {
      if (!/^[\w.-]+\/[\w.-]+$/.test(subject)) return { facts: null };
      const until = exhaustedUntil.get(base) ?? 0;
      if (until > options.now().getTime())
        throw new ProviderError(
          failureOf(
            'search',
            'keyless-limit-until',
            { provider: 'GitHub', time: utcTime(until) },
            { kind: 'rate-limited', retryAfterSeconds: Math.ceil((until - options.now().getTime()) / 1000) },
          ),
        );
      let answer: Awaited<ReturnType<typeof requestRelease<typeof ReleaseSchema>>>;
      try {
        answer = await requestRelease('GitHub', `${base}/repos/${subject}/releases/latest`, ReleaseSchema, options, {
          Accept: 'application/vnd.github+json',
          'X-GitHub-Api-Version': '2022-11-28',
        });
      } catch (e) {
        if (e instanceof ProviderError && (e.failure.status === 403 || e.failure.status === 429)) {
          // X-RateLimit-Reset is GitHub's epoch seconds; Retry-After a delay. An hour when neither is said.
          const reset = Number(e.failure.retryAfterSeconds);
          const now = options.now().getTime();
          const resetAt = !Number.isFinite(reset) ? now + 3_600_000 : reset > 1e9 ? reset * 1000 : now + reset * 1000;
          exhaustedUntil.set(base, resetAt);
          throw new ProviderError(
            failureOf(
              'search',
              'keyless-limit-spent',
              { provider: 'GitHub', status: e.failure.status ?? 429, time: utcTime(resetAt) },
              {
                kind: 'rate-limited',
                retryAfterSeconds: Math.ceil((resetAt - now) / 1000),
                ...(e.failure.status === undefined ? {} : { status: e.failure.status }),
              },
            ),
          );
        }
        throw e;
      }
      const rateLimit = rateLimitOf(answer.headers);
      if (answer.headers.get('x-ratelimit-remaining') === '0') {
        const reset = Number(answer.headers.get('x-ratelimit-reset'));
        if (Number.isFinite(reset)) exhaustedUntil.set(base, reset * 1000);
      }
      const r = answer.body;
      if (!r || !r.published_at) return { facts: null, ...(rateLimit ? { rateLimit } : {}) };
      return {
        facts: {
          name: subject,
          version: r.tag_name.replace(/^v(?=\d)/, ''),
          published: r.published_at,
          url: r.html_url,
          publisher: 'GitHub',
          repository: subject,
        },
        ...(rateLimit ? { rateLimit } : {}),
      };
    },
  };
}
