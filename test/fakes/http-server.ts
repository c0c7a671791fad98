import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded request: what a fake provider saw. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>;

/**
 * The request listener of every fake: records each request with its body, then hands it to
 * `handler` (a throw or a rejection is a 500 with the error as text).
 */
export function recordingListener(requests: RecordedRequest[], handler: FakeHandler): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      new Promise<void>((resolve) => resolve(handler(recorded, res))).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      });
    });
  };
}

/** Listens on a free port of 127.0.0.1 (never another address); `close` ends open connections first. */
export async function listenOnLoopback(server: http.Server): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts an HTTP server on 127.0.0.1, recording every request. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const { port, close } = await listenOnLoopback(http.createServer(recordingListener(requests, handler)));
  return { origin: `http://127.0.0.1:${port}`, port, requests, close };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
