import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAnswers, parsePairs } from '@/lib/eval/dataset';
import { verifyCitedClaim, verifyClaim } from '@/lib/verdict/deterministic-verifier';
import { namesIn } from '@/lib/reading/entities';
import { lexicalMeasures, stem } from '@/lib/reading/lexical';
import { evaluateAnswers, evaluatePairs, type AnswerMetrics, type PairMetrics } from '@/lib/eval/verifier-metrics';
import { factFound, numericFacts, numericIndex } from '@/lib/reading/numbers';
import { quoteFound } from '@/lib/reading/quote';
import { normalizeText } from '@/lib/text/normalize';
import { dataPath, HAS_DATA } from '../../data/root';

/** Whether every numeric fact of `claim` is stated by `passage`. */
function numbersFound(claim: string, passage: string): boolean {
  const index = numericIndex(normalizeText(passage));
  return numericFacts(normalizeText(claim)).every((f) => factFound(f, index));
}

const MUSEUM =
  'The Berg Museum opened in the old harbour warehouse. Anna Berg, a painter, founded the museum in 1901 with ' +
  'her own savings. It now welcomes about 1,200 visitors a week.\n' +
  'The building was restored in 1987 after a fire. Admission rose by 3.4 percent in 2024.';

describe('layer 1: the supporting quote', () => {
  it('finds a quote after normalisation: case, curly quotes, dashes and spaces do not matter', () => {
    expect(quoteFound('ANNA BERG, a painter,   founded the museum', MUSEUM)).toBe(true);
    expect(quoteFound('“It now welcomes about 1,200 visitors”', MUSEUM)).toBe(true);
    expect(quoteFound('restored in 1987 \u2014 after a fire', 'It was restored in 1987 - after a fire.')).toBe(true);
  });

  it('lets an ellipsis join pieces of the passage that stand apart, in order only', () => {
    expect(quoteFound('Anna Berg … founded the museum in 1901', MUSEUM)).toBe(true);
    expect(quoteFound('founded the museum in 1901 ... Anna Berg', MUSEUM)).toBe(false);
  });

  it('rejects a claim whose quote is not in the passage, and says so', () => {
    const out = verifyClaim({
      claim: 'Anna Berg founded the museum in 1901.',
      passage: MUSEUM,
      quote: 'Anna Berg founded the museum in 1899',
    });
    expect(out.verdict).toBe('unsupported');
    expect(out.score).toBe(0);
    expect(out.reasons.join(' ')).toMatch(/the quote "Anna Berg founded the museum in 1899" is not in the passage/);
  });

  it('goes on to check the claim when the quote is found: a true quote does not make a false claim true', () => {
    const out = verifyClaim({
      claim: 'Anna Berg founded the museum in 1899.',
      passage: MUSEUM,
      quote: 'Anna Berg, a painter, founded the museum in 1901',
    });
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons).toContain('the quote is in the passage');
    expect(out.reasons).toContain('the year 1899 is not in the passage');
  });
});

describe('layer 2: numbers, dates, versions, percentages', () => {
  it('rejects a claim with a number the passage does not state, naming the number', () => {
    const out = verifyClaim({ claim: 'The Berg Museum welcomes about 1,500 visitors a week.', passage: MUSEUM });
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons).toContain('the number 1,500 is not in the passage');
  });

  it('names a missing percentage and a missing version', () => {
    const pct = verifyClaim({ claim: 'Admission rose by 4.5% in 2024.', passage: MUSEUM });
    expect(pct.verdict).toBe('unsupported');
    expect(pct.reasons).toContain('the percentage 4.5% is not in the passage');
    const version = verifyClaim({
      claim: 'The fix shipped in version 2.4.1 of the parser.',
      passage: 'The parser fix shipped in version 2.4.0.',
    });
    expect(version.verdict).toBe('unsupported');
    expect(version.reasons).toContain('the version 2.4.1 is not in the passage');
  });

  it('normalises how numbers are written', () => {
    expect(numbersFound('1,200 visitors', 'about 1200 visitors')).toBe(true);
    expect(numbersFound('1200 visitors', 'about 1,200 visitors')).toBe(true);
    expect(numbersFound('grew 3.4%', 'grew by 3.4 percent')).toBe(true);
    expect(numbersFound('grew 3.4 per cent', 'grew 3.4%')).toBe(true);
    expect(numbersFound('1.2 million people', 'a population of 1,200,000')).toBe(true);
    expect(numbersFound('about 1.2 million people', 'a population of 1,213,400')).toBe(true);
    expect(numbersFound('88% of deaths', '87.6 percent of deaths')).toBe(true);
    expect(numbersFound('five years', 'after 5 years')).toBe(true);
    expect(numbersFound('twenty-one games', 'won 21 games')).toBe(true);
    expect(numbersFound('during the 2018–19 season', 'the 2018-2019 season')).toBe(true);
    expect(numbersFound('in the 1990s', 'it was built in 1994')).toBe(true);
    expect(numbersFound('a 2D shape', 'draw 2D shapes')).toBe(true);
    expect(numbersFound('grew 3.5%', 'grew by 3.4 percent')).toBe(false);
    expect(numbersFound('in the 1980s', 'it was built in 1994')).toBe(false);
  });

  it('reads written month names and numeric dates alike', () => {
    expect(numbersFound('on 28 April 2015', 'On April 28, 2015, the band met the president.')).toBe(true);
    expect(numbersFound('in April 2015', 'Published 2015-04-28.')).toBe(true);
    expect(numbersFound('in Sept. 2015', 'in September 2015')).toBe(true);
    expect(numbersFound('on 28 April 2015', 'On 27 April 2015 the band met the president.')).toBe(false);
    expect(numbersFound('in May 2015', 'In June 2015 the band met the president.')).toBe(false);
  });

  it('does not take "may" the verb for a month, nor "one" the pronoun for a figure', () => {
    expect(numericFacts(normalizeText('It may be one of the oldest museums.'))).toEqual([]);
  });
});

describe('layer 3: names', () => {
  it('finds capitalised multiword names and acronyms, not a capitalised first word nor a title', () => {
    const names = namesIn('However, President Serzh Sargsyan met NATO officials in the State Library of New South Wales.');
    expect(names.map((n) => n.surface)).toEqual(['Serzh Sargsyan', 'NATO', 'State Library of New South Wales']);
    expect(names[0]!.keys).toEqual(['serzh', 'sargsyan']);
  });

  it('flags a name the passage does not mention', () => {
    const out = verifyClaim({ claim: 'Anna Berg and Carl Lund founded the museum in 1901.', passage: MUSEUM });
    expect(out.verdict).not.toBe('supported');
    expect(out.reasons).toContain('the name "Carl Lund" is not in the passage');
  });

  it('accepts a possessive, a plural acronym and a demonym ending', () => {
    const out = verifyClaim({
      claim: 'The Armenian band replaced its LEDs with Berg’s lamps.',
      passage: 'The band from Armenia replaced its LED lights with lamps by Berg.',
    });
    expect(out.reasons.join(' ')).not.toMatch(/the name|part of the name/);
    expect(out.verdict).toBe('supported');
  });
});

describe('layer 4: words', () => {
  it('stems inflections together', () => {
    expect(stem('founded')).toBe(stem('founds'));
    expect(stem('winning')).toBe(stem('wins'));
    expect(stem('studies')).toBe(stem('study'));
  });

  it('accepts a paraphrase that keeps the content words, numbers and names', () => {
    const out = verifyClaim({ claim: 'The museum was founded in 1901 by the painter Anna Berg.', passage: MUSEUM });
    expect(out.verdict).toBe('supported');
    expect(out.score).toBeGreaterThanOrEqual(0.8);
  });

  it('does not accept a claim stitched from a supported half and an unsupported half', () => {
    const out = verifyClaim({
      claim: 'Anna Berg founded the museum in 1901, and it holds the largest collection of Nordic glass in Europe.',
      passage: MUSEUM,
    });
    expect(out.verdict).not.toBe('supported');
    expect(out.reasons.join(' ')).toMatch(
      /the part "it holds the largest collection of nordic glass in europe\." is \d+% covered/,
    );
    const lex = lexicalMeasures(
      'Anna Berg founded the museum in 1901, and it holds the largest collection of Nordic glass in Europe.',
      MUSEUM,
    );
    expect(lex.minClauseCoverage).toBeLessThan(0.5);
  });

  it('does not accept on words alone a claim stitched from two distant places in a long passage', () => {
    const filler = Array.from({ length: 30 }, (_, i) => `Room ${i + 1} shows works on paper from local collections.`).join(' ');
    const passage = `Anna Berg founded the museum in 1901. ${filler} A new glass wing opened to visitors in spring.`;
    const out = verifyClaim({ claim: 'Anna Berg founded the museum in 1901 and opened a new glass wing in spring.', passage });
    expect(out.verdict).toBe('uncertain');
  });

  it('rejects a claim about something else', () => {
    const out = verifyClaim({ claim: 'The harbour ferry timetable changes every winter season.', passage: MUSEUM });
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons.join(' ')).toMatch(/of the claim's content words are in the passage/);
  });

  it('says uncertain rather than guessing when a claim has almost no words to check', () => {
    expect(verifyClaim({ claim: 'It was.', passage: MUSEUM }).verdict).toBe('uncertain');
    expect(verifyClaim({ claim: '', passage: MUSEUM }).verdict).toBe('uncertain');
    expect(verifyClaim({ claim: 'Anna Berg founded it.', passage: '' }).verdict).toBe('unsupported');
  });

  it('is deterministic', () => {
    const input = { claim: 'Anna Berg founded the museum, which was restored in 1987.', passage: MUSEUM };
    expect(verifyClaim(input)).toEqual(verifyClaim(input));
  });
});

describe('claims of an answer against their cited spans', () => {
  const spans = new Map([
    ['S1', 'Anna Berg, a painter, founded the museum in 1901.'],
    ['S2', 'The building was restored in 1987 after a fire.'],
  ]);

  it('never accepts a claim that cites nothing', () => {
    const out = verifyCitedClaim({ text: 'Anna Berg founded the museum in 1901.', cites: [] }, spans);
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons).toEqual(['the claim cites no passage']);
  });

  it('rejects a citation of a span that is not in the evidence', () => {
    const out = verifyCitedClaim({ text: 'Anna Berg founded the museum in 1901.', cites: ['S1', 'S7'] }, spans);
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons[0]).toMatch(/S7/);
  });

  it('checks a claim against its cited spans together', () => {
    const claim = 'The museum that Anna Berg founded in 1901 was restored in 1987 after a fire.';
    expect(verifyCitedClaim({ text: claim, cites: ['S1', 'S2'] }, spans).verdict).toBe('supported');
    expect(verifyCitedClaim({ text: claim, cites: ['S1'] }, spans).verdict).toBe('unsupported');
  });
});

// ---------------------------------------------------------------------------------------------
// The labelled data in the data root's data/verification/ (see its NOTICE.md; data/root.ts).

const DATA_DIR = dataPath('data/verification');

function readShared(name: string): string {
  const file = path.join(DATA_DIR, name);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${file}: these tests need the labelled verification data (run \`npm run data\` to fetch it).`, {
      cause: error,
    });
  }
}

describe.skipIf(!HAS_DATA)('on the labelled data (pairs-dev, answers-dev)', () => {
  let pairs: PairMetrics[];
  let answers: AnswerMetrics;
  const bySource = (source: string) => {
    const m = pairs.find((p) => p.source === source);
    if (!m) throw new Error(`no pairs from ${source} in pairs-dev.jsonl`);
    return m;
  };

  // About 1,400 readings: seconds alone, longer on a shared machine.
  beforeAll(() => {
    pairs = evaluatePairs(parsePairs(readShared('pairs-dev.jsonl')));
    answers = evaluateAnswers(parseAnswers(readShared('answers-dev.jsonl')));
  }, 180_000);

  it('WiCE: rejects with precision ≥ 0.90 at recall ≥ 0.30 (the issue’s target)', () => {
    const m = bySource('wice');
    expect(m.rejectPrecision).toBeGreaterThanOrEqual(0.9);
    expect(m.rejectRecall).toBeGreaterThanOrEqual(0.3);
    // Measured 0.78; the floor leaves room for small changes and catches a broken layer.
    expect(m.balancedAccuracy).toBeGreaterThanOrEqual(0.7);
    // Where words cannot tell, it says uncertain (measured 46%), but it does not give up on everything.
    expect(m.uncertainShare).toBeLessThan(0.6);
  });

  it('ExpertQA (noisy labels): better than chance, reported rather than fitted', () => {
    const m = bySource('expertqa');
    // Measured 0.60; published checkers score about 0.6 here.
    expect(m.balancedAccuracy).toBeGreaterThan(0.55);
    expect(m.rejectPrecision).toBeGreaterThan(m.labelledNotSupported / m.n);
  });

  // Floors under the figures measured with the fitted constants (`npm run eval` prints them).
  it('answers: keeps ≥ 76% of the supported claims and rejects ≥ 40% of the cited partial or unsupported ones', () => {
    expect(answers.supportedKeptShare).toBeGreaterThanOrEqual(0.76);
    expect(answers.notSupportedCaughtShare).toBeGreaterThanOrEqual(0.4);
  });

  it('answers: never accepts a claim that cites nothing', () => {
    expect(answers.uncited).toBeGreaterThan(0);
    expect(answers.uncitedAccepted).toBe(0);
  });
});
