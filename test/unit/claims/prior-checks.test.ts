import { describe, expect, it } from 'vitest';
import {
  PRIOR_CHECK_THRESHOLD,
  compareWithReview,
  matchingReviews,
  priorChecksFor,
  toPriorCheck,
} from '@/lib/claims/prior-checks';
import type { ClaimReview } from '@/lib/shared/claim-review-schema';
import cases from '../../fixtures/prior-checks/pairs.json';

interface Pair {
  set: 'fit' | 'held-out';
  lang: string;
  match: boolean;
  claim: string;
  reviewed: string;
}
const pairs = cases.pairs as Pair[];
const fit = pairs.filter((p) => p.set === 'fit');
const heldOut = pairs.filter((p) => p.set === 'held-out');

/** Correct decisions of a set at a threshold. */
function correct(set: Pair[], threshold: number): number {
  return set.filter((p) => compareWithReview(p.claim, p.reviewed, threshold).matches === p.match).length;
}

/** Precision, recall and accuracy of a set at a threshold, as text. */
function figures(set: Pair[], threshold: number): string {
  const decided = set.map((p) => ({ p, m: compareWithReview(p.claim, p.reviewed, threshold).matches }));
  const tp = decided.filter((d) => d.m && d.p.match).length;
  const fp = decided.filter((d) => d.m && !d.p.match).length;
  const fn = decided.filter((d) => !d.m && d.p.match).length;
  return `${set.length} pairs: accuracy ${correct(set, threshold)}/${set.length}, precision ${tp}/${tp + fp}, recall ${tp}/${tp + fn}`;
}

describe('prior checks: the threshold, fitted on the "fit" pairs and measured on the others', () => {
  it('PRIOR_CHECK_THRESHOLD is the middle of the interval that classifies the fit pairs best', () => {
    const steps = Array.from({ length: 101 }, (_, i) => i / 100);
    const best = Math.max(...steps.map((t) => correct(fit, t)));
    const bestSteps = steps.filter((t) => correct(fit, t) === best);
    const [lo, hi] = [bestSteps[0]!, bestSteps[bestSteps.length - 1]!];
    console.log(`prior-checks fit: best ${best}/${fit.length} for thresholds ${lo}–${hi}`);
    console.log(`prior-checks at ${PRIOR_CHECK_THRESHOLD}: fit ${figures(fit, PRIOR_CHECK_THRESHOLD)}`);
    console.log(`prior-checks at ${PRIOR_CHECK_THRESHOLD}: held-out ${figures(heldOut, PRIOR_CHECK_THRESHOLD)}`);
    for (const p of pairs) {
      const c = compareWithReview(p.claim, p.reviewed);
      if (c.matches !== p.match)
        console.log(`  wrong (${p.set}, ${p.lang}, expected ${p.match}): ${JSON.stringify(c)} ${p.claim} | ${p.reviewed}`);
    }
    // One interval (the best thresholds are contiguous) and the constant at its middle.
    expect(bestSteps.length).toBe(Math.round((hi - lo) * 100) + 1);
    expect(Math.abs(PRIOR_CHECK_THRESHOLD - (lo + hi) / 2)).toBeLessThanOrEqual(0.005);
  });
});

describe('prior checks: matching a claim', () => {
  const bridge: ClaimReview = {
    claimReviewed: 'The Riverside bridge was built in 1790.',
    rating: 'False',
    author: 'Example Fact Check',
    datePublished: '2024-03-12',
    url: 'https://checker.example/fact-checks/riverside-bridge/',
  };
  const closed: ClaimReview = {
    claimReviewed: 'The Riverside bridge was closed in 2020.',
    rating: 'True',
    url: 'https://other.example/closed',
  };
  const unrated: ClaimReview = { claimReviewed: 'The Riverside bridge was built in 1790.' };
  const noClaim: ClaimReview = { rating: 'False', url: 'https://checker.example/x' };

  it('a paraphrase of the claim matches; another claim on the same subject does not', () => {
    expect(
      matchingReviews('The Riverside bridge, the town’s stone crossing, was built in 1790.', [closed, bridge, noClaim]),
    ).toEqual([bridge]);
  });

  it('figures that differ, and an opposite word, keep a close wording apart', () => {
    expect(compareWithReview('The Riverside bridge was built in 1791.', bridge.claimReviewed!)).toMatchObject({
      figuresAgree: false,
      matches: false,
    });
    const c = compareWithReview('Exports from Eastport increased in 2023.', 'Exports from Eastport decreased in 2023.');
    expect(c).toMatchObject({ opposite: true, matches: false });
    expect(c.overlap).toBeGreaterThan(PRIOR_CHECK_THRESHOLD);
  });

  it('another subject with the same wording does not match', () => {
    expect(
      compareWithReview('Jane Holt voted against the health bill.', 'Mark Olsen voted against the health bill.'),
    ).toMatchObject({
      sameSubject: false,
      matches: false,
    });
  });

  it('other languages: German, French and Spanish paraphrases match without their function words counting', () => {
    expect(
      compareWithReview('Die Regierung will das Bargeld abschaffen.', 'Die Regierung will bis 2030 das Bargeld abschaffen.')
        .matches,
    ).toBe(true);
    // Sharing only "die", "der", "ist", "in" (function words) is no match.
    expect(compareWithReview('Die Brücke ist in der Stadt.', 'Die Steuer ist in der Krise.').overlap).toBe(0);
    expect(
      compareWithReview('Le gouvernement va supprimer les allocations familiales.', 'Le gouvernement va augmenter les impôts.')
        .matches,
    ).toBe(false);
  });

  it('a prior check: reviewer, date, rating, url, the reviewed claim and where it was found; none without a rating', () => {
    expect(toPriorCheck(bridge, 'page')).toEqual({
      reviewer: 'Example Fact Check',
      date: '2024-03-12',
      rating: 'False',
      url: 'https://checker.example/fact-checks/riverside-bridge/',
      claimReviewed: 'The Riverside bridge was built in 1790.',
      source: 'page',
    });
    expect(toPriorCheck(unrated, 'page')).toBeNull();
  });

  it('the same review from a page and from the API is one prior check, the page’s', () => {
    const checks = priorChecksFor('The Riverside bridge was built in 1790.', [
      {
        reviews: [bridge, { ...bridge, url: 'https://second.example/bridge', author: 'Second Desk', rating: 'Incorrect' }],
        source: 'fact-check-tools',
      },
      { reviews: [bridge, closed], source: 'page' },
    ]);
    expect(checks.map((c) => [c.reviewer, c.source])).toEqual([
      ['Example Fact Check', 'page'],
      ['Second Desk', 'fact-check-tools'],
    ]);
  });
});
