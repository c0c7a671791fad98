/**
 * Titles before a name (lib/standalone/titles.ts): the gender "Mrs." or "Herr" says holds against
 * the pronouns a page leaves unclear, and a courtesy title before a surname goes with it when the
 * full name replaces the surname.
 */
import { describe, expect, it } from 'vitest';
import { standaloneClaims } from '@/lib/standalone/standalone';
import { courtesyTitleBefore, titleGenderBefore } from '@/lib/standalone/titles';

/** The standalone form of `claim`, a sentence of `text`. */
function one(text: string, claim: string) {
  const start = text.indexOf(claim);
  if (start < 0) throw new Error(`not on the page: ${claim}`);
  return standaloneClaims({ text, title: 'A shop on the corner', published: null, lang: 'en' }, [
    { sentence: claim, start, end: start + claim.length },
  ])[0]!;
}

const pronouns = (r: ReturnType<typeof one>) => r.resolved.filter((x) => x.kind === 'pronoun');

describe('a title says whom "he" and "she" can mean', () => {
  it('"he" never becomes a woman the page calls "Mrs."', () => {
    const r = one('Mrs. Ellen Ward opened the shop in 1990. He sold bread there every day.', 'He sold bread there every day.');
    expect(pronouns(r)).toEqual([]);
    expect(r.standalone).not.toMatch(/^Ellen Ward sold/);
  });

  it('"she" never becomes a man the page calls "Mr."', () => {
    const r = one('Mr. Tom Ward opened the shop in 1990. She sold bread there every day.', 'She sold bread there every day.');
    expect(pronouns(r)).toEqual([]);
  });

  it('a title before the surname alone is said of the full name written before it', () => {
    const text = 'Ellen Ward opened the shop in 1990. Mrs. Ward ran it for years. He sold bread there every day.';
    expect(pronouns(one(text, 'He sold bread there every day.'))).toEqual([]);
  });

  it('the pronoun the title agrees with still stands for the person', () => {
    const r = one('Mrs. Ellen Ward opened the shop in 1990. She sold bread there every day.', 'She sold bread there every day.');
    expect(r.standalone).toBe('Ellen Ward sold bread there every day.');
  });
});

describe('a courtesy title before a surname goes with it', () => {
  it('"Madame Lagarde" becomes "Christine Lagarde", not "Madame Christine Lagarde"', () => {
    const text = 'Christine Lagarde leads the bank since 2019. Madame Lagarde said rates would rise.';
    expect(one(text, 'Madame Lagarde said rates would rise.').standalone).toBe('Christine Lagarde said rates would rise.');
  });

  it('a title is a whole word: the "M" ending "SAM" is no "M."', () => {
    expect(courtesyTitleBefore('the team of SAM ')).toBe('');
    expect(courtesyTitleBefore('the talks, M. ')).toBe('M. ');
    expect(titleGenderBefore('anti-missile ABMs ')).toBeUndefined();
    expect(titleGenderBefore('said Frau ')).toBe('f');
  });
});
