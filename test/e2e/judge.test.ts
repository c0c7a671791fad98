import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import {
  isJudgeRequest,
  judgeItemsInPrompt,
  spansInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
} from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { highlightedText, launchExtension, saveOptions, squash, type ExtensionBrowser } from './harness';

const CLAIMS = [
  'Exampleville had 412,000 residents on 1 January 2026.',
  'Its mayor, Ana Ruiz, was elected in 2022.',
  'The bridge festival draws 50,000 visitors every summer.',
];
const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const GROWTH = 'City planners said the population of Exampleville grew by 3.4 percent in 2025.';
const MAYOR = 'Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.';
// Under the selection floor for the festival claim: only the judge and the "closest passages" read it.
const FESTIVAL = 'Each summer, the tourism board counts some fifty thousand guests at the river celebration by the old crossing.';
// A paraphrase the word checks cannot settle: kept "not confirmed word for word" unless the judge confirms it.
const PARAPHRASE = 'Exampleville is home to 412,000 residents, according to the census.';
const QUESTION = 'How many residents does Exampleville have?';

type Verdict = { item: number; verdict: string; span?: string; quote?: string };
/** A hostile judge: a "supports" that names no span, one that names another claim's span, one whose quote is not in its span. */
const hostile = (item: number, own: string, other: string): Verdict[] => [
  { item, verdict: 'supports', quote: 'some fifty thousand guests' },
  { item, verdict: 'supports', span: other, quote: 'had 412,000 residents' },
  { item, verdict: 'supports', span: own, quote: 'the festival draws 50,000 visitors' },
];

describe('the model judge in the extension, on by default with a model; the code disposes', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let model: FakeOpenAi;
  let browser: ExtensionBrowser;
  let panel: Page;
  let judge: (b: ChatRequestBody) => Verdict[] = () => [];
  const judgeRequests = () => model.chats.filter(isJudgeRequest);

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'exampleville-blog.test',
        path: '/post',
        html: articleHtml({
          title: 'Life in Exampleville',
          paragraphs: [`Exampleville is a river town. ${CLAIMS.join(' ')} We love it.`],
        }),
      },
      { host: 'stats-office.test', path: '/census', html: articleHtml({ title: 'Census 2026', paragraphs: [CENSUS] }) },
      { host: 'city-news.test', path: '/growth', html: articleHtml({ title: 'Growth', paragraphs: [GROWTH] }) },
      { host: 'city-hall.test', path: '/mayor', html: articleHtml({ title: 'The mayor', paragraphs: [MAYOR] }) },
      {
        host: 'tourism.test',
        path: '/summer',
        html: articleHtml({ title: 'Summer guide', published: '2026-06-01T00:00:00Z', paragraphs: [FESTIVAL] }),
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) => [
        // The checked page is found too (never evidence for itself); the question does not find it.
        ...(/How many/.test(q)
          ? []
          : [
              {
                url: site.urlOf('exampleville-blog.test', '/post'),
                title: 'Life in Exampleville',
                description: 'the page itself',
              },
            ]),
        ...(/residents/.test(q)
          ? [{ url: site.urlOf('stats-office.test', '/census'), title: 'Census 2026', description: 'c' }]
          : []),
        ...(/How many/.test(q) ? [{ url: site.urlOf('city-news.test', '/growth'), title: 'Growth', description: 'g' }] : []),
        ...(/mayor|Ruiz/.test(q) ? [{ url: site.urlOf('city-hall.test', '/mayor'), title: 'The mayor', description: 'm' }] : []),
        ...(/festival/.test(q) ? [{ url: site.urlOf('tourism.test', '/summer'), title: 'Summer guide', description: 's' }] : []),
      ],
    });
    model = await startFakeOpenAi({
      apiKey: 'k',
      reply: (b) => {
        if (b.messages[0]!.content.startsWith('You split a text into atomic factual claims'))
          return JSON.stringify({ claims: CLAIMS.map((c) => ({ claim: c, sentence: c })) });
        const census = spansInPrompt(b).find((s) => s.text.includes('census office'))!;
        return `${PARAPHRASE.slice(0, -1)} [${census.id}].`;
      },
      judge: (b) => JSON.stringify({ verdicts: judge(b) }),
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    // The judge is not touched: it is on by default once there is a model.
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'k',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'k',
      modelName: 'fake',
    });
    await options.close();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), brave?.close(), model?.close()]);
  });

  /** Asks in a fresh panel and waits for the answer (a reopened panel may still show the last fact-check). */
  async function askAnew(question: string): Promise<string> {
    panel = await browser.openSidePanel();
    await panel.locator('select#tabs').selectOption('none');
    await panel.locator('textarea#question').fill(question);
    await panel.locator('textarea#question').press('Enter');
    const answer = panel
      .locator('article.answer:not([data-mode="fact-check"])')
      .filter({ has: panel.getByRole('heading', { name: question, exact: true }) });
    await answer.waitFor({ timeout: 30_000 });
    return (await answer.getAttribute('data-mode')) ?? '';
  }

  async function factCheck(): Promise<Array<[string, string]>> {
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/post'));
    panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 30_000 });
    await page.close();
    return view
      .locator('li.verdict')
      .evaluateAll((els) =>
        els.map((e) => [e.querySelector('.claim-link')!.textContent ?? '', e.getAttribute('data-verdict') ?? '']),
      );
  }

  it('fact-check: a judge reply with no span, another claim’s span or a quote not in its span changes nothing; the claim lists the closest passage read, which jumps to it', async () => {
    const before = judgeRequests().length;
    judge = (b) => {
      const items = judgeItemsInPrompt(b);
      const festival = items.find((i) => i.claim.includes('festival'))!;
      return hostile(festival.item, festival.spans[0]!.id, 'S1');
    };
    expect(await factCheck()).toEqual([
      [CLAIMS[0], 'supported'],
      [CLAIMS[1], 'contradicted'],
      [CLAIMS[2], 'not-found'],
    ]);
    // The judge ran (on by default), and read only the claim the code could not settle, with a passage under the floor.
    const asked = judgeRequests().slice(before);
    expect(asked).toHaveLength(1);
    expect(judgeItemsInPrompt(asked[0]!).map((i) => [i.claim, i.spans.map((s) => s.text)])).toEqual([[CLAIMS[2], [FESTIVAL]]]);

    const notFound = panel.locator('li.verdict[data-verdict="not-found"]');
    const closest = notFound.locator('.closest li');
    expect(await closest.count()).toBe(1);
    expect(squash((await closest.locator('button.closest-jump').textContent()) ?? '')).toBe(`“${FESTIVAL}”`);
    expect(await closest.locator('.closest-source').textContent()).toMatch(/Summer guide · tourism\.test(:\d+)? · Jun 1, 2026/);
    const opened = browser.context.waitForEvent('page');
    await closest.locator('button.closest-jump').click();
    const source = await opened;
    await expect.poll(() => highlightedText(source), { timeout: 20_000 }).not.toBe('');
    expect(squash(await highlightedText(source))).toContain(FESTIVAL);
    await source.close();
  });

  it('fact-check: a verdict that names the claim’s own span and quotes it is taken', async () => {
    judge = (b) => {
      const festival = judgeItemsInPrompt(b).find((i) => i.claim.includes('festival'))!;
      return [{ item: festival.item, verdict: 'supports', span: festival.spans[0]!.id, quote: 'some fifty thousand guests' }];
    };
    expect((await factCheck())[2]).toEqual([CLAIMS[2], 'supported']);
    const row = panel.locator('li.verdict').nth(2);
    expect(await row.textContent()).toContain('some fifty thousand guests');
    expect(await row.locator('.closest').count()).toBe(0);
  });

  it('answering: hostile judge replies leave the claim "not confirmed word for word", with its closest passage; a valid one confirms it', async () => {
    const before = judgeRequests().length;
    judge = (b) => {
      const item = judgeItemsInPrompt(b)[0]!;
      return hostile(item.item, item.spans[0]!.id, item.spans[0]!.id === 'S1' ? 'S2' : 'S1');
    };
    expect(await askAnew(QUESTION)).toBe('grounded');
    expect(judgeRequests().length).toBe(before + 1);
    const claim = panel.locator('article.answer[data-mode="grounded"] li.claim').first();
    expect(await claim.getAttribute('data-unconfirmed')).toBe('true');
    const closest = claim.locator('.closest li');
    expect(await closest.count()).toBe(1);
    expect(squash((await closest.locator('button.closest-jump').textContent()) ?? '')).toBe(`“${CENSUS}”`);
    expect(await closest.locator('.closest-source').textContent()).toMatch(/Census 2026 · stats-office\.test(:\d+)? · /);

    judge = (b) => {
      const item = judgeItemsInPrompt(b)[0]!;
      return [{ item: item.item, verdict: 'supports', span: item.spans[0]!.id, quote: 'had 412,000 residents' }];
    };
    expect(await askAnew(`${QUESTION} (again)`)).toBe('grounded');
    const confirmed = panel
      .locator('article.answer')
      .filter({ has: panel.getByRole('heading', { name: `${QUESTION} (again)`, exact: true }) })
      .locator('li.claim')
      .first();
    expect(await confirmed.getAttribute('data-status')).toBe('supported');
    expect(await confirmed.getAttribute('data-unconfirmed')).toBeNull();
    expect(await confirmed.locator('.closest').count()).toBe(0);
  });

  it('one setting turns the judge off: no judge request in either flow', async () => {
    const options = await browser.openOptions();
    await options.waitForSelector('form');
    await options.locator('input[name=judge]').setChecked(false);
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByText('Saved.').waitFor();
    await options.close();
    const before = judgeRequests().length;
    expect((await factCheck())[2]).toEqual([CLAIMS[2], 'not-found']);
    expect(await askAnew(QUESTION)).toBe('grounded');
    expect(judgeRequests().length).toBe(before);
  });
});
