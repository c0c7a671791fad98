import { describe, expect, it } from 'vitest';
import { standaloneClaims } from '@/lib/standalone/standalone';

/** The standalone form of `claim`, a sentence of `text`. */
function one(text: string, claim: string, title = 'A life in cards') {
  const start = text.indexOf(claim);
  if (start < 0) throw new Error(`not on the page: ${claim}`);
  return standaloneClaims({ text, title, published: null, lang: 'en' }, [
    { sentence: claim, start, end: start + claim.length },
  ])[0]!;
}

describe('standaloneClaims: "she" never becomes a man the page calls "he"', () => {
  const text =
    'Arthur Edward Waite was born in Brooklyn and spent his youth in London. ' +
    'He joined the Golden Dawn in 1891. ' +
    'Waite wrote a guide to the cards. ' +
    'She drew the seventy-eight cards in six months.';

  it('a man the page has said "he" and "his" of is no antecedent for "she": the claim keeps its "She"', () => {
    const r = one(text, 'She drew the seventy-eight cards in six months.');
    // Read with the sentence before it (as a reader would), the claim keeps its "She".
    expect(r.standalone.endsWith('She drew the seventy-eight cards in six months.')).toBe(true);
    expect(r.resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('"his" in a sentence that names only him says so too', () => {
    const page =
      'Arthur Edward Waite spent his youth writing verse. Waite wrote a guide to the cards. She drew the cards in six months.';
    expect(one(page, 'She drew the cards in six months.').resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('"his" before any other name is the subject’s, even when the sentence names more ("Marco Arment has earned his success with Overcast")', () => {
    const page =
      'Marco Arment has earned his success with Overcast on the Apple platform. She wrote about the money from the podcast.';
    expect(one(page, 'She wrote about the money from the podcast.').resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('"his" after another name may be that one’s: "Ellen Fetter talked about the money Marco Arment makes from his podcast" says nothing of her', () => {
    const page = 'Ellen Fetter talked about the money Marco Arment makes from his podcast. She wrote it down.';
    expect(one(page, 'She wrote it down.').standalone).toBe('Ellen Fetter wrote it down.');
  });

  it('"he" still stands for him', () => {
    expect(one(text, 'He joined the Golden Dawn in 1891.').standalone).toBe(
      'Arthur Edward Waite joined the Golden Dawn in 1891.',
    );
  });

  it('another man of the same first name is taken for a man too ("Arthur Wesley Dowell" beside "Arthur Edward Waite")', () => {
    const page =
      'Arthur Edward Waite spent his youth in London. He joined the Golden Dawn in 1891. ' +
      'Pamela studied under Arthur Wesley Dowell in New York. She set up shop as an illustrator in London.';
    const r = one(page, 'She set up shop as an illustrator in London.');
    expect(r.standalone.endsWith('She set up shop as an illustrator in London.')).toBe(true);
    expect(r.resolved.filter((x) => x.kind === 'pronoun')).toEqual([]);
  });

  it('a "he" inside quoted words says nothing of who the subject is ("“He loved that computer,” Hamilton said")', () => {
    const page =
      'Margaret Hamilton arrived at MIT in 1959. “He loved that computer,” Hamilton said. ' +
      '“And he made me feel the same way about it.” Margaret Hamilton later led the team that wrote the software. ' +
      'She founded her own company in 1976.';
    expect(one(page, 'She founded her own company in 1976.').standalone).toBe(
      'Margaret Hamilton founded her own company in 1976.',
    );
  });
});

describe('standaloneClaims: a name widened only to a full name written before it', () => {
  it('"Alden" all page long is not the "Other Alden" of a closing note', () => {
    const late =
      'Alden kept at his own homework all evening. He dropped his pen and shrugged. Other Alden is a small red dragon.';
    expect(one(late, 'He dropped his pen and shrugged.', 'Chapter 12').standalone).toBe('Alden dropped his pen and shrugged.');
  });
});

describe('standaloneClaims: a pronoun and the names of its own sentence', () => {
  it('a pronoun never stands for a name its own sentence writes ("She … recommended her to Hamilton")', () => {
    const text =
      'Margaret Hamilton hired a replacement in 1961. Two years after Hamilton first came, Ellen Fetter showed up at MIT. ' +
      'She interviewed with a woman who recommended her to Hamilton, who hired her.';
    expect(one(text, 'She interviewed with a woman who recommended her to Hamilton, who hired her.').standalone).toBe(
      'Ellen Fetter interviewed with a woman who recommended her to Margaret Hamilton, who hired her.',
    );
  });

  it('a pronoun in an opening clause means the subject named after it: the sentence stands as written', () => {
    const text =
      'The film was directed by Stephen Cone. As she works through her own awakening with Katie, Cyd unwinds some of her aunt’s habits.';
    const r = one(text, 'As she works through her own awakening with Katie, Cyd unwinds some of her aunt’s habits.', 'Cyd');
    expect(r.standalone).toBe('As she works through her own awakening with Katie, Cyd unwinds some of her aunt’s habits.');
    expect(r.needsContext).toBe(false);
  });

  it('not after a linker ("Then he met Smith, Jones…"), nor before a name that ends the sentence', () => {
    const text =
      'Stuart R. Kaplan sold games for years. In 1971 he began to sell a deck, and wrote a second book, Tarot Classic.';
    expect(one(text, 'In 1971 he began to sell a deck, and wrote a second book, Tarot Classic.').standalone).toBe(
      'In 1971 Stuart R. Kaplan began to sell a deck, and wrote a second book, Tarot Classic.',
    );
  });

  it('a "she" that stood for no one found leaves the next "she" unresolved too, not taken for a name in passing', () => {
    const text =
      'The station fell silent in 1998. She was ushered into the order by William Butler Yeats. She splintered off with the others in 1903.';
    const r = one(text, 'She splintered off with the others in 1903.', 'Station report');
    expect(r.standalone).not.toContain('Yeats');
  });
});

describe('standaloneClaims: "they" is plural', () => {
  it('stands for a plural name ("The Space Pirates … They fled")', () => {
    const text =
      'The Space Pirates landed on Tallon IV in search of power. The planet was poisoned. They fled the planet in terror.';
    expect(one(text, 'They fled the planet in terror.', 'Metroid lore').standalone).toBe(
      'The Space Pirates fled the planet in terror.',
    );
  });

  it('stands for a name in the singular only when that was named just before ("Energy Control … They also receive")', () => {
    const text = 'The Energy Control Foundation tests samples sent by post. They also receive help from volunteers.';
    expect(one(text, 'They also receive help from volunteers.', 'Drug testing').standalone).toBe(
      'The Energy Control Foundation also receive help from volunteers.',
    );
  });

  it('not for a singular name in passing ("the Post Office"): the claim keeps its "they"', () => {
    // Written twice, so that only the plural rule keeps it out ("it" would look back to it).
    const text =
      'The clerks walked past the Post Office every day, and the Post Office kept late hours. Also, they sent Ginger Nut out for cakes.';
    const r = one(text, 'Also, they sent Ginger Nut out for cakes.', 'A story of Wall Street');
    expect(r.standalone).toBe('Also, they sent Ginger Nut out for cakes.');
    expect(r.needsContext).toBe(true);
  });

  it('an "it" or "they" with nothing named nearby takes in the sentence before when that one holds a noun phrase', () => {
    const text = 'Chaos started spilling out of a famous experiment. It came from the vacuum tubes of a computer.';
    expect(one(text, 'It came from the vacuum tubes of a computer.', 'How it all began').standalone).toBe(
      'Chaos started spilling out of a famous experiment. It came from the vacuum tubes of a computer.',
    );
  });
});

describe('standaloneClaims: the page read in the claims’ own sentences', () => {
  it('reads the page with the one sentence splitter: a footnote marker stays on its sentence ("…century.[16] The Geographic…")', () => {
    const text =
      'The names were in use for a century.[16] The Geographic Board found in 2009 that the names had never been formalised. ' +
      'This set the names as North Island and South Island.[21]';
    const r = one(text, 'This set the names as North Island and South Island.[21]', 'Islands of the south');
    expect(r.standalone).toBe(
      'The Geographic Board found in 2009 that the names had never been formalised. This set the names as North Island and South Island.[21]',
    );
  });

  it('a common word opening a sentence stays in a name the page writes inside its sentences ("New Zealand English…")', () => {
    const text =
      'Settlers came to New Zealand in great numbers. New Zealand English is close to Australian English. ' +
      'Europeans brought English fashion to the new colony.';
    expect(one(text, 'Europeans brought English fashion to the new colony.', 'Culture').standalone).toBe(
      'Europeans brought English fashion to the new colony.',
    );
  });
});
