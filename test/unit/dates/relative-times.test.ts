import { describe, expect, it } from 'vitest';
import { absoluteTimes } from '@/lib/dates/relative-times';

// Tuesday, 6 March 2018.
const published = new Date(Date.UTC(2018, 2, 6));

describe('absoluteTimes', () => {
  it('a named month after "last" or "next", and a count of years or months ago (published 6 March 2018)', () => {
    expect(absoluteTimes('Prices rose last July.', published, 'en').text).toBe('Prices rose in July 2017.');
    expect(absoluteTimes('Last February, the plant closed.', published, 'en').text).toBe('In February 2018, the plant closed.');
    expect(absoluteTimes('The vote is next March.', published, 'en').text).toBe('The vote is in March 2019.');
    // A preposition written before it is kept ("as of last July", not "as of in July").
    expect(absoluteTimes('It had 100 as of last July.', published, 'en').text).toBe('It had 100 as of July 2017.');
    expect(absoluteTimes('The plant closed 18 months ago.', published, 'en').text).toBe('The plant closed in September 2016.');
    expect(absoluteTimes('He was elected two years ago.', published, 'en').text).toBe('He was elected in 2016.');
    // "the last July" counts from the story, not from the page's date.
    expect(absoluteTimes('It ended in the last July of the war.', published, 'en').changed).toEqual([]);
    // Without a date to count from, the sentence needs its context.
    expect(absoluteTimes('He was elected two years ago.', null, 'en').unresolved).toBe(true);
  });

  it('makes "next year" on a page dated 2018 the year 2019, keeping the sentence readable', () => {
    const out = absoluteTimes('Prices will rise next year.', published, 'en');
    expect(out.text).toBe('Prices will rise in 2019.');
    expect(out.changed).toEqual([{ from: 'next year', to: 'in 2019' }]);
  });

  it('keeps a preposition the writer put before the time', () => {
    expect(absoluteTimes('Sales have fallen since last year.', published, 'en').text).toBe('Sales have fallen since 2017.');
  });

  it('dates yesterday, last month and a weekday in English', () => {
    expect(absoluteTimes('He resigned yesterday.', published, 'en').text).toBe('He resigned on 5 March 2018.');
    expect(absoluteTimes('Last month sales fell.', published, 'en').text).toBe('In February 2018 sales fell.');
    expect(absoluteTimes('She said on Friday that it rose.', published, 'en').text).toMatch(/on Friday,? 2 March 2018/);
    expect(absoluteTimes('She will speak on Friday.', published, 'en').text).toMatch(/on Friday,? 9 March 2018/);
  });

  it("news style's bare weekday, and last, this and next week (published Tuesday 6 March 2018)", () => {
    expect(absoluteTimes('The council voted Thursday to raise the fee.', published, 'en').text).toBe(
      'The council voted on Thursday, 1 March 2018 to raise the fee.',
    );
    expect(absoluteTimes('The council will vote Thursday on the fee.', published, 'en').text).toBe(
      'The council will vote on Thursday, 8 March 2018 on the fee.',
    );
    // Not a holiday, a sentence's subject, a possessive, a part of the day, a dated day, a story's day or a habit.
    for (const s of [
      'Good Friday fell early.',
      'Super Tuesday decided it.',
      'Thursday was cold.',
      "They met at Thursday's meeting.",
      'The vote came Thursday night.',
      'They met Thursday, March 1, to vote.',
      'They met the Friday before.',
      'He works every Monday.',
    ])
      expect(absoluteTimes(s, published, 'en').changed).toEqual([]);
    expect(absoluteTimes('Prices rose last week.', published, 'en').text).toBe('Prices rose in the week of 26 February 2018.');
    expect(absoluteTimes('Last week, the plant closed.', published, 'en').text).toBe(
      'In the week of 26 February 2018, the plant closed.',
    );
    expect(absoluteTimes('Sales have risen since last week.', published, 'en').text).toBe(
      'Sales have risen since the week of 26 February 2018.',
    );
    expect(absoluteTimes('They will decide next week.', published, 'en').text).toBe(
      'They will decide in the week of 12 March 2018.',
    );
    expect(absoluteTimes('In the last week of the war, it ended.', published, 'en').changed).toEqual([]);
  });

  it('leaves a narrative "the next year" alone: it counts from the story, not the page', () => {
    const out = absoluteTimes('The next year he moved to Paris.', published, 'en');
    expect(out.changed).toEqual([]);
    expect(out.unresolved).toBe(false);
  });

  it('resolves German relative times', () => {
    expect(absoluteTimes('Die Preise steigen nächstes Jahr.', published, 'de').text).toBe('Die Preise steigen 2019.');
    expect(absoluteTimes('Sie sanken im vergangenen Jahr.', published, 'de').text).toBe('Sie sanken im Jahr 2017.');
    expect(absoluteTimes('Er sagte gestern, dass…', published, 'de').text).toBe('Er sagte am 5. März 2018, dass…');
  });

  it('resolves French relative times', () => {
    expect(absoluteTimes("Les prix ont baissé l'an dernier.", published, 'fr').text).toBe('Les prix ont baissé en 2017.');
    expect(absoluteTimes("Ils monteront l'année prochaine.", published, 'fr').text).toBe('Ils monteront en 2019.');
    expect(absoluteTimes('Il est parti hier.', published, 'fr').text).toBe('Il est parti le 5 mars 2018.');
  });

  it('resolves Spanish relative times', () => {
    expect(absoluteTimes('El año pasado las ventas cayeron.', published, 'es').text).toBe('En 2017 las ventas cayeron.');
    expect(absoluteTimes('Subirán el próximo año.', published, 'es').text).toBe('Subirán en 2019.');
    expect(absoluteTimes('Lo dijo ayer.', published, 'es').text).toBe('Lo dijo el 5 de marzo de 2018.');
  });

  it('on an undated page leaves the time as written and says it is unresolved', () => {
    for (const [sentence, lang] of [
      ['Prices will rise next year.', 'en'],
      ['Die Preise steigen nächstes Jahr.', 'de'],
      ["Ils monteront l'année prochaine.", 'fr'],
      ['Subirán el próximo año.', 'es'],
    ] as const) {
      const out = absoluteTimes(sentence, null, lang);
      expect(out).toEqual({ text: sentence, changed: [], unresolved: true });
    }
  });

  it('a sentence with no relative time is unchanged and resolved, dated or not', () => {
    expect(absoluteTimes('Prices rose in 2016.', null, 'en')).toEqual({
      text: 'Prices rose in 2016.',
      changed: [],
      unresolved: false,
    });
  });
});

describe('absoluteTimes: a final year or week is no relative time', () => {
  it('after an article, a possessive or "whole", "last year" is a final year: left as written', () => {
    for (const s of [
      'My mom did her homework her whole last year of uni.',
      'He spent his last year at the school.',
      'The plant closed in the last week of June.',
    ])
      expect(absoluteTimes(s, published, 'en').text).toBe(s);
  });

  it('"last year" and "next week" on their own are still made absolute', () => {
    expect(absoluteTimes('Sales rose last year.', published, 'en').text).toBe('Sales rose in 2017.');
    expect(absoluteTimes('The vote is next week.', published, 'en').text).not.toContain('next week');
  });
});
