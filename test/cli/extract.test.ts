import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { oneLine, runCli, runInProcess } from './run-cli';

const PAGE_DIR = path.resolve('../shared/corpus/readability-pages/aclu');
const PAGE = path.join(PAGE_DIR, 'source.html');
const PAGE_URL = 'https://www.aclu.org/blog/privacy-technology/internet-privacy/facebook-tracking-me-even-though-im-not-facebook';

interface ExtractOutput {
  title: string;
  published: { iso: string; source: string } | null;
  text: string;
  passages: Array<{ id: string; text: string; start: number; end: number }>;
}

describe.concurrent('spanlight extract', () => {
  it('extracts a real corpus page: title, date with its source, text, passages with exact offsets', async ({ expect }) => {
    if (!existsSync(PAGE))
      throw new Error(
        `Corpus page not found at ${PAGE}: the CLI tests read ../shared/corpus/readability-pages relative to the project root.`,
      );
    const expected = JSON.parse(readFileSync(path.join(PAGE_DIR, 'expected-metadata.json'), 'utf8')) as { title: string };
    const r = await runCli(['extract', PAGE, '--url', PAGE_URL]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as ExtractOutput;
    expect(Object.keys(out)).toEqual(['title', 'published', 'text', 'passages']);
    expect(out.title).toBe(expected.title);
    // The update is kept beside the publication date, never in its place.
    expect(out.published).toEqual({ iso: '2018-04-05T06:00:00.000Z', source: 'structured-data', modified: '2018-04-11' });
    expect(out.text).toContain('The Cambridge Analytica scandal is one instance of this long-running problem');
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
