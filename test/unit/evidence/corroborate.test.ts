import { describe, expect, it } from 'vitest';
import { choosePassage, scoreTexts } from '@/lib/evidence/corroborate';
import { PASSAGE_CHARS } from '@/lib/pages/passages';
import { readFigures } from '@/lib/evidence/figures';
import { footnotedStatement, MIN_SUPPORT } from '@/lib/evidence/follow-citations';
import { citedPage as page, FILLER, followOne, span } from '../spans';

describe('corroboration: the passage that states the cited sentence', () => {
  it('the issue’s Berlin example: the same figure, the date inside the year, the subject and the words together', async () => {
    const berlin = 'On 31 December 2024, 3,782,202 people were registered as residents of Berlin, the statistics office said.';
    const cited = page([
      'Berlin is the capital of Germany and its largest city by area, with twelve boroughs and many parks.',
      berlin,
      'Hamburg, the second city, counted 1,910,160 residents on the same day, a rise of half a percent.',
      ...FILLER,
    ]);
    const r = await followOne('At the end of 2024 Berlin had 3,782,202 registered inhabitants.', cited);
    expect(r.followed[0]!.outcome).toMatch(/^supports it/);
    expect(r.found[0]!.text).toBe(berlin);
    expect(r.found[0]!.score).toBeGreaterThanOrEqual(MIN_SUPPORT);
  });

  it('figures: a percentage in its spellings and a scale word are one value; a year is a date, not a figure', () => {
    expect(readFigures('41.3 %').figures).toEqual(readFigures('41.3 percent').figures);
    expect(readFigures('about 1.2 million people').figures).toEqual(readFigures('1,200,000 people').figures);
    expect(readFigures('In 2016 it fell.').figures).toEqual([]);
    const [same, other] = scoreTexts('The share of the tax rose to 41.3 % that year.', [
      'The share of the tax rose to 41.3 percent that year, the ministry reported.',
      'The share of the tax rose to 38.9 percent that year, the ministry reported.',
    ]);
    expect(same).toBeGreaterThan(other!);
  });

  it('dates: a month of a year is met by a day inside it, not by the same day of another year', () => {
    const [right, wrong] = scoreTexts('The couple married in December 2012.', [
      'The couple married on 16 December 2012 in New York, friends of the two said.',
      'The couple married on 16 December 2013 in New York, friends of the two said.',
    ]);
    expect(right).toBeGreaterThan(wrong!);
    expect(readFigures('at the end of 2024').dates).toEqual(['y:2024']);
    // "the end of" places the date in its year: it is part of the date, not a word to find.
    expect(
      scoreTexts('At the end of 2024 the city had 12 parks.', [
        'On 31 December 2024 the city had 12 parks and four lakes.',
        ...FILLER,
      ])[0],
    ).toBe(1);
    expect([...readFigures('on 31 December 2024').offeredDates]).toContain('y:2024');
  });

  it('dates: a day of a month written without its year meets the cited sentence’s day, not another day', () => {
    const [same, other] = scoreTexts('The album was released on November 2, 2004, by the band.', [
      'The album hits stores on November 2, the band’s label said this week.',
      'The album hits stores on November 9, the band’s label said this week.',
    ]);
    expect(same).toBeGreaterThan(other!);
    const [dayFirst, otherDay] = scoreTexts('The film was shown on 18 October 2018 in London.', [
      'The film was shown on Thursday 18 October at the festival in London.',
      'The film was shown on Thursday 19 October at the festival in London.',
    ]);
    expect(dayFirst).toBeGreaterThan(otherDay!);
  });

  it('words: a form meets another through its lemma’s senses, a synonym meets the word', () => {
    const [fall, rise] = scoreTexts('Prices fell sharply in the spring.', [
      'Prices fall sharply in the spring, when the harvest comes in.',
      'Prices rise sharply in the spring, when the harvest comes in.',
    ]);
    expect(fall).toBeGreaterThan(rise!);
    const [movie, album] = scoreTexts('The film won three awards.', [
      'The movie won three awards at the festival that year.',
      'The album won three awards at the festival that year.',
    ]);
    expect(movie).toBeGreaterThan(album!);
  });

  it('words: a hyphenated compound is one word, met written closed or hyphenated', () => {
    const [closed, apart] = scoreTexts('The council called for co-operation between the ports.', [
      'The council called for cooperation between the two ports on the coast.',
      'The council called for an operation between the two ports on the coast.',
    ]);
    expect(closed).toBeGreaterThan(apart!);
    const [hyphened] = scoreTexts('The council called for cooperation between the ports.', [
      'The council called for co-operation between the two ports on the coast.',
      ...FILLER,
    ]);
    expect(hyphened).toBe(1);
  });

  it('names: the claim’s named subject is met by the name, not by a synonym of the word', () => {
    const [name, , shrub, , tree] = scoreTexts('On Monday Bush visited the plant in Texas.', [
      'President Bush visited the plant in Texas on Monday morning.',
      FILLER[0]!,
      'A shrub grew beside the plant in Texas on Monday morning.',
      FILLER[1]!,
      'A tree grew beside the plant in Texas on Monday morning.',
    ]);
    expect(name).toBe(1);
    expect(shrub).toBe(tree);
  });

  it('a feature no passage states weighs as one a single passage states, not more', () => {
    const bridge = 'The mayor opened the new bridge over the river on a windy morning last spring.';
    const glacier = 'Far to the north, a glacier feeds the lakes that the river drains.';
    const texts = [bridge, ...FILLER, glacier];
    const [stated] = scoreTexts('The mayor opened the bridge near the glacier.', texts);
    const [unstated] = scoreTexts('The mayor opened the bridge near the zeppelin.', texts);
    expect(unstated).toBeCloseTo(stated!, 10);
    expect(stated).toBeLessThan(1);
  });

  it('pronouns and joining words are not what a passage must state', () => {
    const [s] = scoreTexts('He was born in Leeds in 1950.', [
      'Born in Leeds in 1950, the poet left for London at twenty.',
      ...FILLER,
    ]);
    expect(s).toBe(1);
  });

  it('a name stated by the passage before, or by the page’s title, counts for a passage that says "he"', () => {
    const he = 'In 1990 he founded the company with two friends from his class, in a garage.';
    const texts = ['Peter Marsh grew up in Ohio and studied engineering at the state university.', he, ...FILLER, he];
    const scores = scoreTexts('Marsh founded the company in 1990.', texts);
    expect(scores[1]).toBeGreaterThan(scores[4]!);
    const alone = [he, ...FILLER];
    expect(scoreTexts('Marsh founded the company in 1990.', alone, 'Peter Marsh')[0]).toBeGreaterThan(
      scoreTexts('Marsh founded the company in 1990.', alone, 'About us')[0]!,
    );
  });

  it('a passage writing a name by part of it counts the rest as context when the page states it elsewhere', () => {
    const pay = 'Williams spoke about the pay gap on the film and the donation that followed it.';
    const first = 'Michelle grew up in Montana and moved to Los Angeles as a teenager to act.';
    const other = 'Rachel grew up in Montana and moved to Los Angeles as a teenager to act.';
    const claim = 'Michelle Williams spoke about the pay gap on the film.';
    const [named] = scoreTexts(claim, [pay, ...FILLER, first]);
    const [unnamed] = scoreTexts(claim, [pay, ...FILLER, other]);
    expect(named).toBeGreaterThan(unnamed!);
    expect(named).toBeLessThan(1);
  });

  it('the part of the sentence after its previous footnote weighs most', () => {
    const text = 'The old city has three large parks,[1] and the Wend is 40 km long.[2]';
    const cited = footnotedStatement(span('S1', text), text.indexOf('[2]'))!;
    expect(cited.text).toBe('The old city has three large parks, and the Wend is 40 km long.');
    expect(cited.text.slice(cited.nearFrom)).toBe('and the Wend is 40 km long.');
    const parks = 'The old city has three large parks, with lakes and paths for walkers and riders.';
    const river = 'Rising in the hills, the Wend is 40 km long before it meets the sea at the port.';
    const choice = choosePassage(cited.text, page([parks, river, ...FILLER]), cited.nearFrom);
    expect(choice.passages[choice.best]!.text).toBe(river);
  });

  it('a full stop after an initial or an abbreviation does not cut the cited sentence', () => {
    const text = 'Two applicants remained, Judge Lisa White Hardwick and attorney Benjamin A. Lipman.[3]';
    expect(footnotedStatement(span('S1', text), text.indexOf('[3]'))?.text).toBe(
      'Two applicants remained, Judge Lisa White Hardwick and attorney Benjamin A. Lipman.',
    );
  });

  it('the passage shown grows by the neighbours that state the rest of the sentence, as long as a passage may be', async () => {
    const wed = 'Winslet wed Rocknroll, the nephew of the businessman Richard Branson, in December 2012.';
    const son = 'Their son Bear was born in December 2013, a year after the small wedding in New York.';
    const prizes = 'The actress has won an Academy Award and several other prizes over a long career.';
    const sentence = 'Winslet married Rocknroll in December 2012, and their son Bear was born the next year.';
    const cited = page([prizes, wed, son, ...FILLER]);
    const c = choosePassage(sentence, cited);
    expect([wed, son]).toContain(c.passages[c.best]!.text);
    // Each of the two states what the other does not; the prizes state nothing of it.
    const w = c.window(c.best);
    expect(c.passages.slice(w.first, w.last + 1).map((p) => p.text)).toEqual([wed, son]);
    expect(w.score).toBeGreaterThan(c.score);
    const r = await followOne(sentence, cited);
    expect(r.found.map((f) => f.text)).toEqual([`${wed}\n${son}`]);
    expect(cited.text.slice(r.found[0]!.start, r.found[0]!.end)).toBe(r.found[0]!.text);
    // A neighbour that would make the run longer than PASSAGE_CHARS is left out.
    const long = `${son} ${'It was a small ceremony with family and a few friends, far from the cameras. '.repeat(7)}`;
    expect(long.length + wed.length).toBeGreaterThan(PASSAGE_CHARS);
    const far = choosePassage(sentence, page([prizes, wed, long, ...FILLER]));
    const fw = far.window(far.best);
    expect([fw.first, fw.last]).toEqual([far.best, far.best]);
  });
});
