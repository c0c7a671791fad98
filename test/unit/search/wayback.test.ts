import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archivedCopyUrl, closestSnapshot, savePageUrl, waybackTimestamp } from '@/lib/search/wayback';
import { sendJson, startFakeServer, type FakeServer } from '../../fakes/http-server';
import { closedOrigin, failureOf } from '../../fakes/provider-cases';

const PAGE = 'https://news.example/2024/03/bridge?ref=a&b=1';
const READ_AT = '2024-03-12T09:30:05.000Z';

/** What the fake archive answers next: a JSON body with a status, raw text, or nothing (hang). */
const NO_COPY = { status: 200, json: { url: PAGE, archived_snapshots: {} } };
let reply: { status: number; json?: unknown; text?: string } | 'hang' = NO_COPY;
let archive: FakeServer;

/** The availability API's reply for a page with a copy (the shape the archive documents). */
const withCopy = (closest: Record<string, unknown>) => ({
  url: PAGE,
  archived_snapshots: { closest },
  timestamp: '20240312093005',
});
const copy = {
  status: '200',
  available: true,
  url: 'http://127.0.0.1/web/20240311221547/https://news.example/2024/03/bridge',
  timestamp: '20240311221547',
};

beforeAll(async () => {
  archive = await startFakeServer((req, res) => {
    if (!req.url.startsWith('/wayback/available')) return sendJson(res, 404, { error: 'not found' });
    if (reply === 'hang') return;
    if (reply.text !== undefined) {
      res.writeHead(reply.status, { 'content-type': 'text/html' });
      return void res.end(reply.text);
    }
    sendJson(res, reply.status, reply.json);
  });
});
afterAll(() => archive.close());
afterEach(() => {
  archive.requests.length = 0;
  reply = NO_COPY;
});

const closest = (over: { page?: string; readAt?: string; base?: string; timeoutMs?: number } = {}) =>
  closestSnapshot(
    over.page ?? PAGE,
    over.readAt ?? READ_AT,
    { apiBaseUrl: over.base ?? archive.origin },
    {
      fetch,
      timeoutMs: over.timeoutMs ?? 2000,
    },
  );

describe('Wayback availability', () => {
  it('asks for the copy closest to when the page was read: url and timestamp YYYYMMDDhhmmss', async () => {
    reply = { status: 200, json: withCopy(copy) };
    const snapshot = await closest();
    const sent = new URL(archive.requests[0]!.url, 'http://x');
    expect(sent.pathname).toBe('/wayback/available');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ url: PAGE, timestamp: '20240312093005' });
    expect(snapshot).toEqual({
      url: copy.url,
      timestamp: '20240311221547',
      archivedAt: '2024-03-11T22:15:47Z',
      status: '200',
      available: true,
    });
  });

  it('a base URL’s trailing slash is not doubled', async () => {
    expect(await closest({ base: `${archive.origin}/` })).toBeNull();
    expect(archive.requests[0]!.url.startsWith('/wayback/available?')).toBe(true);
  });

  it('no copy ({} of snapshots), a copy marked unavailable, a copy of an error page: none', async () => {
    reply = { status: 200, json: { url: PAGE, archived_snapshots: {} } };
    expect(await closest()).toBeNull();
    reply = { status: 200, json: withCopy({ ...copy, available: false }) };
    expect(await closest()).toBeNull();
    reply = { status: 200, json: withCopy({ ...copy, status: '404' }) };
    expect(await closest()).toBeNull();
  });

  it('a malformed copy (a javascript: url, a bad timestamp) is no copy; a reply not in the API’s shape fails', async () => {
    reply = { status: 200, json: withCopy({ ...copy, url: 'javascript:alert(1)' }) };
    expect(await closest()).toBeNull();
    reply = { status: 200, json: withCopy({ ...copy, timestamp: '2024-03-11' }) };
    expect(await closest()).toBeNull();
    reply = { status: 200, json: { results: [] } };
    expect(await failureOf(closest())).toMatchObject({ kind: 'bad-response', code: 'source-unexpected-shape' });
    reply = { status: 200, text: '<html>Sign in</html>' };
    expect(await failureOf(closest())).toMatchObject({ kind: 'bad-response', code: 'source-not-json' });
  });

  it('the archive failing: its status, down, or never answering', async () => {
    reply = { status: 503, text: 'Service Unavailable' };
    expect(await failureOf(closest())).toMatchObject({ provider: 'The Wayback Machine', kind: 'server', status: 503 });
    const down = await failureOf(closest({ base: await closedOrigin() }));
    expect(down).toMatchObject({ kind: 'network', code: 'source-unreachable' });
    expect(down.message).toBe('The Wayback Machine is unreachable: check your connection, or turn it off in Settings → Sources.');
    reply = 'hang';
    expect(await failureOf(closest({ timeoutMs: 300 }))).toMatchObject({ kind: 'timeout' });
  });

  it('a page that is not http(s) is never asked about', async () => {
    expect(await closest({ page: 'file:///etc/passwd' })).toBeNull();
    expect(archive.requests).toHaveLength(0);
  });
});

describe('archive addresses', () => {
  it('the timestamp of a read time, in UTC', () => {
    expect(waybackTimestamp('2024-03-12T09:30:05+02:00')).toBe('20240312073005');
    expect(waybackTimestamp('2024-03-12')).toBe('20240312000000');
    expect(waybackTimestamp('not a date')).toBeNull();
  });

  it('the save page and a dated copy of a page; none for a URL that is not http(s)', () => {
    expect(savePageUrl(PAGE)).toBe(`https://web.archive.org/save/${PAGE}`);
    expect(savePageUrl(PAGE, 'http://127.0.0.1:9/')).toBe(`http://127.0.0.1:9/save/${PAGE}`);
    expect(savePageUrl('javascript:alert(1)')).toBeNull();
    expect(archivedCopyUrl(PAGE, READ_AT)).toBe(`https://web.archive.org/web/20240312093005/${PAGE}`);
    expect(archivedCopyUrl(PAGE, 'never')).toBeNull();
  });
});
