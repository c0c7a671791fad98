import { articleHtml, startFixtureSite, type FixtureSite } from './fixture-site';
import { startFakeBrave } from './search-servers';

/** The blog post's three claims: one the census supports, one the city hall contradicts, one nobody states. */
export const CLAIMS = [
  'Exampleville had 412,000 residents on 1 January 2026.',
  'Its mayor, Ana Ruiz, was elected in 2022.',
  'The bridge festival draws 50,000 visitors every summer.',
];

/** The blog post: prose with nothing checkable above its claims, so that showing one must scroll. */
export function blogPostHtml(claims: readonly string[]): string {
  return articleHtml({
    title: 'Life in Exampleville',
    paragraphs: [
      ...Array.from({ length: 30 }, () => 'we love the quiet streets and the long walks by the water in the evening.'),
      `Exampleville is a river town. ${claims.join(' ')} We love it here.`,
    ],
    fillerBefore: 0,
  });
}

/** The census office's page: the source that supports the first claim. */
export const CENSUS_PAGE = {
  host: 'stats-office.test',
  path: '/census',
  html: articleHtml({
    title: 'Census 2026',
    paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
  }),
};

/** The world both browsers' fact-check suites check a page in: the blog post, its two sources and Brave finding them. */
export interface ExamplevilleWorld {
  site: FixtureSite;
  brave: Awaited<ReturnType<typeof startFakeBrave>>;
  close(): Promise<void>;
}

export async function startExamplevilleWorld(): Promise<ExamplevilleWorld> {
  const site = await startFixtureSite([
    { host: 'exampleville-blog.test', path: '/post', html: blogPostHtml(CLAIMS) },
    CENSUS_PAGE,
    {
      host: 'city-hall.test',
      path: '/mayor',
      html: articleHtml({
        title: 'The mayor',
        paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.'],
      }),
    },
  ]);
  const brave = await startFakeBrave({
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
  return { site, brave, close: async () => void (await Promise.all([site.close(), brave.close()])) };
}
