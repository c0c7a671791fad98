import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AnswerResult } from '../../lib/shared/types';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { oneLine, runCli, runInProcess } from './run-cli';

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const GROWTH = 'City planners said the population of Exampleville grew by 3.4 percent in 2025.';
const Q = 'What is the population of Exampleville?';
const SEARCH_KEY = 'brave-key-do-not-print';
const MODEL_KEY = 'model-key-do-not-print';

// The child process uses Node's own fetch, which cannot resolve *.test names: the fixture pages are
// served as 127.0.0.1 and localhost, two host names (two "domains" for selection and the gate) on
// one loopback server, which the pipeline reads with SPANLIGHT_ALLOW_PRIVATE_NETWORK=1.
let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
let model: FakeOpenAi;
let down: FakeServer;

beforeAll(async () => {
  down = await startFakeServer((_req, res) => {
    res.writeHead(503);
    res.end('down');
  });
  site = await startFixtureSite([
    {
      host: '127.0.0.1',
      path: '/population',
      html: articleHtml({ title: 'Census', published: '2026-02-10T09:00:00Z', paragraphs: [CENSUS] }),
    },
    { host: 'localhost', path: '/growth', html: articleHtml({ title: 'Growth', paragraphs: [GROWTH] }) },
  ]);
  brave = await startFakeBrave({
    apiKey: SEARCH_KEY,
    results: () => [
      { url: site.urlOf('127.0.0.1', '/population'), title: 'Census', description: 'census' },
      { url: site.urlOf('localhost', '/growth'), title: 'Growth', description: 'growth' },
    ],
  });
  model = await startFakeOpenAi({
    apiKey: MODEL_KEY,
    reply: (body) => {
      const spans = spansInPrompt(body);
      const c = spans.find((s) => s.text.includes('412,000'));
      const g = spans.find((s) => s.text.includes('3.4 percent'));
      if (!c || !g) return 'INSUFFICIENT';
      return `Exampleville had 412,000 residents on 1 January 2026 [${c.id}]. The population grew by 3.4 percent in 2025 [${g.id}].`;
    },
  });
});
afterAll(async () => {
  await Promise.all([site?.close(), brave?.close(), model?.close(), down?.close()]);
});

function env(over: Record<string, string> = {}): Record<string, string> {
  return {
    SPANLIGHT_SEARCH_PROVIDER: 'brave',
    SPANLIGHT_SEARCH_KEY: SEARCH_KEY,
    SPANLIGHT_SEARCH_BASE_URL: brave.baseUrl,
    SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1',
    ...over,
  };
}
const withModel = () =>
  env({ SPANLIGHT_MODEL_BASE_URL: model.baseUrl, SPANLIGHT_MODEL_KEY: MODEL_KEY, SPANLIGHT_MODEL: 'fake-model' });

function keysNotIn(text: string): boolean {
  return !text.includes(SEARCH_KEY) && !text.includes(MODEL_KEY);
}

describe.concurrent('spanlight ask, against HTTP fakes', () => {
  it('answers with the model: the AnswerResult as JSON, progress on stderr, no key printed', async ({ expect }) => {
    const r = await runCli(['ask', Q], { env: withModel() });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as AnswerResult;
    expect(result.mode).toBe('grounded');
    if (result.mode !== 'grounded') return;
    expect(result.question).toBe(Q);
    expect(result.claims.map((c) => c.status)).toEqual(['supported', 'supported']);
    expect(result.sources.map((s) => new URL(s.url).hostname).sort()).toEqual(['127.0.0.1', 'localhost']);
    // Each page read once, with the archive's address for its copy closest to when it was read.
    const { archived } = JSON.parse(r.stdout) as { archived: Array<{ url: string; retrievedAt: string; archived: string }> };
    expect(archived.map((a) => a.url)).toEqual([...new Set(result.evidence.map((e) => e.url))]);
    for (const a of archived)
      expect(a.archived).toBe(`https://web.archive.org/web/${a.retrievedAt.replace(/[-:T]/g, '').slice(0, 14)}/${a.url}`);
    expect(result.trace.stages.map((s) => s.stage)).toContain('compose');
    expect(r.stderr).toContain(
      `search: Brave Search at ${brave.baseUrl} (key set); model: fake-model at ${model.baseUrl} (key set)`,
    );
    // A single-hop question, planned in code: the question and its keywords.
    expect(r.stderr).toMatch(/^spanlight ask: Searching 2 queries on 1 source/m);
    expect(r.stderr).toMatch(/^spanlight ask: grounded: 2\/2 claims supported, 2 sources$/m);
    expect(keysNotIn(r.stdout + r.stderr)).toBe(true);
    // The CLI says who it is to every server, and the model got the key from the environment.
    expect(brave.requests.some((q) => q.headers['user-agent'] === 'Spanlight/0.1 (command line)')).toBe(true);
    expect(model.chats.length).toBeGreaterThan(0);
  });

  it('--format markdown, keyless composer: claims with [S1] markers, then numbered sources with URLs', async ({ expect }) => {
    const r = await runCli(['ask', '--format', 'markdown', Q], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('model: extractive (no model)');
    const md = r.stdout;
    expect(md.startsWith(`# ${Q}\n`)).toBe(true);
    expect(md).toMatch(/412,000 residents.* \[S\d\]/);
    expect(md).toMatch(/^## Sources$/m);
    const sources = md.slice(md.indexOf('## Sources')).match(/^\d+\. \[S\d+\] .* — (http\S+) \(web, .*\)$/gm) ?? [];
    expect(sources.length).toBeGreaterThan(0);
    for (const line of sources) {
      const url = / — (http\S+) /.exec(line)![1]!;
      expect([site.urlOf('127.0.0.1', '/population'), site.urlOf('localhost', '/growth')]).toContain(url);
      // Under each source, the archive's address for its copy closest to when it was read.
      const after = md.slice(md.indexOf(line) + line.length + 1).split('\n')[0]!;
      expect(after).toMatch(
        new RegExp(`^   archived copy: https://web\\.archive\\.org/web/\\d{14}/${url.replace(/[.?/]/g, '\\$&')}$`),
      );
    }
    expect(md).toMatch(/^1\. \[S\d+\] /m);
  });

  it('a provider down while another answers: the warning as a code with its failure in JSON, in English in Markdown', async ({
    expect,
  }) => {
    const both = {
      SPANLIGHT_SEARCH_PROVIDER: 'brave,wikipedia',
      SPANLIGHT_BRAVE_KEY: SEARCH_KEY,
      SPANLIGHT_BRAVE_BASE_URL: brave.baseUrl,
      SPANLIGHT_WIKIPEDIA_BASE_URL: `${down.origin}/w/api.php`,
      SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1',
    };
    const json = await runInProcess(['ask', '-q', Q], { env: both });
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as AnswerResult;
    expect(result.mode).toBe('grounded');
    expect(result.warnings).toEqual([
      {
        role: 'search',
        code: 'provider-skipped',
        params: {},
        cause: expect.objectContaining({ role: 'search', code: 'server-error', params: { provider: 'Wikipedia', status: 503 } }),
        message: 'Wikipedia had a server error (503): try again. Spanlight went on without it.',
      },
    ]);
    const md = await runInProcess(['ask', '-q', '--format', 'markdown', Q], { env: both });
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain(
      '## Warnings\n\n- Wikipedia had a server error (503): try again. Spanlight went on without it.\n',
    );
  });

  it('search unavailable (a wrong key): the result on stdout, one line on stderr, exit 1', async ({ expect }) => {
    const r = await runCli(['ask', '--quiet', Q], { env: env({ SPANLIGHT_SEARCH_KEY: 'wrong-key-do-not-print' }) });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      'spanlight ask: unavailable: Brave Search rejected the key (401): check Settings → Search providers. ' +
        '(here: the SPANLIGHT_* variables, see spanlight ask --help)',
    );
    const result = JSON.parse(r.stdout) as AnswerResult;
    expect(result.mode).toBe('unavailable');
    expect(r.stdout + r.stderr).not.toContain('wrong-key-do-not-print');
  });

  it('an unavailable model in markdown is said plainly, exit 1', async ({ expect }) => {
    const r = await runInProcess(['ask', '-q', '--format', 'markdown', Q], {
      env: env({ SPANLIGHT_MODEL_BASE_URL: model.baseUrl, SPANLIGHT_MODEL_KEY: 'not-the-model-key' }),
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\*\*Model unavailable\.\*\*/m);
    expect(oneLine(r.stderr)).toMatch(/^spanlight ask: unavailable: /);
  });

  it('a configuration error, as a process: one line, exit 2, nothing searched', async ({ expect }) => {
    const r = await runCli(['ask', Q], { env: { SPANLIGHT_SEARCH_PROVIDER: 'brave', SPANLIGHT_SEARCH_BASE_URL: brave.baseUrl } });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      'spanlight ask: brave needs an API key: set SPANLIGHT_SEARCH_KEY (or SPANLIGHT_BRAVE_KEY) (see spanlight ask --help)',
    );
    expect(r.stdout).toBe('');
  });

  it('usage and configuration errors: one line each, exit 2, nothing searched', async ({ expect }) => {
    const before = brave.requests.length;
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['ask'], {}, /^spanlight ask: missing the question/],
      [['ask', '   '], {}, /^spanlight ask: missing the question/],
      [['ask', Q, '--format', 'html'], {}, /^spanlight ask: --format must be json or markdown, got "html"/],
      [['ask', Q], { SPANLIGHT_SEARCH_PROVIDER: 'bing' }, /^spanlight ask: SPANLIGHT_SEARCH_PROVIDER: unknown provider "bing"/],
      [['ask', Q], { SPANLIGHT_SEARCH_PROVIDER: 'brave' }, /^spanlight ask: brave needs an API key: set SPANLIGHT_SEARCH_KEY/],
      [['ask', Q], { SPANLIGHT_MAX_PAGES: 'lots' }, /^spanlight ask: SPANLIGHT_MAX_PAGES must be a whole number from 1 to 10/],
      [
        ['ask', Q],
        { SPANLIGHT_MODEL_BASE_URL: 'localhost:11434' },
        /^spanlight ask: SPANLIGHT_MODEL_BASE_URL must be an http\(s\) URL/,
      ],
    ];
    for (const [args, e, message] of cases) {
      const r = await runInProcess(args, { env: e });
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(brave.requests.length).toBe(before);
  });
});
