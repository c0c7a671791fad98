import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import {
  isComposeRequest,
  spansInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
  type ScriptedReply,
} from '../fakes/openai-server';
import { startFakeBrave, type FakeResult } from '../fakes/search-servers';
import { ask, launchExtension, saveOptions, type ExtensionBrowser } from './harness';

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const GROWTH = 'City planners said the population of Exampleville grew by 3.4 percent in 2025.';

describe('refusals and partial answers are results in the panel, not errors', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  let panel: Page;
  let results: () => FakeResult[] = () => [];
  let reply: (b: ChatRequestBody) => ScriptedReply = () => 'INSUFFICIENT';

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({ title: 'Census 2026', published: '2026-02-10T09:00:00Z', paragraphs: [CENSUS] }),
      },
      {
        host: 'stats-office.test',
        path: '/archive',
        html: articleHtml({ title: 'Census archive', paragraphs: [CENSUS.replace('reported', 'first reported')] }),
      },
      {
        host: 'city-news.test',
        path: '/growth',
        html: articleHtml({ title: 'Growth', published: '2026-03-01T08:00:00Z', paragraphs: [GROWTH] }),
      },
    ]);
    model = await startFakeOpenAi({ apiKey: 'mk', reply: (b) => reply(b) });
    brave = await startFakeBrave({ apiKey: 'bk', results: () => results() });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'bk',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'mk',
      modelName: 'fake',
    });
    await options.close();
    panel = await browser.openSidePanel();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close()]);
  });

  it('one publisher only: the gate refuses before composing, naming the condition, what was searched and found', async () => {
    results = () => [
      { url: site.urlOf('stats-office.test', '/population'), title: 'Census 2026', description: 'census' },
      { url: site.urlOf('stats-office.test', '/archive'), title: 'Census archive', description: 'archive' },
    ];
    const composed = () => model.chats.filter(isComposeRequest).length;
    const before = composed();
    expect(await ask(panel, 'How many residents does Exampleville have?')).toBe('abstained');
    const card = panel.locator('.card.refusal');
    expect(await card.locator('[data-condition="independent-domains"]').textContent()).toContain(
      'Only 1 independent source (stats-office.test)',
    );
    expect(await card.textContent()).toContain('Searched: How many residents does Exampleville have');
    expect(await card.textContent()).toContain('Census archive');
    expect(composed()).toBe(before); // the composer was never asked
    expect(await panel.locator('.card.error').count()).toBe(0);
  });

  it('a draft with an unsupported sentence gives a partial answer: the sentence is removed and listed', async () => {
    results = () => [
      { url: site.urlOf('stats-office.test', '/population'), title: 'Census 2026', description: 'census' },
      { url: site.urlOf('city-news.test', '/growth'), title: 'Growth', description: 'growth' },
    ];
    reply = (b) => {
      const census = spansInPrompt(b).find((s) => s.text.includes('412,000'))!;
      return `Exampleville had 412,000 residents on 1 January 2026 [${census.id}]. Exampleville has 17 bridges [${census.id}].`;
    };
    // Another wording than the refusal's question: the search cache would otherwise return its results.
    expect(await ask(panel, 'What is the number of residents in Exampleville?')).toBe('partial');
    const answer = panel.locator('article.answer');
    expect(await answer.locator('li.claim').allTextContents()).toEqual([expect.stringContaining('412,000 residents')]);
    const removed = answer.locator('section.dropped');
    expect(await removed.textContent()).toContain('Exampleville has 17 bridges');
    expect(await removed.textContent()).toContain('the number 17 is not in the passage');
  });

  it('the trace drawer shows every stage with timings and tokens', async () => {
    const answer = panel.locator('article.answer');
    await answer.locator('details.trace summary').click();
    const trace = (await answer.locator('details.trace').textContent()) ?? '';
    for (const stage of ['search', 'fetch', 'select', 'gate', 'compose', 'cite', 'verify']) expect(trace).toContain(stage);
    expect(trace).toMatch(/\d+ in \/ \d+ out tokens/);
  });
});
