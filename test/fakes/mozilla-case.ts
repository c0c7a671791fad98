import { articleHtml } from './fixture-site';
import { samplePage } from './sample-pages';

/**
 * A keyless case on a real article: Wikipedia's "Mozilla" as saved in Readability's test corpus
 * (test/fixtures/pages/readability, real MediaWiki footnote markup), whose footnote [2] cites the Mozilla
 * Foundation's page "About the Mozilla Corporation", and a stand-in for that cited page.
 */
export const MOZILLA_CITED_URL = 'https://www.mozilla.org/foundation/moco/';

/** The article as saved; `citedUrl` replaces the cited page's address where a test serves it elsewhere. */
export function mozillaArticle(citedUrl = MOZILLA_CITED_URL): string {
  const html = samplePage('wikipedia').source;
  return html.split(MOZILLA_CITED_URL).join(citedUrl);
}

/** The sentence the article's footnote [2] supports, as the cited publisher states it. */
export const MOZILLA_CITED_STATEMENT =
  'The Mozilla Corporation is a wholly owned, tax-paying subsidiary of the Mozilla Foundation, and together they support the Mozilla community institutionally.';

/** The cited publisher's page. */
export function mozillaCitedPage(): string {
  return articleHtml({
    title: 'About the Mozilla Corporation',
    published: '2026-06-01T09:00:00Z',
    paragraphs: [MOZILLA_CITED_STATEMENT, 'Revenue is reinvested in the Mozilla project and its mission.'],
  });
}

/** What a person asks, keyless. */
export const MOZILLA_QUESTION = 'Which organisations support the Mozilla community institutionally?';

/** The search result the fake Wikipedia gives for it. */
export const MOZILLA_HIT = {
  title: 'Mozilla',
  snippet: 'Mozilla is a free-software <span class="searchmatch">community</span>, created in 1998',
  timestamp: '2026-11-02T10:00:00Z',
};
