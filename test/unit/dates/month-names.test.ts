import { describe, expect, it } from 'vitest';
import { MONTH_NUMBERS, monthNumbers } from '@/lib/dates/dates-text';
import { numericFacts } from '@/lib/reading/numbers';

describe('one table of month names', () => {
  it('English, as the claims verifier reads months: the long names, their short forms and "sept"', () => {
    const english = monthNumbers(['en', 'en-GB']);
    expect([...english.keys()].sort()).toEqual(
      'apr april aug august dec december feb february jan january jul july jun june mar march may nov november oct october sep sept september'.split(
        ' ',
      ),
    );
    for (const [name, month] of english) expect(MONTH_NUMBERS.get(name), name).toBe(month);
  });

  it('the verifier reads a written month from it, and no other language\'s month ("Mars" is no month)', () => {
    expect(numericFacts('on 5 sept 2015').find((f) => f.kind === 'month')?.values).toEqual(['m9']);
    expect(numericFacts('the mars rover landed').filter((f) => f.kind === 'month')).toEqual([]);
  });
});
