import { expect } from 'vitest';
import { ProviderError } from '@/lib/shared/provider-error';
import type { ProviderFailure } from '@/lib/shared/types';
import { startFakeServer } from './http-server';
import type { ProviderReply } from './search-servers';

/** The fixed clock of the adapter tests. */
export const NOW = new Date('2026-11-30T12:00:00Z');

/** The ProviderError's failure a search rejected with (fails the test if it resolved or threw anything else). */
export async function failureOf(search: Promise<unknown>): Promise<ProviderFailure> {
  const outcome = await search.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if ('resolved' in outcome) throw new Error(`expected a ProviderError, got ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.error).toBeInstanceOf(ProviderError);
  return (outcome.error as ProviderError).failure;
}

/** A scripted bad reply and the failure every adapter must turn it into. */
export interface ErrorCase {
  name: string;
  reply: ProviderReply;
  failure: Partial<ProviderFailure>;
  /** What the message must say (an action a person can take). */
  message: RegExp;
}

const json = { 'content-type': 'application/json' };

/**
 * Replies every adapter maps the same way: rate limits with and without Retry-After, server errors,
 * and 200 answers that are not JSON. `errorBody` is the provider's usual error JSON.
 */
export function commonErrorCases(provider: string, errorBody: unknown): ErrorCase[] {
  return [
    {
      name: '429 with Retry-After in seconds',
      reply: { status: 429, json: errorBody, headers: { 'retry-after': '17' } },
      failure: { provider, kind: 'rate-limited', status: 429, retryAfterSeconds: 17 },
      message: /\(429\).*try again in 17 s/,
    },
    {
      name: '429 without Retry-After',
      reply: { status: 429, json: errorBody },
      failure: { provider, kind: 'rate-limited', status: 429 },
      message: /\(429\).*try again later/,
    },
    {
      name: '500',
      reply: { status: 500, json: errorBody },
      failure: { provider, kind: 'server', status: 500 },
      message: /server error \(500\): try again/,
    },
    {
      name: '503 from a proxy, as HTML',
      reply: {
        status: 503,
        text: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
        headers: { 'content-type': 'text/html' },
      },
      failure: { provider, kind: 'server', status: 503 },
      message: /server error \(503\): try again/,
    },
    {
      name: 'a 200 HTML page (a captive portal or wrong base URL)',
      reply: {
        status: 200,
        text: '<!doctype html><html><head><title>Sign in</title></head><body>Sign in</body></html>',
        headers: { 'content-type': 'text/html' },
      },
      failure: { provider, kind: 'bad-response', status: 200 },
      message: /not JSON: check the base URL in Settings → Search/,
    },
    {
      name: 'a 200 with truncated JSON',
      reply: { status: 200, text: '{"results": [{"url": "https://exa', headers: json },
      failure: { provider, kind: 'bad-response', status: 200 },
      message: /not JSON: check the base URL in Settings → Search/,
    },
  ];
}

/** A 200 whose JSON is not the provider's shape must be a bad-response failure, never "no results". */
export function expectWrongShape(failure: ProviderFailure, provider: string) {
  expect(failure).toMatchObject({ provider, kind: 'bad-response', status: 200 });
  expect(failure.message).toMatch(/unexpected shape: check the base URL in Settings → Search/);
}

/** An origin nothing listens on: a server started and closed again. */
export async function closedOrigin(): Promise<string> {
  const server = await startFakeServer((_req, res) => {
    res.end();
  });
  await server.close();
  return server.origin;
}

/** A deep copy of a recorded body with its result list changed by `edit` (the recording stays as it is). */
export function withResults<T>(body: T, list: (copy: T) => unknown[], edit: (rows: Array<Record<string, unknown>>) => void): T {
  const copy = structuredClone(body);
  edit(list(copy) as Array<Record<string, unknown>>);
  return copy;
}
