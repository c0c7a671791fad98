/**
 * Issue #26 in Firefox: a fact-checker's ClaimReview among a fact-check's evidence shows "Checked
 * before by …" with a working link; a cited page that lost its passage offers the archived copy from
 * a fake archive on 127.0.0.1, which opens with the passage highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { articleHtml, type FixtureSite } from '../fakes/fixture-site';
import type { FakeArchive } from '../fakes/archive-server';
import { CENSUS, CLAIMS, REVIEW_PATH, startPriorCheckWorld, type PriorCheckWorld } from '../fakes/prior-check-world';
import {
  clickButton,
  highlightedText,
  launchFirefox,
  saveOptions,
  screenshotForDocs,
  squash,
  type FirefoxExtension,
} from './harness';

/** The text of `selector` inside the verdict whose claim is `claim` ('' when none). */
const inVerdict = (panel: Page, claim: string, selector: string) =>
  panel.$$eval(
    'article.answer-fact-check li.verdict',
    (els, c, s) => els.find((e) => e.querySelector('.claim-link')?.textContent === c)?.querySelector(s)?.textContent ?? '',
    claim,
    selector,
  );

describe('Firefox: prior fact-checks and archived copies', () => {
  let world: PriorCheckWorld;
  let site: FixtureSite;
  let archive: FakeArchive;
  let firefox: FirefoxExtension;
  let census: string;
  let yesterday: string;

  beforeAll(async () => {
    world = await startPriorCheckWorld('graph');
    ({ site, archive, census, yesterday } = world);
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    expect(
      await saveOptions(options, {
        wikipedia: false,
        brave: true,
        braveKey: 'k',
        braveBaseUrl: world.brave.baseUrl,
        waybackBaseUrl: archive.origin,
      }),
    ).toBe('Saved.');
    await options.close();
  });

  afterAll(async () => {
    await firefox?.close();
    await world?.close();
  });

  it('"Checked before by …" links to the review; a lost passage opens highlighted in the archived copy', async () => {
    await firefox.openPage(site.urlOf('exampleville-blog.test', '/post'));
    const panel = await firefox.openSidePanel();
    await clickButton(panel, "Fact-check the page I'm reading");
    await panel.waitForSelector('article.answer-fact-check li.verdict', { timeout: 30_000 });
    await expect
      .poll(() => inVerdict(panel, CLAIMS[1]!, '.prior-checks .prior-check'), { timeout: 10_000 })
      .toBe('Checked before by Example Fact Desk, 2026-05-02: False');
    expect(await inVerdict(panel, CLAIMS[0]!, '.prior-checks')).toBe('');

    // The link opens the review in a new tab: the browser asks the fact-checker for it once more.
    // (WebDriver BiDi does not report the URL of a tab opened with rel=noopener; the server tells.)
    expect(await panel.$eval('.prior-checks a', (a) => [a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      '_blank',
      'noopener noreferrer',
    ]);
    const asked = () => site.requests.filter((r) => r.url === REVIEW_PATH).length;
    const before = asked();
    await panel.locator('.prior-checks a').click();
    await expect.poll(asked, { timeout: 10_000 }).toBe(before + 1);

    // The census page was rewritten since: its citation finds the passage gone.
    site.setPage(
      'stats-office.test',
      '/census',
      articleHtml({ title: 'Census', paragraphs: ['Figures moved to the yearly bulletin.'] }),
    );
    await panel.bringToFront();
    const liveTab = firefox.waitForTab(census);
    await panel.$$eval(
      'article.answer-fact-check li.verdict',
      (els, c) => {
        const li = els.find((e) => e.querySelector('.claim-link')?.textContent === c);
        (li?.querySelector('button.cite') as HTMLButtonElement | null)?.click();
      },
      CLAIMS[0]!,
    );
    const live = await liveTab;
    await expect
      .poll(() => inVerdict(panel, CLAIMS[0]!, '.citation-status'), { timeout: 20_000 })
      .toMatch(/not found.*changed since/);
    await live.close();
    await panel.bringToFront();
    await screenshotForDocs(panel, 'firefox-sidepanel-prior-check-archived', { panel: false });

    // The archived copy nearest the reading opens, the passage highlighted in it.
    await panel.bringToFront();
    const copyTab = firefox.waitForTab(`${archive.origin}/web/${yesterday}/${census}`);
    await clickButton(panel, 'Find an archived copy');
    const copy = await copyTab;
    await expect.poll(() => inVerdict(panel, CLAIMS[0]!, '.citation-status'), { timeout: 20_000 }).toMatch(/Highlighted in/);
    expect(squash(await highlightedText(copy))).toBe(CENSUS);
    await copy.close();
  });
});
