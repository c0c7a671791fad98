import { describe, expect, it } from 'vitest';
import { attachCitations, sourcesFor } from '@/lib/claims/cite';
import { parseDraft } from '@/lib/claims/draft';
import { applyChecks, checkClaims } from '@/lib/verdict/cited-claims';
import type { Claim } from '@/lib/shared/types';

const verifyClaims = (claims: Claim[], spans: Parameters<typeof checkClaims>[1]) =>
  applyChecks(claims, checkClaims(claims, spans));
import { composeExtractive } from '@/lib/claims/compose';
import { span } from '../spans';

const spans = [
  span('S1', 'Exampleville had 412,000 residents on 1 January 2026.'),
  span('S2', 'The population of Exampleville grew by 3.4 percent in 2025.'),
];

describe('citations are attached in code', () => {
  it('parses [S#] markers, including several ids and markers after the full stop', () => {
    const c = attachCitations(
      'Exampleville had 412,000 residents [S1]. It grew by 3.4 percent in 2025. [S2][S1] Both [S1, S2].',
      spans,
    );
    expect(c.unknownIds).toEqual([]);
    expect(c.claims.map((x) => [x.text, x.cites])).toEqual([
      ['Exampleville had 412,000 residents.', ['S1']],
      ['It grew by 3.4 percent in 2025.', ['S2', 'S1']],
      ['Both.', ['S1', 'S2']],
    ]);
  });

  it('reports ids that are not in the evidence instead of rendering them', () => {
    const c = attachCitations('Exampleville had 412,000 residents [S7].', spans);
    expect(c.unknownIds).toEqual(['S7']);
    expect(c.claims[0]!.cites).toEqual([]);
    expect(c.claims[0]!.status).toBe('flagged');
  });

  it('removes links and URLs the model wrote, and says so', () => {
    const c = attachCitations(
      'See [the census](https://evil.example/x) and https://evil.example/y for 412,000 residents [S1].',
      spans,
    );
    expect(c.claims[0]!.text).not.toMatch(/evil|https?:/);
    expect(c.claims[0]!.reasons).toContain('a link written by the model was removed');
  });

  it('leaves out uncited lines that are markup or links of the model’s own, instead of flagging them as claims', () => {
    const c = attachCitations(
      [
        'Exampleville had 412,000 residents [S1].',
        '<img src=x onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(1)).',
        '## Sources',
        'See [the census](https://evil.example/x).',
        'It grew by 3.4 percent in 2025 [S2].',
      ].join('\n'),
      spans,
    );
    expect(c.claims.map((x) => x.text)).toEqual(['Exampleville had 412,000 residents.', 'It grew by 3.4 percent in 2025.']);
    expect(c.junk).toHaveLength(3);
    // A cited sentence that carried a link is kept (the link removed, and said so); a plain uncited one is flagged.
    const kept = attachCitations(
      'See [the census](https://evil.example/x) for 412,000 residents [S1]. It is the largest town.',
      spans,
    );
    expect(kept.claims.map((x) => x.status)).toEqual(['supported', 'flagged']);
    expect(kept.junk).toBeUndefined();
  });

  it('structured drafts too: a claim that cites nothing and is only markup or a link is left out', () => {
    const d = parseDraft(
      JSON.stringify({
        claims: [
          { text: 'Exampleville had 412,000 residents.', cites: ['S1'] },
          { text: '<b>Read more</b>', cites: [] },
          { text: 'More at [the site](https://evil.example/y).', cites: [] },
          { text: 'Details: [the census](https://evil.example/z) counted 412,000.', cites: ['S1'] },
        ],
      }),
      spans,
    );
    expect(d.claims.map((x) => x.text)).toEqual(['Exampleville had 412,000 residents.', 'Details: the census counted 412,000.']);
    expect(d.junk).toHaveLength(2);
  });

  it('flags factual sentences that cite nothing', () => {
    const c = attachCitations('Exampleville had 412,000 residents [S1]. It is the largest town in the region.', spans);
    expect(c.claims[1]).toMatchObject({ status: 'flagged', reasons: ['cites no evidence'] });
  });

  it('treats INSUFFICIENT as an abstention', () => {
    expect(attachCitations('  INSUFFICIENT ', spans).insufficient).toBe(true);
  });

  it('lists sources from the evidence list only, for the spans actually cited', () => {
    const c = attachCitations('Exampleville had 412,000 residents [S1].', spans);
    expect(sourcesFor(c.claims, spans)).toEqual([
      { spanId: 'S1', url: spans[0]!.url, title: 'Title of S1', published: spans[0]!.published, origin: 'web' },
    ]);
  });
});

describe('first verification checks', () => {
  it('drops a claim whose number is not in the cited span, and keeps a supported claim', () => {
    const c = attachCitations('Exampleville had 412,000 residents [S1]. Exampleville had 500,000 residents [S1].', spans);
    const v = verifyClaims(c.claims, spans);
    expect(v[0]!.status).toBe('supported');
    expect(v[1]!.status).toBe('dropped');
    expect(v[1]!.reasons.join(' ')).toContain('the number 500,000 is not in the passage');
  });

  it('drops a claim whose words are mostly absent from the span it cites', () => {
    const c = attachCitations('The mayor resigned after a corruption scandal [S2].', spans);
    expect(verifyClaims(c.claims, spans)[0]!.status).toBe('dropped');
  });
});

describe('composing', () => {
  it('the extractive composer quotes the best sentence of each span, cited', () => {
    const draft = composeExtractive('How many residents did Exampleville have?', spans);
    expect(draft).toContain('Exampleville had 412,000 residents on 1 January 2026. [S1]');
    const c = attachCitations(draft, spans);
    expect(verifyClaims(c.claims, spans).every((x) => x.status === 'supported')).toBe(true);
  });

  it('the extractive composer abstains when no sentence shares a term with the question', () => {
    expect(composeExtractive('Who painted the Mona Lisa?', spans)).toBe('INSUFFICIENT');
  });
});
