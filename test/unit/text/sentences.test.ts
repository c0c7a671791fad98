import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '@/lib/text/sentences';

const sentences = (text: string) => sentenceSpans(text).map(([s, e]) => text.slice(s, e));

describe('sentences as people write them: no cut after titles, initials, abbreviations and ordinals', () => {
  it('English titles, initials and dotted abbreviations go on into the name or noun after them', () => {
    expect(sentences('“…without paying more interest,” Mr. Gale said. Next one.')).toEqual([
      '“…without paying more interest,” Mr. Gale said.',
      'Next one.',
    ]);
    expect(sentences('It was written by William G. Gale, a senior fellow. He left.')).toEqual([
      'It was written by William G. Gale, a senior fellow.',
      'He left.',
    ]);
    expect(sentences('Islamists assaulted the U.S. Embassy in 2012. It burned.')).toEqual([
      'Islamists assaulted the U.S. Embassy in 2012.',
      'It burned.',
    ]);
    expect(sentences('He lives at No. 5 Main Street. Next.')).toEqual(['He lives at No. 5 Main Street.', 'Next.']);
    expect(sentences('Dr. Shadlen led it. Then it ended.')).toEqual(['Dr. Shadlen led it.', 'Then it ended.']);
  });

  it('an initial or abbreviation before a word that opens sentences still ends the sentence', () => {
    expect(sentences('He lives in the U.S. He said so.')).toEqual(['He lives in the U.S.', 'He said so.']);
    expect(sentences('The best buy is the $279 Xbox One S. Everyone else should wait.')).toEqual([
      'The best buy is the $279 Xbox One S.',
      'Everyone else should wait.',
    ]);
    // A time's "p.m." before an aside in brackets goes on.
    expect(sentences('It lifted off at 8:51 p.m. (1451 GMT) from Baikonur. It broke up.')).toEqual([
      'It lifted off at 8:51 p.m. (1451 GMT) from Baikonur.',
      'It broke up.',
    ]);
    // An abbreviation not before a name ("etc.") ends its sentence as the segmenter says.
    expect(sentences('They sold cars, bikes, etc. Sales rose.')).toEqual(['They sold cars, bikes, etc.', 'Sales rose.']);
  });

  it('German, French and Spanish: "z. B.", ordinals before a month, "M.", "Mme", "Sra."', () => {
    expect(sentences('Viele Städte, z. B. Berlin, wuchsen. Danach nicht.')).toEqual([
      'Viele Städte, z. B. Berlin, wuchsen.',
      'Danach nicht.',
    ]);
    expect(sentences('Die Einheit kam am 3. Oktober 1990 zustande. Dann kam mehr.')).toEqual([
      'Die Einheit kam am 3. Oktober 1990 zustande.',
      'Dann kam mehr.',
    ]);
    expect(sentences('Selon M. Dupont, le pont a 120 ans. Il est vieux.')).toEqual([
      'Selon M. Dupont, le pont a 120 ans.',
      'Il est vieux.',
    ]);
    expect(sentences('Mme Curie reçut le prix. Elle avait 36 ans.')).toEqual(['Mme Curie reçut le prix.', 'Elle avait 36 ans.']);
    expect(sentences('Mme. Curie reçut le prix en 1903. Elle avait 36 ans.')).toEqual([
      'Mme. Curie reçut le prix en 1903.',
      'Elle avait 36 ans.',
    ]);
    expect(sentences('La Sra. García dijo que sí. Luego se fue.')).toEqual(['La Sra. García dijo que sí.', 'Luego se fue.']);
  });

  it('a quotation and its attribution make one sentence: no cut before a lowercase word', () => {
    expect(sentences('“Why did it cost so much?” he asked. Nobody knew.')).toEqual([
      '“Why did it cost so much?” he asked.',
      'Nobody knew.',
    ]);
    expect(sentences('“We will win!” said Marc Goldwein, senior policy director. He smiled.')).toEqual([
      '“We will win!” said Marc Goldwein, senior policy director.',
      'He smiled.',
    ]);
  });

  it('never joins across a line break: a paragraph does not run on into the next', () => {
    expect(sentences('It was made by Stuart R.\nKaplan left the company.')).toEqual([
      'It was made by Stuart R.',
      'Kaplan left the company.',
    ]);
  });
});
