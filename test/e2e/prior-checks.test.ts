/**
 * Issue #26 in the built extension: a fact-checker's ClaimReview among a fact-check's evidence shows
 * "Checked before by …" beside the claim, apart from the verdict, linking to the review; a cited page
 * that lost its passage offers the archived copy (a fake archive on 127.0.0.1 in the Wayback
 * Machine's shapes), which opens with the passage highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeArchive, type FakeArchive } from '../fakes/archive-server';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, highlightedText, launchExtension, saveOptions, screenshotForDocs, squash, type ExtensionBrowser } from './harness';

const CLAIMS = ['Exampleville had 412,000 residents on 1 January 2026.', 'Its mayor, Ana Ruiz, was elected in 2022.'];
const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const REVIEW_PATH = '/checks/ana-ruiz-2022';

/** A fact-checker's article with its ClaimReview as JSON-LD, as fact-checking sites publish it. */
function reviewHtml(reviewUrl: string): string {
  const review = {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: reviewUrl,
    claimReviewed: CLAIMS[1],
    datePublished: '2026-05-02',
    author: { '@type': 'Organization', name: 'Example Fact Desk' },
    reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, alternateName: 'False' },
    itemReviewed: { '@type': 'Claim', author: { '@type': 'Person', name: 'A blogger' } },
  };
  return articleHtml({
    title: 'Was Ana Ruiz elected in 2022?',
    paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023, the city hall records show.'],
  }).replace('</head>', `<script type="application/ld+json">${JSON.stringify(review)}</script></head>`);
}

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

describe('prior fact-checks and archived copies (the built extension)', () => {
  let site: FixtureSite;
  let archive: FakeArchive;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;

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
      {
        host: 'stats-office.test',
        path: '/census-2026',
        // Dated: the question names a date, so its answer wants a recent source.
        html: articleHtml({ title: 'Census 2026 release', published: '2026-01-15T09:00:00Z', paragraphs: [CENSUS] }),
      },
    ]);
    const release = site.urlOf('stats-office.test', '/census-2026');
    const reviewUrl = site.urlOf('factdesk.test', REVIEW_PATH);
    site.setPage('factdesk.test', REVIEW_PATH, reviewHtml(reviewUrl));
    const census = site.urlOf('stats-office.test', '/census');
    archive = await startFakeArchive([
      // An old copy from before the figure was published, and yesterday's, nearest to when it is read.
      { url: census, timestamp: '20200101000000', html: articleHtml({ title: 'Census 2019', paragraphs: ['No figures yet.'] }) },
      {
        url: census,
        timestamp: stamp(new Date(Date.now() - 86_400_000)),
        html: articleHtml({ title: 'Census 2026', paragraphs: [CENSUS] }),
      },
    ]);
    archive.add({
      url: release,
      timestamp: stamp(new Date(Date.now() - 86_400_000)),
      html: articleHtml({ title: 'Census 2026 release', paragraphs: [CENSUS] }),
    });
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) => [
        // A question (not a claim) is answered from the dated release page.
        ...(/many residents/.test(q) ? [{ url: release, title: 'Census 2026 release', description: 'census' }] : []),
        ...(/residents/.test(q) && !/many residents/.test(q)
          ? [{ url: census, title: 'Census 2026', description: 'census' }]
          : []),
        ...(/mayor|Ruiz/.test(q) ? [{ url: reviewUrl, title: 'Was Ana Ruiz elected in 2022?', description: 'fact check' }] : []),
      ],
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await options.waitForSelector('form');
    // One publisher is enough here: the answer below cites the census page alone.
    await options.locator('input[name=min-domains]').fill('1');
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'k',
      braveBaseUrl: brave.baseUrl,
      waybackBaseUrl: archive.origin,
    });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), archive?.close(), brave?.close()]);
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
