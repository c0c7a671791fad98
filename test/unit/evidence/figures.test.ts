import { describe, expect, it } from 'vitest';
import { figureKey, readFigures } from '@/lib/evidence/figures';
import { readFigure } from '@/lib/reading/quantities';

describe('figure keys', () => {
  it.each([
    ['The city had 3,782,202 residents.', ['3782202']],
    ['Turnout was 41.3 % and later 41.3 percent.', ['41.3%', '41.3%']],
    ['It cost 1.2 million and then 2 bn.', ['1200000', '2000000000']],
    ['A share of 12 per cent, of 12,345.678 tonnes.', ['12%', '12345.678']],
  ])('%s → %j', (text, figures) => {
    expect(readFigures(text).figures).toEqual(figures);
  });

  it('a figure is valued as the quantities reader values it', () => {
    for (const [digits, decimals] of [
      ['3,782,202', undefined],
      ['41', '3'],
      ['12,345', '678'],
      ['7', undefined],
    ] as const)
      expect(Number(figureKey(digits, decimals, undefined))).toBe(
        readFigure(`${digits}${decimals ? `.${decimals}` : ''}`, false).value,
      );
  });

  it('years and the numbers inside dates are dates, not figures', () => {
    const r = readFigures('On 16 December 2012, 40 people came; in 2024 there were 55.');
    expect(r.figures).toEqual(['40', '55']);
    expect(r.dates).toEqual(['d:2012-12-16', 'y:2024']);
  });
});
