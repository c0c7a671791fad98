import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { isPrivateAddress, refuseUrl } from '@/lib/pages/fetch-page';
import { startFakeServer, type FakeServer } from '../../fakes/http-server';

let server: FakeServer;
const now = () => new Date('2026-11-30T12:00:00Z');

beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    if (req.url === '/huge') {
      // 20 MB of HTML, sent in 64 KB chunks while the client keeps reading.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'word '.repeat(13_000)}</p>`;
      let sent = 0;
      const write = () => {
        while (sent < 20_000_000) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => (sent = Infinity));
      write();
      return;
    }
    if (req.url === '/endless') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>The start of a page that never ends.</p>');
      const timer = setInterval(() => res.write('<p>more</p>'), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
      return;
    }
    if (req.url === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      res.end(
        Buffer.from(
          '<html><head><title>Caf\xe9</title></head><body><article><p>Un caf\xe9 cr\xe8me co\xfbte deux euros dans ce quartier tranquille de la ville, selon le guide publi\xe9 cette ann\xe9e.</p></article></body></html>',
          'latin1',
        ),
      );
      return;
    }
    res.writeHead(404);
    res.end();
  });
});
afterAll(() => server.close());

const opts = (extra: Partial<Parameters<typeof fetchPage>[1]> = {}) => ({
  fetch,
  parseHtml: parseHtmlWithLinkedom,
  allowPrivateNetwork: true, // the test server is on loopback
  now,
  ...extra,
});

describe('fetching within caps, with the reason in the outcome', () => {
  it('a 20 MB page is cut at the byte cap and says so', async () => {
    const o = await fetchPage(`${server.origin}/huge`, opts({ maxBytes: 1_000_000, timeoutMs: 10_000 }));
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.truncated).toBe(true);
      expect(o.bytes).toBe(1_000_000);
    }
  });

  it('a response that never ends is cut at the time cap, keeping what arrived', async () => {
    const o = await fetchPage(`${server.origin}/endless`, opts({ timeoutMs: 600 }));
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.truncated).toBe(true);
      expect(o.extraction.page.text).toContain('The start of a page that never ends.');
    }
  });

  it('non-HTML is skipped with the type; the charset header is honoured', async () => {
    expect(await fetchPage(`${server.origin}/pdf`, opts())).toEqual({
      ok: false,
      url: `${server.origin}/pdf`,
      reason: 'not HTML (application/pdf)',
    });
    const o = await fetchPage(`${server.origin}/latin1`, opts());
    expect(o.ok && o.extraction.page.text).toContain('Un café crème coûte deux euros');
  });

  it('private-network addresses are refused unless allowed; file: and other schemes always', async () => {
    expect(await fetchPage(`${server.origin}/pdf`, opts({ allowPrivateNetwork: false }))).toMatchObject({
      ok: false,
      reason: 'private-network address refused',
    });
    expect(refuseUrl('file:///etc/passwd', true)).toBe('file: URLs are not fetched');
    expect(refuseUrl('javascript:alert(1)', true)).toBe('javascript: URLs are not fetched');
    for (const u of [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://localhost:8080/',
      'http://printer.local/',
    ])
      expect(isPrivateAddress(new URL(u)), u).toBe(true);
    for (const u of ['https://example.com/', 'http://8.8.8.8/', 'http://172.32.0.1/'])
      expect(isPrivateAddress(new URL(u)), u).toBe(false);
  });
});
