/**
 * The reading rules, each on cases written for it (not taken from the labelled data): negation,
 * antonyms, word forms and synonyms, hedged quantities, periods, and contradictions only about the
 * same thing. Each case fails when its rule is taken out.
 */
import { describe, expect, it } from 'vitest';
import { verdictFor } from '@/lib/verdict/code-verdict';
import { readSupport, verifyClaim } from '@/lib/verdict/deterministic-verifier';
import { buildLexicon } from '@/lib/reading/lexicon-build';
import { antonymsOf, lemmaOf, synonymGroups } from '@/lib/reading/lexicon';
import { lexicalMeasures } from '@/lib/reading/lexical';
import { periodsIn } from '@/lib/reading/periods';
import { polarWords } from '@/lib/reading/polarity';
import { quantitiesAgree, quantitiesIn } from '@/lib/reading/quantities';
import { oppositionIn, readDates, readQuantities } from '@/lib/reading/clashes';
import type { EvidenceSpan } from '@/lib/shared/types';

const span = (spanId: string, text: string, url = `https://source-${spanId.toLowerCase()}.example.org/a`) =>
  ({ spanId, text, url, title: '' }) as unknown as EvidenceSpan;
const negated = (text: string) =>
  polarWords(text)
    .filter((w) => w.negated)
    .map((w) => w.word);

describe('negation: the head a cue governs', () => {
  it('marks the first content word after "not", "n\'t", "no", "never", "no longer", "fails to"', () => {
    expect(negated('Sea-level rise is not accelerating.')).toEqual(['accelerating']);
    expect(negated("The glacier isn't shrinking any more.")).toEqual(['shrinking']);
    expect(negated('There is no trend in coastal flooding.')).toEqual(['trend']);
    expect(negated('The committee never published the minutes.')).toEqual(['published']);
    expect(negated('The agency no longer funds the programme.')).toEqual(['funds']);
    expect(negated('The plan fails to reduce emissions.')).toEqual(['reduce']);
  });

  it('governs one head, within its clause: "may not realize the diverse ways" negates "realize" only', () => {
    expect(negated('Visitors may not realize the diverse ways the garden changes.')).toEqual(['realize']);
    expect(negated('The river is not navigable, but the canal carries barges.')).toEqual(['navigable']);
  });

  it('a claim that denies what the passage states is opposed; the same words without the cue are not', () => {
    const passage = 'Satellite records show that sea-level rise is accelerating along the coast.';
    const o = oppositionIn('Sea-level rise along the coast is not accelerating.', passage);
    expect(o).toMatchObject({ kind: 'claim-negates', word: 'accelerating' });
    expect(o!.overlap).toBeGreaterThanOrEqual(0.75);
    expect(oppositionIn('Sea-level rise along the coast is accelerating.', passage)).toBeNull();
  });

  it('a passage that denies what the claim states is opposed; both denying agree', () => {
    const passage = 'The survey found that the bridge was not repaired before the winter storms.';
    expect(oppositionIn('The bridge was repaired before the winter storms.', passage)).toMatchObject({
      kind: 'passage-negates',
    });
    expect(oppositionIn('The bridge was not repaired before the winter storms.', passage)).toBeNull();
  });

  it('a claim the passage writes as one of its sentences is stated there: another sentence\'s "not" opposes nothing', () => {
    const passage =
      'This might sound extreme, but you need to gather your data first. ' +
      "Before you can stop buying crap you don't need, you need to identify what that crap is.";
    const claim = "Before you can stop buying crap you don't need, you need to identify what that crap is.";
    expect(oppositionIn(claim, passage)).toBeNull();
    expect(verifyClaim({ claim, passage }).verdict).toBe('supported');
    // The same words in a sentence of its own, with the passage's other sentence denying one: still opposed.
    expect(oppositionIn('You do not need to gather your data first.', passage)).toMatchObject({ kind: 'claim-negates' });
  });

  it('the verifier rejects a claim whose passage says the opposite, however many words they share', () => {
    const out = verifyClaim({
      claim: 'The old harbour bridge was not repaired before the winter storms of 2024.',
      passage: 'The old harbour bridge was repaired before the winter storms of 2024.',
    });
    expect(out.verdict).toBe('unsupported');
    expect(out.reasons[0]).toMatch(/says the opposite.*repaired/);
  });

  it('a fact-check span that says the opposite about the same thing counts against the claim', () => {
    const v = verdictFor('Sea-level rise along the coast is not accelerating.', [
      span('S1', 'Satellite records show that sea-level rise along the coast is accelerating.'),
    ]);
    expect(v).toMatchObject({ verdict: 'contradicted', against: ['S1'] });
    expect(v.reasons[0]).toMatch(/denies "accelerating"/);
  });
});

describe('antonyms (WordNet)', () => {
  it('knows the opposites of frequent words', () => {
    expect(antonymsOf('rise')).toContain('fall');
    expect(antonymsOf('increase')).toContain('decrease');
    expect(antonymsOf('warm')).toContain('cool');
  });

  it('bars support when the passage says the opposite word, and a double negation cancels', () => {
    const claim = 'Reservoir levels in the valley increased during the drought.';
    const passage = 'Reservoir levels in the valley decreased during the drought.';
    expect(oppositionIn(claim, passage)).toMatchObject({ kind: 'antonym', word: 'increased' });
    expect(verifyClaim({ claim, passage }).verdict).not.toBe('supported');
    expect(oppositionIn('Reservoir levels in the valley did not increase during the drought.', passage)).toBeNull();
  });

  it('antonyms alone never make a fact-check contradiction: "east" against "west" is often about two things', () => {
    const v = verdictFor('Reservoir levels in the valley increased during the drought.', [
      span('S1', 'Reservoir levels in the valley decreased during the drought.'),
    ]);
    expect(v.verdict).toBe('not-found');
  });
});

describe('word forms and synonyms (WordNet)', () => {
  it('lemmatises irregular and regular forms', () => {
    expect(lemmaOf('fell')).toBe('fall');
    expect(lemmaOf('mice')).toBe('mouse');
    expect(lemmaOf('rising')).toBe('rise');
    expect(lemmaOf('shrinking')).toBe('shrink');
    expect(lemmaOf('planned')).toBe('plan');
  });

  it('a synonym of a claim word in the passage counts as the word', () => {
    expect(synonymGroups('big').some((g) => synonymGroups('large').includes(g))).toBe(true);
    const m = lexicalMeasures('The city built a big stadium.', 'The city built a large stadium.');
    expect(m.coverage).toBe(1);
    expect(m.missing).toEqual([]);
  });

  it('the table is built from WordNet files: frequent senses only, antonym pointers, irregular forms', () => {
    // Two synsets in WordNet's data format; index.sense keeps "big" and "large" in their first senses.
    const table = buildLexicon({
      indexSense: [
        'big%3:00:01:: 01382086 1 20',
        'large%3:00:00:: 01382086 1 40',
        'little%3:00:01:: 01391351 1 9',
        'enormous%3:00:00:: 01382086 5 0',
      ].join('\n'),
      data: {
        n: '',
        v: '',
        a: [
          '01382086 00 a 03 big 0 large 0 enormous 0 001 ! 01391351 a 0101 | above average in size',
          '01391351 00 a 01 little 0 001 ! 01382086 a 0101 | limited in size',
        ].join('\n'),
        r: '',
      },
      irregular: { bigger: 'big', littler: 'little' },
    });
    expect(table.groups.big).toEqual(table.groups.large);
    expect(table.groups.enormous).toBeUndefined(); // its fifth sense, never tagged: not kept
    expect(table.antonyms.big).toEqual(['little']);
    expect(table.antonyms.little).toEqual(['big']);
    expect(table.irregular).toEqual({ bigger: 'big', littler: 'little' });
  });
});

describe('quantities: hedges, ranges, rounding, fractions, units', () => {
  const q = (text: string) => quantitiesIn(text)[0]!;
  it('reads hedges as ranges', () => {
    expect(q('just over 400 ppm')).toMatchObject({ unit: 'ppm', low: 400 });
    expect(q('just over 400 ppm').high).toBeGreaterThan(410);
    expect(q('nearly 50 percent').high).toBeLessThanOrEqual(50.5);
    expect(q('more than 1,200 residents')).toMatchObject({ low: 1200, high: Infinity, unit: 'resident' });
    expect(q('less than 3 mm')).toMatchObject({ low: -Infinity, unit: 'm' });
  });

  it('reads ranges, ± and rounding', () => {
    expect(q('a warming of 0.3 to 0.6 °C')).toMatchObject({ low: 0.3, high: 0.6, unit: 'degK' });
    expect(q('3.1 ± 0.3 mm')).toMatchObject({ unit: 'm' });
    expect(q('400 visitors')).toMatchObject({ low: 350, high: 450 });
    expect(q('410 visitors')).toMatchObject({ low: 405, high: 415 });
    expect(q('412 visitors')).toMatchObject({ low: 411.5, high: 412.5 });
  });

  it('agrees across hedges, units and fractions; disagrees when the ranges do not meet', () => {
    expect(quantitiesAgree(q('just over 400 ppm'), q('410 ppm'))).toBe(true);
    expect(quantitiesAgree(q('about 20 cm'), q('8 inches'))).toBe(true);
    expect(quantitiesAgree(q('a quarter'), q('25%'))).toBe(true);
    expect(quantitiesAgree(q('one in four'), q('25 percent'))).toBe(true);
    expect(quantitiesAgree(q('412,000 residents'), q('450,000 residents'))).toBe(false);
  });

  it('the verifier accepts a hedged figure the passage states precisely', () => {
    const r = readSupport({
      claim: 'Carbon dioxide at the observatory reached just over 400 ppm in May.',
      passage: 'Carbon dioxide at the observatory reached 410 ppm in May.',
    });
    expect(r.clean).toBe(true);
    expect(r.reasons.join(' ')).not.toMatch(/400/);
  });
});

describe('periods', () => {
  const one = (text: string) => periodsIn(text, 2026).map((p) => [p.from, p.to]);
  it('reads centuries, their parts, decades, "since", ranges and fiscal years', () => {
    expect(one('since the mid-20th century')).toEqual([[1930, 2026]]);
    expect(one('since the 1950s')).toEqual([[1950, 2026]]);
    expect(one('in the mid-20th century')).toEqual([[1930, 1970]]);
    expect(one('the middle 1900s')).toEqual([[1930, 1970]]);
    expect(one('in the 1950s')).toEqual([[1950, 1959]]);
    expect(one('since 2005')).toEqual([[2005, 2026]]);
    expect(one('between 1993 and 2017')).toEqual([[1993, 2017]]);
    expect(one('in fiscal year 2023')).toEqual([[2022, 2023]]);
    expect(one('the late nineteenth century')).toEqual([[1866, 1899]]);
  });

  it('a claim year inside a period the passage names is not missing', () => {
    const r = readSupport({
      claim: 'Most of the warming since 1950 was caused by greenhouse gases.',
      passage: 'Most of the warming since the mid-20th century was caused by greenhouse gases.',
    });
    expect(r.clean).toBe(true);
  });
});

describe('contradicted only on evidence about the same thing', () => {
  const claim = 'Exampleville had 412,000 residents in 2026.';
  it('another value of the same quantity, for the same subject and time, counts against', () => {
    const r = readQuantities(claim, 'Exampleville had 450,000 residents in 2026, the yearbook says.');
    expect(r.clash).toMatchObject({ otherTime: false });
    expect(r.clash!.overlap).toBe(1);
    expect(verdictFor(claim, [span('S1', 'Exampleville had 450,000 residents in 2026, the yearbook says.')]).verdict).toBe(
      'contradicted',
    );
  });

  it('a different number for another time is not a contradiction', () => {
    const r = readQuantities(claim, 'Exampleville had 380,000 residents in 1990.');
    expect(r.clash?.otherTime).toBe(true);
    expect(verdictFor(claim, [span('S1', 'Exampleville had 380,000 residents in 1990.')]).verdict).toBe('not-found');
  });

  it('a different number of something else, or for another subject, is not a contradiction', () => {
    expect(verdictFor(claim, [span('S1', 'Exampleville had 12 bridges in 2026.')]).verdict).toBe('not-found');
    expect(verdictFor(claim, [span('S1', 'Riverton, the next town, had 95,000 residents in 2026.')]).verdict).toBe('not-found');
  });

  it('a figure one sentence agrees with is not contradicted by another sentence’s figure', () => {
    const text = 'Exampleville had 412,000 residents in 2026. Its suburbs had 450,000 residents in 2026.';
    expect(verdictFor(claim, [span('S1', text)]).verdict).not.toBe('contradicted');
  });

  it('another date of the same event counts against; a date of another event does not', () => {
    const c = 'The mayor of Exampleville was elected in 2022.';
    expect(readDates(c, 'The mayor of Exampleville was elected in 2019.').clash).not.toBeNull();
    expect(verdictFor(c, [span('S1', 'The mayor of Exampleville was elected in 2019.')]).verdict).toBe('contradicted');
    expect(verdictFor(c, [span('S1', 'The mayor of Exampleville was born in 1971.')]).verdict).toBe('not-found');
    expect(readDates(c, 'The mayor of Exampleville was elected in 2022 with 54% of the vote.').clash).toBeNull();
  });
});

describe('a difference in negation that may be no denial: it bars support, never rejects or contradicts', () => {
  /** The opposition is found but unsure: the claim is neither supported nor rejected, and counts neither way. */
  const unsure = (claim: string, passage: string) => {
    expect(oppositionIn(claim, passage)).toMatchObject({ sure: false });
    expect(verifyClaim({ claim, passage }).verdict).toBe('uncertain');
    expect(verdictFor(claim, [span('S1', passage)]).verdict).toBe('not-found');
  };

  it('reads "unlikely to" and "not (be) able to" as cues, and a cue on a cue cancels', () => {
    expect(negated('The harbour is unlikely to reopen this year.')).toEqual(['reopen']);
    expect(negated('Members will not be able to vote by post.')).toEqual(['vote']);
    expect(negated("Members aren't able to vote by post.")).toEqual(['vote']);
    expect(negated('Members were never able to vote by post.')).toEqual(['vote']);
    expect(negated('It is not unlikely to rain on the pier today.')).toEqual([]);
    const ferry = 'The northern ferry is unlikely to return to its old timetable.';
    expect(oppositionIn('The northern ferry might not return to its old timetable.', ferry)).toBeNull();
    expect(
      oppositionIn('Membership could allow the town to vote by post.', 'The town will not be able to vote by post.'),
    ).toMatchObject({
      kind: 'passage-negates',
      word: 'vote',
      sure: true,
    });
  });

  it('a cue just before the word, governing its neighbour, makes the denial unsure ("not visible with the stain")', () => {
    const passage = 'The spores are not visible with the Ziehl stain under the usual lamp.';
    expect(polarWords(passage).find((w) => w.word === 'ziehl')).toMatchObject({ negated: false, nearNegation: true });
    unsure('The spores cannot be Ziehl stained under the usual lamp.', passage);
    // The reach of a cue ends with its sentence.
    const next = 'The lamp is not bright. The spores take the Ziehl stain well under it.';
    expect(polarWords(next).find((w) => w.word === 'ziehl')).toMatchObject({ nearNegation: false });
    // Far from the cue, the plain word is stated: the denial is sure.
    const far = 'The spores, once dried, washed, mounted on glass slides and warmed slowly, take the Ziehl stain well.';
    expect(oppositionIn('The spores cannot take the Ziehl stain once dried and warmed.', far)).toMatchObject({
      kind: 'claim-negates',
      sure: true,
    });
  });

  it('"A rather than B" against "A over B" is unsure; "A, not B" still surely opposes "B"', () => {
    const passage = 'The clinic prefers breath testing rather than blood sampling for young patients.';
    unsure('The clinic prefers breath testing over blood sampling for young patients.', passage);
    expect(oppositionIn('The clinic prefers blood sampling for young patients.', passage)).toMatchObject({
      kind: 'passage-negates',
      word: 'blood',
      sure: true,
    });
  });

  it('a clause that supposes ("if …", up to its comma or "then") is unsure; "even if" does not suppose', () => {
    const passage = 'If the second lease is deemed valid, both tenants may claim the flat.';
    expect(polarWords(passage).find((w) => w.word === 'valid')).toMatchObject({ supposed: true });
    expect(polarWords(passage).find((w) => w.word === 'tenants')).toMatchObject({ supposed: false });
    const then = polarWords('If the lease is signed then the tenants pay.');
    expect(then.find((w) => w.word === 'tenants')).toMatchObject({ supposed: false });
    const even = polarWords('Even if the lease is signed late the tenants pay.');
    expect(even.find((w) => w.word === 'signed')).toMatchObject({ supposed: false });
    unsure('A second lease of the flat cannot be valid.', passage);
    expect(oppositionIn('A second lease of the flat cannot be valid.', 'The second lease of the flat is valid.')).toMatchObject({
      sure: true,
    });
  });

  it('an antonym the claim itself says is unsure: swapped terms are not support', () => {
    unsure(
      'Staff who learn the newest phishing tricks and how to defend against them resist attacks.',
      'Staff learn the newest phishing tricks and how to defend against them.',
    );
    const river = {
      claim: 'The river rises in winter and falls in summer.',
      passage: 'The river falls in winter and rises in summer.',
    };
    expect(verifyClaim(river).verdict).not.toBe('supported');
  });

  it('a question, or how things are now against a claim about the past, is unsure; a present denial is not', () => {
    unsure('The lighthouse has not dimmed since 1990.', 'Has the lighthouse dimmed since 1990?');
    const now = 'The valley is covered by the Lenfell glacier.';
    unsure('There was no glacier covering the valley in the warm period.', now);
    // "did not have" is a past tense, not a present "have".
    expect(oppositionIn('The valley did not have a glacier in the warm period.', 'The valley has a glacier.')).toMatchObject({
      sure: false,
    });
    expect(oppositionIn('There is no glacier covering the valley.', now)).toMatchObject({ kind: 'claim-negates', sure: true });
    // A denial now of what the claim says was so bars support all the same.
    const wall = {
      claim: 'The great wall was visible from the valley.',
      passage: 'The great wall is not visible from the valley.',
    };
    expect(verifyClaim(wall).verdict).not.toBe('supported');
  });

  it('a displaced negation never lets a denial through as support', () => {
    const cases: [string, string][] = [
      ['The law does not apply to minors.', 'Critics did not notice that the law applies to minors.'],
      ['The bridge does not carry trains.', 'Not far from the port, the bridge carries trains.'],
      ['The drug works.', 'Unless taken daily the drug does not work.'],
    ];
    for (const [claim, passage] of cases) expect(verifyClaim({ claim, passage }).verdict, claim).not.toBe('supported');
  });
});

describe('figures of another time, and windows of time', () => {
  it('"over the past 30 years" is a window, not a value: another window is no clash', () => {
    const claim = 'Harbour silt has been building over the past 30 years.';
    expect(
      readQuantities(claim, 'Harbour silt began building a century ago, and faster within the past 50 years.').clash,
    ).toBeNull();
    expect(readQuantities('The harbour is 30 years old.', 'The harbour is 50 years old.').clash).not.toBeNull();
  });

  it('a figure that looks like a year is no time: "1900 m" against a tower built in 1889 still clashes', () => {
    expect(readQuantities('The tower, built in 1889, is 300 m tall.', 'The tower is 1900 m tall.').clash).toMatchObject({
      otherTime: false,
    });
  });

  it('a year the passage names outside the claim’s period is another time ("by 2100")', () => {
    const claim = 'The model predicted a rise of 0.45 °C between 1988 and 1997.';
    expect(readQuantities(claim, 'The model predicted a rise of 5.5 °C by 2100.').clash).toMatchObject({ otherTime: true });
    expect(readQuantities(claim, 'The model predicted a rise of 5.5 °C between 1988 and 1997.').clash).toMatchObject({
      otherTime: false,
    });
  });
});

describe('names', () => {
  it('a name written out stands for its initials; a sentence’s first word starts no initialism', () => {
    const passage = 'Designers follow the Web Content Accessibility Guidelines when they build forms.';
    expect(readSupport({ claim: 'Forms are built to WCAG.', passage }).reasons.join(' ')).not.toMatch(/WCAG/);
    expect(readSupport({ claim: 'Forms are built to ARIA.', passage }).reasons.join(' ')).toMatch(/ARIA/);
    const senate = readSupport({
      claim: 'The US Senate passed the farm bill.',
      passage: 'Under Senate rules the farm bill passed.',
    });
    expect(senate.reasons.join(' ')).toMatch(/US/);
  });
});

describe('a hedged passage does not state what the claim asserts', () => {
  it('"seems essential" does not support "is essential"; the same hedge on both sides does; "May" the month is no hedge', () => {
    const passage = 'Quiet study seems essential for learning the harbour charts.';
    const hedged = verifyClaim({ claim: 'Quiet study is essential for learning the harbour charts.', passage });
    expect(hedged.verdict).toBe('uncertain');
    expect(hedged.reasons.join(' ')).toMatch(/seems/);
    expect(verifyClaim({ claim: 'Quiet study seems essential for learning the harbour charts.', passage }).verdict).toBe(
      'supported',
    );
    const month = 'The harbour charts were redrawn in May 2021 by the pilots.';
    expect(verifyClaim({ claim: 'The harbour charts were redrawn in 2021 by the pilots.', passage: month }).verdict).toBe(
      'supported',
    );
    // A supposition or a question does not state it either.
    const claim = 'The drug cures the fever.';
    expect(verifyClaim({ claim, passage: 'If the drug cures the fever, doctors will prescribe it.' }).verdict).not.toBe(
      'supported',
    );
    expect(verifyClaim({ claim, passage: 'Does the drug cure the fever?' }).verdict).not.toBe('supported');
  });
});
