import { describe, expect, it } from 'vitest';
import { disposeModelQueries, planClaimQueries, QUERY_CAPS } from '@/lib/factcheck/claim-queries';
import { fitQuery } from '@/lib/providers/query-limits';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { createBraveProvider } from '@/lib/search/brave';
import { createTavilyProvider } from '@/lib/search/tavily';
import { createSerperProvider } from '@/lib/search/serper';
import { createExaProvider } from '@/lib/search/exa';
import { createSearxngProvider } from '@/lib/search/searxng';

const words = (q: string) => q.split(' ').length;

describe('queries planned per claim, in code', () => {
  const long =
    'The Tozzer library itself holds over 260,000 volumes, including the first book acquired by the Peabody Museum Library, which opened its doors to the public in the spring of 1866 in Cambridge, Massachusetts.';

  it('2–3 keyword queries for any-word engines, each within 12 words and 300 characters, none alike, none empty', () => {
    const plan = planClaimQueries({ text: long });
    expect(plan.any.length).toBeGreaterThanOrEqual(2);
    expect(plan.any.length).toBeLessThanOrEqual(QUERY_CAPS.queries);
    for (const q of [...plan.any, ...plan.every]) {
      expect(q.trim()).not.toBe('');
      expect(words(q)).toBeLessThanOrEqual(QUERY_CAPS.words);
      expect(q.length).toBeLessThanOrEqual(QUERY_CAPS.chars);
    }
    expect(new Set(plan.any.map((q) => q.toLowerCase())).size).toBe(plan.any.length);
    expect(plan.by).toBe('code');
  });

  it('a word opening the claim before a verb of speech is who speaks: the subject, not the page title', () => {
    const plan = planClaimQueries(
      { text: 'Roscosmos said the craft was operating normally before it stopped transmitting data.' },
      { title: 'Yahoo News - Latest News & Headlines' },
    );
    expect(plan.subject).toBe('Roscosmos');
    for (const q of plan.every) expect(q).not.toMatch(/Yahoo|Latest/);
  });

  it('a contraction is one word, and a negated auxiliary none: no "didn" sent to an engine that needs every word', () => {
    const plan = planClaimQueries({
      text: '“The enmity didn’t hurt the way it did with Shamir in ’91,” said Martin Indyk of O’Brien College.',
    });
    for (const q of [...plan.any, ...plan.every]) {
      expect(q.split(' ')).not.toEqual(expect.arrayContaining(['didn', 't', 'didn’t', 'O', 'Brien']));
      expect(q).not.toMatch(/[‘’]\d/);
    }
    expect([...plan.any, ...plan.every].some((q) => q.includes('O’Brien'))).toBe(true);
  });

  it('the subject and its key terms; the figure with its unit; no function words, hedges or quotation marks', () => {
    const plan = planClaimQueries({ text: long });
    expect(plan.subject).toBe('Tozzer');
    expect(plan.any[0]).toMatch(/^Tozzer library/);
    expect(plan.any.some((q) => q.includes('260,000 volumes'))).toBe(true);
    for (const q of plan.any)
      expect(q.toLowerCase().split(' ')).not.toEqual(expect.arrayContaining(['the', 'over', 'itself', 'by']));
    const quoted = planClaimQueries({ text: 'The band\'s third album, "Emotive", was reportedly released on November 2, 2004.' });
    for (const q of quoted.any) {
      expect(q).not.toMatch(/["“”]/);
      expect(q).not.toMatch(/\breportedly\b/);
    }
  });

  it('every-word engines get the subject with its strongest terms, then the subject alone (its article)', () => {
    const plan = planClaimQueries({
      text: 'Jan Stuart is the Melvin R. Seiden Curator of Chinese Art at the Freer Gallery of Art in Washington.',
    });
    expect(plan.every[0]!.startsWith('Jan Stuart')).toBe(true);
    expect(words(plan.every[0]!)).toBeLessThanOrEqual(4);
    expect(plan.every[plan.every.length - 1]).toBe('Jan Stuart');
  });

  it('a quotation is searched without its attribution; its speaker stays a name', () => {
    const plan = planClaimQueries({
      text: '“Interest costs will exceed military spending by 2027,” said Marc Goldwein, senior policy director.',
      speaker: 'Marc Goldwein',
    });
    for (const q of plan.any) expect(q).not.toMatch(/\bsaid\b|senior policy director/);
    expect(plan.any[0]).toMatch(/Interest costs .*2027/);
  });

  it('the year where the claim is time-bound: a claim that holds "now" is searched with its page’s year', () => {
    const plan = planClaimQueries(
      { text: 'Thomas K. Arnold is currently the publisher of Media Play News.' },
      { published: '2018-05-02' },
    );
    expect(plan.any.some((q) => /2018/.test(q))).toBe(true);
    expect(
      planClaimQueries({ text: 'Thomas K. Arnold is currently the publisher of Media Play News.' }).any.join(' '),
    ).not.toMatch(/20\d\d/);
  });

  it('a claim that names nothing, or whose reference is open, is searched with its page’s subject', () => {
    const plan = planClaimQueries(
      { text: 'The game was successfully funded with 17 hours left.' },
      { title: 'Hero-U: Rogue to Redemption' },
    );
    expect(plan.any[0]).toMatch(/^Hero-U Rogue Redemption/);
    expect(plan.every[plan.every.length - 1]).toMatch(/Hero-U/);
    const named = planClaimQueries(
      { text: 'Wellington hosted Parliament for the first time in 1865.' },
      { title: 'New Zealand' },
    );
    expect(named.any.join(' ')).not.toMatch(/Zealand/);
    const open = planClaimQueries(
      { text: 'It moved to Wellington in 1865.', needsContext: true },
      { title: 'Parliament of New Zealand' },
    );
    expect(open.any[0]).toMatch(/Parliament/);
  });

  it('a number right after a name is part of it; "May" in a date is the month', () => {
    const plan = planClaimQueries({ text: 'District 3 of Exampleville had 3412 residents on 16 May 2001.' });
    expect(plan.subject).toBe('District 3');
    expect(plan.any[0]).toContain('May');
  });

  it('a word the queries drop stays inside a name of several words ("United States"), not as the article opening it', () => {
    const plan = planClaimQueries({ text: 'The United States imported 4 million barrels of oil in 2019.' });
    expect(plan.subject).toBe('United States');
    expect(plan.every[plan.every.length - 1]).toBe('United States');
    const de = planClaimQueries({ text: 'Die Bundesregierung hat 2023 rund 12 Milliarden Euro ausgegeben.' });
    for (const q of de.any) expect(q.split(' ')).not.toContain('Die');
  });

  it('a day after its month is a date, searched as one term, never the subject; "Jan Stuart" is still a name', () => {
    const plan = planClaimQueries({ text: 'The referendum was held on March 3 and turnout rose to 67 percent.' });
    expect(plan.subject).toBeUndefined();
    // Every query with the day has its month beside it.
    const dayed = [...plan.any, ...plan.every].filter((q) => /(?:^| )3(?: |$)/.test(q));
    expect(dayed.length).toBeGreaterThan(0);
    for (const q of dayed) expect(q).toContain('March 3');
    expect(planClaimQueries({ text: 'The strike began in March 2019 at the Exampleville plant.' }).subject).toBe('Exampleville');
    expect(planClaimQueries({ text: 'The show was opened by Jan Stuart in 2019.' }).subject).toBe('Jan Stuart');
  });

  it('a news dateline ("LONDON —", "WASHINGTON (Reuters) -") goes into no query', () => {
    for (const text of [
      'LONDON — The Bank of England raised its main interest rate to 5.25 percent on Thursday.',
      'WASHINGTON (Reuters) - The Senate passed the bill by 68 votes to 32.',
      'NEW YORK, March 3 (AP) — Shares of Exampleco fell 12 percent.',
    ]) {
      const plan = planClaimQueries({ text });
      for (const q of [...plan.any, ...plan.every]) expect(q).not.toMatch(/LONDON|WASHINGTON|NEW YORK|Reuters|\bAP\b/);
    }
    // A claim opening with a name in capitals and no dash keeps it.
    expect(planClaimQueries({ text: 'NASA launched the probe in 2019.' }).any[0]).toContain('NASA');
  });

  it('a lone demonym yields the subject to a name after it ("Chinese exports to Germany")', () => {
    const plan = planClaimQueries({ text: 'The Chinese government said exports to Germany rose 5 percent in 2019.' });
    expect(plan.subject).toBe('Germany');
    // With no other name, the demonym is still the subject.
    expect(planClaimQueries({ text: 'The Israeli election was held in April 2019.' }).subject).toBe('Israeli');
  });

  it('works in the four languages: their function words stay out', () => {
    const cases = [
      [
        'Die Bundesregierung hat im Jahr 2023 rund 12 Milliarden Euro für die Bahn ausgegeben.',
        ['die', 'hat', 'im', 'rund', 'für'],
      ],
      [
        'La ville de Lyon a accueilli environ 500 000 visiteurs en 2019 selon la mairie.',
        ['la', 'de', 'a', 'environ', 'en', 'selon'],
      ],
      [
        'El gobierno de España invirtió casi 3.000 millones de euros en 2021 según el ministerio.',
        ['el', 'de', 'casi', 'en', 'según'],
      ],
    ] as const;
    for (const [text, dropped] of cases) {
      const plan = planClaimQueries({ text });
      for (const q of plan.any) for (const w of dropped) expect(q.toLowerCase().split(' ')).not.toContain(w);
      expect(plan.any[0]!.split(' ').length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe("a model's queries are taken only when the code's checks pass", () => {
  const claim = {
    text: 'The Tozzer library holds over 260,000 volumes, including the first book of the Peabody Museum Library.',
  };

  it('queries whose every name and number is the claim’s are taken (for any-word engines)', () => {
    const plan = disposeModelQueries(claim, ['Tozzer Library volumes 260,000', 'Peabody Museum first book']);
    expect(plan.by).toBe('model');
    expect(plan.any).toEqual(['Tozzer Library volumes 260,000', 'Peabody Museum first book']);
    // Every-word engines keep the code's short queries.
    expect(plan.every).toEqual(planClaimQueries(claim).every);
  });

  it('a query adding a name or a number, over the caps, or not text is dropped; none left gives the code’s', () => {
    const plan = disposeModelQueries(claim, [
      'Tozzer Library Harvard volumes',
      'Tozzer library 300,000 volumes',
      'Tozzer library volumes first book Peabody Museum acquired holds including largest collection anthropology world',
      42,
    ]);
    expect(plan.by).toBe('code');
    expect(plan.any).toEqual(planClaimQueries(claim).any);
    expect(plan.notes.join(' ')).toMatch(/adds Harvard/);
    expect(plan.notes.join(' ')).toMatch(/adds 300,000/);
    expect(plan.notes.join(' ')).toMatch(/over 12 words/);
    expect(plan.notes.join(' ')).toMatch(/not text/);
    const some = disposeModelQueries(claim, ['Tozzer Library Harvard', 'Tozzer Library 260,000 volumes']);
    expect(some).toMatchObject({ by: 'model', any: ['Tozzer Library 260,000 volumes'] });
  });
});

describe('each engine’s query limits, in its adapter', () => {
  it('Wikipedia needs every word and takes 300 characters; Brave 400 and 50 words; Tavily 400; Serper 32 words', () => {
    expect(createWikipediaProvider({ baseUrl: 'http://w.test/w/api.php' }).limits).toEqual({ matches: 'every', maxChars: 300 });
    expect(createBraveProvider({ apiKey: 'k', baseUrl: 'http://b.test/' }).limits).toEqual({
      matches: 'any',
      maxChars: 400,
      maxWords: 50,
    });
    expect(createTavilyProvider({ apiKey: 'k', baseUrl: 'http://t.test/' }).limits.maxChars).toBe(400);
    expect(createSerperProvider({ apiKey: 'k', baseUrl: 'http://s.test/' }).limits.maxWords).toBe(32);
    for (const p of [
      createExaProvider({ apiKey: 'k', baseUrl: 'http://e.test/' }),
      createSearxngProvider({ baseUrl: 'http://x.test/' }),
    ])
      expect(p.limits.maxChars).toBeLessThanOrEqual(400);
  });

  it('fitQuery cuts at a word within the characters and words, and never returns more', () => {
    const q = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const fitted = fitQuery(q, { maxChars: 300 });
    expect(fitted.length).toBeLessThanOrEqual(300);
    expect(q.startsWith(fitted)).toBe(true);
    expect(fitted.endsWith(' ')).toBe(false);
    expect(fitQuery(q, { maxChars: 400, maxWords: 50 }).split(' ')).toHaveLength(50);
    expect(fitQuery('x'.repeat(500), { maxChars: 300 })).toHaveLength(300);
    expect(fitQuery('  short   query ', { maxChars: 300 })).toBe('short query');
  });
});
