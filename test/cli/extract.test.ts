import path from 'node:path';
import { describe, it } from 'vitest';
import { SAMPLES_DIR, samplePage } from '../fakes/sample-pages';
import { oneLine, runCli, runInProcess } from './run-cli';

// A real page of Readability's test set, copied into the repository (see its NOTICE.md).
const PAGE = path.relative(process.cwd(), path.join(SAMPLES_DIR, '002/source.html'));
const PAGE_URL = 'https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/';

interface ExtractOutput {
  title: string;
  published: { iso: string; source: string; why?: string } | null;
  text: string;
  passages: Array<{ id: string; text: string; start: number; end: number }>;
}

describe.concurrent('spanlight extract', () => {
  it('extracts a real page: title, date with its source, text, passages with exact offsets', async ({ expect }) => {
    const expected = samplePage('002').metadata as { title: string };
    const r = await runCli(['extract', PAGE, '--url', PAGE_URL]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ExtractOutput;
    expect(Object.keys(out)).toEqual(['title', 'published', 'text', 'passages']);
    expect(out.title).toBe(expected.title);
    expect(out.published).toEqual({
      iso: '2015-03-10T08:05:41-07:00',
      source: 'meta',
      why: 'markup labelled as published (2015-03-10), with the byline next to the title, a date element in the text',
    });
    expect(out.text).toContain('The Fetch API intends to fix most of these problems.');
    expect(out.passages.length).toBeGreaterThan(10);
    let previousEnd = 0;
    for (const p of out.passages) {
      expect(Object.keys(p)).toEqual(['id', 'text', 'start', 'end']);
      expect(out.text.slice(p.start, p.end)).toBe(p.text);
      expect(p.start).toBeGreaterThanOrEqual(previousEnd);
      previousEnd = p.end;
    }
    expect(new Set(out.passages.map((p) => p.id)).size).toBe(out.passages.length);
  });

  it("a fact-checker's saved page: its ClaimReview markup printed as claimReviews (issue #26)", async ({ expect }) => {
    const file = path.resolve('test/fixtures/pages/fact-check-article.html');
    const r = await runInProcess(['extract', file, '--url', 'https://checker.example/fact-checks/riverside-bridge/']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ExtractOutput & { claimReviews: unknown };
    expect(Object.keys(out)).toEqual(['title', 'published', 'text', 'passages', 'claimReviews']);
    expect(out.text).toContain('The bridge opened to traffic in 1853');
    expect(out.claimReviews).toEqual([
      {
        claimReviewed: 'The Riverside bridge was built in 1790.',
        rating: 'False',
        ratingValue: 1,
        bestRating: 5,
        worstRating: 1,
        author: 'Example Fact Check',
        datePublished: '2024-03-12',
        url: 'https://checker.example/fact-checks/riverside-bridge/',
        claimAuthor: 'A. Councillor',
        appearances: ['https://social.example/post/123'],
      },
    ]);
  });

  it('reads the HTML from stdin with "-"', async ({ expect }) => {
    const html =
      '<!doctype html><html><head><title>Stdin page</title></head><body><p>A short page read from standard input.</p></body></html>';
    const r = await runInProcess(['extract', '-', '--url', 'https://example.org/stdin'], { stdin: html });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ExtractOutput;
    expect(out.title).toBe('Stdin page');
    expect(out.text).toContain('A short page read from standard input.');
    expect(out.published).toBeNull();
  });

  it('a missing file: one line naming it, exit 1', async ({ expect }) => {
    const r = await runCli(['extract', 'no/such/page.html', '--url', 'https://example.org/']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe('spanlight extract: no/such/page.html: no such file');
    expect(r.stdout).toBe('');
  });

  it('an unreadable file (a directory): one line, exit 1', async ({ expect }) => {
    const r = await runInProcess(['extract', 'cli', '--url', 'https://example.org/']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe('spanlight extract: cli: is a directory, not a file');
  });

  it('no --url, as a process: a usage error, exit 2', async ({ expect }) => {
    const r = await runCli(['extract', PAGE]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      'spanlight extract: missing --url URL (the address the page was served from) (see spanlight extract --help)',
    );
    expect(r.stdout).toBe('');
  });

  it('usage errors: a bad --url, no FILE, two FILEs, an unknown option; exit 2', async ({ expect }) => {
    const cases: Array<[string[], RegExp]> = [
      [['extract', PAGE, '--url'], /^spanlight extract: --url needs a value /],
      [
        ['extract', PAGE, '--url', 'example.org'],
        /^spanlight extract: --url must be an absolute http\(s\) URL, got "example.org"/,
      ],
      [['extract', PAGE, '--url', 'file:///etc/passwd'], /^spanlight extract: --url must be an http\(s\) URL/],
      [['extract', '--url', PAGE_URL], /^spanlight extract: missing FILE/],
      [['extract', 'a.html', 'b.html', '--url', PAGE_URL], /^spanlight extract: expected one FILE .*got 2/],
      [['extract', PAGE, '--url', PAGE_URL, '--fast'], /^spanlight extract: unknown option --fast /],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(oneLine(r.stderr)).toMatch(/\(see spanlight extract --help\)$/);
      expect(r.stdout).toBe('');
    }
  });
});
