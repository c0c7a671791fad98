import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillCache, sourceFrom, type ManifestFile } from '../../../scripts/data';

// `npm run data` against a file server on 127.0.0.1 that the test starts and stops: the files it
// serves, one whose bytes are not the manifest's, one it does not have (404), one it never answers.

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const entry = (p: string, text: string): ManifestFile => ({ path: p, size: Buffer.byteLength(text), sha256: sha(text) });

const PAGE = '<p>A page.</p>\n';
const LINES = '{"id":1}\n{"id":2}\n';
const good = [entry('corpus/pages/a page/source.html', PAGE), entry('data/set/dev.jsonl', LINES)];
const wrong = entry('data/set/other.jsonl', 'what the manifest says\n');
const missing = entry('data/set/missing.jsonl', 'never served\n');
const silent = entry('data/slow/never.jsonl', 'never answered\n');

let work: string;
let served: string;
let cache: string;
let server: Server;
let base: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'spanlight-data-'));
  served = path.join(work, 'served');
  for (const [p, text] of [
    [good[0]!.path, PAGE],
    [good[1]!.path, LINES],
    [wrong.path, 'something else\n'],
  ] as const) {
    mkdirSync(path.dirname(path.join(served, p)), { recursive: true });
    writeFileSync(path.join(served, p), text);
  }
  server = createServer((req, res) => {
    const file = path.join(served, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (file.includes(`${path.sep}slow${path.sep}`)) return; // never answers
    if (!file.startsWith(served) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  cache = mkdtempSync(path.join(work, 'cache-'));
});

const complete = () => path.join(cache, '.complete');

describe('npm run data, from a server', () => {
  it('fetches every file, checks it, marks the cache complete; a second run keeps them and fetches none', async () => {
    const source = sourceFrom({ SPANLIGHT_DATA_URL: base.slice(0, -1) })!;
    const first = await fillCache({ files: good, cache, source, stamp: 'm1' });
    expect(first).toEqual({ fetched: 2, kept: 0, errors: [] });
    expect(readFileSync(path.join(cache, good[0]!.path), 'utf8')).toBe(PAGE);
    expect(readFileSync(path.join(cache, good[1]!.path), 'utf8')).toBe(LINES);
    expect(readFileSync(complete(), 'utf8')).toBe('m1\n');
    const again = await fillCache({ files: good, cache, source, stamp: 'm1' });
    expect(again).toEqual({ fetched: 0, kept: 2, errors: [] });
  });

  it('a wrong hash: one line naming the file; the good files stay, the bad one is not written', async () => {
    const source = { kind: 'url' as const, base };
    await fillCache({ files: good, cache, source, stamp: 'm1' });
    const r = await fillCache({ files: [...good, wrong], cache, source, stamp: 'm2' });
    expect(r.fetched).toBe(0);
    expect(r.kept).toBe(2);
    expect(r.errors).toEqual([
      `data/set/other.jsonl: sha256 ${sha('something else\n').slice(0, 12)}… (15 bytes), the manifest says ${wrong.sha256.slice(0, 12)}… (23 bytes)`,
    ]);
    expect(existsSync(path.join(cache, wrong.path))).toBe(false);
    expect(readFileSync(path.join(cache, good[0]!.path), 'utf8')).toBe(PAGE);
    expect(existsSync(complete())).toBe(false);
  });

  it('a file the server does not have (404), and one it never answers: a line each; the others are fetched', async () => {
    const source = { kind: 'url' as const, base };
    const r = await fillCache({ files: [missing, ...good, silent], cache, source, stamp: 'm3', timeoutMs: 500 });
    expect(r.fetched).toBe(2);
    expect(r.errors).toEqual([
      `data/set/missing.jsonl: not found at ${base}data/set/missing.jsonl (HTTP 404)`,
      `data/slow/never.jsonl: cannot be fetched from ${base}data/slow/never.jsonl (no answer in 0.5 s)`,
    ]);
    expect(existsSync(complete())).toBe(false);
  });

  it('as a command: the failures one line each, naming the files, exit 1; all good: one line, exit 0', async () => {
    const manifest = path.join(work, 'manifest.json');
    const run = async (files: ManifestFile[]) => {
      writeFileSync(manifest, JSON.stringify({ groups: [{ dir: 'x', files }] }));
      try {
        const { stdout, stderr } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'scripts/data.ts', '--manifest', manifest, '--cache', cache],
          { env: { ...process.env, SPANLIGHT_DATA_URL: base }, timeout: 20_000 },
        );
        return { code: 0, stdout, stderr };
      } catch (e) {
        const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string };
        return { code, stdout, stderr };
      }
    };
    const bad = await run([...good, wrong, missing]);
    expect(bad.code).toBe(1);
    const lines = bad.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^npm run data: data\/set\/other\.jsonl: sha256 /);
    expect(lines[1]).toMatch(/^npm run data: data\/set\/missing\.jsonl: not found at .* \(HTTP 404\)$/);
    expect(lines[2]).toMatch(/^npm run data: 2 of 4 files failed; 2 good ones are in /);
    const ok = await run(good);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toMatch(
      /^npm run data: 2 files checked in .* \(0 fetched from http:\/\/127\.0\.0\.1:\d+\/, 2 already there, [\d.]+ s\)\n$/,
    );
  });
});

describe('where npm run data reads from', () => {
  it('SPANLIGHT_DATA_URL, then SPANLIGHT_DATA_SOURCE, then the mirror beside the project, else none', () => {
    expect(sourceFrom({ SPANLIGHT_DATA_URL: 'http://h/d', SPANLIGHT_DATA_SOURCE: '/m' })).toEqual({
      kind: 'url',
      base: 'http://h/d/',
    });
    expect(sourceFrom({ SPANLIGHT_DATA_SOURCE: '/m' }, '/no/such/mirror')).toEqual({ kind: 'dir', dir: path.resolve('/m') });
    expect(sourceFrom({}, work)).toEqual({ kind: 'dir', dir: work });
    expect(sourceFrom({}, '/no/such/mirror')).toBeNull();
  });

  it('a folder: copies and checks the same way; a file it lacks is one line', async () => {
    const r = await fillCache({ files: [...good, missing], cache, source: { kind: 'dir', dir: served }, stamp: 'd' });
    expect(r.fetched).toBe(2);
    expect(r.errors).toEqual([`data/set/missing.jsonl: not found in ${served}`]);
  });
});
