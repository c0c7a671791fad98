/**
 * Issue #33 in the built extension: with the search provider down, a fact-check gives no verdict:
 * each claim is "Not checked" with the reason, nothing is marked on the page as checked; once the
 * provider is back, one Retry checks those claims, their verdicts in place of "Not checked".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { blogPostHtml, CENSUS_PAGE } from '../fakes/exampleville-blog';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { launchExtension, saveOptions, screenshotForDocs, type ExtensionBrowser } from './harness';

const CLAIMS = [
  'Exampleville had 412,000 residents on 1 January 2026.',
  'The bridge festival draws 50,000 visitors every summer.',
];

describe('a search that fails is never a verdict (the built extension)', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let front: FakeServer;
  let down = true;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    site = await startFixtureSite([
      { host: 'exampleville-blog.test', path: '/post', html: blogPostHtml(CLAIMS) },
      { host: 'exampleville-blog.test', path: '/one', html: blogPostHtml(CLAIMS.slice(0, 1)) },
      CENSUS_PAGE,
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) =>
        /residents/.test(q)
          ? [{ url: site.urlOf('stats-office.test', '/census'), title: 'Census 2026', description: 'census' }]
          : [],
    });
    // Brave as the extension reaches it: down (503) until the test brings it back, then Brave's answers.
    front = await startFakeServer(async (req, res) => {
      if (down) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      const token = req.headers['x-subscription-token'];
      const answer = await fetch(`${brave.origin}${req.url}`, {
        headers: typeof token === 'string' ? { 'x-subscription-token': token } : {},
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'k',
      braveBaseUrl: `${front.origin}/res/v1/web/search`,
    });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), brave?.close(), front?.close()]);
  });

  it('shows "Not checked" with the reason and marks nothing; Retry, with the provider back, checks them', async () => {
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/post'));
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 30_000 });
    const verdicts = view.locator('li.verdict');
    const states = () =>
      verdicts.evaluateAll((els) =>
        els.map((e) => [e.querySelector('.claim-link')!.textContent, e.getAttribute('data-verdict')]),
      );
    expect(await states()).toEqual(CLAIMS.map((c) => [c, 'unchecked']));
    expect(await verdicts.nth(0).locator('.verdict-badge').textContent()).toBe('Not checked');
    expect(await verdicts.nth(0).locator('.unchecked-reason').textContent()).toMatch(
      /^Not checked: Brave Search had a server error \(503\)/,
    );
    expect(await view.locator('.fact-check-count').textContent()).toMatch(
      /^0 of 2 checkable claims checked; 2 could not be checked \(their search failed\)\./,
    );
    expect(await view.locator('button.check-rest').count()).toBe(0);
    expect(await view.locator('.verdict-legend').count()).toBe(0);
    const marks = () =>
      page.evaluate(() =>
        ['supported', 'contradicted', 'not-found', 'mixed'].flatMap((v) =>
          [...(CSS.highlights.get(`spanlight-verdict-${v}`) ?? [])].map((r) => `${v}: ${r.toString().trim()}`),
        ),
      );
    expect(await marks()).toEqual([]);
    await screenshotForDocs(panel, 'sidepanel-fact-check-unchecked');

    down = false;
    const retry = view.getByRole('button', { name: 'Retry the 2 not checked' });
    await retry.click();
    const after = panel.locator('article.answer-fact-check').last();
    await expect
      .poll(
        () =>
          after
            .locator('li.verdict')
            .evaluateAll((els) => els.map((e) => [e.querySelector('.claim-link')!.textContent, e.getAttribute('data-verdict')])),
        { timeout: 30_000 },
      )
      .toEqual([
        [CLAIMS[0], 'supported'],
        [CLAIMS[1], 'not-found'],
      ]);
    expect(await after.locator('.fact-check-count').textContent()).toMatch(/^2 of 2 checkable claims checked\./);
    expect(await after.locator('.retry-unchecked').count()).toBe(0);
    await expect.poll(marks, { timeout: 10_000 }).toEqual([`supported: ${CLAIMS[0]}`, `not-found: ${CLAIMS[1]}`]);
  });

  it('a page with one checkable claim counts it in the singular: "1 of 1 checkable claim checked."', async () => {
    down = false;
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/one'));
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check').last();
    await expect
      .poll(() => view.locator('li.verdict').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict'))), {
        timeout: 30_000,
      })
      .toEqual(['supported']);
    expect(await view.locator('.fact-check-count').textContent()).toMatch(/^1 of 1 checkable claim checked\./);
    await screenshotForDocs(panel, 'sidepanel-fact-check-one-claim');
  });
});
