import { articleHtml, startFixtureSite, type FixtureSite } from './fixture-site';
import { startFakeBrave } from './search-servers';

/** The claim whose own source (the transit report it links to) gives another figure. */
const OWN_SOURCE_CLAIM = 'The Exampleville tramway carried 4.2 million passengers in 2025, the transit authority reported.';
/** What the report says. */
const REPORT_SENTENCE = 'The Exampleville tramway carried 3.1 million passengers in 2025, down from 3.4 million in 2024.';

/** The world both browsers' own-source suites check a page in: the tram post, its slow report, a search that finds nothing. */
export interface OwnSourceWorld {
  site: FixtureSite;
  brave: Awaited<ReturnType<typeof startFakeBrave>>;
  /** The tram post, the page checked. */
  post: string;
  /** The report the claim links to. */
  report: string;
  close(): Promise<void>;
}

export async function startOwnSourceWorld(): Promise<OwnSourceWorld> {
  const site = await startFixtureSite([
    {
      host: 'transit.test',
      path: '/annual-report',
      html: articleHtml({ title: 'Transit authority annual report 2025', paragraphs: [REPORT_SENTENCE] }),
      // Slower than the rest of the check: the verdict must not wait for it.
      delayMs: 4_000,
    },
  ]);
  const report = site.urlOf('transit.test', '/annual-report');
  const linked = OWN_SOURCE_CLAIM.replace(
    'the transit authority reported',
    `<a href="${report}">the transit authority reported</a>`,
  );
  site.setPage(
    'exampleville-blog.test',
    '/tram',
    articleHtml({
      title: 'Riding the tram',
      paragraphs: [
        ...Array.from({ length: 12 }, () => 'we love the quiet streets and the long walks by the water in the evening.'),
        `Exampleville is a river town. ${linked} We love it here.`,
      ],
      fillerBefore: 0,
    }),
  );
  // The search finds nothing: only the claim's own source can say anything.
  const brave = await startFakeBrave({ apiKey: 'k', results: () => [] });
  return {
    site,
    brave,
    post: site.urlOf('exampleville-blog.test', '/tram'),
    report,
    close: async () => {
      await Promise.all([site.close(), brave.close()]);
    },
  };
}
