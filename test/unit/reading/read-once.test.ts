import { describe, expect, it } from 'vitest';
import { readOnce, withReadingsKept } from '../../../lib/reading/read-once';
import { checkClaims } from '../../../lib/verdict/cited-claims';
import type { Claim, EvidenceSpan } from '../../../lib/shared/types';

describe('texts read once while a check runs', () => {
  it('reads each text once per kind inside the scope, and keeps nothing after it', () => {
    const read: string[] = [];
    const length = (t: string) => {
      read.push(t);
      return t.length;
    };
    withReadingsKept(() => {
      expect(readOnce('length', 'the depot', length)).toBe(9);
      expect(readOnce('length', 'the depot', length)).toBe(9);
      expect(readOnce('other', 'the depot', length)).toBe(9);
      // A nested scope shares the outer one's readings.
      withReadingsKept(() => readOnce('length', 'the depot', length));
    });
    expect(read).toEqual(['the depot', 'the depot']);
    readOnce('length', 'the depot', length);
    readOnce('length', 'the depot', length);
    expect(read).toHaveLength(4);
  });

  it('gives the same verdicts as reading every pair afresh', () => {
    const spans = [
      {
        spanId: 'S1',
        url: 'https://a.test/',
        title: 'A',
        text: 'The council approved the tram line on 3 March 2024. Work starts in May.',
      },
      { spanId: 'S2', url: 'https://b.test/', title: 'B', text: 'The tram line will cost 40 million euros, the council said.' },
    ] as EvidenceSpan[];
    const claims = [
      { text: 'The council approved the tram line on 3 March 2024.', cites: ['S1'] },
      { text: 'The tram line will cost 40 million euros.', cites: ['S2'] },
      { text: 'The council approved a tram line that will cost 40 million euros.', cites: ['S1', 'S2'] },
      { text: 'The council rejected the tram line.', cites: ['S1'] },
    ] as Claim[];
    const together = checkClaims(claims, spans);
    const apart = claims.map((c) => checkClaims([c], spans)[0]!);
    expect(together.map((c) => c.outcome)).toEqual(apart.map((c) => c.outcome));
    expect(together.map((c) => c.outcome.verdict)).toContain('supported');
  });
});
