import { describe, expect, it } from 'vitest';
import { insideQuotation, standaloneClaims } from '@/lib/standalone/standalone';

/** The standalone form of `claim`, a sentence of `text`. */
function one(text: string, claim: string, title = 'Market report', lang: 'en' | 'de' | 'fr' = 'en') {
  const start = text.indexOf(claim);
  if (start < 0) throw new Error(`not on the page: ${claim}`);
  return standaloneClaims({ text, title, published: null, lang }, [{ sentence: claim, start, end: start + claim.length }])[0]!;
}

describe('standaloneClaims: a pronoun in quoted words is the speaker’s', () => {
  it('a quotation opening with "It’s" stays as written and needs context (was “Silk Road Market’s our responsibility”)', () => {
    const text =
      'The Silk Road Market was shut in 2013. Its vendors moved on. “It’s our responsibility to police the market,” Pete Moran wrote in a forum post.';
    const r = one(text, '“It’s our responsibility to police the market,” Pete Moran wrote in a forum post.');
    expect(r.standalone).toBe('“It’s our responsibility to police the market,” Pete Moran wrote in a forum post.');
    expect(r.needsContext).toBe(true);
    expect(r.speaker).toBe('Pete Moran');
  });

  it('the tail of a quotation begun in the sentence before keeps its "they"', () => {
    const text =
      'Whole Foods sells the fish. Alaska Seafood Group backed it. “We built it ourselves. But of course they took the thing down before we got it going,” he lamented.';
    const r = one(text, 'But of course they took the thing down before we got it going,” he lamented.');
    expect(r.standalone).toBe('But of course they took the thing down before we got it going,” he lamented.');
    expect(r.needsContext).toBe(true);
  });

  it('a pronoun outside quoted words is still resolved, before a quotation too', () => {
    const text = 'Pete Moran sold seeds for years. He wrote: “It’s our responsibility to police the market.”';
    expect(one(text, 'He wrote: “It’s our responsibility to police the market.”').standalone).toBe(
      'Pete Moran wrote: “It’s our responsibility to police the market.”',
    );
  });

  it('reads German „…“ and French «…» quotation marks', () => {
    expect(insideQuotation('„Er hat recht“, sagte sie.', 1)).toBe(true);
    expect(insideQuotation('Er sagte: „Das stimmt.“', 0)).toBe(false);
    expect(insideQuotation('« Il a raison », dit-elle.', 2)).toBe(true);
    expect(insideQuotation('Il a dit « oui ».', 0)).toBe(false);
  });

  it('a straight quotation mark opens and closes; an apostrophe is no quotation mark', () => {
    expect(insideQuotation('"It has become the best-selling computer".', 1)).toBe(true);
    expect(insideQuotation('It’s the company’s best year, ‘so far’.', 0)).toBe(false);
    expect(insideQuotation('He said "yes" and left.', 0)).toBe(false);
  });
});

describe('standaloneClaims: what is not a name a pronoun stands for', () => {
  it('a word with a contracted verb ("I’m", "We’ll") is no antecedent (was “I’m was her idea”)', () => {
    const text =
      'No, Haoyu laughed. Is that even real? I’m using the recovery sauna. I’m just going to do my homework in there. ' +
      'My mom did sauna homework her whole last year of uni. It was her idea, and a good one.';
    const r = one(text, 'It was her idea, and a good one.', 'ONE HUNDRED TWO: What kind of wordchain?');
    expect(r.standalone).not.toContain('I’m was');
    expect(r.standalone).toBe('It was her idea, and a good one.');
  });

  it('a name with "Podcast", "Show" or "Project" in it is a thing: "He" never stands for it', () => {
    const text =
      'It is the time in the spotlight and the listeners of his weekly Accidental Tech Podcast that granted him freedom. ' +
      'He has earned his time in the spotlight.';
    const r = one(text, 'He has earned his time in the spotlight.', 'Why I left');
    expect(r.standalone).toBe('He has earned his time in the spotlight.');
    expect(r.needsContext).toBe(true);
  });

  it('"It was the first time…" is a cleft: its "it" stands for nothing and the sentence stands as written', () => {
    const text = 'Alden agreed. We’ll see about that. It was the first time Alden had seen him sad.';
    const r = one(text, 'It was the first time Alden had seen him sad.', 'Chapter two');
    expect(r.standalone).toBe('It was the first time Alden had seen him sad.');
    expect(r.needsContext).toBe(false);
  });

  it('a verb contracted onto a pronoun is written out after the name ("They’re" → "… are"; was "Group’re")', () => {
    const grown = 'Acme Sensors Group makes sensors for cars. They’ve grown fast since 2010.';
    expect(one(grown, 'They’ve grown fast since 2010.', 'Sensors').standalone).toBe(
      'Acme Sensors Group have grown fast since 2010.',
    );
    const plant = 'Acme Sensors Group makes sensors for cars. It’ll open a plant in Ohio.';
    expect(one(plant, 'It’ll open a plant in Ohio.', 'Sensors').standalone).toBe('Acme Sensors Group will open a plant in Ohio.');
  });

  it('a preposition opening a sentence ("Like Waite, …") is no first name: "Waite" still widens to its full name', () => {
    const text =
      'Arthur Edward Waite was a scholar of the occult. Like Waite, Pamela Smith wrote books on folklore. ' +
      'The next year, Waite published a guide to the cards.';
    expect(one(text, 'The next year, Waite published a guide to the cards.', 'Tarot').standalone).toBe(
      'The next year, Arthur Edward Waite published a guide to the cards.',
    );
  });

  it('a name with a word before it ("Enter Stuart R. Kaplan") is the same person as the name alone', () => {
    const text =
      'That is due to one man named Stuart R. Kaplan, founder of a card firm. Tarot did not flourish.\n' +
      'Enter Stuart R. Kaplan, a graduate of the Wharton School in 1955. In 1971 Kaplan began to sell a deck.';
    expect(one(text, 'In 1971 Kaplan began to sell a deck.', 'Tarot').standalone).toBe(
      'In 1971 Stuart R. Kaplan began to sell a deck.',
    );
  });

  it('"it" or a possessive right after a verb is its object ("reduced its involvement"), not the subject', () => {
    const text =
      'Mozilla Foundation runs the browser. When AOL greatly reduced its involvement with Mozilla in July 2003, the foundation took over. ' +
      'After weighing out the crystals, aggressively mixing it with methanol, Cristina Gil is ready to test the sample.';
    const aol = one(
      text,
      'When AOL greatly reduced its involvement with Mozilla in July 2003, the foundation took over.',
      'Mozilla',
    );
    expect(aol.standalone).toBe('When AOL greatly reduced its involvement with Mozilla in July 2003, the foundation took over.');
    // The verb's own "its" (AOL's) points to nothing before the sentence: no context is needed for it.
    expect(aol.needsContext).toBe(false);
    expect(
      one(
        text,
        'After weighing out the crystals, aggressively mixing it with methanol, Cristina Gil is ready to test the sample.',
        'Mozilla',
      ).standalone,
    ).toBe('After weighing out the crystals, aggressively mixing it with methanol, Cristina Gil is ready to test the sample.');
  });

  it('"During" is a preposition, not a verb: the possessive right after it opens the sentence', () => {
    const text = 'Samus Aran fought the pirates. During her long journey, she named the planet.';
    expect(one(text, 'During her long journey, she named the planet.', 'Metroid').standalone).toBe(
      "During Samus Aran's long journey, she named the planet.",
    );
  });

  it('a name the page writes after "the" more often than not keeps its article ("The Xbox One X sports…")', () => {
    const text =
      'Microsoft sells the Xbox One X for $500. The Xbox One X is heavy. Reviewers liked the Xbox One X. It sports more horsepower than any console.';
    expect(one(text, 'It sports more horsepower than any console.', 'Console review').standalone).toBe(
      'The Xbox One X sports more horsepower than any console.',
    );
  });

  it('a name written after "the" only half the time ("the Obama administration", "Obama said") takes none', () => {
    const text = 'Barack Obama spoke on Monday. The Obama administration eased sanctions. He said the talks would go on.';
    expect(one(text, 'He said the talks would go on.', 'Sanctions eased').standalone).toBe(
      'Barack Obama said the talks would go on.',
    );
  });

  it('a pronoun that speaks goes on with the speaker of the sentence before ("…, Roscosmos said. It said…")', () => {
    const text =
      'The Progress MS-04 cargo craft broke up over the Tuva region, Roscosmos said in a statement. ' +
      'It said most of the debris burnt up in the atmosphere.';
    expect(one(text, 'It said most of the debris burnt up in the atmosphere.', 'Cargo ship lost').standalone).toBe(
      'Roscosmos said most of the debris burnt up in the atmosphere.',
    );
    const market =
      'Sales held steady, said Tom Forte, a managing director at the D.A. Davidson brokerage. In a few more years, he said, the chain will change.';
    expect(one(market, 'In a few more years, he said, the chain will change.', 'Grocery sales').standalone).toBe(
      'In a few more years, Tom Forte said, the chain will change.',
    );
  });
});

describe('standaloneClaims: a bare reference looks back only to a name that says what it is', () => {
  it('"The movie" is not the festival named before it (was "The Sundance Film Festival starts out…")', () => {
    const text =
      'Director David Lowery filmed A Ghost Story in secret, then premiered it at the Sundance Film Festival to critical acclaim. ' +
      'The movie starts out as a story of a grieving widow.';
    const r = one(text, 'The movie starts out as a story of a grieving widow.');
    expect(r.standalone).not.toContain('Festival starts');
    expect(r.resolved.filter((x) => x.kind === 'reference')).toEqual([]);
  });

  it('"The city’s" is not a district named on the way (was "The West Side\'s sewer lines")', () => {
    const text =
      'Officials repaired a break in Lower Manhattan and another on the West Side last month.\n\n' +
      'The city’s sewer lines are buried deeper than other utilities.';
    const r = one(text, 'The city’s sewer lines are buried deeper than other utilities.');
    expect(r.standalone).toBe('The city’s sewer lines are buried deeper than other utilities.');
    expect(r.needsContext).toBe(true);
  });

  it('a name that says it is a city still stands for "the city"', () => {
    const text =
      'Con Edison maintains 90,000 miles of cable in New York City. The city’s sewer lines are buried deeper than other utilities.';
    expect(one(text, 'The city’s sewer lines are buried deeper than other utilities.').standalone).toBe(
      "New York City's sewer lines are buried deeper than other utilities.",
    );
  });
});

describe('standaloneClaims: a name before a noun describes it, and the noun is the subject', () => {
  const text =
    'President Obama will sign an order on Friday. ' +
    'Obama administration officials said that they had briefed the transition team. ' +
    'They said that Sudan had a long way to go.';

  it('"They" after "Obama administration officials said…" is not Obama (was "Obama said that Sudan…")', () => {
    const r = one(text, 'They said that Sudan had a long way to go.');
    expect(r.standalone).not.toMatch(/Obama said/);
    expect(r.resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('a name followed by its verb is still the subject ("The Space Pirates said… They")', () => {
    const page = 'The Space Pirates said that they had briefed the team. They said that Sudan had a long way to go.';
    expect(one(page, 'They said that Sudan had a long way to go.').standalone).toBe(
      'The Space Pirates said that Sudan had a long way to go.',
    );
  });
});

describe('standaloneClaims: "it" looks back past the subjects only to a name the page has written twice', () => {
  it('a name met once in passing is not what "It" means (was "The American Academy of Allergy found…")', () => {
    const text =
      'The study is published in a journal of medicine, and it was presented at a meeting of the American Academy of Allergy. ' +
      'It found that early peanut snacks cut allergies.';
    const r = one(text, 'It found that early peanut snacks cut allergies.');
    expect(r.standalone).not.toContain('Academy of Allergy found');
    expect(r.resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('the name written twice wins over the one written last (was "The PlayStation Pro costs $499")', () => {
    const text =
      'Reviewers praised the Xbox One X at launch. Critics compared the Xbox One X with the PlayStation Pro. It costs $499 in the shops.';
    expect(one(text, 'It costs $499 in the shops.').standalone).toBe('The Xbox One X costs $499 in the shops.');
  });
});

describe('standaloneClaims: where the opening ends', () => {
  const company = 'The Acme Company';

  it('a hyphenated word opens no introduction ("On-call engineers…" holds no "On"; was "finish the Acme Company’s work")', () => {
    const text =
      'The Acme Company runs its own data centres. On-call engineers could finish their work when they were not paged at night.';
    const claim = 'On-call engineers could finish their work when they were not paged at night.';
    expect(one(text, claim, company).standalone).toBe(claim);
  });

  it('a pronoun past the comma that ends the introduction is inside the main clause: kept, and the claim needs context', () => {
    const text =
      'The Acme Company surveyed developers. In 2024, 70% of respondents told us it takes a month to onboard a developer.';
    const claim = 'In 2024, 70% of respondents told us it takes a month to onboard a developer.';
    const r = one(text, claim, company);
    expect(r.standalone).toBe(claim);
    expect(r.needsContext).toBe(true);
  });

  it('a clause with its own subject says whom its pronoun means ("When the application detects…, it"): as written, no context needed', () => {
    const text =
      'The Storage Protocol keeps the data on a server. When the application detects this parameter, it resolves the record.';
    const claim = 'When the application detects this parameter, it resolves the record.';
    const r = one(text, claim, 'The Storage Protocol');
    expect(r.standalone).toBe(claim);
    expect(r.needsContext).toBe(false);
  });

  it('more introduction after a comma is still introduction ("Still, when he…" means the man named before)', () => {
    const text = 'Stuart R. Kaplan went to a toy fair in 1968. Still, when he saw the booth, he found an odd deck of cards.';
    expect(one(text, 'Still, when he saw the booth, he found an odd deck of cards.').standalone).toBe(
      'Still, when Stuart R. Kaplan saw the booth, he found an odd deck of cards.',
    );
  });
});

describe('standaloneClaims: "il", "er" may stand for a thing', () => {
  const text =
    'Par Martin Untersinger et Morgane Tual.\n\n' +
    'Les députés ont adopté le projet de loi sur le renseignement. Il sera désormais examiné par le Sénat.';

  it('"Il" is read with the sentence before that holds a noun phrase, not taken for a name met once (was "Morgane Tual sera désormais examiné")', () => {
    const r = one(text, 'Il sera désormais examiné par le Sénat.', 'Loi sur le renseignement', 'fr');
    expect(r.standalone).toBe(
      'Les députés ont adopté le projet de loi sur le renseignement. Il sera désormais examiné par le Sénat.',
    );
  });
});

describe('standaloneClaims: a name after a place and a comma', () => {
  it('is a person when its verb follows ("in Barcelona, Cristina Gil Lladanosa tears open…"; "She" had become another man)', () => {
    const text =
      'Standing at a table in a lab in Barcelona, Cristina Gil Lladanosa tears open a bag. She slides out the crystals.';
    expect(one(text, 'She slides out the crystals.').standalone).toBe('Cristina Gil Lladanosa slides out the crystals.');
  });

  it('is a wider place when the place’s phrase goes on ("in Brooklyn, New York on 2 October"): no "New York returned…"', () => {
    const text =
      'Arthur was born in Brooklyn, New York on 2 October 1857. His father died when the boy was two. She returned to England with her son.';
    expect(one(text, 'She returned to England with her son.').standalone).not.toContain('New York returned');
  });
});

describe('standaloneClaims: an owner and what it owns is a thing', () => {
  it('"Haoyu’s Chinese comics" is no person for "He" (was "Haoyu’s Chinese staggered in")', () => {
    const text = 'The boys were reading one of Haoyu’s Chinese comics on the couch. He staggered in at noon.';
    expect(one(text, 'He staggered in at noon.').standalone).not.toContain('Chinese staggered');
  });
});

describe('standaloneClaims: "It is possible for…" stands for nothing', () => {
  it('"It was already possible for mods to…" keeps its "It" (was "Friday Facts #282 was already possible…")', () => {
    const text = 'Friday Facts #282 is out. It was already possible for mods to override the presets.';
    const claim = 'It was already possible for mods to override the presets.';
    const r = one(text, claim);
    expect(r.standalone).toBe(claim);
    expect(r.needsContext).toBe(false);
  });
});
