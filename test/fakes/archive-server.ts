import { sendJson, startFakeServer, type FakeServer } from './http-server';

/** A copy the fake archive holds of a page: when it was taken (YYYYMMDDhhmmss, UTC) and its HTML. */
export interface ArchivedCopy {
  url: string;
  timestamp: string;
  html: string;
}

export interface FakeArchive extends FakeServer {
  /** Adds a copy (a page archived at `timestamp`). */
  add(copy: ArchivedCopy): void;
}

const seconds = (ts: string) =>
  Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));

/**
 * A web archive on 127.0.0.1 speaking the Wayback Machine's shapes: `GET /wayback/available?url=&timestamp=`
 * answers `{url, archived_snapshots: {closest: {status, available, url, timestamp}}}` with the copy
 * nearest the timestamp (or `archived_snapshots: {}`), `/web/<timestamp>/<url>` serves that copy
 * under a toolbar of its own, as the archive does, and `/save/<url>` is its save page.
 */
export async function startFakeArchive(copies: ArchivedCopy[] = []): Promise<FakeArchive> {
  const held = [...copies];
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://archive.invalid');
    if (url.pathname === '/wayback/available') {
      const page = url.searchParams.get('url') ?? '';
      const at = url.searchParams.get('timestamp');
      const mine = held.filter((c) => c.url === page);
      const want = at && /^\d{14}$/.test(at) ? seconds(at) : Date.now();
      const closest = mine.sort((a, b) => Math.abs(seconds(a.timestamp) - want) - Math.abs(seconds(b.timestamp) - want))[0];
      sendJson(res, 200, {
        url: page,
        archived_snapshots: closest
          ? {
              closest: {
                status: '200',
                available: true,
                url: `${server.origin}/web/${closest.timestamp}/${closest.url}`,
                timestamp: closest.timestamp,
              },
            }
          : {},
      });
      return;
    }
    const web = /^\/web\/(\d{14})\/(.+)$/.exec(req.url);
    const copy = web && held.find((c) => c.timestamp === web[1] && c.url === web[2]);
    if (copy) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        copy.html.replace(
          /<body>/,
          '<body><div id="wm-toolbar">The archive’s toolbar: this copy was taken at ' + copy.timestamp + '.</div>',
        ),
      );
      return;
    }
    if (req.url.startsWith('/save/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Save page now</title><p>Save page now</p>');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not archived');
  });
  return { ...server, add: (copy) => void held.push(copy) };
}
