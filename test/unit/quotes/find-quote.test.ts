import { describe, expect, it } from 'vitest';
import { findQuote, LONG_QUOTE, type QuoteSelector } from '@/lib/quotes/find-quote';
import { decodeEntities } from '@/lib/text/plain-text';
import { normalizeText } from '@/lib/text/normalize';
import { random } from '../../fakes/seeded-random';

const WORDS = (
  'the of and to in a is that for it as was with be by on not this are or from at which but have an they were ' +
  'there had been one all their can has more will if would when so what about some into river bridge market ' +
  'council census city town population grew fell report office year month residents figures housing permits ' +
  'trade harbour railway station museum school library water supply budget election mayor street district ' +
  'summer winter north south east west old new small large early late public private local national'
).split(' ');

/** Prose-like text: sentences of words from a fixed vocabulary, paragraphs separated by "\n". */
function prose(seed: number, paragraphs: number): string {
  const rnd = random(seed);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  return Array.from({ length: paragraphs }, () =>
    Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => {
      const s = Array.from({ length: 8 + Math.floor(rnd() * 12) }, word).join(' ');
      return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
    }).join(' '),
  ).join('\n');
}

/** What the extension stores of text[start, end): the text, 48 characters each side, the position. */
function selector(text: string, start: number, end: number): QuoteSelector {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - 48), start),
    suffix: text.slice(end, end + 48),
    hint: start / text.length,
  };
}

function changeLetters(text: string, rate: number, seed: number): string {
  const rnd = random(seed);
  const chars = [...text];
  const letters = chars.map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0);
  for (let n = Math.max(1, Math.round(letters.length * rate)); n > 0; n--) {
    const at = letters.splice(Math.floor(rnd() * letters.length), 1)[0]!;
    chars[at] = chars[at] === 'q' ? 'z' : 'q';
  }
  return chars.join('');
}

/** Share of the longer of two ranges they have in common. */
const overlap = (a: { start: number; end: number }, s: number, e: number) =>
  Math.max(0, Math.min(a.end, e) - Math.max(a.start, s)) / Math.max(a.end - a.start, e - s);

const page = prose(1, 60);
const sentenceAt = (text: string, n: number) => {
  const all = [...text.matchAll(/[A-Z][^.]*\./g)];
  const m = all[n % all.length]!;
  return [m.index, m.index + m[0].length] as const;
};

describe('exact matches: context and position choose among occurrences', () => {
  it('returns offsets in the original text, whatever its whitespace and quotes', () => {
    const text = 'Intro.\n  The “river”   bridge\u00a0opened\n in 1887 —  after six years.  ';
    const m = findQuote(text, { exact: 'the "river" bridge opened in 1887 - after' })!;
    expect(m.exact).toBe(true);
    expect(m.score).toBe(1);
    expect(text.slice(m.start, m.end)).toBe('The “river”   bridge\u00a0opened\n in 1887 —  after');
  });

  it('the prefix, then the suffix, then the position hint pick the occurrence', () => {
    const text = 'First hall: open every week. Second hall: open every week. Third hall: open every week.';
    const at = (m: ReturnType<typeof findQuote>) => text.slice(m!.start - 13, m!.start).trim();
    expect(at(findQuote(text, { exact: 'open every week', prefix: 'Second hall: ' }))).toBe('Second hall:');
    expect(at(findQuote(text, { exact: 'open every week', suffix: ' Third hall' }))).toBe('Second hall:');
    const same = 'open every week. '.repeat(5);
    const m = findQuote(same, { exact: 'open every week', hint: 0.62 })!;
    expect(m.start).toBe(51);
  });

  it('finds every sentence of a page at its place (exact, with its stored context)', () => {
    for (let n = 0; n < 40; n++) {
      const [s, e] = sentenceAt(page, n * 7);
      const m = findQuote(page, selector(page, s, e))!;
      expect([m.start, m.end, m.exact]).toEqual([s, e, true]);
    }
  });

  it('reads HTML entities a quote was copied with, unless the page shows them', () => {
    expect(decodeEntities('Fish &amp; chips&nbsp;&#8212; &#x2019;&quot;&lt;b&gt;&bogus; &#55296;')).toBe(
      'Fish & chips\u00a0\u2014 \u2019"<b>&bogus; &#55296;',
    );
    const text = 'Before. Fish & chips — “fresh” <daily>. After.';
    const m = findQuote(text, { exact: 'Fish &amp; chips &mdash; &ldquo;fresh&rdquo; &lt;daily&gt;.' })!;
    expect(text.slice(m.start, m.end)).toBe('Fish & chips — “fresh” <daily>.');
    const code = 'Escape it as &amp; in HTML.';
    expect(code.slice(findQuote(code, { exact: 'as &amp; in' })!.start)).toMatch(/^as &amp; in/);
  });
});

describe('fuzzy matches: near the hint first, then everywhere, with a minimum score', () => {
  it('a quote with 3% of its letters changed is found at its place', () => {
    for (let n = 0; n < 30; n++) {
      const [s, e] = sentenceAt(page, n * 11 + 3);
      const sel = selector(page, s, e);
      const m = findQuote(page, { ...sel, exact: changeLetters(sel.exact, 0.03, n) })!;
      expect(m, sel.exact).not.toBeNull();
      expect(m.exact).toBe(false);
      expect(overlap(m, s, e)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('a fuzzy match starts and ends on whole words', () => {
    const text = 'Related: crash game servers. Two-year-old bug exposes thousands of servers to crippling attack. More.';
    const m = findQuote(text, { exact: 'Biz & IT — Two-year-old bug exposes thousands of servers to crippling attack.' })!;
    const found = text.slice(m.start, m.end);
    expect(found).toMatch(/^(\S*\s)?Two-year-old bug exposes thousands of servers to crippling attack\.$/);
    expect(text[m.start - 1]).toMatch(/\s|^$/);
  });

  it('quotes from another page are never found (a wrong highlight is worse than none)', () => {
    const other = prose(2, 60);
    let tried = 0;
    for (let n = 0; n < 200; n++) {
      const [s, e] = sentenceAt(other, n);
      // Also a run of several sentences, and a long one, to reach the two-ends search.
      const end = n % 3 === 0 ? sentenceAt(other, n + 3)[1] : e;
      if (end <= s) continue;
      tried++;
      expect(findQuote(page, selector(other, s, end)), other.slice(s, end)).toBeNull();
      expect(findQuote(page, { exact: other.slice(s, end) })).toBeNull();
    }
    expect(tried).toBeGreaterThan(150);
  });

  it('a near-copy (two versions of “lorem ipsum”) is not taken without its context', () => {
    const text =
      'Lorem\nLorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';
    const quote = 'amet. Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt ut';
    expect(
      findQuote(text, {
        exact: quote,
        prefix: ' sea takimata sanctus est Lorem ipsum dolor sit ',
        suffix: ' labore et dolore magna aliquyam erat, sed diam ',
      }),
    ).toBeNull();
  });

  it('a short quote that changed needs its context; a short exact one found once needs none', () => {
    const text = 'Notes from the council. The mayor said the budget was approved on Monday. Other items followed.';
    const changed = 'the budget was aproved';
    expect(findQuote(text, { exact: changed, prefix: 'The mayor said ', suffix: ' on Monday.' })).not.toBeNull();
    expect(findQuote(text, { exact: changed, prefix: 'Elsewhere in the world ', suffix: ' by the board' })).toBeNull();
    expect(findQuote(text, { exact: 'the budget was approved', prefix: 'zzzz qqqq ', suffix: ' xxxx' })).not.toBeNull();
  });

  it('looks near the hint first: of two changed copies, the one near the hint', () => {
    const filler = prose(3, 400); // well over the 40,000-character window
    const quote = 'The harbour railway station reopened for the summer market season.';
    const text = `${filler.slice(0, 1000)} ${changeLetters(quote, 0.05, 1)} ${filler.slice(1000)} ${changeLetters(quote, 0.05, 2)} end.`;
    const second = text.lastIndexOf('he harbour') - 1;
    const m = findQuote(text, { exact: quote, hint: second / text.length })!;
    expect(Math.abs(m.start - second)).toBeLessThan(5);
    const m0 = findQuote(text, { exact: quote, hint: 0 })!;
    expect(m0.start).toBeLessThan(2000);
  });
});

describe('long quotes are found by their two ends', () => {
  const long = (text: string, from: number, min: number) => {
    const [s] = sentenceAt(text, from);
    let e = s;
    for (let n = from; e - s < min; n++) e = sentenceAt(text, n)[1];
    return [s, e] as const;
  };

  it('a quote of 800+ characters with 3% of letters changed', () => {
    const [s, e] = long(page, 10, 800);
    expect(e - s).toBeGreaterThan(LONG_QUOTE);
    const sel = selector(page, s, e);
    const m = findQuote(page, { ...sel, exact: changeLetters(sel.exact, 0.03, 5) })!;
    expect(overlap(m, s, e)).toBeGreaterThanOrEqual(0.98);
  });

  it('its first words replaced, or its last, or both (then a probe from the middle finds it)', () => {
    const [s, e] = long(page, 40, 1200);
    const sel = selector(page, s, e);
    const words = 'completely different opening words that are not in the page at all here';
    const head = `${words} ${sel.exact.slice(70)}`;
    const tail = `${sel.exact.slice(0, -70)} ${words}`;
    const both = `${words} ${sel.exact.slice(70, -70)} ${words}`;
    for (const exact of [head, tail, both]) {
      const m = findQuote(page, { ...sel, exact });
      expect(m, exact.slice(0, 60)).not.toBeNull();
      expect(overlap(m!, s, e)).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('content inserted in its middle (an ad) is spanned; a long quote from elsewhere is not found', () => {
    const [s, e] = long(page, 20, 600);
    const mid = Math.floor((s + e) / 2);
    const withAd = `${page.slice(0, mid)} Advertisement: subscribe now. ${page.slice(mid)}`;
    const m = findQuote(withAd, selector(page, s, e))!;
    expect(normalizeText(withAd.slice(m.start, m.end))).toContain('advertisement');
    expect(overlap(m, s, e + 31)).toBeGreaterThanOrEqual(0.9);
    const other = prose(9, 30);
    const [os, oe] = long(other, 5, 800);
    expect(findQuote(page, selector(other, os, oe))).toBeNull();
  });
});

describe('a passage of several paragraphs the page holds apart', () => {
  it('is found piece by piece, without what lies between', () => {
    const a = 'The council approved the new harbour budget on Monday evening.';
    const b = 'Work on the railway station starts in the early summer.';
    const text = `Intro paragraph here.\n${a}\nAdvertisement: buy the new phone today, with a long offer that goes on and on about features.\n${b}\nOutro.`;
    const m = findQuote(text, { exact: `${a}\n${b}`, prefix: 'Intro paragraph here.\n', suffix: '\nOutro.' })!;
    expect(m.parts).toHaveLength(2);
    expect(m.parts!.map((p) => text.slice(p.start, p.end))).toEqual([a, b]);
    expect(m.exact).toBe(true);
  });
});

describe('caps on candidates and on time', () => {
  it('a quote repeated 5,000 times: at most maxCandidates scored, the ones nearest the hint', () => {
    const unit = 'The same short sentence is here. ';
    const text = unit.repeat(5000);
    const hint = 0.5;
    for (const maxCandidates of [1, 10, 200]) {
      const m = findQuote(text, { exact: 'The same short sentence is here.', hint }, { maxCandidates })!;
      expect(Math.abs(m.start - hint * text.length)).toBeLessThanOrEqual(unit.length);
    }
  });

  it('stops searching further once the time limit has passed (the window near the hint is searched first)', () => {
    const filler = prose(4, 500);
    const quote = 'The museum library water supply budget was approved by the council in early winter.';
    const far = `${filler} ${changeLetters(quote, 0.04, 3)} end.`;
    const sel = { exact: quote, hint: 0 }; // the hint is wrong: the quote is at the very end
    expect(findQuote(far, sel)).not.toBeNull();
    let t = 0;
    const clock = () => (t += 1000); // every look at the clock: a second later
    expect(findQuote(far, sel, { timeLimitMs: 10, now: clock })).toBeNull();
    // Near the hint, it is found within the same limit.
    expect(findQuote(far, { exact: quote, hint: 1 }, { timeLimitMs: 10, now: clock })).not.toBeNull();
  });
});
