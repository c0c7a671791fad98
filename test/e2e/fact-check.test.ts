import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, type FixtureSite } from '../fakes/fixture-site';
import { CLAIMS, startExamplevilleWorld, type ExamplevilleWorld } from '../fakes/exampleville-blog';
import { launchExtension, saveOptions, screenshotForDocs, type ExtensionBrowser } from './harness';

describe('fact-check the page being read', () => {
  let world: ExamplevilleWorld;
  let site: FixtureSite;
  let brave: ExamplevilleWorld['brave'];
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    world = await startExamplevilleWorld();
    ({ site, brave } = world);
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: brave.baseUrl });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('three claims get supported, contradicted and not found, marked in their colours; the page’s own domain is never cited', async () => {
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/post'));
    const pageBefore = await page.evaluate(() => document.documentElement.outerHTML);
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 30_000 });
    const verdicts = view.locator('li.verdict');
    expect(
      await verdicts.evaluateAll((els) =>
        els.map((e) => [e.querySelector('.claim-link')!.textContent, e.getAttribute('data-verdict')]),
      ),
    ).toEqual([
      [CLAIMS[0], 'supported'],
      [CLAIMS[1], 'contradicted'],
      [CLAIMS[2], 'not-found'],
    ]);
    // Each claim's card: its sentence as written, and under it the standalone form that was searched
    // and judged when they differ ("Its mayor" names the town the sentence before is about).
    expect(await verdicts.nth(1).locator('.claim-standalone').textContent()).toBe(
      "Checked as: Exampleville's mayor, Ana Ruiz, was elected in 2022.",
    );
    expect(await verdicts.nth(0).locator('.claim-standalone').count()).toBe(0);
    // What was not taken as a claim is listed with why, collapsed: the 30 lines of prose, "We love it here.".
    const left = view.locator('details.left-out');
    expect(await left.locator('summary').textContent()).toMatch(/^Not taken as claims \(\d+\)$/);
    await left.locator('summary').click();
    await expect.poll(() => left.locator('li').count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(31);
    const reasons = await left.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')));
    expect(new Set(reasons)).toEqual(new Set(['not-check-worthy', 'fragment']));
    await left.locator('summary').click();
    const cited = await view.locator('button.cite').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(cited.length).toBeGreaterThan(0);
    for (const label of cited) expect(label).not.toContain('exampleville-blog.test');

    // The page: each claim in its verdict's colour, through named CSS highlights.
    const marks = async () =>
      page.evaluate(() =>
        Object.fromEntries(
          ['supported', 'contradicted', 'not-found'].map((v) => [
            v,
            [...(CSS.highlights.get(`spanlight-verdict-${v}`) ?? [])].map((r) => r.toString().replace(/\s+/g, ' ').trim()),
          ]),
        ),
      );
    await expect
      .poll(marks, { timeout: 10_000 })
      .toEqual({ supported: [CLAIMS[0]], contradicted: [CLAIMS[1]], 'not-found': [CLAIMS[2]] });
    // Nothing is laid over the page's text: its DOM is as it was (the marks are CSS highlights), and
    // the key to the colours is in the panel, beside the verdicts.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(pageBefore);
    expect(
      await view.locator('.verdict-legend [data-legend]').evaluateAll((els) => els.map((e) => e.getAttribute('data-legend'))),
    ).toEqual(['supported', 'contradicted', 'not-found']);
    await screenshotForDocs(panel, 'sidepanel-fact-check');

    // A click on evidence: the outcome is shown in that claim's entry.
    const opened = browser.context.waitForEvent('page');
    await verdicts.nth(0).locator('button.cite').first().click();
    const source = await opened;
    await expect
      .poll(() => verdicts.nth(0).locator('.citation-status').textContent(), { timeout: 20_000 })
      .toMatch(/Highlighted in/);
    await source.close();

    // Clicking a claim in the panel scrolls the page to it.
    await panel.bringToFront();
    await verdicts.nth(1).locator('.claim-link').click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('a page over 1 MB says so while it is read; one over the 5 MB limit is read up to it, and the result says it was cut', async () => {
    // A page whose HTML is mostly data (as pages that ship their state as JSON are): 5.4 MB.
    const blob = `<script type="application/json">${JSON.stringify({ rows: 'x'.repeat(5_400_000) })}</script>`;
    const html = articleHtml({ title: 'Life in Exampleville', paragraphs: [CLAIMS[0]!], fillerBefore: 0 }).replace(
      '</body>',
      `${blob}</body>`,
    );
    site.setPage('exampleville-blog.test', '/large', html);
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/large'));
    const panel = await browser.openSidePanel();
    // Every line the progress shows, as it shows it.
    await panel.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const line = document.querySelector('.progress')?.textContent;
        if (line && seen.at(-1) !== line) seen.push(line);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 60_000 });
    const seen = await panel.evaluate(() => (window as unknown as { seen: string[] }).seen.join('\n'));
    expect(seen).toContain('Reading a large page (5.0 MB of HTML)');
    // The cut is said in the result (below). The progress line that also says it may be replaced
    // before the observer's callback runs, which reads only the line shown then: not asserted.
    expect(
      await panel
        .locator('.warnings')
        .allTextContents()
        .then((t) => t.join(' ')),
    ).toContain('was cut at 5000000 bytes');
    await screenshotForDocs(panel, 'sidepanel-fact-check-page-cut');
    // What was read before the limit is checked.
    expect(await view.textContent()).toContain('412,000 residents');
    await Promise.all([panel.close(), page.close()]);
  });
});
