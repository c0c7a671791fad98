/**
 * The world of the prior-checks e2e tests (issue #26), in both browsers: a blog post with two claims,
 * the census page that states one of them (and a dated release of it), a fact-checker's review of the
 * other with its ClaimReview, a fake archive holding copies of the census pages, and a fake Brave
 * that finds each by the words of the query.
 */
import { articleHtml, startFixtureSite, type FixtureSite } from './fixture-site';
import { startFakeArchive, type FakeArchive } from './archive-server';
import { startFakeBrave } from './search-servers';

export const CLAIMS = ['Exampleville had 412,000 residents on 1 January 2026.', 'Its mayor, Ana Ruiz, was elected in 2022.'];
export const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
export const REVIEW_PATH = '/checks/ana-ruiz-2022';
const REVIEW_TITLE = 'Was Ana Ruiz elected in 2022?';

/**
 * A fact-checker's article with its ClaimReview as JSON-LD, as fact-checking sites publish it: the
 * review alone (with the claim it reviews), or inside an `@graph` beside the page.
 */
function reviewHtml(reviewUrl: string, shape: 'plain' | 'graph'): string {
  const review = {
    '@type': 'ClaimReview',
    url: reviewUrl,
    claimReviewed: CLAIMS[1],
    datePublished: '2026-05-02',
    author: { '@type': 'Organization', name: 'Example Fact Desk' },
    reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, alternateName: 'False' },
  };
  const jsonLd =
    shape === 'plain'
      ? {
          '@context': 'https://schema.org',
          ...review,
          itemReviewed: { '@type': 'Claim', author: { '@type': 'Person', name: 'A blogger' } },
        }
      : { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: REVIEW_TITLE }, review] };
  return articleHtml({
    title: REVIEW_TITLE,
    paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023, the city hall records show.'],
  }).replace('</head>', `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>`);
}

/** An archive timestamp (yyyymmddhhmmss). */
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export interface PriorCheckWorld {
  site: FixtureSite;
  archive: FakeArchive;
  brave: Awaited<ReturnType<typeof startFakeBrave>>;
  census: string;
  /** The timestamp of the archive's copies nearest to now. */
  yesterday: string;
  close(): Promise<void>;
}

/** Starts the world; the review's JSON-LD in the given shape. */
export async function startPriorCheckWorld(shape: 'plain' | 'graph'): Promise<PriorCheckWorld> {
  const site = await startFixtureSite([
    {
      host: 'exampleville-blog.test',
      path: '/post',
      html: articleHtml({
        title: 'Life in Exampleville',
        paragraphs: [`Exampleville is a river town. ${CLAIMS.join(' ')} We love it.`],
        // The post is short: its two claims are all a check finds (the filler's numbered notes would be claims too).
        fillerBefore: 0,
      }),
    },
    { host: 'stats-office.test', path: '/census', html: articleHtml({ title: 'Census 2026', paragraphs: [CENSUS] }) },
    {
      host: 'stats-office.test',
      path: '/census-2026',
      // Dated: a question that names a date wants a recent source.
      html: articleHtml({ title: 'Census 2026 release', published: '2026-01-15T09:00:00Z', paragraphs: [CENSUS] }),
    },
  ]);
  const release = site.urlOf('stats-office.test', '/census-2026');
  const reviewUrl = site.urlOf('factdesk.test', REVIEW_PATH);
  site.setPage('factdesk.test', REVIEW_PATH, reviewHtml(reviewUrl, shape));
  const census = site.urlOf('stats-office.test', '/census');
  const yesterday = stamp(new Date(Date.now() - 86_400_000));
  const archive = await startFakeArchive([
    // An old copy from before the figure was published, and yesterday's, nearest to when it is read.
    { url: census, timestamp: '20200101000000', html: articleHtml({ title: 'Census 2019', paragraphs: ['No figures yet.'] }) },
    { url: census, timestamp: yesterday, html: articleHtml({ title: 'Census 2026', paragraphs: [CENSUS] }) },
    { url: release, timestamp: yesterday, html: articleHtml({ title: 'Census 2026 release', paragraphs: [CENSUS] }) },
  ]);
  const brave = await startFakeBrave({
    apiKey: 'k',
    results: (q) => [
      // A question (not a claim) is answered from the dated release page.
      ...(/many residents/.test(q) ? [{ url: release, title: 'Census 2026 release', description: 'census' }] : []),
      ...(/residents/.test(q) && !/many residents/.test(q) ? [{ url: census, title: 'Census 2026', description: 'census' }] : []),
      ...(/mayor|Ruiz/.test(q) ? [{ url: reviewUrl, title: REVIEW_TITLE, description: 'fact check' }] : []),
    ],
  });
  return {
    site,
    archive,
    brave,
    census,
    yesterday,
    close: async () => {
      await Promise.all([site.close(), archive.close(), brave.close()]);
    },
  };
}
