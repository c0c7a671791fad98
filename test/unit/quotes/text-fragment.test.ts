import { describe, expect, it } from 'vitest';
import { encodeTerm, textDirective, withTextFragment } from '@/lib/quotes/text-fragment';

/** The terms of a directive, decoded: [prefix, start, end, suffix] with '' for what is absent. */
function terms(directive: string): [string, string, string, string] {
  const parts = directive.replace(/^text=/, '').split(',');
  const prefix = parts[0]!.endsWith('-') ? decodeURIComponent(parts.shift()!.slice(0, -1)) : '';
  const suffix = parts[parts.length - 1]!.startsWith('-') ? decodeURIComponent(parts.pop()!.slice(1)) : '';
  return [prefix, decodeURIComponent(parts[0]!), parts[1] ? decodeURIComponent(parts[1]) : '', suffix];
}

describe('text fragments (#:~:text=prefix-,start,end,-suffix)', () => {
  it('encodes the characters the syntax uses (- , &) and everything a URL needs', () => {
    expect(encodeTerm('well-known, fast & cheap')).toBe('well%2Dknown%2C%20fast%20%26%20cheap');
    expect(encodeTerm('“café” 100% #1')).toBe('%E2%80%9Ccaf%C3%A9%E2%80%9D%20100%25%20%231');
    expect(encodeTerm('lone \ud800 surrogate')).toBe('lone%20%20surrogate');
  });

  it('a short passage is named whole, with whole words of context on its own line', () => {
    const d = textDirective({
      exact: 'The census office reported 412,000 residents.',
      prefix: 'ninal paragraph ends here.\nThe figures: first, ',
      suffix: ' That is up from 398,500 a year earl',
    })!;
    expect(terms(d)).toEqual(['The figures: first,', 'The census office reported 412,000 residents.', '', 'That is up']);
    expect(d).toBe('text=The%20figures%3A%20first%2C-,The%20census%20office%20reported%20412%2C000%20residents.,-That%20is%20up');
  });

  it('context cut in the middle of a word, or on another line, is left out', () => {
    // The stored prefix starts inside "terminal"; the suffix ends inside "earlier".
    const cut = textDirective({ exact: 'A b c.', prefix: 'minal words before ', suffix: ' after ear' })!;
    expect(terms(cut)).toEqual(['words before', 'A b c.', '', 'after']);
    const otherLine = textDirective({ exact: 'A b c.', prefix: 'Heading\n', suffix: '\nNext paragraph' })!;
    expect(terms(otherLine)).toEqual(['', 'A b c.', '', '']);
    // Context glued to the passage (no space) cannot be matched as words beside it.
    expect(terms(textDirective({ exact: 'b c.', prefix: 'see (a', suffix: ')x' })!)).toEqual(['', 'b c.', '', '']);
  });

  it('a long passage, or one of several paragraphs, is named by its first and last words', () => {
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    expect(terms(textDirective({ exact: long })!)).toEqual([
      '',
      'one two three four five',
      'nine ten eleven twelve thirteen',
      '',
    ]);
    const paragraphs = 'First paragraph, short.\nMiddle one.\nThe last - with a dash.';
    expect(terms(textDirective({ exact: paragraphs })!)).toEqual(['', 'First paragraph, short.', 'last - with a dash.', '']);
    expect(textDirective({ exact: paragraphs })).toContain('last%20%2D%20with');
  });

  it('adds the directive after the URL’s own fragment, replacing one it already has', () => {
    const q = { exact: 'Exampleville grew' };
    expect(withTextFragment('https://x.test/a?b=1', q)).toBe('https://x.test/a?b=1#:~:text=Exampleville%20grew');
    expect(withTextFragment('https://x.test/a#section', q)).toBe('https://x.test/a#section:~:text=Exampleville%20grew');
    expect(withTextFragment('https://x.test/a#s:~:text=old', q)).toBe('https://x.test/a#s:~:text=Exampleville%20grew');
    expect(withTextFragment('https://x.test/a#', q)).toBe('https://x.test/a#:~:text=Exampleville%20grew');
  });

  it('leaves the URL alone when there is nothing to name or it is not a web page', () => {
    expect(withTextFragment('https://x.test/a', { exact: ' \n ' })).toBe('https://x.test/a');
    expect(textDirective({ exact: '' })).toBeNull();
    expect(withTextFragment('file:///tmp/a.html', { exact: 'words' })).toBe('file:///tmp/a.html');
  });

  it('the URL parses, and its directive decodes back to the passage’s words', () => {
    const exact = 'Prices rose 3.4% in 2025 — “mostly” food, fuel & rent; up-to-date.';
    // Stored context is cut at a fixed length: its outer words may be pieces, and are dropped.
    const url = new URL(withTextFragment('https://x.test/p', { exact, prefix: 'ier text. ', suffix: ' Later tex' }));
    const directive = url.hash.split(':~:')[1]!;
    expect(terms(directive)).toEqual(['text.', 'Prices rose 3.4% in 2025', 'food, fuel & rent; up-to-date.', 'Later']);
    const whole = new URL(withTextFragment('https://x.test/p', { exact, prefix: '\nearlier text. ', suffix: ' Later text\n' }));
    expect(terms(whole.hash.split(':~:')[1]!)).toEqual([
      'earlier text.',
      'Prices rose 3.4% in 2025',
      'food, fuel & rent; up-to-date.',
      'Later text',
    ]);
  });
});
