import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEFAULT_CLAIM_BUDGET } from '../../lib/factcheck/fact-check';
import { planClaimQueries } from '../../lib/factcheck/claim-queries';
import { defaultSettings } from '../../lib/settings';
import type { EvidenceSpan, Warning } from '../../lib/shared/types';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { isJudgeRequest, startFakeOpenAi, type ChatRequestBody, type FakeOpenAi } from '../fakes/openai-server';
import { serveFactCheckTools, startFakeBrave, type ProviderFake } from '../fakes/search-servers';
import { oneLine, runCli, runInProcess } from './run-cli';

const CENSUS = 'Exampleville had 412,000 residents on 1 January 2026.';
const MAYOR = 'Its mayor, Ana Ruiz, was elected in 2022.';
const FESTIVAL = 'The bridge festival draws 50,000 visitors every summer.';
const PAGE_URL = 'https://exampleville-news.example/town';
const SEARCH_KEY = 'brave-key-do-not-print';
const MODEL_KEY = 'model-key-do-not-print';

/** Sentences with no number, date or name: text Readability keeps, that no check picks as a claim. */
const FILLER = Array.from(
  { length: 6 },
  () =>
    '<p>Life here moves at the pace of the river, slow and steady through the seasons, and the streets are lined with old trees, small shops and quiet gardens.</p>',
).join('\n');

/** A saved page as a browser writes it: navigation, an article with three claims among plain prose, a footer. */
function savedPage(extra: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Exampleville today</title></head>
<body><header><nav><a href="/">Home</a> · <a href="/about">About</a></nav></header>
<main><article><h1>Exampleville today</h1>
${FILLER}
<p>${CENSUS} ${MAYOR}</p>
<p>${FESTIVAL}</p>
${extra.map((p) => `<p>${p}</p>`).join('\n')}
${FILLER}
</article></main><footer><p>© Example publisher</p></footer></body></html>`;
}

/** The ClaimReview the mayor page carries, as fact-checkers write it. */
const MAYOR_REVIEW = {
  '@context': 'https://schema.org',
  '@type': 'ClaimReview',
  url: 'https://checker.example/ruiz-2022',
  claimReviewed: 'Ana Ruiz was elected mayor of Exampleville in 2022.',
  author: { '@type': 'Organization', name: 'Example Fact Check' },
  datePublished: '2024-05-02',
  reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, alternateName: 'False' },
};

const FACT_CHECK_KEY = 'AIza-fact-check-key-do-not-print';
/** Fact Check Tools' reply in its documented shape: one review of the census claim (sent for every query). */
const FACT_CHECK_REPLY = {
  claims: [
    {
      text: 'Exampleville had 412,000 residents on 1 January 2026.',
      claimant: 'Town newsletter',
      claimReview: [
        {
          publisher: { name: 'Census Check', site: 'census-check.example' },
          url: 'https://census-check.example/exampleville-412000',
          title: 'Did Exampleville have 412,000 residents?',
          reviewDate: '2026-02-01T00:00:00Z',
          textualRating: 'Correct',
          languageCode: 'en',
        },
      ],
    },
  ],
};

interface ClaimOut {
  claim: string;
  sentence: string;
  standalone: string;
  needsContext: boolean;
  start: number;
  end: number;
  rank: number;
  verdict: string;
  for: string[];
  against: string[];
  reasons: string[];
  /** An unchecked claim's failure: its code, message and provider. */
  reason?: string;
  message?: string;
  provider?: string;
  closest: Array<{ spanId: string; sentence: string }>;
  priorChecks: Array<Record<string, string>>;
}
interface FactCheckOut {
  url: string;
  title: string;
  checkable: number;
  claims: ClaimOut[];
  notChecked: Array<{ sentence: string; start: number; end: number; rank: number }>;
  evidence: EvidenceSpan[];
  warnings: Warning[];
  trace: { stages: Array<{ stage: string; ok: boolean }>; counts: { searches: number; pagesRead: number; judgeCalls: number } };
}

// The child process uses Node's own fetch, which cannot resolve *.test names: the evidence pages are
// served as 127.0.0.1 and localhost (two domains) on one loopback server, read with
// SPANLIGHT_ALLOW_PRIVATE_NETWORK=1. The checked page's own domain is neither.
let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
let model: FakeOpenAi;
let broken: FakeServer;
let tripwire: FakeServer;
let factChecks: ProviderFake;
let closedPort: string;
let dir: string;
let pageFile: string;

beforeAll(async () => {
  site = await startFixtureSite([
    {
      host: '127.0.0.1',
      path: '/census',
      html: articleHtml({
        title: 'Census',
        paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
      }),
    },
    {
      host: 'localhost',
      path: '/mayor',
      // A fact-checker's page: its ClaimReview markup rates the claim (issue #26).
      html: articleHtml({
        title: 'Mayor',
        paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.'],
      }).replace('</head>', `<script type="application/ld+json">${JSON.stringify(MAYOR_REVIEW)}</script></head>`),
    },
    {
      host: '127.0.0.1',
      path: '/market',
      html: articleHtml({
        title: 'Market',
        paragraphs: ['The weekly market by the old bridge draws farmers from the whole valley.'],
      }),
    },
  ]);
  brave = await startFakeBrave({
    apiKey: SEARCH_KEY,
    results: (q) => [
      ...(/residents/.test(q) ? [{ url: site.urlOf('127.0.0.1', '/census'), title: 'Census', description: 'census' }] : []),
      ...(/mayor|Ruiz/.test(q) ? [{ url: site.urlOf('localhost', '/mayor'), title: 'Mayor', description: 'mayor' }] : []),
      ...(/festival/.test(q) ? [{ url: site.urlOf('127.0.0.1', '/market'), title: 'Market', description: 'market' }] : []),
    ],
  });
  model = await startFakeOpenAi({
    apiKey: MODEL_KEY,
    // The claim splitter: standalone claims, each with its sentence copied from the text.
    reply: (body) =>
      body.messages[0]?.content.startsWith('You split a text')
        ? JSON.stringify({
            claims: [
              { claim: 'Exampleville had 412,000 residents on 1 January 2026.', sentence: CENSUS, worth: 5 },
              { claim: 'Ana Ruiz was elected mayor of Exampleville in 2022.', sentence: MAYOR, worth: 4 },
              { claim: 'The Exampleville bridge festival draws 50,000 visitors every summer.', sentence: FESTIVAL, worth: 2 },
            ],
          })
        : 'not used',
  });
  broken = await startFakeServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('internal error');
  });
  tripwire = await startFakeServer((_req, res) => {
    res.writeHead(500);
    res.end('no request should reach this server');
  });
  const gone = await startFakeServer(() => undefined);
  closedPort = `${gone.origin}/res/v1/web/search`;
  await gone.close();
  factChecks = await serveFactCheckTools({ apiKey: FACT_CHECK_KEY, body: FACT_CHECK_REPLY });
  dir = mkdtempSync(path.join(tmpdir(), 'spanlight-factcheck-'));
  pageFile = path.join(dir, 'town.html');
  writeFileSync(pageFile, savedPage());
});
afterAll(async () => {
  await Promise.all([site?.close(), brave?.close(), model?.close(), broken?.close(), tripwire?.close(), factChecks?.close()]);
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

/** The page's main text as `spanlight extract` prints it: what the offsets point into. */
async function mainText(html: string): Promise<string> {
  const r = await runInProcess(['extract', '-', '--url', PAGE_URL], { stdin: html });
  return (JSON.parse(r.stdout) as { text: string }).text;
}

/** Checks that a claim's ids name spans of the evidence, from the pages they should. */
function spanUrl(evidence: EvidenceSpan[], id: string | undefined): string {
  const span = evidence.find((e) => e.spanId === id);
  if (!span) throw new Error(`span ${id} is not in the evidence`);
  return span.url;
}

describe.concurrent('spanlight factcheck, against HTTP fakes', () => {
  it('checks a saved page: supported, contradicted, not found, each id in the evidence, offsets in the main text', async ({
    expect,
  }) => {
    const r = await runCli(['factcheck', pageFile, '--url', PAGE_URL], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(Object.keys(out)).toEqual([
      'url',
      'title',
      'checkable',
      'left',
      'claims',
      'notChecked',
      'evidence',
      'archived',
      'warnings',
      'trace',
    ]);
    // Each evidence page once, with the archive's address of its copy closest to when it was read.
    const archived = (out as unknown as { archived: Array<{ url: string; retrievedAt: string; archived: string }> }).archived;
    expect(archived.map((a) => a.url)).toEqual([...new Set(out.evidence.map((e) => e.url))]);
    for (const a of archived)
      expect(a.archived).toBe(`https://web.archive.org/web/${a.retrievedAt.replace(/[-:T]/g, '').slice(0, 14)}/${a.url}`);
    expect(out.url).toBe(PAGE_URL);
    expect(out.title).toBe('Exampleville today');
    expect(out.checkable).toBe(3);
    expect(out.notChecked).toEqual([]);
    expect(out.claims.map((c) => [c.rank, c.sentence, c.verdict])).toEqual([
      [1, CENSUS, 'supported'],
      [2, MAYOR, 'contradicted'],
      [3, FESTIVAL, 'not-found'],
    ]);
    const [census, mayor, festival] = out.claims as [ClaimOut, ClaimOut, ClaimOut];
    // Each claim stands alone: "Its mayor" names the town the sentence before is about; the others are as written.
    expect(mayor.claim).toBe("Exampleville's mayor, Ana Ruiz, was elected in 2022.");
    expect(mayor).toMatchObject({ standalone: mayor.claim, needsContext: false });
    expect([census.standalone, festival.standalone]).toEqual([CENSUS, FESTIVAL]);
    // The sentences that are not claims are listed with why: the prose that states nothing to check.
    const left = (out as unknown as { left: Array<{ text: string; reason: string }> }).left;
    expect(left.filter((l) => l.text.startsWith('Life here moves')).every((l) => l.reason === 'not-check-worthy')).toBe(true);
    expect(left.filter((l) => l.text.startsWith('Life here moves'))).toHaveLength(12);
    expect(Object.keys(census)).toEqual([
      'claim',
      'sentence',
      'start',
      'end',
      'standalone',
      'needsContext',
      'rank',
      'verdict',
      'for',
      'against',
      'reasons',
      'closest',
      'priorChecks',
      'ownSources',
    ]);
    expect(spanUrl(out.evidence, census.for[0])).toBe(site.urlOf('127.0.0.1', '/census'));
    expect(spanUrl(out.evidence, mayor.against[0])).toBe(site.urlOf('localhost', '/mayor'));
    expect(mayor.reasons.join(' ')).toMatch(/2019|2022/);
    expect(festival.for).toEqual([]);
    expect(festival.against).toEqual([]);
    expect(festival.closest.length).toBeGreaterThan(0);
    expect(spanUrl(out.evidence, festival.closest[0]!.spanId)).toBe(site.urlOf('127.0.0.1', '/market'));
    const text = await mainText(savedPage());
    for (const c of out.claims) expect(text.slice(c.start, c.end)).toBe(c.sentence);
    expect(out.evidence.every((e) => !e.url.includes('exampleville-news.example'))).toBe(true);
    expect(out.trace.stages.map((s) => s.stage)).toEqual(['claims', 'search', 'fetch', 'select', 'verdicts']);
    // Each claim's planned queries (claim-queries.ts), each asked once of Brave.
    const planned = new Set(out.claims.flatMap((c) => planClaimQueries({ text: c.claim }, { title: out.title }).any)).size;
    expect(planned).toBeGreaterThan(out.claims.length);
    expect(out.trace.counts).toEqual({ searches: planned, pagesRead: 3, judgeCalls: 0 });

    // Progress: what is used (without the pages an answer reads), each verdict as it settles, the count.
    expect(r.stderr).toContain(
      `spanlight factcheck: search: Brave Search at ${brave.baseUrl} (key set); model: extractive (no model); up to ${DEFAULT_CLAIM_BUDGET} claims; private-network pages allowed\n`,
    );
    expect(r.stderr).toMatch(
      /^spanlight factcheck: \[\d\/3\] contradicted: Exampleville's mayor, Ana Ruiz, was elected in 2022\.$/m,
    );
    expect(r.stderr).toMatch(
      /^spanlight factcheck: 3 of 3 checkable claims checked: (?=.*1 supported)(?=.*1 contradicted)(?=.*1 not found)/m,
    );
    expect(r.stdout + r.stderr).not.toContain(SEARCH_KEY);
    expect(brave.requests.some((q) => q.headers['user-agent'] === 'Spanlight/0.1 (command line)')).toBe(true);
  });

  it('own sources (issue #38): a claim linking to its source prints what the source says, apart from the verdict', async ({
    expect,
  }) => {
    // The census sentence's last words link to the census page; the search finds nothing.
    const linked = savedPage().replace(
      CENSUS,
      CENSUS.replace('1 January 2026', `<a href="${site.urlOf('127.0.0.1', '/census')}">1 January 2026</a>`),
    );
    const file = path.join(dir, 'linked.html');
    writeFileSync(file, linked);
    const empty = await startFakeBrave({ apiKey: SEARCH_KEY, results: () => [] });
    const run = (...flags: string[]) =>
      runInProcess(['factcheck', file, '--url', PAGE_URL, '--max-claims', '1', ...flags], {
        env: env({ SPANLIGHT_SEARCH_BASE_URL: empty.baseUrl }),
      });
    let r: Awaited<ReturnType<typeof run>>;
    let none: typeof r;
    let wrong: typeof r;
    try {
      r = await run();
      none = await run('--own-sources', '0');
      wrong = await run('--own-sources', '51');
    } finally {
      await empty.close();
    }
    // --own-sources 0 opens none; a number out of range is a usage error that says which.
    expect(none.code, none.stderr).toBe(0);
    expect((JSON.parse(none.stdout) as FactCheckOut).claims[0]).toMatchObject({ ownSources: [] });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--own-sources must be a whole number from 0 to 50, got "51"');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    const census = out.claims[0] as ClaimOut & { ownSources: Array<{ url: string; reading: string; spanId?: string }> };
    expect(census.sentence).toBe(CENSUS);
    expect(census.ownSources).toEqual([
      expect.objectContaining({ url: site.urlOf('127.0.0.1', '/census'), reading: 'states', via: 'link' }),
    ]);
    expect(spanUrl(out.evidence, census.ownSources[0]!.spanId)).toBe(site.urlOf('127.0.0.1', '/census'));
    // Never counted: the search found nothing independent, so nothing is found, whatever its own source says.
    expect(census.verdict).toBe('not-found');
    expect(census.for).toEqual([]);
  });

  it('prior checks (issue #26): a ClaimReview on an evidence page, and Fact Check Tools with its key, apart from the verdict', async ({
    expect,
  }) => {
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL], {
      env: env({ SPANLIGHT_FACT_CHECK_TOOLS_KEY: FACT_CHECK_KEY, SPANLIGHT_FACT_CHECK_TOOLS_BASE_URL: factChecks.baseUrl }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(FACT_CHECK_KEY);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    const [census, mayor, festival] = out.claims as [ClaimOut, ClaimOut, ClaimOut];
    // The verdicts are the code's own, as without prior checks.
    expect(out.claims.map((c) => c.verdict)).toEqual(['supported', 'contradicted', 'not-found']);
    expect(mayor.priorChecks).toEqual([
      {
        reviewer: 'Example Fact Check',
        date: '2024-05-02',
        rating: 'False',
        url: 'https://checker.example/ruiz-2022',
        claimReviewed: 'Ana Ruiz was elected mayor of Exampleville in 2022.',
        source: 'page',
      },
    ]);
    expect(census.priorChecks).toEqual([
      {
        reviewer: 'Census Check',
        date: '2026-02-01T00:00:00Z',
        rating: 'Correct',
        url: 'https://census-check.example/exampleville-412000',
        claimReviewed: 'Exampleville had 412,000 residents on 1 January 2026.',
        source: 'fact-check-tools',
      },
    ]);
    expect(festival.priorChecks).toEqual([]);
    expect(factChecks.requests.map((q) => new URL(q.url, 'http://x').searchParams.get('query'))).toEqual(
      expect.arrayContaining(out.claims.map((c) => c.claim)),
    );
  });

  it('Fact Check Tools rejecting the key: a warning, the check goes on (exit 0)', async ({ expect }) => {
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL], {
      env: env({ SPANLIGHT_FACT_CHECK_TOOLS_KEY: 'AIza-wrong', SPANLIGHT_FACT_CHECK_TOOLS_BASE_URL: factChecks.baseUrl }),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.claims.map((c) => c.verdict)).toEqual(['supported', 'contradicted', 'not-found']);
    expect(out.warnings.map((w) => w.message)).toContain(
      'Google Fact Check Tools rejected the key (400 API key not valid): check the Fact Check Tools key in Settings → Sources. Spanlight went on without it.',
    );
    expect(out.claims[1]!.priorChecks.map((p) => p.source)).toEqual(['page']);
  });

  it('--max-claims: the top claims checked, the rest in notChecked with their rank, said on stderr', async ({ expect }) => {
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', '1'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.checkable).toBe(3);
    expect(out.claims.map((c) => [c.rank, c.claim, c.verdict])).toEqual([[1, CENSUS, 'supported']]);
    const text = await mainText(savedPage());
    expect(out.notChecked).toEqual([
      {
        sentence: MAYOR,
        start: text.indexOf(MAYOR),
        end: text.indexOf(MAYOR) + MAYOR.length,
        standalone: "Exampleville's mayor, Ana Ruiz, was elected in 2022.",
        needsContext: false,
        rank: 2,
      },
      {
        sentence: FESTIVAL,
        start: text.indexOf(FESTIVAL),
        end: text.indexOf(FESTIVAL) + FESTIVAL.length,
        standalone: FESTIVAL,
        needsContext: false,
        rank: 3,
      },
    ]);
    expect(out.trace.counts.searches).toBe(1);
    expect(r.stderr).toMatch(
      /^spanlight factcheck: 1 of 3 checkable claims checked: 1 supported; 2 not checked \(--max-claims 3 checks them all\)$/m,
    );
  });

  it('without --max-claims: the extension’s budget (DEFAULT_CLAIM_BUDGET), the rest listed', async ({ expect }) => {
    expect(defaultSettings().factCheckBudget).toBe(DEFAULT_CLAIM_BUDGET);
    const help = await runInProcess(['factcheck', '--help']);
    expect(help.stdout).toContain(`--max-claims N    claims checked, the highest-ranked first (default ${DEFAULT_CLAIM_BUDGET},`);
    // Piers rebuilt in distinct years: checkable (a date), ranked below the three claims with a name.
    const piers = Array.from(
      { length: DEFAULT_CLAIM_BUDGET + 2 },
      (_, i) => `The pier by the old mill was rebuilt in ${1900 + i} after a storm.`,
    );
    const r = await runInProcess(['factcheck', '-', '--url', PAGE_URL, '-q'], { stdin: savedPage(piers), env: env() });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.checkable).toBe(DEFAULT_CLAIM_BUDGET + 5);
    expect(out.claims).toHaveLength(DEFAULT_CLAIM_BUDGET);
    expect(out.claims.map((c) => c.rank)).toEqual(Array.from({ length: DEFAULT_CLAIM_BUDGET }, (_, i) => i + 1));
    expect(out.notChecked.map((c) => c.rank)).toEqual([26, 27, 28, 29, 30].map((n) => n - 25 + DEFAULT_CLAIM_BUDGET));
    expect(out.notChecked.every((c) => c.sentence.startsWith('The pier by the old mill'))).toBe(true);
    expect(r.stderr).toBe('');
  });

  it('--jsonl: one line per claim as it settles, with its evidence, then the summary line', async ({ expect }) => {
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '--jsonl', '--max-claims', '2'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const claims = lines.slice(0, 2).map((l) => JSON.parse(l) as ClaimOut & { evidence: EvidenceSpan[] });
    expect(claims.map((c) => [c.rank, c.verdict]).sort()).toEqual([
      [1, 'supported'],
      [2, 'contradicted'],
    ]);
    for (const c of claims) {
      expect('summary' in c).toBe(false);
      for (const id of [...c.for, ...c.against, ...c.closest.map((x) => x.spanId)])
        expect(spanUrl(c.evidence, id)).toMatch(/^http:/);
    }
    const summary = JSON.parse(lines[2]!) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual([
      'summary',
      'url',
      'title',
      'checkable',
      'left',
      'checked',
      'notChecked',
      'warnings',
      'trace',
    ]);
    expect(summary).toMatchObject({
      summary: true,
      url: PAGE_URL,
      checkable: 3,
      checked: 2,
      notChecked: [{ sentence: FESTIVAL, rank: 3 }],
    });
    // Each line is settled before the next is printed: the progress says the same verdicts.
    expect(r.stderr.match(/^spanlight factcheck: \[\d\/2\] /gm)).toHaveLength(2);
  });

  it('reads the page from stdin with "-", as a process', async ({ expect }) => {
    const r = await runCli(['factcheck', '-', '--url', PAGE_URL, '--quiet'], { stdin: savedPage(), env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.claims.map((c) => c.verdict)).toEqual(['supported', 'contradicted', 'not-found']);
  });

  it('with a model: its standalone claims, located by their sentences; the judge reads the one the code left', async ({
    expect,
  }) => {
    const before = model.chats.length;
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '-q'], {
      env: env({ SPANLIGHT_MODEL_BASE_URL: model.baseUrl, SPANLIGHT_MODEL_KEY: MODEL_KEY, SPANLIGHT_MODEL: 'fake-model' }),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.claims.map((c) => [c.claim, c.sentence])).toEqual([
      ['Exampleville had 412,000 residents on 1 January 2026.', CENSUS],
      ['Ana Ruiz was elected mayor of Exampleville in 2022.', MAYOR],
      ['The Exampleville bridge festival draws 50,000 visitors every summer.', FESTIVAL],
    ]);
    const asked: ChatRequestBody[] = model.chats.slice(before);
    expect(asked.filter((b) => b.messages[0]?.content.startsWith('You split a text'))).toHaveLength(1);
    expect(asked.filter(isJudgeRequest)).toHaveLength(1);
    expect(out.trace.counts.judgeCalls).toBe(1);
    expect(r.stdout).not.toContain(MODEL_KEY);
  });
});

describe.concurrent('spanlight factcheck: input that cannot be checked, and providers down', () => {
  it('no file, a missing file, a directory, not HTML, no text: one line each, exit 1, nothing searched', async ({ expect }) => {
    const asIf = { env: env({ SPANLIGHT_SEARCH_BASE_URL: `${tripwire.origin}/res/v1/web/search` }) };
    const files: Array<[string, string]> = [
      ['no/such/page.html', 'spanlight factcheck: no/such/page.html: no such file'],
      ['cli', 'spanlight factcheck: cli: is a directory, not a file'],
      [
        'docs/screenshots/sidepanel-fact-check.png',
        'spanlight factcheck: docs/screenshots/sidepanel-fact-check.png is a PNG image, not an HTML page: ' +
          'save the page as HTML (the browser\'s "Save Page As…", web page) and pass that file',
      ],
      [
        'package.json',
        'spanlight factcheck: package.json is JSON, not an HTML page: ' +
          'save the page as HTML (the browser\'s "Save Page As…", web page) and pass that file',
      ],
    ];
    for (const [file, message] of files) {
      const r = await runInProcess(['factcheck', file, '--url', PAGE_URL], asIf);
      expect(r.code, file).toBe(1);
      expect(oneLine(r.stderr)).toBe(message);
      expect(r.stdout).toBe('');
    }
    const stdin: Array<[string, RegExp]> = [
      ['', /^spanlight factcheck: stdin is empty$/],
      ['\u0000\u0001binary\u0000', /^spanlight factcheck: stdin is a binary file, not an HTML page: save the page as HTML/],
      [
        'Exampleville had 412,000 residents in 2026.\n',
        /^spanlight factcheck: stdin has no HTML markup \(no <html>, <body>, <p>… element\): save/,
      ],
      [
        '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script>render()</script></body></html>',
        /^spanlight factcheck: stdin: the page has no text to check \(no article, no visible text\): a page that builds its content with JavaScript must be saved after it has loaded/,
      ],
    ];
    for (const [html, message] of stdin) {
      const r = await runInProcess(['factcheck', '-', '--url', PAGE_URL, '-q'], { ...asIf, stdin: html });
      expect(r.code, JSON.stringify(html)).toBe(1);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(tripwire.requests).toHaveLength(0);
  });

  it('a page with text but no checkable claim: an empty result, exit 0, nothing searched', async ({ expect }) => {
    const html = `<!doctype html><html><head><title>Quiet</title></head><body><main><article>${FILLER}</article></main></body></html>`;
    const r = await runInProcess(['factcheck', '-', '--url', PAGE_URL], {
      stdin: html,
      env: env({ SPANLIGHT_SEARCH_BASE_URL: `${tripwire.origin}/res/v1/web/search` }),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect([out.title, out.checkable, out.claims, out.notChecked, out.evidence]).toEqual(['Quiet', 0, [], [], []]);
    expect(r.stderr).toMatch(/^spanlight factcheck: no checkable claim found in the page: nothing searched$/m);
    expect(tripwire.requests).toHaveLength(0);
  });

  it('usage errors: no FILE, two FILEs, no --url, bad --max-claims, an unknown option, bad configuration; exit 2', async ({
    expect,
  }) => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['factcheck', '--url', PAGE_URL], {}, /^spanlight factcheck: missing FILE \(the saved HTML page to check\)/],
      [['factcheck', 'a.html', 'b.html', '--url', PAGE_URL], {}, /^spanlight factcheck: expected one FILE .*got 2/],
      [['factcheck', pageFile], {}, /^spanlight factcheck: missing --url URL \(the address the page was served from\)/],
      [['factcheck', pageFile, '--url', 'example.org'], {}, /^spanlight factcheck: --url must be an absolute http\(s\) URL/],
      [
        ['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', '0'],
        {},
        /^spanlight factcheck: --max-claims must be a positive whole number \(1, 2, 3…\), got "0"/,
      ],
      [
        ['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', 'abc'],
        {},
        /--max-claims must be a positive whole number \(1, 2, 3…\), got "abc"/,
      ],
      [
        ['factcheck', pageFile, '--url', PAGE_URL, '--max-claims=-3'],
        {},
        /--max-claims must be a positive whole number \(1, 2, 3…\), got "-3"/,
      ],
      [
        ['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', '-3'],
        {},
        /^spanlight factcheck: --max-claims must be a positive whole number \(1, 2, 3…\), got "-3"/,
      ],
      [
        ['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', '2.5'],
        {},
        /--max-claims must be a positive whole number \(1, 2, 3…\), got "2.5"/,
      ],
      [['factcheck', pageFile, '--url', PAGE_URL, '--max-claims'], {}, /^spanlight factcheck: --max-claims needs a value/],
      [['factcheck', pageFile, '--url', PAGE_URL, '--fast'], {}, /^spanlight factcheck: unknown option --fast/],
      [['factcheck', pageFile, '--url', PAGE_URL], { SPANLIGHT_SEARCH_PROVIDER: 'bing' }, /unknown provider "bing"/],
      [['factcheck', pageFile, '--url', PAGE_URL], { SPANLIGHT_SEARCH_PROVIDER: 'brave' }, /brave needs an API key/],
      // A usage error is said before the file is read.
      [
        ['factcheck', 'no/such/page.html', '--url', PAGE_URL, '--max-claims', '0'],
        {},
        /--max-claims must be a positive whole number/,
      ],
    ];
    for (const [args, e, message] of cases) {
      const r = await runInProcess(args, { env: e });
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(oneLine(r.stderr)).toMatch(/\(see spanlight factcheck --help\)$/);
      expect(r.stdout).toBe('');
    }
  });

  it('Brave answering 500, as a process: the result still printed, every claim unchecked with its reason (#33), one line, exit 1', async ({
    expect,
  }) => {
    const r = await runCli(['factcheck', pageFile, '--url', PAGE_URL, '--quiet'], {
      env: env({ SPANLIGHT_SEARCH_BASE_URL: `${broken.origin}/res/v1/web/search` }),
    });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/^spanlight factcheck: unavailable: Brave Search had a server error \(500\)/);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.claims.map((c) => c.verdict)).toEqual(['unchecked', 'unchecked', 'unchecked']);
    for (const c of out.claims) {
      expect(c.reason).toBe('server-error');
      expect(c.message).toMatch(/^Brave Search had a server error \(500\)/);
    }
    expect(out.warnings.map((w) => w.code)).toContain('provider-skipped');
    expect(out.trace.stages.find((s) => s.stage === 'search')?.ok).toBe(false);
  });

  it('Brave on a closed port, or rejecting the key: the reason, pointing at the environment, exit 1', async ({ expect }) => {
    const closed = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '-q'], {
      env: env({ SPANLIGHT_SEARCH_BASE_URL: closedPort }),
    });
    expect(closed.code).toBe(1);
    expect(oneLine(closed.stderr)).toMatch(
      /^spanlight factcheck: unavailable: .*Brave Search.* \(here: the SPANLIGHT_\* variables, see spanlight factcheck --help\)$/,
    );
    expect((JSON.parse(closed.stdout) as FactCheckOut).claims).toHaveLength(3);
    const key = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '-q'], {
      env: env({ SPANLIGHT_SEARCH_KEY: 'wrong-key-do-not-print' }),
    });
    expect(key.code).toBe(1);
    expect(oneLine(key.stderr)).toBe(
      'spanlight factcheck: unavailable: Brave Search rejected the key (401): check Settings → Search providers. ' +
        '(here: the SPANLIGHT_* variables, see spanlight factcheck --help)',
    );
    expect(key.stdout + key.stderr).not.toContain('wrong-key-do-not-print');
  });

  it('one provider down while another answers: exit 0, the warning in the result and on stderr', async ({ expect }) => {
    const r = await runInProcess(['factcheck', pageFile, '--url', PAGE_URL, '--max-claims', '1'], {
      env: {
        SPANLIGHT_SEARCH_PROVIDER: 'brave,searxng',
        SPANLIGHT_BRAVE_KEY: SEARCH_KEY,
        SPANLIGHT_BRAVE_BASE_URL: brave.baseUrl,
        SPANLIGHT_SEARXNG_BASE_URL: broken.origin,
        SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1',
      },
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as FactCheckOut;
    expect(out.claims.map((c) => c.verdict)).toEqual(['supported']);
    const skipped = out.warnings.find((w) => w.code === 'provider-skipped');
    expect(skipped?.message).toMatch(/SearXNG/);
    expect(r.stderr).toContain(`spanlight factcheck: warning: ${skipped!.message}\n`);
  });
});
