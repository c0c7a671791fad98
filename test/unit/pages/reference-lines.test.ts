import { describe, expect, it } from 'vitest';
import { splitPassages } from '@/lib/pages/passages';
import { isReferenceLine } from '@/lib/pages/reference-lists';
import type { Page } from '@/lib/shared/types';

function page(text: string): Page {
  return {
    url: 'https://mirror.example.org/wiki/Mozilla',
    title: 'Mozilla',
    text,
    published: null,
    retrievedAt: '2026-11-30T12:00:00Z',
    contentHash: 'x',
    origin: 'web',
  };
}

// Lines as a Wikipedia copy without its markup gives them (text copied from the rendered article).
const REFERENCES = [
  '^ "Freeing the Source: The Story of Mozilla". Open Sources: Voices from the Open Source Revolution. Retrieved 2016-05-01.',
  '^ a b Payment, S. (2007). Marc Andreessen and Jim Clark: The Founders of Netscape. Rosen Publishing Group. ISBN 978-1-4042-0719-6.',
  '"Mac vendors ponder Netscape gambit.". Macworld. 1 May 1998. Retrieved 2012-08-19.',
  '"Mozilla.org WHOIS, DNS, & Domain Info". DomainTools. Retrieved 1 May 2016.',
  'Smith, J. (2010). "The browser wars". Journal of Web History. 4 (2): 10–19. Archived from the original on 2 March 2015.',
];
const PROSE = [
  'On January 23, 1998, Netscape made two announcements: first, that Netscape Communicator will be free; second, that the source code will also be free.',
  'The data retrieved in 2016 was archived from the original servers on request, the foundation said in a statement that year.',
  'Prices rose 2^ 3 times in the quarter, by some accounts, and fell back the next year when the index was retrieved.',
];

describe('reference entries that reach us as text, without their markup', () => {
  it('are recognised by the caret back-link or the citation template ending; prose is not', () => {
    for (const line of REFERENCES) expect(isReferenceLine(line), line).toBe(true);
    for (const line of PROSE) expect(isReferenceLine(line), line).toBe(false);
  });

  it('are never a passage, and the offsets of the others stay exact', () => {
    const text = [PROSE[0], 'References', ...REFERENCES, PROSE[1]].join('\n');
    const passages = splitPassages(page(text));
    for (const p of passages) {
      expect(text.slice(p.start, p.end)).toBe(p.text);
      for (const r of REFERENCES) expect(p.text).not.toContain(r.slice(0, 40));
    }
    expect(passages.map((p) => p.text).join('\n')).toContain(PROSE[0]);
    expect(passages.map((p) => p.text).join('\n')).toContain(PROSE[1]);
  });
});
