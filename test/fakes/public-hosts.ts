import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listenOnLoopback, recordingListener, type FakeServer, type RecordedRequest } from './http-server';

export type HostHandler = (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>;

export interface PublicHosts extends FakeServer {
  /**
   * Chromium's --host-resolver-rules entries that send each public host name's HTTPS port here
   * (with --ignore-certificate-errors, as the certificate is self-signed).
   */
  hostRules: string[];
}

/** A self-signed certificate for the test server, made with openssl (Debian's), in a temporary folder. */
function selfSigned(hosts: string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanlight-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=spanlight-test',
        '-addext',
        `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } catch (e) {
    throw new Error(`openssl could not make the test certificate (${String(e)}): install it with "apt-get install openssl".`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Stands in for public web hosts (en.wikipedia.org, registry.npmjs.org…) on one HTTPS server on
 * 127.0.0.1, answering each by its Host header, so the extension runs with its default settings
 * (a fresh profile, nothing configured) while the browser's host rules send those names here.
 */
export async function startPublicHosts(routes: Record<string, HostHandler>): Promise<PublicHosts> {
  const requests: RecordedRequest[] = [];
  const byHost: HostHandler = (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const handler = routes[host];
    if (handler) return handler(req, res);
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`no fake for ${host}`);
  };
  const server = https.createServer(selfSigned(Object.keys(routes)), recordingListener(requests, byHost));
  const { port, close } = await listenOnLoopback(server);
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    requests,
    hostRules: Object.keys(routes).map((h) => `MAP ${h}:443 127.0.0.1:${port}`),
    close,
  };
}
