import { articleHtml, startFixtureSite, type FixtureSite } from './fixture-site';
import { startFakeBrave } from './search-servers';
import type { FakeServer } from './http-server';

/** The census figure, on stats-office.test (dated), and the growth figure, on city-news.test. */
export const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
export const GROWTH = 'City planners said the population of Exampleville grew by 3.4 percent in 2025.';

/**
 * The two pages the answering tests read, and a Brave fake (key `bk`) whose every search finds both:
 * two independent publishers for a question about Exampleville's population.
 */
export async function startCensusWorld(): Promise<{ site: FixtureSite; brave: FakeServer & { baseUrl: string } }> {
  const site = await startFixtureSite([
    {
      host: 'stats-office.test',
      path: '/population',
      html: articleHtml({ title: 'Census', published: '2026-02-10T09:00:00Z', paragraphs: [CENSUS] }),
    },
    { host: 'city-news.test', path: '/growth', html: articleHtml({ title: 'Growth', paragraphs: [GROWTH] }) },
  ]);
  const brave = await startFakeBrave({
    apiKey: 'bk',
    results: () => [
      { url: site.urlOf('stats-office.test', '/population'), title: 'Census', description: 'census' },
      { url: site.urlOf('city-news.test', '/growth'), title: 'Growth', description: 'growth' },
    ],
  });
  return { site, brave };
}
