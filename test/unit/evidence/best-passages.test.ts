import { describe, expect, it } from 'vitest';
import { bestPassages } from '@/lib/evidence/best-passages';
import type { Conflict, EvidenceSpan } from '@/lib/shared/types';
import { span } from '../spans';

const Q = 'How many residents does Exampleville have?';

function scored(id: string, text: string, score: number, url?: string): EvidenceSpan {
  return { ...span(id, text, url), score };
}

describe('bestPassages: what a refusal shows', () => {
  it('each page once before any page twice, by score; the sentence nearest the question of each', () => {
    const a = 'https://stats.example.org/census';
    const evidence = [
      scored('S1', 'The office opened in 1990. Exampleville had 412,000 residents in 2026. It counts every year.', 0.9, a),
      scored('S2', 'The census of Exampleville counted residents by district.', 0.85, a),
      scored('S3', 'Weather was mild. Exampleville has about 400,000 residents, the mayor said.', 0.5),
    ];
    const best = bestPassages(Q, evidence);
    expect(best.map((b) => b.spanId)).toEqual(['S1', 'S3', 'S2']);
    expect(best.map((b) => b.sentence)).toEqual([
      'Exampleville had 412,000 residents in 2026.',
      'Exampleville has about 400,000 residents, the mayor said.',
      'The census of Exampleville counted residents by district.',
    ]);
  });

  it('the passages an unresolved disagreement names come first; a resolved one changes nothing', () => {
    const evidence = [
      scored('S1', 'Exampleville is a city with many residents and parks.', 0.9),
      scored('S2', 'Exampleville had 412,000 residents in 2026.', 0.6),
      scored('S3', 'Exampleville had 398,000 residents in 2026.', 0.4),
    ];
    const conflict = (resolution: Conflict['resolution']): Conflict => ({
      about: 'residents',
      values: [
        { value: '412,000', cites: ['S2'], published: null, primary: false },
        { value: '398,000', cites: ['S3'], published: null, primary: false },
      ],
      resolution,
      note: 'Sources disagree on residents.',
    });
    expect(bestPassages(Q, evidence, [conflict('material')]).map((b) => b.spanId)).toEqual(['S2', 'S3', 'S1']);
    expect(bestPassages(Q, evidence, [conflict('prefer-recent')]).map((b) => b.spanId)).toEqual(['S1', 'S2', 'S3']);
  });

  it('at most `limit` passages; none from no evidence', () => {
    const evidence = Array.from({ length: 8 }, (_, i) => scored(`S${i + 1}`, `Exampleville residents, count ${i}.`, 1 - i / 10));
    expect(bestPassages(Q, evidence)).toHaveLength(5);
    expect(bestPassages(Q, evidence, [], 2).map((b) => b.spanId)).toEqual(['S1', 'S2']);
    expect(bestPassages(Q, [])).toEqual([]);
  });

  it("each link is the passage's page with a text fragment naming the sentence, with its context words", () => {
    const s = {
      ...scored('S1', 'The office opened in 1990. Exampleville had 412,000 residents in 2026. It counts every year.', 0.9),
      url: 'https://stats.example.org/census?y=2026#top',
      prefix: 'Census report\n',
      suffix: ' More tables follow.',
    };
    const [best] = bestPassages(Q, [s]);
    expect(best!.link).toBe(
      'https://stats.example.org/census?y=2026#top:~:text=opened%20in%201990.-,Exampleville%20had%20412%2C000%20residents%20in%202026.,-It%20counts%20every',
    );
    // A passage of one sentence: its own prefix and suffix are the context (none before a paragraph
    // break; the suffix's last word may be cut, so it is left out).
    const [whole] = bestPassages(Q, [{ ...s, text: 'Exampleville had 412,000 residents.', url: 'https://a.example.org/p' }]);
    expect(whole!.link).toBe('https://a.example.org/p#:~:text=Exampleville%20had%20412%2C000%20residents.,-More%20tables');
    const [mid] = bestPassages(Q, [{ ...s, text: 'Exampleville had 412,000 residents.', prefix: 'the census report: ' }]);
    expect(mid!.link).toContain('#top:~:text=census%20report%3A-,Exampleville');
  });
});
