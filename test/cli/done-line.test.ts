import { describe, expect, it } from 'vitest';
import { doneLine } from '../../cli/commands/factcheck';
import type { FactCheckOutcome } from '../../lib/factcheck/deps';

type Outcome = Pick<FactCheckOutcome, 'checkable' | 'claims' | 'notChecked'>;
/** An outcome with claims of these verdicts, `left` not checked, `checkable` in all. */
const outcome = (checkable: number, verdicts: string[], left = 0): Outcome =>
  ({
    checkable,
    claims: verdicts.map((verdict) => ({ verdict })),
    notChecked: Array.from({ length: left }, () => ({})),
  }) as unknown as Outcome;

describe('spanlight factcheck: the closing line counts in English', () => {
  it('one checkable claim is a claim; more are claims', () => {
    expect(doneLine(outcome(1, ['supported']))).toBe('1 of 1 checkable claim checked: 1 supported');
    expect(doneLine(outcome(3, ['supported'], 2))).toBe(
      '1 of 3 checkable claims checked: 1 supported; 2 not checked (--max-claims 3 checks them all)',
    );
  });

  it('one claim whose search failed is "it", two are "them"', () => {
    expect(doneLine(outcome(1, ['unchecked']))).toBe(
      '0 of 1 checkable claim checked; 1 could not be checked (every search for it failed)',
    );
    expect(doneLine(outcome(2, ['unchecked', 'unchecked']))).toBe(
      '0 of 2 checkable claims checked; 2 could not be checked (every search for them failed)',
    );
  });
});
