import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, launchExtension, saveOptions, type ExtensionBrowser } from './harness';

// The extension page's own API, inside page.evaluate (runs in the side panel).
declare const chrome: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  runtime: { sendMessage(message: unknown): Promise<any> };
};

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const GROWTH = 'City planners said the number of Exampleville residents grew by 3.4 percent in 2025.';
const MODEL_KEY = 'sk-secret-model-key-0042';
const BRAVE_KEY = 'brave-secret-key-0042';

describe('security and reliability in the real browser', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  let panel: Page;
  let hostileReply = false;
  let slow = 0;
  const workerLogs: string[] = [];

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({
          title: 'Census <img src=x onerror="window.__pwned=1">',
          published: '2026-02-10T09:00:00Z',
          paragraphs: [CENSUS],
        }),
        headers: { 'set-cookie': 'session=tracking-cookie; Path=/' },
      },
      {
        host: 'city-news.test',
        path: '/growth',
        html: articleHtml({
          title: 'Growth <script>window.__pwned=2</script>',
          paragraphs: [GROWTH, '<b>Bold</b> &lt;script&gt;window.__pwned=3&lt;/script&gt;'],
        }),
      },
    ]);
    model = await startFakeOpenAi({
      apiKey: MODEL_KEY,
      delayMs: () => slow,
      reply: (b) => {
        const spans = spansInPrompt(b);
        const c = spans.find((s) => s.text.includes('412,000'))!;
        const g = spans.find((s) => s.text.includes('3.4 percent'))!;
        return hostileReply
          ? `Exampleville had 412,000 residents on 1 January 2026 [${c.id}]. <img src=x onerror="window.__pwned=4"><script>window.__pwned=5</script> [click](javascript:alert(1)). The population grew by 3.4 percent in 2025 [${g.id}].`
          : `Exampleville had 412,000 residents on 1 January 2026 [${c.id}]. The population grew by 3.4 percent in 2025 [${g.id}].`;
      },
    });
    brave = await startFakeBrave({
      apiKey: BRAVE_KEY,
      results: () => [
        {
          url: site.urlOf('stats-office.test', '/population'),
          title: 'Census <b onmouseover=alert(1)>x</b>',
          description: '<script>window.__pwned=6</script>census',
        },
        { url: site.urlOf('city-news.test', '/growth'), title: 'Growth', description: 'growth' },
      ],
    });
    browser = await launchExtension();
    browser.context.serviceWorkers()[0]!.on('console', (m) => workerLogs.push(m.text()));
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: BRAVE_KEY,
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: MODEL_KEY,
      modelName: 'fake',
    });
    // After saving, the page holds no key: only "a key is saved".
    const optionsHtml = await options.content();
    expect(optionsHtml).not.toContain(MODEL_KEY);
    expect(optionsHtml).not.toContain(BRAVE_KEY);
    await options.close();
    // The browser has a cookie for the source site; fetching sources must not send it.
    const visit = await browser.context.newPage();
    await visit.goto(site.urlOf('stats-office.test', '/population'));
    await visit.close();
    panel = await browser.openSidePanel();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close()]);
  });

  it('hostile titles, snippets, passages and model output render as text: nothing runs, no element is injected', async () => {
    hostileReply = true;
    const before = site.requests.length;
    expect(await ask(panel, 'What is the population of Exampleville?')).toMatch(/grounded|partial/);
    hostileReply = false;
    const answer = panel.locator('article.answer');
    expect(await answer.locator('img, script, b').count()).toBe(0);
    expect(await panel.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain('Growth <script>window.__pwned=2</script>'); // a page title, as text
    // The model's line of markup and its own link cite nothing: left out of the answer, not shown as a claim.
    expect(text).not.toContain('__pwned=4');
    expect(text).not.toContain('__pwned=5');
    expect(await answer.locator('li.claim').count()).toBe(2);
    expect(text).not.toContain('javascript:');

    // The extension fetched the pages without the browser's cookies.
    const fetched = site.requests.slice(before).filter((r) => r.url === '/population');
    expect(fetched.length).toBeGreaterThan(0);
    for (const r of fetched) expect(r.headers.cookie).toBeUndefined();
  });

  it('keys appear in no answer, trace or log; web pages cannot message the extension', async () => {
    const stored = await panel.evaluate(async () => {
      const r = await chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'listHistory', payload: {} });
      const id = r.value.items[0].answerId;
      return JSON.stringify(
        await chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'getAnswer', payload: { answerId: id } }),
      );
    });
    expect(stored).not.toContain(MODEL_KEY);
    expect(stored).not.toContain(BRAVE_KEY);
    expect(workerLogs.join('\n')).not.toContain(MODEL_KEY);
    const settings = await panel.evaluate(() =>
      chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'getSettings', payload: {} }),
    );
    expect(JSON.stringify(settings)).not.toContain(MODEL_KEY);

    const page = await browser.context.newPage();
    await page.goto(site.urlOf('city-news.test', '/growth'));
    expect(
      await page.evaluate(
        () => typeof (window as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
      ),
    ).toBe('undefined');
    await page.close();
  });

  it('the service worker stopped mid-job: the job ends as interrupted, the reopened panel offers a retry, history is not duplicated', async () => {
    const historyBefore = await panel.locator('section.history li').count();
    slow = 4000;
    await panel.locator('select#tabs').selectOption('none');
    await panel.locator('textarea#question').fill('How many residents did Exampleville have in January?');
    await panel.locator('textarea#question').press('Enter');
    await panel.getByText(/Composing with/).waitFor({ timeout: 15_000 });
    const cdp = await browser.context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    slow = 0;
    await panel.close();
    panel = await browser.openSidePanel();
    // The reopened panel finds the cut-off job (latestJob) and offers to ask it again.
    await panel.locator('section.interrupted').waitFor({ timeout: 15_000 });
    expect(await panel.locator('section.interrupted').textContent()).toContain(
      'How many residents did Exampleville have in January?',
    );
    await panel.locator('section.interrupted').getByRole('button').first().waitFor();
    const jobs = await panel.evaluate(async () => {
      // The worker restarts on this message and marks the cut-off job first.
      await new Promise((r) => setTimeout(r, 300));
      const h = await chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'listHistory', payload: {} });
      return h.value.items.length as number;
    });
    expect(jobs).toBe(historyBefore);
    await expect.poll(() => panel.locator('section.history li').count()).toBe(historyBefore);
    // Retry asks it again, once: one more answer in history, not two.
    await panel.locator('section.interrupted').getByRole('button').first().click();
    await panel.locator('article.answer').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.locator('section.history li').count(), { timeout: 15_000 }).toBe(historyBefore + 1);
  });

  it('history survives a browser restart with the same profile', async () => {
    const count = await panel.locator('section.history li').count();
    expect(count).toBeGreaterThan(0);
    const profile = browser.profileDir;
    await browser.close({ keepProfile: true });
    browser = await launchExtension({ profileDir: profile });
    panel = await browser.openSidePanel();
    await expect.poll(() => panel.locator('section.history li').count(), { timeout: 15_000 }).toBe(count);
  });

  it('20 questions started at once complete without cross-talk between their results', async () => {
    const results = await panel.evaluate(async () => {
      const send = (type: string, payload: unknown) =>
        chrome.runtime.sendMessage({ channel: 'spanlight:background', type, payload });
      const questions = Array.from({ length: 20 }, (_, i) => `Question ${i + 1}: how many residents does Exampleville have?`);
      const started = await Promise.all(questions.map((q) => send('ask', { question: q, tabs: 'none' })));
      const ids: string[] = started.map((s: { value: { jobId: string } }) => s.value.jobId);
      const deadline = Date.now() + 60_000;
      const done = new Map<string, { question: string; jobId: string; mode: string }>();
      while (done.size < ids.length && Date.now() < deadline) {
        for (const id of ids) {
          if (done.has(id)) continue;
          const r = await send('getJob', { jobId: id });
          if (r.ok && r.value.answer)
            done.set(id, {
              question: r.value.answer.question,
              jobId: r.value.answer.jobId,
              mode: `${r.value.answer.result.mode} ${r.value.answer.result.reason ?? ''}`,
            });
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      return ids.map((id, i) => ({ id, asked: questions[i], got: done.get(id) }));
    });
    expect(results).toHaveLength(20);
    for (const r of results) {
      expect(r.got, `job ${r.id} did not finish`).toBeDefined();
      expect(r.got!.jobId).toBe(r.id);
      expect(r.got!.question).toBe(r.asked);
      expect(r.got!.mode).toMatch(/grounded|partial/);
    }
  });
});
