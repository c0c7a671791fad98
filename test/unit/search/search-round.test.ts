import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRound } from '@/lib/search/search-round';
import { memoryCache } from '@/lib/run/cache';
import { createBraveProvider } from '@/lib/search/brave';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { viaLoopback } from '../../fakes/fixture-site';
import { startFakeBrave } from '../../fakes/search-servers';
import { startFakeServer, type FakeServer } from '../../fakes/http-server';

// A search round over real adapters and HTTP fakes: what it counts, and in which order it reports
// the providers that failed (theirs, not the order their failures happened to arrive in).

let brave: FakeServer & { baseUrl: string };
let slowBrave: FakeServer & { baseUrl: string };
let down: FakeServer;
let calls = 0;
const fetchVia = viaLoopback();
const NOW = () => new Date('2026-11-30T12:00:00Z');

beforeAll(async () => {
  brave = await startFakeBrave({
    apiKey: 'bk',
    results: (q) => {
      calls++;
      return [{ url: `https://news.example/${encodeURIComponent(q)}`, title: q, description: q }];
    },
  });
  slowBrave = await startFakeBrave({ apiKey: 'bk', results: () => [], delayMs: 150 });
  down = await startFakeServer((_req, res) => {
    res.writeHead(503);
    res.end('down');
  });
});
afterAll(async () => {
  await Promise.all([brave.close(), slowBrave.close(), down.close()]);
});

describe('a search round', () => {
  it('counts the requests it sends and the queries the cache answers', async () => {
    const cache = memoryCache();
    const providers = [createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl })];
    const options = { count: 8, fetch: fetchVia, now: NOW, cache };
    calls = 0;
    const first = await searchRound(providers, ['bridge closed', 'bridge reopened'], options);
    expect({ requests: first.requests, cached: first.cached, hits: first.hits.length }).toEqual({
      requests: 2,
      cached: 0,
      hits: 2,
    });
    const again = await searchRound(providers, ['bridge closed', 'bridge reopened', 'bridge tolls'], options);
    expect({ requests: again.requests, cached: again.cached, hits: again.hits.length }).toEqual({
      requests: 1,
      cached: 2,
      hits: 3,
    });
    expect(calls).toBe(3);
  });

  it('lists failures and warnings in the providers’ order, whichever failed first', async () => {
    const providers = [
      createBraveProvider({ apiKey: 'wrong', baseUrl: slowBrave.baseUrl }),
      createWikipediaProvider({ baseUrl: `${down.origin}/w/api.php` }),
    ];
    const r = await searchRound(providers, ['bridge closed'], { count: 8, fetch: fetchVia, now: NOW });
    // The slow provider's 401 arrives 150 ms after Wikipedia's 503, and is still listed first.
    expect(r.failures.map((f) => f.provider)).toEqual([providers[0]!.name, providers[1]!.name]);
    expect(r.warnings).toEqual(
      r.failures.map((f) => expect.objectContaining({ role: 'search', code: 'provider-skipped', cause: f })),
    );
    expect(r.requests).toBe(2);
    expect(r.hits).toEqual([]);
  });
});
