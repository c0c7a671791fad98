import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { clickButton, launchFirefox, saveOptions, screenshotForDocs, type FirefoxExtension } from './harness';

const CLAIMS = [
  'Exampleville had 412,000 residents on 1 January 2026.',
  'Its mayor, Ana Ruiz, was elected in 2022.',
  'The bridge festival draws 50,000 visitors every summer.',
];

describe('Firefox: fact-check the page being read', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let firefox: FirefoxExtension;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'exampleville-blog.test',
        path: '/post',
        // Prose with nothing checkable above the claims, so that showing one must scroll.
        html: articleHtml({
          title: 'Life in Exampleville',
          paragraphs: [
            ...Array.from({ length: 30 }, () => 'we love the quiet streets and the long walks by the water in the evening.'),
            `Exampleville is a river town. ${CLAIMS.join(' ')} We love it here.`,
          ],
          fillerBefore: 0,
        }),
      },
      {
        host: 'stats-office.test',
        path: '/census',
        html: articleHtml({
          title: 'Census 2026',
          paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
        }),
      },
      {
        host: 'city-hall.test',
        path: '/mayor',
        html: articleHtml({
          title: 'The mayor',
          paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.'],
        }),
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) => [
        // The page itself is found too: it must never count as evidence for itself.
        { url: site.urlOf('exampleville-blog.test', '/post'), title: 'Life in Exampleville', description: 'the page itself' },
        ...(/residents/.test(q)
          ? [{ url: site.urlOf('stats-office.test', '/census'), title: 'Census 2026', description: 'census' }]
          : []),
        ...(/mayor|Ruiz/.test(q)
          ? [{ url: site.urlOf('city-hall.test', '/mayor'), title: 'The mayor', description: 'mayor' }]
          : []),
      ],
    });
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    expect(await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: brave.baseUrl })).toBe(
      'Saved.',
    );
    await options.close();
  });

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('verdicts in the panel, each claim marked in the page in its verdict’s colour; a claim clicked scrolls the page to it', async () => {
    const page = await firefox.openPage(site.urlOf('exampleville-blog.test', '/post'));
    const panel = await firefox.openSidePanel();
    await panel.setViewport({ width: 460, height: 760 });
    await clickButton(panel, "Fact-check the page I'm reading");
    await panel.waitForSelector('article.answer-fact-check li.verdict', { timeout: 30_000 });
    const verdicts = await panel.$$eval('article.answer-fact-check li.verdict', (els) =>
      els.map((e) => [e.querySelector('.claim-link')?.textContent, e.getAttribute('data-verdict')]),
    );
    expect(verdicts).toEqual([
      [CLAIMS[0], 'supported'],
      [CLAIMS[1], 'contradicted'],
      [CLAIMS[2], 'not-found'],
    ]);
    const cited = await panel.$$eval('article.answer-fact-check button.cite', (els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const label of cited) expect(label).not.toContain('exampleville-blog.test');

    // The page: each claim in its verdict's colour, through named CSS highlights set by the content script.
    const marks = () =>
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
    await screenshotForDocs(panel, 'firefox-sidepanel-fact-check');

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await panel.bringToFront();
    await panel.locator('article.answer-fact-check li.verdict:nth-child(2) .claim-link').click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
