import { describe, expect, it } from 'vitest';
import { disposeModelClaims, pageClaims } from '@/lib/factcheck/page-claims';
import { rankClaims } from '@/lib/factcheck/rank-claims';
import type { MarkupRoles } from '@/lib/pages/markup-roles';

const TEXT = [
  'Lowell Mill Closes After a Century',
  'By Jane Smith and John Doe',
  'Published March 4, 2018 at 10:30 AM',
  'The Lowell Mill employed 3,000 workers in 1920, more than any other mill in Massachusetts.',
  'It closed in 1984 after its owner moved production to South Carolina.',
  'Workers leave the mill at dusk in 1979.',
  'Do you remember the mill?',
  '“We lost 400 jobs in a single year,” said Maria Lopez, the union’s president in 1984.',
  'I think the town is a lovely place.',
  'The city plans to open a museum in the mill next year.',
].join('\n');
const ROLES: MarkupRoles = {
  texts: { caption: ['Workers leave the mill at dusk in 1979.'], heading: ['Lowell Mill Closes After a Century'] },
};
const PAGE = { text: TEXT, title: 'Lowell Mill Closes After a Century - Example News', published: '2018-03-04', roles: ROLES };

describe('the claims of a page, in code', () => {
  const found = pageClaims(PAGE);
  const reasons = Object.fromEntries(found.left.map((l) => [l.text, l.reason]));

  it('leaves out the heading, byline, dateline, caption (from markup), question and opinion, each with its reason and offsets', () => {
    expect(reasons).toMatchObject({
      'Lowell Mill Closes After a Century': 'heading',
      'By Jane Smith and John Doe': 'byline',
      'Published March 4, 2018 at 10:30 AM': 'dateline',
      'Workers leave the mill at dusk in 1979.': 'caption',
      'Do you remember the mill?': 'question',
    });
    for (const l of found.left) expect(TEXT.slice(l.start, l.end)).toBe(l.text);
    // Without the markup, the caption reads as prose: the role came from the markup.
    expect(pageClaims({ ...PAGE, roles: undefined }).left.find((l) => l.text.startsWith('Workers'))?.reason).not.toBe('caption');
  });

  it('leaves out what only its markup marks as code, a byline or a dateline, though it reads as prose', () => {
    const byline = 'Jane Smith reported from Exampleville for the Example Gazette in 2026.';
    const dateline = 'Exampleville, 4 March 2026, a Wednesday of the spring session.';
    const code = 'print the number of inhabitants counted in 2026 for each district';
    const text = ['The census counted 412,000 people in Exampleville in 2026, up from 398,000.', byline, dateline, code].join(
      '\n',
    );
    const page = { text, title: 'Exampleville census', published: '2026-03-04' };
    const roles: MarkupRoles = { texts: { byline: [byline], dateline: [dateline], code: [code] } };
    const reasonOf = (r?: MarkupRoles) => {
      const left = pageClaims({ ...page, roles: r }).left;
      return (t: string) => left.find((l) => l.text === t)?.reason;
    };
    const marked = reasonOf(roles);
    expect([marked(byline), marked(dateline), marked(code)]).toEqual(['byline', 'dateline', 'code']);
    // Without the markup, no rule of language gives these reasons: they came from the markup.
    const plain = reasonOf(undefined);
    expect([plain(byline), plain(dateline), plain(code)]).not.toContain('byline');
    expect([plain(byline), plain(dateline), plain(code)]).not.toContain('dateline');
    expect([plain(byline), plain(dateline), plain(code)]).not.toContain('code');
  });

  it('keeps the statements of fact, each with its sentence as written and its offsets', () => {
    const sentences = found.claims.map((c) => c.sentence);
    expect(sentences).toContain('The Lowell Mill employed 3,000 workers in 1920, more than any other mill in Massachusetts.');
    expect(sentences).toContain('It closed in 1984 after its owner moved production to South Carolina.');
    for (const c of found.claims) {
      expect(TEXT.slice(c.start, c.end)).toBe(c.sentence);
      expect(c.score).toBeGreaterThanOrEqual(0);
    }
    expect(found.claims.length + found.left.length).toBe(10);
  });

  it('each claim stands alone: the pronoun named, the quotation’s speaker kept, "next year" dated from the page', () => {
    const it = found.claims.find((c) => c.sentence.startsWith('It closed'))!;
    expect(it.text).toMatch(/^The Lowell Mill closed in 1984|^Lowell Mill closed in 1984/);
    const quote = found.claims.find((c) => c.sentence.startsWith('“We lost'));
    if (quote) expect(quote.speaker).toBe('Maria Lopez');
    const museum = found.claims.find((c) => c.sentence.includes('next year'));
    if (museum) expect(museum.text).toContain('2019');
  });

  it('the ranking puts claims that need context after the ones that stand alone', () => {
    const claims = [
      {
        text: 'He won 3 elections in 1990.',
        sentence: 'He won 3 elections in 1990.',
        start: 0,
        end: 27,
        score: 0.9,
        needsContext: true,
      },
      { text: 'The mill closed in 1984.', sentence: 'The mill closed in 1984.', start: 30, end: 54, score: 0.4 },
    ];
    expect(rankClaims(claims).map((c) => c.start)).toEqual([30, 0]);
  });

  it('a claim that states the page’s subject (its title) ranks above one as worth checking that does not', () => {
    const claims = [
      { text: 'a', sentence: 'The bakery on Main Street sold 400 loaves in 2019.', start: 0, end: 10, score: 0.6 },
      { text: 'b', sentence: 'Federal interest costs will exceed military spending by 2025.', start: 20, end: 30, score: 0.6 },
    ];
    expect(rankClaims(claims, 'Federal interest costs will soon exceed military spending').map((c) => c.start)).toEqual([20, 0]);
  });
});

describe("a model's claims, disposed by the code", () => {
  const code = pageClaims(PAGE);
  const at = (sentence: string) => {
    const start = TEXT.indexOf(sentence);
    return { sentence, start, end: start + sentence.length };
  };

  it('a claim from a caption is dropped; one that adds a name the page does not state is refused for its sentence’s own form', () => {
    const caption = {
      text: 'Workers left the Lowell Mill at dusk in 1979.',
      ...at('Workers leave the mill at dusk in 1979.'),
      rating: 5,
    };
    const added = {
      text: 'Lowell Mill closed in 1984 when Gerald Ford moved it.',
      ...at('It closed in 1984 after its owner moved production to South Carolina.'),
      rating: 4,
    };
    const good = {
      text: 'The Lowell Mill employed 3,000 workers in 1920.',
      ...at('The Lowell Mill employed 3,000 workers in 1920, more than any other mill in Massachusetts.'),
      rating: 4,
    };
    const r = disposeModelClaims([caption, added, good], code, PAGE);
    expect(r.claims.map((c) => c.text)).not.toContain(caption.text);
    expect(r.claims.map((c) => c.text)).toContain(good.text);
    const refused = r.claims.find((c) => c.start === added.start)!;
    expect(refused.text).not.toContain('Gerald Ford');
    expect(refused.rating).toBe(4);
    expect(r.notes.some((n) => n.includes('Gerald'))).toBe(true);
    expect(r.notes.some((n) => n.includes('caption'))).toBe(true);
  });
});
