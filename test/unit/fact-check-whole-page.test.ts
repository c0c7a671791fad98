import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck, SEARCHES_AT_ONCE } from '@/lib/factcheck/fact-check';
import { type FactCheckDeps, type SettledClaim } from '@/lib/factcheck/deps';
import { checkableSentences, chunkText } from '@/lib/factcheck/split-claims';
import { rankClaims } from '@/lib/factcheck/rank-claims';
import { pageClaims } from '@/lib/factcheck/page-claims';
import { extractPage } from '@/lib/pages/extract';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { sentenceSpans } from '@/lib/text/sentences';
import { createBraveProvider } from '@/lib/search/brave';
import { planClaimQueries } from '@/lib/factcheck/claim-queries';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { JUDGE_BATCH } from '@/lib/verdict/judge';
import { articleHtml, startFixtureSite, viaLoopback, type FixturePage, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave, type FakeResult } from '../fakes/search-servers';
import {
  isJudgeRequest,
  judgeItemsInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
} from '../fakes/openai-server';
import { pageUrl } from '../corpus/corpus';
import { samplePage } from '../fakes/sample-pages';

// Issue 22, "Fact-check the whole page": claims from every part of a long page, found once; verdicts
// as they settle, the higher-ranked claims' pages first; Stop; searches and pages shared.

const NOW = new Date('2026-11-30T12:00:00Z');
const key = (c: { start: number; end: number }) => `${c.start}:${c.end}`;

/** The real page reader over the loopback fakes, counting each read as it starts. */
function countingReader(started: string[], onStart: (url: string) => void = () => undefined) {
  const fetchVia = viaLoopback();
  return (url: string) => {
    started.push(url);
    onStart(url);
    return fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now: () => NOW });
  };
}

describe('with a model: claims from every part of a 40,000-character page, none twice', () => {
  let text = '';
  let model: FakeOpenAi;
  let badKey: FakeOpenAi;
  /** The part of the text each request carried, and the sentences the fake returned for it. */
  const asked: Array<{ of: string; part: string; returned: string[] }> = [];
  /** A part whose reply is garbage, every time ("part 3 of 8"). */
  let garbageFor: string | null = null;

  /** What a model would take from a part: each statement with a figure, as its own claim, rated. */
  function split(body: ChatRequestBody): string {
    const user = body.messages.find((m) => m.role === 'user')!.content;
    const m = /^Title: .*\n\nText \((.*?)\):\n([\s\S]*?)(?:\n\nReply with the JSON object only\.)?$/.exec(user)!;
    const [of, part] = [m[1]!, m[2]!];
    if (of === garbageFor) return 'Sure! Here are the claims you asked for.';
    const sentences = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(part)]
      .map((s) => s.segment.trim())
      .filter((s) => /\d/.test(s) && s.split(/\s+/).length >= 5);
    asked.push({ of, part, returned: sentences });
    const worth = (s: string) => (/\b(19|20)\d\d\b/.test(s) ? 5 : /\d,\d{3}/.test(s) ? 4 : 2);
    return JSON.stringify({ claims: sentences.map((s) => ({ claim: s, sentence: s, worth: worth(s) })) });
  }

  beforeAll(async () => {
    // Real articles (samples of the corpus), one after the other, cut at the sentence ending before 40,000 characters
    // (before the code of the last one).
    const texts: string[] = [];
    for (const name of ['wikipedia', 'wikipedia-3', 'ebb-org', '002'] as const) {
      const page = samplePage(name);
      const input = { html: page.source, url: pageUrl(page.source), lastModified: null, retrievedAt: NOW.toISOString() };
      texts.push((await extractPage({ ...input, origin: 'tab' }, parseHtmlWithLinkedom)).page.text);
    }
    const joined = texts.join('\n');
    const cut = sentenceSpans(joined)
      .filter(([, end]) => end <= 40_000)
      .at(-1)![1];
    text = joined.slice(0, cut);
    model = await startFakeOpenAi({ apiKey: 'k', reply: split });
    badKey = await startFakeOpenAi({ apiKey: 'the-right-key', reply: split });
  });
  afterAll(async () => {
    await Promise.all([model?.close(), badKey?.close()]);
  });

  const check = (baseUrl: string) =>
    factCheck(
      { text, pageUrl: 'https://articles.example/long', title: 'Long read', budget: 0 },
      {
        now: () => NOW,
        fetch: viaLoopback(),
        providers: [],
        fetchPage: () => Promise.reject(new Error('nothing is read with budget 0')),
        model: createOpenAiCompatibleModel({ baseUrl, apiKey: 'k', model: 'm' }),
        onProgress: () => undefined,
      },
    );

  it('every part is sent and gives claims; each claim is located by its sentence, none twice', async () => {
    expect(text.length).toBeGreaterThan(39_000);
    expect(text.length).toBeLessThanOrEqual(40_000);
    const statements = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)]
      .map((x) => x.segment.trim())
      .filter((x) => /\d/.test(x) && x.split(/\s+/).length >= 5);
    expect(new Set(statements).size, 'the page repeats no statement').toBe(statements.length);
    asked.length = 0;
    garbageFor = null;
    const r = await check(model.baseUrl);
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    // The parts cover the whole text, each overlapping the next.
    expect(chunks[0]!.start).toBeLessThan(5);
    expect(chunks.at(-1)!.end).toBe(text.trimEnd().length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
    expect(asked.map((a) => a.part).sort()).toEqual(chunks.map((c) => text.slice(c.start, c.end)).sort());

    const claims = r.notChecked;
    expect(r.checkable).toBe(claims.length);
    expect(new Set(claims.map(key)).size).toBe(claims.length);
    expect(new Set(claims.map((c) => c.text)).size).toBe(claims.length);
    for (const c of claims) expect(text.slice(c.start, c.end)).toBe(c.sentence);
    // Every statement the model gave, from every part, is a claim (an edge sentence of two parts once).
    const returned = new Set(asked.flatMap((a) => a.returned));
    expect(new Set(claims.map((c) => c.sentence))).toEqual(returned);
    for (const a of asked) {
      const fromIt = claims.filter((c) => a.returned.includes(c.sentence));
      expect(fromIt.length, a.of).toBeGreaterThanOrEqual(1);
    }
    // Claims from the end of the text as well as its start, ranked once for the whole text.
    expect(Math.max(...claims.map((c) => c.start))).toBeGreaterThan(text.length * 0.9);
    expect(claims.map((c) => c.rank)).toEqual(claims.map((_, i) => i + 1));
    const stage = r.stages.find((s) => s.stage === 'claims')!;
    expect((stage.detail as { notes: string[] }).notes[0]).toBe(`${chunks.length} parts read by the model`);
    expect((stage.detail as { modelCalls: number }).modelCalls).toBe(chunks.length);
  });

  it('a part whose reply is garbage twice gives its own checkable sentences; the other parts keep the model’s claims', async () => {
    const chunks = chunkText(text);
    garbageFor = `part 3 of ${chunks.length}`;
    asked.length = 0;
    const before = model.chats.length;
    const r = await check(model.baseUrl);
    garbageFor = null;
    // One call per part, and one repair retry for the part that could not be read.
    expect(model.chats.length - before).toBe(chunks.length + 1);
    const claims = r.notChecked;
    const third = chunks[2]!;
    // The sentences of part 3 that no other part holds come from the splitter, as they are.
    const ownStart = chunks[1]!.end;
    const ownEnd = chunks[3]!.start;
    const inOwn = (c: { start: number; end: number }) => c.start >= ownStart && c.end <= ownEnd;
    const fallback = checkableSentences(text.slice(third.start, third.end))
      .map((c) => ({ ...c, start: c.start + third.start, end: c.end + third.start }))
      .filter(inOwn);
    expect(fallback.length).toBeGreaterThan(0);
    expect(claims.filter(inOwn).map(key).sort()).toEqual(fallback.map(key).sort());
    // Elsewhere, the model's claims.
    const returned = new Set(asked.flatMap((a) => a.returned));
    expect(claims.filter((c) => c.start < third.start || c.end > third.end).every((c) => returned.has(c.sentence))).toBe(true);
    expect(new Set(claims.map(key)).size).toBe(claims.length);
    for (const c of claims) expect(text.slice(c.start, c.end)).toBe(c.sentence);
    const notes = (r.stages.find((s) => s.stage === 'claims')!.detail as { notes: string[] }).notes;
    expect(notes).toContain('part 3: fell back to its checkable sentences');
  });

  it('a provider error (401) gives the checkable sentences of the whole text, with a warning; the other parts are not sent', async () => {
    const r = await check(badKey.baseUrl);
    const plain = rankClaims(pageClaims({ text, title: 'Long read' }).claims, 'Long read');
    expect(r.notChecked.map(key)).toEqual(plain.map(key));
    expect(r.warnings).toEqual([
      expect.objectContaining({ role: 'model', code: 'claims-from-sentences', cause: expect.objectContaining({ kind: 'auth' }) }),
    ]);
    // Two parts are asked at once; once the key is refused, no other part is sent.
    expect(badKey.requests.length).toBeLessThanOrEqual(2);
    expect(badKey.chats).toEqual([]);
  });
});

/** A district's claim: its population, with more to check for some (a year, a comparison). */
const districtClaim = (n: number) =>
  n % 3 === 0
    ? `In 2025, District ${n} of Exampleville had ${n * 1000 + 412} residents, more than District ${n + 1}.`
    : `District ${n} of Exampleville had ${n * 1000 + 412} residents.`;
const districtOf = (q: string) => Number(/District (\d+)/.exec(q)?.[1]);
/** The distinct queries a list of claims plans for an any-word engine: what a check asks, each once. */
const plannedSearches = (claims: Parameters<typeof planClaimQueries>[0][], title: string) =>
  new Set(claims.flatMap((c) => planClaimQueries(c, { title }).any.map((q) => q.toLowerCase()))).size;

describe('verdicts as they settle, the higher-ranked claims’ pages first, and Stop', () => {
  const DISTRICTS = 12;
  const text = Array.from({ length: DISTRICTS }, (_, i) => districtClaim(i + 1)).join(' ');
  const ranked = rankClaims(checkableSentences(text));
  const rankOf = (n: number) => ranked.find((c) => districtOf(c.text) === n)!.rank;
  const rank1 = districtOf(ranked[0]!.text);
  const rank8 = districtOf(ranked[7]!.text);
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  /** Whether claims other than ranks 1 and 8 also find the page that never answers. */
  let withHanging = false;
  /** Whether ranks 1 and 8 find a page they share (rank 1 besides its own, rank 8 instead of its own). */
  let withShared = false;
  let hangingAnswered = false;

  const districtPage = (n: number, delayMs: number): FixturePage => ({
    host: `district${n}.test`,
    path: '/report',
    html: articleHtml({ title: `District ${n}`, paragraphs: [`The statistics office said that ${districtClaim(n)}`] }),
    delayMs,
  });

  beforeAll(async () => {
    site = await startFixtureSite([
      // Rank 8's page is slow: when it is read first, rank 1's still settles first.
      ...Array.from({ length: DISTRICTS }, (_, i) => districtPage(i + 1, i + 1 === rank8 ? 600 : 150)),
      districtPage(0, 150),
      {
        host: 'hanging.test',
        path: '/report',
        html: articleHtml({ title: 'Never', paragraphs: ['never sent'] }),
        delayMs: 60_000,
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q): FakeResult[] => {
        const n = districtOf(q);
        const own = { url: site.urlOf(`district${n}.test`, '/report'), title: `District ${n}`, description: 'report' };
        const hanging = { url: site.urlOf('hanging.test', '/report'), title: 'Never', description: 'hangs' };
        const shared = { url: site.urlOf('district0.test', '/report'), title: 'All districts', description: 'shared' };
        if (withShared) return n === rank1 ? [own, shared] : n === rank8 ? [shared] : [own];
        return withHanging && n !== rank1 && n !== rank8 ? [own, hanging] : [own];
      },
    });
    // Warm the connections, so that the first search is as quick as the others.
    await factCheck({ text: districtClaim(99), pageUrl: 'https://exampleville-blog.test/warm', title: 't' }, deps([]));
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close()]);
  });

  function deps(started: string[], over: Partial<FactCheckDeps> = {}): FactCheckDeps {
    const read = countingReader(started);
    return {
      now: () => NOW,
      fetch: viaLoopback(),
      providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
      fetchPage: (url) => {
        const r = read(url);
        if (url.includes('hanging.test')) void r.finally(() => (hangingAnswered = true));
        return r;
      },
      model: null,
      onProgress: () => undefined,
      ...over,
    };
  }
  const input = { text, pageUrl: 'https://exampleville-blog.test/districts', title: 'Districts' };

  it('each verdict is reported as it settles, before the check ends; pages are read in rank order', async () => {
    withHanging = false;
    const started: string[] = [];
    const order: SettledClaim[] = [];
    let ended = false;
    const base = deps(started, {
      onSettled: (s) => {
        expect(ended).toBe(false);
        order.push(s);
      },
    });
    // The first read holds the one slot until every search has answered: the others then all wait in line.
    const searched = brave.requests.length + plannedSearches(ranked, input.title);
    let first = true;
    const fetchPage = async (url: string) => {
      if (first) {
        first = false;
        while (brave.requests.length < searched) await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return base.fetchPage(url);
    };
    const r = await factCheck({ ...input, budget: DISTRICTS, settings: { fetchConcurrency: 1 } }, { ...base, fetchPage });
    ended = true;
    expect(order).toHaveLength(DISTRICTS);
    expect(order.map((s) => s.claim)).toEqual(expect.arrayContaining(r.claims));
    expect(r.claims.map((c) => c.verdict)).toEqual(r.claims.map(() => 'supported'));
    // The first read is for whichever of the first searches answered first; all are among the top ranks.
    expect(order[0]!.claim.rank).toBeLessThanOrEqual(SEARCHES_AT_ONCE);
    // Every later read waited in line, and the line is the ranking.
    const readRanks = started.map((url) => rankOf(Number(/district(\d+)/.exec(url)![1])));
    expect(readRanks.slice(1)).toEqual([...readRanks.slice(1)].sort((a, b) => a - b));
    expect(order.map((s) => s.claim.rank)).toEqual(readRanks);
    expect(r.counts).toMatchObject({ searches: plannedSearches(ranked, input.title), pagesRead: DISTRICTS });
  });

  it('a page a lower-ranked claim asked for moves up when a higher-ranked claim needs it too', async () => {
    withShared = true;
    const started: string[] = [];
    const claims = ranked.slice(0, 8).map((c) => districtOf(c.text));
    const text8 = claims.map(districtClaim).join(' ');
    const [rankFirst, rankSecond] = [claims[0]!, claims[1]!];
    const fetchVia = viaLoopback();
    // Rank 2's search answers first, rank 1's last, rank 8's before it: rank 8 asks for the shared page
    // first, at its low rank. (The others wait 30 ms, so that rank 2's page is the first read even on a
    // loaded machine.)
    const slowSearches: typeof fetchVia = async (url, init) => {
      const n = districtOf(new URL(String(url)).searchParams.get('q') ?? '');
      const wait = n === rankFirst ? 200 : n === rank8 ? 60 : n === rankSecond ? 0 : 30;
      await new Promise((resolve) => setTimeout(resolve, wait));
      return fetchVia(url, init);
    };
    const base = deps(started, { fetch: slowSearches });
    const searched = brave.requests.length + plannedSearches(ranked.slice(0, 8), 't');
    // Rank 2's page holds the one slot until every search has answered.
    const fetchPage = async (url: string) => {
      if (url.includes(`district${rankSecond}.test`))
        while (brave.requests.length < searched) await new Promise((resolve) => setTimeout(resolve, 5));
      return base.fetchPage(url);
    };
    const r = await factCheck(
      { text: text8, pageUrl: input.pageUrl, title: 't', budget: Infinity, settings: { fetchConcurrency: 1 } },
      { ...base, fetchPage },
    );
    withShared = false;
    const hosts = started.map((u) => new URL(u).hostname);
    expect(hosts[0]).toBe(`district${rankSecond}.test`);
    // Then the shared page (now rank 1's), then rank 1's own, then the others by rank.
    expect(hosts.slice(1, 3)).toEqual(['district0.test', `district${rankFirst}.test`]);
    expect(hosts.filter((h) => h === 'district0.test')).toHaveLength(1);
    expect(r.claims).toHaveLength(8);
  });

  it('Stop after the first verdict: it is kept, the rest are not checked, no page read starts, and the check ends though a read hangs', async () => {
    withHanging = true;
    hangingAnswered = false;
    const started: string[] = [];
    const settled: SettledClaim[] = [];
    const stop = new AbortController();
    let startedAtStop = -1;
    let settledAfterStop = 0;
    const BUDGET = 8;
    const r = await factCheck(
      { ...input, budget: BUDGET, signal: stop.signal, settings: { fetchConcurrency: 2 } },
      deps(started, {
        onSettled: (s) => {
          if (stop.signal.aborted) settledAfterStop++;
          settled.push(s);
          if (!stop.signal.aborted) {
            stop.abort();
            startedAtStop = started.length;
          }
        },
      }),
    );
    // The read that hangs has not answered: the check did not wait for it.
    expect(hangingAnswered).toBe(false);
    expect(started.some((u) => u.includes('hanging.test'))).toBe(true);
    expect(r.stopped).toBe(true);
    expect(settledAfterStop).toBe(0);
    expect(r.claims).toEqual(settled.map((s) => s.claim));
    expect(r.claims.map((c) => c.rank)).toEqual([rankOf(rank1)]);
    expect(r.evidence).toEqual(settled.flatMap((s) => s.evidence));
    // Checked and not checked partition the claim list: the budget's unsettled ones, then those beyond it.
    expect([...r.claims, ...r.notChecked].map((c) => c.rank).sort((a, b) => a - b)).toEqual(ranked.map((c) => c.rank));
    expect(r.notChecked.map((c) => c.rank)).toEqual(ranked.map((c) => c.rank).filter((k) => k !== rankOf(rank1)));
    expect(r.checkable).toBe(DISTRICTS);
    expect(r.stages.find((s) => s.stage === 'verdicts')?.summary).toContain('(stopped)');
    // Nothing starts or settles later, though pages were waiting when Stop came.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(started.length).toBe(startedAtStop);
    expect(started.length).toBeLessThan(DISTRICTS);
    expect(settled).toHaveLength(1);
  });

  it('a check stopped before it starts checks nothing and lists every claim as not checked', async () => {
    const started: string[] = [];
    const stop = new AbortController();
    stop.abort();
    const r = await factCheck({ ...input, budget: 4, signal: stop.signal }, deps(started));
    expect(r).toMatchObject({ stopped: true, claims: [], checkable: DISTRICTS });
    expect(r.notChecked.map((c) => c.rank)).toEqual(ranked.map((c) => c.rank));
    expect(started).toEqual([]);
  });
});

describe('the model judge reads the claims the code could not settle, in full batches', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let model: FakeOpenAi;
  const CLAIMS = 19;
  const text = Array.from({ length: CLAIMS }, (_, i) => `District ${i + 1} of Exampleville had ${i + 1}2,412 residents.`).join(
    ' ',
  );

  beforeAll(async () => {
    // One page about every district that states none of their figures: every claim has passages, none a verdict.
    const about = Array.from(
      { length: CLAIMS },
      (_, i) => `District ${i + 1} of Exampleville is a quiet residential area by the river, the council said.`,
    );
    site = await startFixtureSite([
      { host: 'council.test', path: '/districts', html: articleHtml({ title: 'Districts', paragraphs: about }) },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: () => [{ url: site.urlOf('council.test', '/districts'), title: 'Districts', description: 'd' }],
    });
    model = await startFakeOpenAi({ apiKey: 'k', reply: () => 'not used', judge: () => '{"verdicts":[]}' });
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close(), model?.close()]);
  });

  it(`model calls: one per ${JUDGE_BATCH} claims without a verdict, each batch full but the last`, async () => {
    const real = createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'k', model: 'm' });
    const started: string[] = [];
    const r = await factCheck(
      { text, pageUrl: 'https://exampleville-blog.test/d', title: 'd', judge: true, budget: Infinity },
      {
        now: () => NOW,
        fetch: viaLoopback(),
        providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
        fetchPage: countingReader(started),
        // The judge only: claims come from the checkable sentences.
        model: {
          name: 'judge',
          complete: (q) => (q.system.startsWith('You check claims') ? real.complete(q) : Promise.reject(new Error('no'))),
        },
        onProgress: () => undefined,
      },
    );
    const open = r.claims.filter((c) => c.verdict === 'not-found' && c.closest);
    expect(r.claims).toHaveLength(CLAIMS);
    expect(open.length).toBeGreaterThan(JUDGE_BATCH);
    const batches = model.chats.filter(isJudgeRequest).map((b) => judgeItemsInPrompt(b).length);
    expect(batches).toHaveLength(Math.ceil(open.length / JUDGE_BATCH));
    expect([...batches].sort((a, b) => b - a).slice(0, -1)).toEqual(batches.slice(0, -1).map(() => JUDGE_BATCH));
    expect(batches.reduce((n, k) => n + k, 0)).toBe(open.length);
    expect(r.counts.judgeCalls).toBe(batches.length);
    expect(started).toHaveLength(1);
  });
});

describe('searches and pages shared across claims', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  const RESIDENTS = 'Exampleville had 412,000 residents on 1 January 2026.';
  const MAYOR = 'Its mayor, Ana Ruiz, was elected in 2022.';
  const FESTIVAL = 'The Exampleville bridge festival drew 50,000 visitors in 2025.';
  // The same claim three times, as a page repeats itself: once in other case and spacing.
  const text = [RESIDENTS, MAYOR, 'EXAMPLEVILLE had  412,000 residents on 1 January 2026.', FESTIVAL, RESIDENTS].join(' ');
  const page = (host: string, title: string, paragraph: string) => ({
    host,
    path: '/p',
    html: articleHtml({ title, paragraphs: [paragraph] }),
  });

  beforeAll(async () => {
    site = await startFixtureSite([
      page('stats-office.test', 'Census', `The census office reported that ${RESIDENTS}`),
      page('city-hall.test', 'Mayor', 'Ana Ruiz, the mayor of Exampleville, was elected in 2022.'),
      page('regional-news.test', 'Region', `In the region: ${RESIDENTS} ${MAYOR.replace('Its', 'The town’s')}`),
      ...Array.from({ length: 6 }, (_, i) =>
        page(`tourism${i + 1}.test`, `Guide ${i + 1}`, `The festival drew 50,000 visitors in 2025.`),
      ),
    ]);
    const hit = (host: string) => ({ url: site.urlOf(host, '/p'), title: host, description: host });
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) =>
        /residents/i.test(q)
          ? [hit('stats-office.test'), hit('regional-news.test')]
          : /mayor/.test(q)
            ? [hit('city-hall.test'), hit('regional-news.test')]
            : Array.from({ length: 6 }, (_, i) => hit(`tourism${i + 1}.test`)),
    });
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('one search per distinct claim, a page two claims found read once, at most three pages of its own per claim', async () => {
    const started: string[] = [];
    const r = await factCheck(
      { text, pageUrl: 'https://exampleville-blog.test/post', title: 'Our town', budget: Infinity },
      {
        now: () => NOW,
        fetch: viaLoopback(),
        providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
        fetchPage: countingReader(started),
        model: null,
        onProgress: () => undefined,
      },
    );
    expect(r.claims).toHaveLength(5);
    const queries = brave.requests.map((q) => new URL(q.url, 'http://x').searchParams.get('q') ?? '');
    // Each query planned is asked once, however many claims plan it.
    const planned = plannedSearches(r.claims, 'Our town');
    expect(new Set(queries.map((q) => q.toLowerCase())).size).toBe(queries.length);
    expect(queries).toHaveLength(planned);
    expect(r.counts.searches).toBe(planned);
    const residentsPlanned = plannedSearches(
      r.claims.filter((c) => /residents/i.test(c.text)),
      'Our town',
    );
    expect(queries.filter((q) => /residents/i.test(q))).toHaveLength(residentsPlanned);
    // The three copies of the claim share the one search, and its verdict.
    const residents = r.claims.filter((c) => /residents/i.test(c.text));
    expect(residents).toHaveLength(3);
    expect(residents.map((c) => c.verdict)).toEqual(['supported', 'supported', 'supported']);
    // The regional page, found for two claims, read once; each page read once.
    const host = (u: string) => new URL(u).hostname;
    expect(started.filter((u) => host(u) === 'regional-news.test')).toHaveLength(1);
    expect(new Set(started).size).toBe(started.length);
    const mayor = r.claims.find((c) => c.sentence === MAYOR)!;
    // It stands alone, as searched: "Its mayor" names the town the sentence before is about.
    expect(mayor.text).toBe("Exampleville's mayor, Ana Ruiz, was elected in 2022.");
    const spansOf = (c: (typeof r.claims)[number]) => r.evidence.filter((e) => c.for.includes(e.spanId)).map((e) => host(e.url));
    expect(spansOf(mayor)).toContain('regional-news.test');
    expect(spansOf(residents[0]!)).toContain('regional-news.test');
    // The festival's search found six pages: three of its own are read.
    expect(started.filter((u) => host(u).startsWith('tourism')).map(host)).toEqual([
      'tourism1.test',
      'tourism2.test',
      'tourism3.test',
    ]);
    expect(r.counts.pagesRead).toBe(6);
    expect(site.requests).toHaveLength(6);
  });
});
