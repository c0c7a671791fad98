import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import type { RankedClaim } from '@/lib/factcheck/rank-claims';
import type { CheckedClaim } from '@/lib/factcheck/deps';
import { fetchPage, type PageReadHooks } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import type { Page } from '@/lib/shared/types';
import { labelJudge, LabelBook } from '@/lib/eval/label-judge';
import type { ChatModel } from '@/lib/model/chat-model';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../../fakes/fixture-site';
import { startFakeBrave } from '../../fakes/search-servers';

// Each claim's own source read and compared (issue #38), through the check's page reads, with a
// search that finds nothing: only the links of the checked page can say anything.

const NOW = new Date('2026-03-01T00:00:00Z');
const SENTENCES = {
  contradicts: 'The Exampleville tramway carried 4.2 million passengers in 2025, the transit authority reported.',
  states: 'The Exampleville library holds 120,000 books, its website says.',
  unread: 'The Exampleville bridge was finished in 1911, a local history says.',
  silent: 'The Exampleville market draws 5,000 visitors every Saturday, organisers said.',
  shared: 'The Exampleville library lends 120,000 books every year, its website says.',
};

describe("a claim's own source, read and compared", () => {
  /** What the check reported as it went: each verdict, and (`again`) a claim whose own sources came after it. */
  const reported: Array<{ again: boolean; claim: CheckedClaim }> = [];
  const progress: Array<{ step: string; message: string; after: number }> = [];
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let page: Page;
  beforeAll(async () => {
    const link = (s: string, host: string, path: string, words: string) =>
      s.replace(words, `<a href="http://${host}${path}">${words}</a>`);
    site = await startFixtureSite([
      {
        host: 'blog.test',
        path: '/post',
        html: articleHtml({
          title: 'Exampleville in numbers',
          fillerBefore: 2,
          paragraphs: [
            link(SENTENCES.contradicts, 'transit.test', '/annual-report', 'the transit authority reported'),
            link(SENTENCES.states, 'library.test', '/about', 'its website says'),
            link(SENTENCES.unread, 'gone.test', '/bridge', 'a local history says'),
            link(SENTENCES.silent, 'market.test', '/', 'organisers said'),
            link(SENTENCES.shared, 'library.test', '/about', 'its website says'),
          ],
        }),
      },
      {
        host: 'transit.test',
        path: '/annual-report',
        html: articleHtml({
          title: 'Transit authority annual report 2025',
          paragraphs: ['The Exampleville tramway carried 3.1 million passengers in 2025, down from 3.4 million in 2024.'],
        }),
      },
      {
        host: 'library.test',
        path: '/about',
        html: articleHtml({
          title: 'About the Exampleville library',
          paragraphs: ['The Exampleville library holds 120,000 books and lends them free of charge to every resident.'],
        }),
      },
      {
        host: 'market.test',
        path: '/',
        html: articleHtml({
          title: 'The market',
          paragraphs: ['The market sells cheese, bread and vegetables from the valley farms.'],
        }),
      },
    ]);
    brave = await startFakeBrave({ apiKey: 'k', results: () => [] });
    const read = await fetchPage(site.urlOf('blog.test', '/post'), {
      fetch: viaLoopback(),
      parseHtml: parseHtmlWithLinkedom,
      allowPrivateNetwork: false,
      now: () => NOW,
    });
    if (!read.ok) throw new Error(read.reason);
    page = read.extraction.page;
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close()]);
  });

  /** A check whose reads of `held` wait for `gate`; what it reported as it went. */
  async function check(
    model: ChatModel | null = null,
    hold?: { held: string; gate: Promise<void>; signal?: AbortSignal; onSettled?: (c: CheckedClaim) => void },
    ownSourcesPerCheck?: number,
  ) {
    const claims: RankedClaim[] = Object.values(SENTENCES).map((s, i) => {
      const start = page.text.indexOf(s);
      return { text: s, sentence: s, start, end: start + s.length, rank: i + 1, worth: 1 };
    });
    expect(claims.every((c) => c.start >= 0)).toBe(true);
    return factCheck(
      {
        text: page.text,
        pageUrl: page.url,
        title: page.title,
        claims,
        links: page.links,
        citations: page.citations,
        judge: model !== null,
        ...(hold?.signal ? { signal: hold.signal } : {}),
        ...(ownSourcesPerCheck === undefined ? {} : { ownSourcesPerCheck }),
      },
      {
        now: () => NOW,
        fetch: viaLoopback(),
        providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
        fetchPage: async (url: string, hooks?: PageReadHooks) => {
          if (hold && url.includes(hold.held)) await hold.gate;
          return fetchPage(url.replace(/^http:\/\/([a-z]+\.test)\//, `http://$1:${site.port}/`), {
            fetch: viaLoopback(),
            parseHtml: parseHtmlWithLinkedom,
            allowPrivateNetwork: false,
            now: () => NOW,
            ...hooks,
          });
        },
        model,
        onProgress: (step, message) => progress.push({ step, message, after: reported.length }),
        onSettled: (s) => hold?.onSettled?.(s.claim),
        onOwnSources: (s) => reported.push({ again: true, claim: s.claim }),
      },
    );
  }

  it('says per claim whether its own source states it, says otherwise, is silent or could not be read', async () => {
    const r = await check();
    const byText = new Map(r.claims.map((c) => [c.text, c]));
    const reading = (s: string) => byText.get(s)?.ownSources?.map((o) => o.reading);
    expect(reading(SENTENCES.contradicts)).toEqual(['contradicts']);
    expect(reading(SENTENCES.states)).toEqual(['states']);
    expect(reading(SENTENCES.unread)).toEqual(['unread']);
    expect(reading(SENTENCES.silent)).toEqual(['silent']);
    expect(byText.get(SENTENCES.unread)!.ownSources![0]!.reason).toBe('HTTP 404');
    // The passages are in the evidence: "says otherwise" shows the other value.
    const passage = (s: string) => {
      const id = byText.get(s)!.ownSources![0]!.spanId;
      return r.evidence.find((e) => e.spanId === id)?.text ?? '';
    };
    expect(passage(SENTENCES.contradicts)).toContain('3.1 million passengers in 2025');
    expect(byText.get(SENTENCES.contradicts)!.ownSources![0]!.reason).toMatch(/3\.1 million/);
    expect(passage(SENTENCES.states)).toContain('holds 120,000 books');
  });

  it('a verdict does not wait for its own source: it is reported first, marked as reading it, and again when it is read', async () => {
    reported.length = 0;
    progress.length = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const r = await check(null, {
      held: 'transit.test',
      gate,
      // Every verdict is in while the transit report is held: then it may answer.
      onSettled: (c) => {
        reported.push({ again: false, claim: c });
        if (reported.filter((x) => !x.again).length === 5) open();
      },
    });
    const first = reported.findIndex((x) => x.claim.text === SENTENCES.contradicts);
    expect(reported[first]!.again).toBe(false);
    expect(reported[first]!.claim.ownSourcesReading).toBe(1);
    expect(reported[first]!.claim.ownSources).toBeUndefined();
    // Each verdict reported once; each claim reported as reading its own sources, reported again with them.
    const firsts = reported.filter((x) => !x.again);
    const again = reported.filter((x) => x.again);
    expect(firsts.map((x) => x.claim.text).sort()).toEqual(Object.values(SENTENCES).sort());
    expect(again.map((x) => x.claim.text).sort()).toEqual(
      firsts
        .filter((x) => x.claim.ownSourcesReading)
        .map((x) => x.claim.text)
        .sort(),
    );
    // The step line says so once every verdict is in, before the held source joins its claim.
    const said = progress.filter((p) => p.step === 'reading');
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toMatch(/^Every verdict is in; reading the page’s own sources of \d claims?…$/);
    expect(said[0]!.after).toBeGreaterThanOrEqual(5);
    expect(said[0]!.after).toBeLessThanOrEqual(reported.findIndex((x) => x.again && x.claim.text === SENTENCES.contradicts));
    const transit = again.find((x) => x.claim.text === SENTENCES.contradicts)!;
    expect(transit.claim.ownSources?.map((o) => o.reading)).toEqual(['contradicts']);
    expect(again.every((x) => x.claim.ownSourcesReading === undefined && x.claim.ownSources?.length)).toBe(true);
    const done = r.claims.find((c) => c.text === SENTENCES.contradicts)!;
    expect(done.ownSources?.map((o) => o.reading)).toEqual(['contradicts']);
    expect(done.ownSourcesReading).toBeUndefined();
    expect(r.evidence.some((e) => e.spanId === done.ownSources![0]!.spanId)).toBe(true);
  });

  it('a stop while an own source is read keeps the verdict, without it and not marked as reading', async () => {
    const stop = new AbortController();
    const r = await check(null, {
      held: 'transit.test',
      gate: new Promise<void>(() => undefined),
      signal: stop.signal,
      onSettled: (c) => {
        if (c.text === SENTENCES.contradicts) stop.abort();
      },
    });
    expect(r.stopped).toBe(true);
    const kept = r.claims.find((c) => c.text === SENTENCES.contradicts)!;
    expect(kept.verdict).toBe('not-found');
    expect(kept.ownSources).toBeUndefined();
    expect(kept.ownSourcesReading).toBeUndefined();
  });

  it("Settings → Budgets: 1 reads the top claim's own source only; 0 opens none, and no page it links to is asked for", async () => {
    const one = await check(null, undefined, 1);
    expect(one.claims.map((c) => c.ownSources?.length ?? 0)).toEqual([1, 0, 0, 0, 0]);
    const asked = () => site.requests.filter((q) => q.url !== '/post').length;
    const before = asked();
    const none = await check(null, undefined, 0);
    expect(none.claims.every((c) => c.ownSources === undefined && c.ownSourcesReading === undefined)).toBe(true);
    expect(asked()).toBe(before);
  });

  it('never counts them as independent: the verdicts stay "not found" when the search finds nothing', async () => {
    const r = await check();
    expect(r.claims.map((c) => c.verdict)).toEqual(Array(5).fill('not-found'));
    expect(r.claims.every((c) => c.for.length === 0 && c.against.length === 0)).toBe(true);
  });

  it('reads a page two claims link to once, and says so in the trace', async () => {
    const before = site.requests.filter((q) => q.url === '/about').length;
    const r = await check();
    expect(site.requests.filter((q) => q.url === '/about').length - before).toBe(1);
    const stage = r.stages.find((s) => s.stage === 'citations');
    expect(stage?.summary).toMatch(
      /5 own sources of 5 claims read.*2 state it, 1 say otherwise, 1 do not state it, 1 could not be read/,
    );
  });

  it('with the judge on, a model reads the stating windows in one batch; it may take "states" back, never "says otherwise"', async () => {
    // A model that finds no passage stating anything (the labels know none: it answers "neither").
    const model = labelJudge(new LabelBook());
    const r = await check(model);
    const byText = new Map(r.claims.map((c) => [c.text, c]));
    const reading = (s: string) => byText.get(s)?.ownSources?.map((o) => o.reading);
    expect(model.log.calls).toBe(1);
    expect(reading(SENTENCES.states)).toEqual(['silent']);
    expect(byText.get(SENTENCES.states)!.ownSources![0]!.reason).toBe('the model found no passage stating it');
    expect(reading(SENTENCES.contradicts)).toEqual(['contradicts']);
    expect(reading(SENTENCES.unread)).toEqual(['unread']);
  });
});
