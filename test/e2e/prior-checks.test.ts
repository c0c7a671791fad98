/**
 * Issue #26 in the built extension: a fact-checker's ClaimReview among a fact-check's evidence shows
 * "Checked before by …" beside the claim, apart from the verdict, linking to the review; a cited page
 * that lost its passage offers the archived copy (a fake archive on 127.0.0.1 in the Wayback
 * Machine's shapes), which opens with the passage highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, type FixtureSite } from '../fakes/fixture-site';
import type { FakeArchive } from '../fakes/archive-server';
import { CENSUS, CLAIMS, REVIEW_PATH, startPriorCheckWorld, type PriorCheckWorld } from '../fakes/prior-check-world';
import { ask, highlightedText, launchExtension, saveOptions, screenshotForDocs, squash, type ExtensionBrowser } from './harness';

describe('prior fact-checks and archived copies (the built extension)', () => {
  let world: PriorCheckWorld;
  let site: FixtureSite;
  let archive: FakeArchive;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    world = await startPriorCheckWorld('plain');
    ({ site, archive } = world);
    browser = await launchExtension();
    const options = await browser.openOptions();
    await options.waitForSelector('form');
    // One publisher is enough here: the answer below cites the census page alone.
    await options.locator('input[name=min-domains]').fill('1');
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'k',
      braveBaseUrl: world.brave.baseUrl,
      waybackBaseUrl: archive.origin,
    });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('shows a fact-checker’s earlier rating apart from the verdict, linking to the review; a lost passage opens highlighted in the archived copy', async () => {
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/post'));
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 30_000 });
    const mayor = view.locator('li.verdict', { hasText: CLAIMS[1] });
    const prior = mayor.locator('.prior-checks .prior-check');
    await prior.waitFor({ timeout: 10_000 });
    expect(await prior.textContent()).toBe('Checked before by Example Fact Desk, 2026-05-02: False');
    // Spanlight's own verdict stays its own: the badge is outside the prior checks.
    expect(await mayor.locator('.prior-checks .verdict-badge').count()).toBe(0);
    expect(await mayor.locator('.verdict-badge').first().textContent()).not.toContain('False');
    // The census claim has no review: nothing is shown for it.
    expect(await view.locator('li.verdict', { hasText: CLAIMS[0] }).locator('.prior-checks').count()).toBe(0);
    await mayor.scrollIntoViewIfNeeded();
    await screenshotForDocs(panel, 'sidepanel-prior-check', { panel: false });

    // The link works: it opens the review in a new tab.
    const link = prior.locator('a');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const opened = browser.context.waitForEvent('page');
    await link.click();
    const review = await opened;
    await review.waitForLoadState('domcontentloaded');
    expect(review.url()).toBe(site.urlOf('factdesk.test', REVIEW_PATH));
    expect(await review.title()).toBe('Was Ana Ruiz elected in 2022?');
    await review.close();

    // Since the check, the census page was rewritten: its passage is gone.
    site.setPage(
      'stats-office.test',
      '/census',
      articleHtml({ title: 'Census', paragraphs: ['Figures moved to the yearly bulletin.'] }),
    );
    await panel.bringToFront();
    const census = view.locator('li.verdict', { hasText: CLAIMS[0] });
    const live = browser.context.waitForEvent('page');
    await census.locator('button.cite').first().click();
    const livePage = await live;
    const status = census.locator('.citation-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/not found.*changed since/);
    await livePage.close();
    await census.scrollIntoViewIfNeeded();
    await screenshotForDocs(panel, 'sidepanel-archived-copy-offered', { panel: false });

    // The archived copy is offered there; opening it asks the archive for the copy nearest the reading.
    const copyOpened = browser.context.waitForEvent('page');
    await census.getByRole('button', { name: 'Find an archived copy' }).click();
    const copy = await copyOpened;
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/Highlighted in/);
    expect(copy.url()).toMatch(new RegExp(`^${archive.origin}/web/\\d{14}/`));
    expect(copy.url()).not.toContain('/web/20200101000000/');
    expect(squash(await highlightedText(copy))).toBe(CENSUS);
    const asked = archive.requests.find((r) => r.url.startsWith('/wayback/available'));
    const params = new URL(asked!.url, archive.origin).searchParams;
    expect(params.get('url')).toBe(site.urlOf('stats-office.test', '/census'));
    expect(params.get('timestamp')).toMatch(/^\d{14}$/);
    await copy.close();
  });

  it('a source card offers the archived copy and "Archive this page", which opens the archive’s save page only on the click', async () => {
    const census = site.urlOf('stats-office.test', '/census-2026');
    const panel = await browser.openSidePanel();
    expect(await ask(panel, 'How many residents did Exampleville have on 1 January 2026?')).toBe('grounded');
    const card = panel.locator('article.answer section.sources li').first();
    const saves = () => archive.requests.filter((r) => r.url.startsWith('/save/')).length;
    expect(saves()).toBe(0);
    const opened = browser.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Archive this page' }).click();
    const save = await opened;
    await save.waitForLoadState('domcontentloaded');
    expect(save.url()).toBe(`${archive.origin}/save/${census}`);
    expect(saves()).toBe(1);
    await save.close();
    // The archived copy from the card: opened highlighted, the outcome shown in the card.
    const copyOpened = browser.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Find an archived copy' }).click();
    const copy = await copyOpened;
    await expect.poll(() => card.locator('.citation-status').textContent(), { timeout: 20_000 }).toMatch(/Highlighted in/);
    expect(squash(await highlightedText(copy))).toContain(squash(CENSUS));
    await copy.close();
  });
});
