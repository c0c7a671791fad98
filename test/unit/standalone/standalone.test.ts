import { describe, expect, it } from 'vitest';
import { addsNothing, standaloneClaims, type StandaloneContext } from '@/lib/standalone/standalone';

/** Runs standaloneClaims on sentences of the page, found by their text. */
function run(ctx: StandaloneContext, ...sentences: string[]) {
  return standaloneClaims(
    ctx,
    sentences.map((sentence) => {
      const start = ctx.text.indexOf(sentence);
      if (start < 0) throw new Error(`not on the page: ${sentence}`);
      return { sentence, start, end: start + sentence.length };
    }),
  );
}

describe('standaloneClaims: opening pronouns and references', () => {
  it('names an English "He" by the person who was the subject before', () => {
    const text = 'Mark Warner is a senator from Virginia. He introduced a bill in 2017.';
    const [out] = run(
      { text, title: 'Senate passes a bill on drones - Daily News', published: null, lang: 'en' },
      'He introduced a bill in 2017.',
    );
    expect(out!.standalone).toBe('Mark Warner introduced a bill in 2017.');
    expect(out!.resolved).toEqual([{ from: 'He', to: 'Mark Warner', kind: 'pronoun' }]);
    expect(out!.needsContext).toBe(false);
  });

  it('names a "he" after an opening conjunction ("But he…"), which was neither resolved nor flagged', () => {
    const text = 'Mark Warner is a senator from Virginia. But he introduced a bill in 2017.';
    const [out] = run(
      { text, title: 'Senate passes a bill on drones - Daily News', published: null, lang: 'en' },
      'But he introduced a bill in 2017.',
    );
    expect(out!.standalone).toBe('But Mark Warner introduced a bill in 2017.');
    expect(out!.needsContext).toBe(false);
  });

  it('names "The company" and "Its" by the page subject, from the title without its site suffix', () => {
    const text = 'Acme Corporation makes anvils. The company was founded in 1920. Its products are sold worldwide.';
    const [a, b] = run(
      { text, title: 'Acme Corporation | Encyclopedia', published: null },
      'The company was founded in 1920.',
      'Its products are sold worldwide.',
    );
    expect(a!.standalone).toBe('Acme Corporation was founded in 1920.');
    expect(a!.resolved[0]!.kind).toBe('reference');
    expect(b!.standalone).toBe("Acme Corporation's products are sold worldwide.");
  });

  it('falls back to the title when no earlier mention fits ("It" on the first sentence)', () => {
    const text = 'It was released in 1997 and grossed 2 billion dollars.';
    const [out] = run({ text, title: 'Titanic (1997 film) - Wikipedia', published: null, lang: 'en' }, text);
    expect(out!.standalone).toBe('Titanic was released in 1997 and grossed 2 billion dollars.');
  });

  it('names a German "Der Konzern" and "Er"', () => {
    const text = 'Die Siemens AG ist ein Konzern aus München. Der Konzern meldete hohe Gewinne. Er beschäftigt viele Menschen.';
    const [a, b] = run(
      { text, title: 'Siemens AG', published: null, lang: 'de' },
      'Der Konzern meldete hohe Gewinne.',
      'Er beschäftigt viele Menschen.',
    );
    expect(a!.standalone).toBe('Siemens AG meldete hohe Gewinne.');
    expect(b!.standalone).toBe('Siemens AG beschäftigt viele Menschen.');
  });

  it('names a French "Elle" and turns "Son premier prix" into "Le premier prix de …"', () => {
    const text = 'Marie Curie est une physicienne. Elle a reçu le prix Nobel. Son premier prix date de 1903.';
    const [a, b] = run(
      { text, title: 'Marie Curie', published: null, lang: 'fr' },
      'Elle a reçu le prix Nobel.',
      'Son premier prix date de 1903.',
    );
    expect(a!.standalone).toBe('Marie Curie a reçu le prix Nobel.');
    expect(b!.standalone).toBe('Le premier prix de Marie Curie date de 1903.');
  });

  it('names a Spanish "Ella", "La empresa" and "Su álbum"', () => {
    const text = 'Shakira Mebarak es una cantante colombiana. Ella ganó un premio. Su álbum fue un éxito.';
    const [a, b] = run(
      { text, title: 'Shakira Mebarak', published: null, lang: 'es' },
      'Ella ganó un premio.',
      'Su álbum fue un éxito.',
    );
    expect(a!.standalone).toBe('Shakira Mebarak ganó un premio.');
    expect(b!.standalone).toBe('El álbum de Shakira Mebarak fue un éxito.');
    const firm = 'Telefónica es una empresa. La empresa anunció pérdidas.';
    expect(
      run({ text: firm, title: 'Telefónica', published: null, lang: 'es' }, 'La empresa anunció pérdidas.')[0]!.standalone,
    ).toBe('Telefónica anunció pérdidas.');
  });

  it('a pronoun with no antecedent keeps the reference and needs context', () => {
    const text = 'It rained all week. He left early.';
    const [out] = run(
      { text, title: 'What happened when the storm came to town', published: null, lang: 'en' },
      'He left early.',
    );
    expect(out!.standalone).toBe('He left early.');
    expect(out!.needsContext).toBe(true);
  });

  it('a demonstrative standing for a statement ("This resulted in…") takes in the sentence before it', () => {
    const text = 'Acme Corporation cut prices. This resulted in higher sales.';
    const [out] = run({ text, title: 'Acme Corporation', published: null, lang: 'en' }, 'This resulted in higher sales.');
    expect(out!.standalone).toBe('Acme Corporation cut prices. This resulted in higher sales.');
    expect(out!.resolved).toEqual([{ from: 'This', to: 'Acme Corporation cut prices.', kind: 'statement' }]);
    expect(out!.needsContext).toBe(false);
    // The sentence before, itself made to stand alone; only one sentence back.
    const chained = 'Acme Corporation makes anvils. It cut prices in 2019. This resulted in higher sales.';
    const [b] = run({ text: chained, title: 'Acme Corporation', published: null, lang: 'en' }, 'This resulted in higher sales.');
    expect(b!.standalone).toBe('Acme Corporation cut prices in 2019. This resulted in higher sales.');
  });

  it('a name with an owner in it ("Verizon’s Yahoo") is no full name: the word alone later stays as written', () => {
    const text = 'Verizon’s Yahoo deal is a complicated beast. The agreement with Verizon allows Yahoo to terminate the deal.';
    const [out] = run({ text, title: 'Yahoo’s Sale to Verizon', published: null, lang: 'en' }, text.split('. ')[1]!);
    expect(out!.standalone).toBe('The agreement with Verizon allows Yahoo to terminate the deal.');
    expect(out!.resolved).toEqual([]);
  });

  it('a part of a set named before ("One of these, Solimo, …") takes in the sentence before, or needs context', () => {
    const ctx = { title: 'House brands', published: null, lang: 'en' as const };
    const text = 'Amazon sells dozens of house brands. One of these, Solimo, sells vitamins.';
    const [out] = run({ ...ctx, text }, 'One of these, Solimo, sells vitamins.');
    expect(out!.standalone).toBe('Amazon sells dozens of house brands. One of these, Solimo, sells vitamins.');
    expect(out!.needsContext).toBe(false);
    const apart = 'Amazon sells dozens of house brands.\nMost of them sell vitamins.';
    expect(run({ ...ctx, text: apart }, 'Most of them sell vitamins.')[0]).toMatchObject({
      standalone: 'Most of them sell vitamins.',
      needsContext: true,
    });
    // "One of the" names its set itself.
    expect(run({ ...ctx, text: 'One of the brands sells vitamins.' }, 'One of the brands sells vitamins.')[0]!.needsContext).toBe(
      false,
    );
  });

  it('a statement demonstrative needs context when the sentence before is in another paragraph, needs context itself or is too long', () => {
    const ctx = { title: 'Acme Corporation', published: null, lang: 'en' as const };
    const para = 'Acme Corporation cut prices.\nThis resulted in higher sales.';
    expect(run({ ...ctx, text: para }, 'This resulted in higher sales.')[0]).toMatchObject({
      standalone: 'This resulted in higher sales.',
      needsContext: true,
    });
    const open = 'It rained all week in the valley. This resulted in floods.';
    expect(run({ ...ctx, text: open, title: 'What the storm did' }, 'This resulted in floods.')[0]!.needsContext).toBe(true);
    const long = `Acme Corporation cut prices ${'again and '.repeat(50)}again. This resulted in higher sales.`;
    expect(run({ ...ctx, text: long }, 'This resulted in higher sales.')[0]!.needsContext).toBe(true);
  });

  it('a pronoun with nothing to name nearby takes in the sentence before only when that one names something', () => {
    const ctx = { title: 'What happened in the harbour this week', published: null, lang: 'en' as const };
    const named = 'The ferry to Tallinn left the harbour at noon. They waved from the deck.';
    expect(run({ ...ctx, text: named }, 'They waved from the deck.')[0]).toMatchObject({
      standalone: 'The ferry to Tallinn left the harbour at noon. They waved from the deck.',
      needsContext: false,
    });
    // A capitalised word only because it opens the sentence names nothing.
    const none = 'Storms raged daily over the harbour. He waved from the deck.';
    expect(run({ ...ctx, text: none }, 'He waved from the deck.')[0]).toMatchObject({
      standalone: 'He waved from the deck.',
      needsContext: true,
    });
    // "They" often means a plural noun of the sentence before, named or not: that sentence is read with it.
    const plural = 'The passengers crowded the rail as the ferry left. They waved from the deck.';
    expect(run({ ...ctx, text: plural }, 'They waved from the deck.')[0]).toMatchObject({
      standalone: 'The passengers crowded the rail as the ferry left. They waved from the deck.',
      needsContext: false,
    });
  });

  it('takes a one-word subject of the sentence before when the title is a headline ("Exampleville today")', () => {
    const text =
      'Exampleville today\nExampleville had 412,000 residents on 1 January 2026. Its mayor, Ana Ruiz, was elected in 2022.';
    const [out] = run(
      { text, title: 'Exampleville today', published: null, lang: 'en' },
      'Its mayor, Ana Ruiz, was elected in 2022.',
    );
    expect(out!.standalone).toBe("Exampleville's mayor, Ana Ruiz, was elected in 2022.");
    expect(out!.needsContext).toBe(false);
  });

  it('a lone word after an article is not the subject ("The Kenyan site"): "They" looks further', () => {
    const text = 'The Kenyan site was run by bloggers living in Kenya. They include Erik Hersman.';
    const [out] = run({ text, title: 'Ushahidi', published: null, lang: 'en' }, 'They include Erik Hersman.');
    expect(out!.standalone).toBe('Ushahidi include Erik Hersman.');
  });

  it('a headline title is no name: "It" takes the sentence before\'s subject, a thing by its article', () => {
    const text =
      'Lowell Mill Closes After a Century\nThe Lowell Mill employed 3,000 workers in 1920, more than any other mill in Massachusetts.\nIt closed in 1984 after its owner moved production to South Carolina.\nIt was a sad day.';
    const ctx = { text, title: 'Lowell Mill Closes After a Century - Example News', published: null, lang: 'en' as const };
    const [out] = run(ctx, 'It closed in 1984 after its owner moved production to South Carolina.');
    expect(out!.standalone).toBe('Lowell Mill closed in 1984 after its owner moved production to South Carolina.');
    expect(out!.needsContext).toBe(false);
    // With nothing before it, the headline is not pasted in: the claim needs context.
    const alone = 'Lowell Mill Closes After a Century\nIt closed in 1984 after its owner moved production.';
    const [bare] = run({ ...ctx, text: alone }, 'It closed in 1984 after its owner moved production.');
    expect(bare!.standalone).toBe('It closed in 1984 after its owner moved production.');
    expect(bare!.needsContext).toBe(true);
  });

  it('a sentence-case title the prose writes ("Black mamba") names the page', () => {
    const text = 'Black mamba\nThe black mamba usually hunts from a lair. It mostly preys on small birds.';
    const [out] = run({ text, title: 'Black mamba - Wikipedia', published: null, lang: 'en' }, 'It mostly preys on small birds.');
    expect(out!.standalone).toBe('Black mamba mostly preys on small birds.');
  });

  it('reads an English contraction as its pronoun ("It’s", "He’d") and "That’s" as a statement', () => {
    const text = 'The Xbox One X is a console by Microsoft. It’s also surprisingly dense. That’s a total of 8 pounds.';
    const [a, b] = run(
      { text, title: 'Xbox One X', published: null, lang: 'en' },
      'It’s also surprisingly dense.',
      'That’s a total of 8 pounds.',
    );
    expect(a!.standalone).toBe('The Xbox One X’s also surprisingly dense.');
    expect(b!.standalone).toBe('The Xbox One X’s also surprisingly dense. That’s a total of 8 pounds.');
    const story = 'It rained. He’d be floored by the news.';
    const [c] = run(
      { text: story, title: 'A story of rain and more rain', published: null, lang: 'en' },
      'He’d be floored by the news.',
    );
    expect(c!.needsContext).toBe(true);
  });

  it('after an expletive ("It was plain that…") resolves the clause\'s own pronoun; a cleft on "then" needs context', () => {
    const text =
      'Xbox One X is a console. It is clear that it sells well. It was then that prices fell. It is likely that prices will fall.';
    const ctx = { text, title: 'Xbox One X', published: null, lang: 'en' as const };
    const [a, b, c] = run(
      ctx,
      'It is clear that it sells well.',
      'It was then that prices fell.',
      'It is likely that prices will fall.',
    );
    expect(a!.standalone).toBe('It is clear that Xbox One X sells well.');
    expect(b!.needsContext).toBe(true);
    expect(c).toEqual({ standalone: 'It is likely that prices will fall.', needsContext: false, resolved: [] });
    // "It was set to…", "It has been trying to…" are a pronoun with a verb, not an expletive.
    const ship = 'Cygnus is a cargo ship. It was set to dock on Saturday.';
    expect(
      run({ text: ship, title: 'Cygnus', published: null, lang: 'en' }, 'It was set to dock on Saturday.')[0]!.standalone,
    ).toBe('Cygnus was set to dock on Saturday.');
  });

  it('a gendered pronoun finds the last person who was a subject a few sentences up', () => {
    const text =
      'Samus Aran landed on the planet. The ground was cold. Ice covered the rocks. Storms raged daily. She found the ship.';
    const ctx = { text, title: 'The Spectacular Story Of A Game Series', published: null, lang: 'en' as const };
    expect(run(ctx, 'She found the ship.')[0]!.standalone).toBe('Samus Aran found the ship.');
    // "It" says too little to look that far.
    const thing = 'Acme Corporation opened a plant. The ground was cold. Ice covered the rocks. Storms raged daily. It closed.';
    expect(run({ ...ctx, text: thing }, 'It closed.')[0]!.needsContext).toBe(true);
  });

  it('leaves a sentence with nothing to resolve as written, whitespace collapsed', () => {
    const text = 'Acme Corporation was founded  in 1920.';
    const [out] = run({ text, title: 'Acme Corporation', published: null }, text);
    expect(out).toEqual({ standalone: 'Acme Corporation was founded in 1920.', needsContext: false, resolved: [] });
  });
});

describe('standaloneClaims: surnames', () => {
  const text = 'Senator Mark Warner spoke on Monday. Warner, the Virginia Democrat, said the bill would pass.';
  it('widens an English surname to the full name of its first mention', () => {
    const [out] = run(
      { text, title: 'Bill advances - News', published: null, lang: 'en' },
      'Warner, the Virginia Democrat, said the bill would pass.',
    );
    expect(out!.standalone).toBe('Mark Warner, the Virginia Democrat, said the bill would pass.');
    expect(out!.resolved).toEqual([{ from: 'Warner', to: 'Mark Warner', kind: 'surname' }]);
  });

  it('does so in German, French and Spanish', () => {
    const de = 'Angela Merkel sprach in Berlin. Merkel sagte, die Lage sei ernst.';
    const fr = 'Emmanuel Macron était à Lyon. Macron a parlé aux étudiants.';
    const es = 'Pedro Sánchez visitó Sevilla. Sánchez habló con los alcaldes.';
    expect(
      run({ text: de, title: 'Politik', published: null, lang: 'de' }, 'Merkel sagte, die Lage sei ernst.')[0]!.standalone,
    ).toBe('Angela Merkel sagte, die Lage sei ernst.');
    expect(
      run({ text: fr, title: 'Politique', published: null, lang: 'fr' }, 'Macron a parlé aux étudiants.')[0]!.standalone,
    ).toBe('Emmanuel Macron a parlé aux étudiants.');
    expect(
      run({ text: es, title: 'Política', published: null, lang: 'es' }, 'Sánchez habló con los alcaldes.')[0]!.standalone,
    ).toBe('Pedro Sánchez habló con los alcaldes.');
  });

  it('leaves a surname alone when no full name came before it', () => {
    const page = 'Warner spoke first. Later, Mark Warner left.';
    expect(
      run({ text: page, title: 'News today - Site', published: null, lang: 'en' }, 'Warner spoke first.')[0]!.resolved,
    ).toEqual([]);
  });
});

describe('standaloneClaims: relative times and speakers', () => {
  const text = 'Mark Warner leads the committee. Prices will rise next year, the committee said.';
  it('makes "next year" on a page dated 2018 the year 2019', () => {
    const [out] = run(
      { text, title: 'Prices - News', published: '2018-03-04T10:00:00Z', lang: 'en' },
      'Prices will rise next year, the committee said.',
    );
    expect(out!.standalone).toBe('Prices will rise in 2019, the committee said.');
    expect(out!.resolved).toContainEqual({ from: 'next year', to: 'in 2019', kind: 'time' });
  });

  it('on an undated page keeps the time and needs context', () => {
    const [out] = run(
      { text, title: 'Prices - News', published: null, lang: 'en' },
      'Prices will rise next year, the committee said.',
    );
    expect(out!.standalone).toBe('Prices will rise next year, the committee said.');
    expect(out!.needsContext).toBe(true);
  });

  it('finds the speaker of a quotation, widened to the full name, in four languages', () => {
    const en = 'Marc Goldwein works in Washington. “Debt is rising,” said Goldwein, senior policy director.';
    const de = 'Olaf Scholz war in Hamburg. „Die Lage ist ernst“, sagte Scholz am Abend.';
    const fr = 'Emmanuel Macron était à Lyon. « La situation est grave », a déclaré Macron.';
    const es = 'Pedro Sánchez visitó Sevilla. «La situación es grave», dijo Sánchez.';
    const speaker = (t: string, lang: StandaloneContext['lang']) => {
      const sentence = t.slice(t.indexOf('. ') + 2);
      return run({ text: t, title: 'Nachrichten - Site', published: null, lang }, sentence)[0]!.speaker;
    };
    expect(speaker(en, 'en')).toBe('Marc Goldwein');
    expect(speaker(de, 'de')).toBe('Olaf Scholz');
    expect(speaker(fr, 'fr')).toBe('Emmanuel Macron');
    expect(speaker(es, 'es')).toBe('Pedro Sánchez');
  });

  it('gives no speaker to a sentence that quotes no one', () => {
    const page = 'Marc Goldwein said the debt is rising.';
    expect(run({ text: page, title: 'Debt - News', published: null, lang: 'en' }, page)[0]!.speaker).toBeUndefined();
  });

  it('detects the language when none is given', () => {
    const page = 'Die Siemens AG ist ein Konzern aus München und hat viele Werke. Der Konzern meldete hohe Gewinne.';
    expect(run({ text: page, title: 'Siemens AG', published: null }, 'Der Konzern meldete hohe Gewinne.')[0]!.standalone).toBe(
      'Siemens AG meldete hohe Gewinne.',
    );
  });
});

describe('addsNothing', () => {
  const page = 'Roger Hedgecock is a radio host in San Diego. He formed a band in 1986 that played 12 concerts.';
  it('accepts a standalone whose names and numbers come from the page', () => {
    expect(addsNothing('Roger Hedgecock formed a band in 1986 that played 12 concerts.', page)).toEqual({ ok: true, added: [] });
  });

  it('refuses a standalone that adds a name', () => {
    expect(addsNothing('Roger Hedgecock formed a band with Thomas Arnold in 1986.', page)).toEqual({
      ok: false,
      added: ['Thomas', 'Arnold'],
    });
  });

  it('refuses a standalone that adds a number or a year', () => {
    expect(addsNothing('Roger Hedgecock formed a band in 1987 that played 12 concerts.', page).added).toEqual(['1987']);
    expect(addsNothing('He played 1,200 concerts.', 'He played 1200 concerts.').ok).toBe(true);
  });
});

describe('standaloneClaims: a pronoun is never the name a pronoun stands for', () => {
  it('"They…" after a sentence opening "He’s…" stays as written and needs context', () => {
    const text = '“Maybe. He’s a Meister. They do things like that,” said Haoyu, setting down the rice.';
    const start = text.indexOf('They');
    const [r] = standaloneClaims({ text, title: 'three weeks in the west wing of the old house', published: null }, [
      { sentence: text.slice(start), start, end: text.length },
    ]);
    expect(r!.standalone.startsWith('They do things')).toBe(true);
    expect(r!.needsContext).toBe(true);
  });
});

describe('standaloneClaims: list pages, ships and regions', () => {
  const one = (text: string, title: string, claim: string) => {
    const start = text.indexOf(claim);
    return standaloneClaims({ text, title, published: null }, [{ sentence: claim, start, end: start + claim.length }])[0]!;
  };

  it('a list page is about the name it lists: "List of Anne Hathaway performances" → Anne Hathaway', () => {
    const text =
      'The 2012 film featured Selina Kyle, a masked thief. She earned a Drama League Award nomination for her stage work.';
    const r = one(text, 'List of Anne Hathaway performances', 'She earned a Drama League Award nomination for her stage work.');
    expect(r.standalone).toBe('Anne Hathaway earned a Drama League Award nomination for her stage work.');
  });

  it('"she" may stand for a ship named by its prefix; a name after a place and a comma is a region, not a person', () => {
    const text =
      'HMAS Brisbane is a destroyer of the navy. The ship was built at a shipyard in Osborne, South Australia from modules. She was laid down on 3 February 2014. She was handed over to the navy on 27 July 2018.';
    const r = one(text, 'HMAS Brisbane (DDG 41)', 'She was handed over to the navy on 27 July 2018.');
    expect(r.standalone).toBe('HMAS Brisbane was handed over to the navy on 27 July 2018.');
    expect(r.needsContext).toBe(false);
  });
});

describe('standaloneClaims: a name the page writes alone first is not a surname', () => {
  it('"Sudan" written before "South Sudan" stays Sudan; "Merkel" after "Angela Merkel" becomes the full name', () => {
    const text =
      'Sudan is one of the poorest countries in Africa. In 2011 the people of South Sudan voted for independence. Angela Merkel visited Khartoum in 2012. He said that Sudan’s government continued to commit abuses. Merkel said the talks had failed.';
    const at = (claim: string) => {
      const start = text.indexOf(claim);
      return { sentence: claim, start, end: start + claim.length };
    };
    const [sudan, merkel] = standaloneClaims({ text, title: 'Sanctions to be lifted', published: null }, [
      at('He said that Sudan’s government continued to commit abuses.'),
      at('Merkel said the talks had failed.'),
    ]);
    expect(sudan!.standalone).toContain('that Sudan’s government');
    expect(sudan!.standalone).not.toContain('South Sudan');
    expect(merkel!.standalone).toBe('Angela Merkel said the talks had failed.');
  });
});

describe('standaloneClaims: a surname two people share names neither', () => {
  it('"Clinton" after Bill and Hillary Clinton stays as written', () => {
    const text =
      'Bill Clinton signed the law in 1996. Hillary Clinton ran for president in 2016. Clinton said the law had worked.';
    const claim = 'Clinton said the law had worked.';
    const start = text.indexOf(claim);
    const [r] = standaloneClaims({ text, title: 'Two decades of a law', published: null }, [
      { sentence: claim, start, end: start + claim.length },
    ]);
    expect(r!.standalone).toBe(claim);
  });
});

describe('standaloneClaims: what a surname is not', () => {
  const one = (text: string, claim: string) => {
    const start = text.indexOf(claim);
    return standaloneClaims({ text, title: 'Relations after the vote', published: null }, [
      { sentence: claim, start, end: start + claim.length },
    ])[0]!;
  };

  it('a word inside a compound ("U.S.-Israeli") is never widened to a full name', () => {
    const text = 'Arab Israeli voters went to the polls in 2015. The vote strained U.S.-Israeli relations for a year.';
    expect(one(text, 'The vote strained U.S.-Israeli relations for a year.').standalone).toBe(
      'The vote strained U.S.-Israeli relations for a year.',
    );
  });

  it('after "So" or "But" a pronoun past the clause\'s subject is no opening reference; right after it, it is', () => {
    const text = 'The United States backed the deal in 1991. So the dispute did not hurt the way it did in 1991.';
    expect(one(text, 'So the dispute did not hurt the way it did in 1991.').standalone).toBe(
      'So the dispute did not hurt the way it did in 1991.',
    );
    const after = 'Acme Corp backed the deal in 1991. But usually it backs such deals.';
    expect(one(after, 'But usually it backs such deals.').standalone).toBe('But usually Acme Corp backs such deals.');
  });

  it('a last word the page writes after an article ("the Israeli election") is no surname of a full name', () => {
    const text = 'Arab Israeli voters went to the polls in 2015. Turnout was high before the Israeli election in March.';
    expect(one(text, 'Turnout was high before the Israeli election in March.').standalone).toBe(
      'Turnout was high before the Israeli election in March.',
    );
  });

  it('a title before a surname goes with it: "Mr. Reeves" becomes "Eric Reeves", not "Mr. Eric Reeves"', () => {
    const text = 'Eric Reeves studies Sudan at a college in 2016. Mr. Reeves said the deal was a mistake.';
    expect(one(text, 'Mr. Reeves said the deal was a mistake.').standalone).toBe('Eric Reeves said the deal was a mistake.');
  });

  it('a name read from its middle initial ("W. Bush") is no full name', () => {
    const text = 'In 1991 President George H.W. Bush held back loan guarantees. Bush said the talks mattered.';
    expect(one(text, 'Bush said the talks mattered.').standalone).not.toContain('W. Bush');
  });
});
