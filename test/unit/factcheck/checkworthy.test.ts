import { describe, expect, it } from 'vitest';
import {
  CHECKWORTHY_THRESHOLD,
  checkworthiness,
  featuresOf,
  isWorthChecking,
  scoreWith,
  tokensOf,
} from '../../../lib/factcheck/checkworthy';
import { bestThreshold, normalisedText, trainCheckworthy, type Example } from '../../../scripts/train-checkworthy';

describe('featuresOf', () => {
  it('reduces figures to their shape and reads words in lower case', () => {
    expect(tokensOf('Unemployment fell to 3.9 percent in 2018, or 5%.')).toEqual([
      'unemployment',
      'fell',
      'to',
      '<num>',
      'percent',
      'in',
      '<year>',
      'or',
      '<num>',
      '%',
    ]);
  });

  it('gives unigrams, bigrams with the sentence boundaries, and hand features', () => {
    const f = featuresOf('Taxes rose 12 percent.');
    for (const name of ['taxes', '<s> taxes', 'rose <num>', '<num> percent', 'percent </s>', '#number', '#len0'])
      expect(f).toContain(name);
    expect(featuresOf('Did taxes rise?')).toContain('#question');
  });

  it('marks capitalised words after the first (names), and runs of them, but not "I"', () => {
    const f = featuresOf('Then the Affordable Care Act passed.');
    expect(f).toContain('#capital');
    expect(f).toContain('#capitalRun');
    const lone = featuresOf('Yesterday I met Smith.');
    expect(lone).toContain('#capital');
    expect(lone).not.toContain('#capitalRun');
    for (const name of ['#capital', '#capitalRun']) expect(featuresOf("Taxes rose, and I'm sure I know it.")).not.toContain(name);
  });
});

describe('trainCheckworthy', () => {
  const claims = [
    'The deficit rose to 400 billion dollars in 2004.',
    'Crime fell 20 percent over ten years.',
    'He voted against the bill 12 times.',
    'Exports doubled to 300 billion dollars.',
  ];
  const chatter = ['Thank you very much.', 'Good evening everyone.', 'Let me say this.', 'Thank you, Senator.'];
  const examples: Example[] = [
    ...claims.map((text) => ({ text, label: 1 as const, source: 'ct24' as const })),
    ...chatter.map((text) => ({ text, label: 0 as const, source: 'ct24' as const })),
  ];

  it('separates a small labelled set', () => {
    const weights = trainCheckworthy(examples, { minCount: 1, l2: 1e-3 });
    const low = Math.min(...claims.map((s) => scoreWith(weights, s)));
    const high = Math.max(...chatter.map((s) => scoreWith(weights, s)));
    expect(low).toBeGreaterThan(high);
    expect(scoreWith(weights, 'Spending rose 8 percent in 2010.')).toBeGreaterThan(
      scoreWith(weights, 'Thank you, good evening.'),
    );
  });

  it('with NB-LR, regularises a word both classes use alike more than one that leans to a class', () => {
    // "tonight" is in one claim and one courtesy (no lean); "percent" only in claims.
    const lean: Example[] = [
      ...examples,
      { text: 'Prices rose 5 percent tonight.', label: 1, source: 'ct24' },
      { text: 'Good night and thank you tonight.', label: 0, source: 'ct24' },
    ];
    const nb = trainCheckworthy(lean, { minCount: 1, l2: 1e-2, nbPower: 2, decimals: 4 });
    const plain = trainCheckworthy(lean, { minCount: 1, l2: 1e-2, nbPower: 0, decimals: 4 });
    const w = (m: typeof nb, f: string) => Math.abs(m.weights[f] ?? 0);
    expect(w(nb, 'tonight')).toBeLessThan(w(plain, 'tonight'));
    expect(w(nb, 'percent') / Math.max(w(nb, 'tonight'), 1e-4)).toBeGreaterThan(
      w(plain, 'percent') / Math.max(w(plain, 'tonight'), 1e-4),
    );
  });

  it('gives the same weights on every run', () => {
    expect(trainCheckworthy(examples, { minCount: 1 })).toEqual(trainCheckworthy(examples, { minCount: 1 }));
  });

  it('fits the threshold that maximises F1', () => {
    expect(bestThreshold([0.9, 0.8, 0.4, 0.3], [1, 1, 0, 1])).toEqual({ threshold: 0.3, f1: 6 / 7 });
    expect(bestThreshold([0.9, 0.8, 0.4, 0.3], [1, 1, 0, 0])).toEqual({ threshold: 0.8, f1: 1 });
  });

  it('finds the same sentence under other punctuation and case', () => {
    expect(normalisedText('"Thank  you," Senator!')).toBe(normalisedText('thank you senator'));
  });
});

describe('the shipped model', () => {
  it('scores a claim above a courtesy', () => {
    expect(checkworthiness('Unemployment fell to 3.9 percent in 2018.')).toBeGreaterThan(
      checkworthiness('Thank you all for being here tonight.'),
    );
    expect(isWorthChecking('Unemployment fell to 3.9 percent in 2018.')).toBe(true);
    expect(isWorthChecking('Thank you all for being here tonight.')).toBe(false);
  });

  it('scores German, French and Spanish claims above their courtesies, from the language-neutral features', () => {
    const pairs = [
      ['Die Arbeitslosigkeit sank 2018 auf 3,9 Prozent.', 'Vielen Dank, dass Sie heute Abend hier sind.'],
      ['Le chômage a baissé à 3,9 pour cent en 2018.', 'Merci à tous d’être ici ce soir.'],
      ['El desempleo bajó al 3,9 por ciento en 2018.', 'Gracias a todos por estar aquí esta noche.'],
    ] as const;
    for (const [claim, courtesy] of pairs) expect(checkworthiness(claim)).toBeGreaterThan(checkworthiness(courtesy));
  });

  it('is deterministic and finite on any input, the empty string too', () => {
    const s = 'The bill passed the Senate 51 to 49 in March.';
    expect(checkworthiness(s)).toBe(checkworthiness(s));
    for (const t of ['', '   ', 'constructor toString __proto__', '?']) {
      const p = checkworthiness(t);
      expect(Number.isFinite(p)).toBe(true);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(CHECKWORTHY_THRESHOLD).toBeGreaterThan(0);
    expect(CHECKWORTHY_THRESHOLD).toBeLessThan(1);
  });
});
