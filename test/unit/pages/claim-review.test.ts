import { describe, expect, it } from 'vitest';
import { readClaimReviews } from '@/lib/pages/claim-review';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

const BASE = 'https://checker.example/fact-checks/2024/mar/12/claim/';

/** A page whose head holds the given JSON-LD scripts and whose body holds `body`. */
function page(scripts: unknown[], body = '<p>Article text.</p>'): Document {
  const tags = scripts
    // As publishers write it: "</" escaped, so a string cannot end the script element.
    .map(
      (s) =>
        `<script type="application/ld+json">${typeof s === 'string' ? s : JSON.stringify(s).replace(/<\//g, '<\\/')}</script>`,
    )
    .join('\n');
  return parseHtmlWithLinkedom(`<!doctype html><html><head><title>T</title>${tags}</head><body>${body}</body></html>`, BASE);
}

const reviews = (doc: Document) => readClaimReviews(doc, BASE);

describe('ClaimReview in JSON-LD', () => {
  it('a single review in the shape Google documents: every field read', () => {
    const doc = page([
      {
        '@context': 'https://schema.org',
        '@type': 'ClaimReview',
        url: 'https://checker.example/fact-checks/2024/mar/12/claim/',
        claimReviewed: 'The city’s bridge was built in 1790.',
        itemReviewed: {
          '@type': 'Claim',
          author: { '@type': 'Person', name: 'A. Councillor', jobTitle: 'Councillor' },
          datePublished: '2024-03-01',
          appearance: [
            { '@type': 'CreativeWork', url: 'https://social.example/post/123' },
            { '@type': 'CreativeWork', url: 'https://video.example/watch?v=abc' },
          ],
        },
        author: { '@type': 'Organization', name: 'Example Fact Check', url: 'https://checker.example/' },
        reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 6, worstRating: 1, alternateName: 'Pants on Fire' },
        datePublished: '2024-03-12',
      },
    ]);
    expect(reviews(doc)).toEqual([
      {
        claimReviewed: 'The city’s bridge was built in 1790.',
        rating: 'Pants on Fire',
        ratingValue: 1,
        bestRating: 6,
        worstRating: 1,
        author: 'Example Fact Check',
        datePublished: '2024-03-12',
        url: 'https://checker.example/fact-checks/2024/mar/12/claim/',
        claimAuthor: 'A. Councillor',
        appearances: ['https://social.example/post/123', 'https://video.example/watch?v=abc'],
      },
    ]);
  });

  it('@graph with @id references (a content system’s graph): the author and claim resolved', () => {
    const doc = page([
      {
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', '@id': `${BASE}#webpage`, url: BASE, name: 'Fact check: a bridge' },
          { '@type': 'Organization', '@id': 'https://checker.example/#organization', name: 'Checker Org' },
          {
            '@type': 'ClaimReview',
            '@id': `${BASE}#claimreview`,
            author: { '@id': 'https://checker.example/#organization' },
            datePublished: '2024-03-12T09:00:00+00:00',
            url: BASE,
            itemReviewed: { '@id': `${BASE}#claim` },
            reviewRating: {
              '@type': 'Rating',
              ratingValue: '2',
              bestRating: '5',
              worstRating: '1',
              alternateName: 'Mostly false',
            },
          },
          {
            '@type': 'Claim',
            '@id': `${BASE}#claim`,
            text: 'Unemployment doubled last year.',
            author: { '@type': 'Person', name: 'A Minister' },
            firstAppearance: { '@type': 'CreativeWork', url: 'https://news.example/interview' },
          },
        ],
      },
    ]);
    expect(reviews(doc)).toEqual([
      {
        claimReviewed: 'Unemployment doubled last year.',
        rating: 'Mostly false',
        ratingValue: 2,
        bestRating: 5,
        worstRating: 1,
        author: 'Checker Org',
        datePublished: '2024-03-12T09:00:00+00:00',
        url: BASE,
        claimAuthor: 'A Minister',
        appearances: ['https://news.example/interview'],
      },
    ]);
  });

  it('a top-level array and a second script: several reviews on one page, in page order', () => {
    const review = (claim: string, rating: string) => ({
      '@context': 'http://schema.org',
      '@type': 'ClaimReview',
      claimReviewed: claim,
      author: { '@type': 'Organization', name: 'AFP-like Desk' },
      reviewRating: { '@type': 'Rating', alternateName: rating },
    });
    const doc = page([[review('Claim one.', 'False'), review('Claim two.', 'Misleading')], review('Claim three.', 'True')]);
    expect(reviews(doc).map((r) => [r.claimReviewed, r.rating, r.author])).toEqual([
      ['Claim one.', 'False', 'AFP-like Desk'],
      ['Claim two.', 'Misleading', 'AFP-like Desk'],
      ['Claim three.', 'True', 'AFP-like Desk'],
    ]);
  });

  it('a review nested as the `review` of a Claim, and an @type array: the claim is the parent item', () => {
    const doc = page([
      {
        '@context': 'https://schema.org',
        '@type': 'Claim',
        text: 'Drinking hot water cures the flu.',
        author: 'Viral post',
        appearance: 'https://social.example/p/9',
        review: {
          '@type': ['Review', 'ClaimReview'],
          author: [{ '@type': 'Organization', name: 'Health Check Desk' }],
          reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, name: 'False' },
        },
      },
    ]);
    expect(reviews(doc)).toEqual([
      {
        claimReviewed: 'Drinking hot water cures the flu.',
        rating: 'False',
        ratingValue: 1,
        bestRating: 5,
        author: 'Health Check Desk',
        claimAuthor: 'Viral post',
        appearances: ['https://social.example/p/9'],
      },
    ]);
  });

  it('a review inside an article’s `review` and a full schema.org type URL', () => {
    const doc = page([
      {
        '@type': 'NewsArticle',
        headline: 'Fact check',
        review: {
          '@type': 'https://schema.org/ClaimReview',
          claimReviewed: 'X said Y.',
          reviewRating: { alternateName: 'Unproven' },
        },
      },
    ]);
    expect(reviews(doc)).toEqual([{ claimReviewed: 'X said Y.', rating: 'Unproven' }]);
  });

  it('a rating given only as ratingValue of bestRating is written "value/best"; a value alone stays the value', () => {
    const doc = page([
      [
        {
          '@type': 'ClaimReview',
          claimReviewed: 'A.',
          reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5, worstRating: 1 },
        },
        { '@type': 'ClaimReview', claimReviewed: 'B.', reviewRating: { ratingValue: '3,5', bestRating: '7' } },
        { '@type': 'ClaimReview', claimReviewed: 'C.', reviewRating: { ratingValue: 4 } },
        { '@type': 'ClaimReview', claimReviewed: 'D.', reviewRating: { ratingValue: 'Half true' } },
      ],
    ]);
    expect(reviews(doc).map((r) => [r.rating, r.ratingValue, r.bestRating])).toEqual([
      ['2/5', 2, 5],
      ['3.5/7', 3.5, 7],
      ['4', 4, undefined],
      ['Half true', undefined, undefined],
    ]);
  });

  it('missing fields stay undefined; a review with neither claim text nor rating is dropped', () => {
    const doc = page([
      [
        { '@type': 'ClaimReview', claimReviewed: 'Only the claim.' },
        { '@type': 'ClaimReview', reviewRating: { alternateName: 'Only a rating' } },
        { '@type': 'ClaimReview', author: { name: 'Nobody rated anything' }, url: 'https://checker.example/x' },
        { '@type': 'Claim', text: 'A claim with no review.' },
      ],
    ]);
    expect(reviews(doc)).toEqual([{ claimReviewed: 'Only the claim.' }, { rating: 'Only a rating' }]);
  });

  it('no ClaimReview, broken JSON, or JSON that is not an object: none', () => {
    expect(reviews(page([{ '@type': 'NewsArticle', headline: 'x' }]))).toEqual([]);
    expect(reviews(page(['{"@type": "ClaimReview", "claimReviewed": ', '42', 'null', '"ClaimReview"']))).toEqual([]);
  });
});

describe('ClaimReview in microdata', () => {
  const microdata = `
    <div itemscope itemtype="https://schema.org/ClaimReview">
      <link itemprop="url" href="/fact-checks/2023/bridge/">
      <meta itemprop="datePublished" content="2023-11-02">
      <div itemprop="itemReviewed" itemscope itemtype="https://schema.org/Claim">
        <p>The claim: <span itemprop="text">The bridge is the oldest in Europe.</span></p>
        <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">A Blogger</span></div>
        <div itemprop="appearance" itemscope itemtype="https://schema.org/CreativeWork">
          <a itemprop="url" href="https://blog.example/post">the post</a>
        </div>
      </div>
      <div itemprop="author" itemscope itemtype="https://schema.org/Organization"><meta itemprop="name" content="Micro Checks"></div>
      <div itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating">
        Our rating: <strong itemprop="alternateName">Mostly False</strong>
        <meta itemprop="ratingValue" content="2"><meta itemprop="bestRating" content="5"><meta itemprop="worstRating" content="1">
      </div>
    </div>`;

  it('itemprops of the review, its rating, its author and the claim (with its author and appearance)', () => {
    expect(reviews(page([], microdata))).toEqual([
      {
        claimReviewed: 'The bridge is the oldest in Europe.',
        rating: 'Mostly False',
        ratingValue: 2,
        bestRating: 5,
        worstRating: 1,
        author: 'Micro Checks',
        datePublished: '2023-11-02',
        url: 'https://checker.example/fact-checks/2023/bridge/',
        claimAuthor: 'A Blogger',
        appearances: ['https://blog.example/post'],
      },
    ]);
  });

  it('a review nested as `review` in a Claim item takes the claim from it; a nested item’s props stay its own', () => {
    const body = `
      <article itemscope itemtype="http://schema.org/Claim">
        <h1 itemprop="name">Wind farms cause the drought.</h1>
        <div itemprop="review" itemscope itemtype="http://schema.org/ClaimReview">
          <span itemprop="author" itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Climate Desk</span></span>
          <time itemprop="datePublished" datetime="2022-08-01">1 August</time>
          <span itemprop="reviewRating" itemscope itemtype="http://schema.org/Rating"><span itemprop="ratingValue">1</span> of
          <span itemprop="bestRating">5</span></span>
        </div>
      </article>`;
    expect(reviews(page([], body))).toEqual([
      {
        claimReviewed: 'Wind farms cause the drought.',
        rating: '1/5',
        ratingValue: 1,
        bestRating: 5,
        author: 'Climate Desk',
        datePublished: '2022-08-01',
      },
    ]);
  });

  it('the same review in JSON-LD and in microdata is kept once', () => {
    const ld = {
      '@type': 'ClaimReview',
      claimReviewed: 'The bridge is the oldest in Europe.',
      url: 'https://checker.example/fact-checks/2023/bridge/',
      author: { name: 'Micro Checks' },
      reviewRating: { alternateName: 'Mostly False' },
    };
    expect(reviews(page([ld], microdata))).toHaveLength(1);
  });
});

describe('hostile ClaimReview markup stays text', () => {
  it('HTML in strings becomes text; javascript:, data: and relative-to-nothing links are dropped', () => {
    const doc = page([
      {
        '@type': 'ClaimReview',
        claimReviewed: '<img src=x onerror="alert(1)">The <b>claim</b> &amp; more',
        author: { name: '<script>steal()</script>Evil &lt;Org&gt;' },
        url: 'javascript:alert(document.cookie)',
        reviewRating: { alternateName: '<a href="javascript:x">False</a>' },
        itemReviewed: {
          '@type': 'Claim',
          appearance: ['data:text/html,<script>1</script>', 'JAVASCRIPT:void(0)', 'ftp://x.example/f'],
        },
      },
    ]);
    const [r] = reviews(doc);
    expect(r).toEqual({ claimReviewed: 'The claim & more', rating: 'False', author: 'steal()Evil <Org>' });
  });

  it('huge strings are cut, huge arrays capped, a flood of reviews capped', () => {
    const long = 'word '.repeat(5000);
    const many = Array.from({ length: 5000 }, (_, i) => `https://social.example/p/${i}`);
    const flood = Array.from({ length: 500 }, (_, i) => ({ '@type': 'ClaimReview', claimReviewed: `Claim ${i}.` }));
    const doc = page([
      { '@type': 'ClaimReview', claimReviewed: long, author: long, itemReviewed: { '@type': 'Claim', appearance: many } },
      flood,
    ]);
    const found = reviews(doc);
    expect(found).toHaveLength(50);
    expect(found[0]!.claimReviewed!.length).toBeLessThanOrEqual(1000);
    expect(found[0]!.claimReviewed!.endsWith('…')).toBe(true);
    expect(found[0]!.author!.length).toBeLessThanOrEqual(200);
    expect(found[0]!.appearances).toHaveLength(10);
  });

  it('numbers that are not numbers, objects where strings belong: left out, nothing thrown', () => {
    const doc = page([
      {
        '@type': 'ClaimReview',
        claimReviewed: { nested: { deeper: 'not text' } },
        datePublished: ['2024-01-01', '2025-01-01'],
        reviewRating: { ratingValue: 'NaN', bestRating: 'Infinity', alternateName: 42 },
      },
    ]);
    expect(reviews(doc)).toEqual([{ rating: '42', datePublished: '2024-01-01' }]);
  });
});
