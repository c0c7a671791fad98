import { describe, expect, it } from 'vitest';
import { claimScore, claimWorth, rankClaims, worthFeatures } from '@/lib/factcheck/rank-claims';

// Issue 22: "a number, a date, a named subject, a comparison or a cause weigh more than a general
// statement. With a model, its own rating counts too, but the code orders."

const GENERAL = 'the weather here is usually pleasant in the evenings.';

describe('what makes a claim worth checking', () => {
  it('reads a number, a date, a name, a comparison, a cause and a hedge from the words', () => {
    expect(worthFeatures('the town had 412,000 residents.')).toMatchObject({ number: true, date: false });
    expect(worthFeatures('the bridge opened in 1998.')).toMatchObject({ date: true, number: false });
    expect(worthFeatures('the bridge opened on 4 March.')).toMatchObject({ date: true });
    expect(worthFeatures('the bridge was designed by Maria Alvarez.')).toMatchObject({ name: true });
    expect(worthFeatures('the new bridge is longer than the old one.')).toMatchObject({ comparison: true });
    expect(worthFeatures('the bridge closed because the river flooded.')).toMatchObject({ cause: true });
    expect(worthFeatures('I think the bridge might be too narrow.')).toMatchObject({ general: true });
    expect(worthFeatures(GENERAL)).toEqual({
      number: false,
      date: false,
      name: false,
      comparison: false,
      cause: false,
      general: false,
    });
  });

  it('a year is a date, not a quantity; a figure beside a year is both', () => {
    expect(worthFeatures('the mill closed in 1984.')).toMatchObject({ date: true, number: false });
    expect(worthFeatures('the mill employed 300 people in 1984.')).toMatchObject({ date: true, number: true });
    expect(worthFeatures('the mill employed three hundred people.')).toMatchObject({ number: true });
  });

  it('"may" hedges and "May" is a month; the first word of a sentence is no name', () => {
    expect(worthFeatures('the ferry may stop running soon.')).toMatchObject({ general: true, date: false });
    expect(worthFeatures('the ferry stopped running in May.')).toMatchObject({ date: true, general: false });
    expect(worthFeatures('Yesterday the ferry stopped running.')).toMatchObject({ name: false });
  });

  it('each of a number, a date, a name, a comparison and a cause weighs more than a general statement', () => {
    const general = claimWorth(GENERAL);
    for (const specific of [
      'the weather here had 212 sunny evenings.',
      'the weather here was pleasant in 2019.',
      'the weather here pleased Maria Alvarez.',
      'the weather here is more pleasant than inland.',
      'the weather here is pleasant because of the sea.',
    ])
      expect(claimWorth(specific), specific).toBeGreaterThan(general);
    // A hedge or a first-person view weighs less than the same words said plainly.
    expect(claimWorth('I think the weather here is usually pleasant.')).toBeLessThan(general);
  });

  it('more of what can be checked weighs more', () => {
    expect(claimWorth('the mill employed 300 people in 1984.')).toBeGreaterThan(claimWorth('the mill employed 300 people.'));
    expect(claimWorth('the mill employed 300 people in 1984, more than Lowell did.')).toBeGreaterThan(
      claimWorth('the mill employed 300 people in 1984.'),
    );
  });

  it("a model's rating moves a claim up or down around its middle (3), by a bounded amount", () => {
    const text = 'the mill employed 300 people in 1984.';
    const plain = claimWorth(text);
    expect(claimWorth(text, 3)).toBe(plain);
    expect(claimWorth(text, 5)).toBeGreaterThan(plain);
    expect(claimWorth(text, 1)).toBeLessThan(plain);
    expect(claimWorth(text, 5) - plain).toBe(plain - claimWorth(text, 1));
    // Out of range counts as the nearest end of the scale: a model cannot outweigh the code.
    expect(claimWorth(text, 50)).toBe(claimWorth(text, 5));
    expect(claimWorth(text, -7)).toBe(claimWorth(text, 1));
    // The top rating does not lift a general statement over a claim with a figure, a date and a name.
    expect(claimWorth(GENERAL, 5)).toBeLessThan(claimWorth('Lowell had 300 mills in 1984.', 1));
  });
});

describe('ranking', () => {
  const at = (text: string, start: number, rating?: number) => ({
    text,
    sentence: text,
    start,
    end: start + text.length,
    ...(rating === undefined ? {} : { rating }),
  });

  it('orders by worth, numbers the ranks 1…, and keeps every claim', () => {
    const claims = [at(GENERAL, 0), at('Lowell had 300 mills in 1984.', 100), at('the mill closed in 1984.', 200)];
    const ranked = rankClaims(claims);
    expect(ranked.map((c) => c.start)).toEqual([100, 200, 0]);
    expect(ranked.map((c) => c.rank)).toEqual([1, 2, 3]);
    expect(ranked.map((c) => c.worth)).toEqual(ranked.map((c) => claimScore(c)));
    expect(ranked[0]).toMatchObject({
      text: 'Lowell had 300 mills in 1984.',
      sentence: 'Lowell had 300 mills in 1984.',
      end: 129,
    });
  });

  it('claims of equal worth keep their page order, whatever order they are given in', () => {
    const same = [at('the mill closed in 1984.', 300), at('the dam opened in 1921.', 20), at('the fair began in 1950.', 150)];
    expect(rankClaims(same).map((c) => c.start)).toEqual([20, 150, 300]);
  });

  it("a model's rating reorders claims the code weighs alike; its rating is kept beside the code's worth", () => {
    const ranked = rankClaims([at('the mill closed in 1984.', 0, 2), at('the dam opened in 1921.', 50, 4)]);
    expect(ranked.map((c) => c.start)).toEqual([50, 0]);
    expect(ranked.map((c) => c.rating)).toEqual([4, 2]);
    expect(rankClaims([])).toEqual([]);
  });
});
