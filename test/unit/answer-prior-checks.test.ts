import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import type { PipelineDeps } from '@/lib/answering/deps';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { defaultSettings } from '@/lib/settings';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { renderAnswerMarkdown } from '@/cli/markdown';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import type { FakeServer } from '../fakes/http-server';

const CLAIM = 'Ana Ruiz was elected mayor of Exampleville in 2022.';
const NOW = () => new Date('2026-11-30T12:00:00Z');

function reviewPage(url: string, claimReviewed: string): string {
  const review = {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url,
    claimReviewed,
    datePublished: '2026-05-02',
    author: { '@type': 'Organization', name: 'Example Fact Desk' },
    reviewRating: { '@type': 'Rating', alternateName: 'False | [see](javascript:alert(1))' },
  };
  return articleHtml({
    title: 'Fact check',
    paragraphs: ['Ana Ruiz was elected mayor of Exampleville in 2019 and re-elected in 2023, the city hall records show.'],
  }).replace('</head>', `<script type="application/ld+json">${JSON.stringify(review)}</script></head>`);
}

let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
const fetchVia = viaLoopback();

beforeAll(async () => {
  site = await startFixtureSite([
    {
      host: 'city-hall.test',
      path: '/mayor',
      html: articleHtml({
        title: 'The mayor',
        paragraphs: ['Ana Ruiz was elected mayor of Exampleville in 2019 and re-elected in 2023.'],
      }),
    },
  ]);
  const review = site.urlOf('factdesk.test', '/check');
  site.setPage('factdesk.test', '/check', reviewPage(review, CLAIM));
  site.setPage(
    'other-desk.test',
    '/check',
    reviewPage(site.urlOf('other-desk.test', '/check'), 'The river flooded the old town in 1998.'),
  );
  brave = await startFakeBrave({
    apiKey: 'bk',
    results: () => [
      { url: site.urlOf('city-hall.test', '/mayor'), title: 'The mayor', description: 'mayor' },
      { url: review, title: 'Fact check', description: 'fact check' },
      { url: site.urlOf('other-desk.test', '/check'), title: 'Fact check', description: 'another claim' },
    ],
  });
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close()]);
});

function deps(): PipelineDeps {
  return {
    now: NOW,
    fetch: fetchVia,
    providers: [createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl })],
    fetchPage: (url) =>
      fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now: NOW }),
    readTabs: async () => [],
    model: null,
    onProgress: () => undefined,
  };
}

describe('prior checks in answers, when the question is a claim (issue #26)', () => {
  it('carries the matching review read on a page, apart from the answer, and the Markdown lists it as text', async () => {
    const result = await answerQuestion(CLAIM, deps(), { ...pipelineSettings(defaultSettings()), maxPages: 4 });
    expect(result.priorChecks).toEqual([
      {
        reviewer: 'Example Fact Desk',
        date: '2026-05-02',
        rating: 'False | [see](javascript:alert(1))',
        url: site.urlOf('factdesk.test', '/check'),
        claimReviewed: CLAIM,
        source: 'page',
      },
    ]);
    const md = renderAnswerMarkdown(result);
    expect(md).toContain('## Checked before by fact-checkers');
    expect(md).toContain(
      `- Example Fact Desk, 2026-05-02: False \\| \\[see\\](javascript:alert(1)) — ${site.urlOf('factdesk.test', '/check')}`,
    );
  });

  it('a question no review is about carries none', async () => {
    const result = await answerQuestion('Who designed the bridge of Exampleville?', deps(), pipelineSettings(defaultSettings()));
    expect(result.priorChecks).toBeUndefined();
    expect(renderAnswerMarkdown(result)).not.toContain('Checked before');
  });
});
