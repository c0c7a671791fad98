import { describe, expect, it } from 'vitest';
import { checkedRecord, toFactCheckResult } from '@/lib/factcheck/result';
import type { CheckedClaim } from '@/lib/factcheck/deps';
import { AnswerResultSchema, CheckedClaimSchema } from '@/lib/shared/types';

const claim: CheckedClaim = {
  text: 'Ana Ruiz was elected mayor of Exampleville in 2022.',
  sentence: 'Its mayor, Ana Ruiz, was elected in 2022.',
  start: 10,
  end: 51,
  rank: 1,
  worth: 3,
  verdict: 'contradicted',
  for: [],
  against: ['S1'],
  reasons: ['S1 gives 2019'],
  priorChecks: [
    {
      reviewer: 'Example Fact Check',
      date: '2024-05-02',
      rating: 'False',
      url: 'https://checker.example/ruiz-2022',
      claimReviewed: 'Ana Ruiz was elected mayor of Exampleville in 2022.',
      source: 'page',
    },
  ],
};

describe('prior checks in a stored fact-check (issue #26)', () => {
  it('are stored with the claim beside its verdict, and read back', () => {
    const record = checkedRecord(claim);
    expect(record.verdict).toBe('contradicted');
    expect(record.priorChecks).toEqual(claim.priorChecks);
    const result = toFactCheckResult(
      { claims: [claim], evidence: [], notChecked: [], checkable: 1, warnings: [], failures: [], stages: [] },
      { question: 'Fact-check', pageUrl: 'https://news.example/town', pageTitle: 'Town' },
    );
    const read = AnswerResultSchema.parse(JSON.parse(JSON.stringify(result)));
    expect(read.mode === 'fact-check' && read.claims[0]!.priorChecks).toEqual(claim.priorChecks);
  });

  it('a claim without any stores none; a stored list that no longer reads is left out, the claim kept', () => {
    expect('priorChecks' in checkedRecord({ ...claim, priorChecks: [] })).toBe(false);
    const stored = { ...checkedRecord(claim), priorChecks: [{ rating: 'False', source: 'somewhere-else' }] };
    const read = CheckedClaimSchema.parse(stored);
    expect(read.priorChecks).toBeUndefined();
    expect(read.verdict).toBe('contradicted');
  });
});
