import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkGate } from '@/lib/evidence/gate';
import { publisherOf } from '@/lib/pages/publisher';
import type { EvidenceSpan } from '@/lib/shared/types';
import { span } from '../spans';

const NOW = new Date('2026-11-30T12:00:00Z');
const gate = (spans: EvidenceSpan[], freshnessDays?: number) =>
  checkGate(spans, [], {
    minDomains: 2,
    requirePrimary: false,
    isPrimary: () => false,
    now: NOW,
    ...(freshnessDays === undefined ? {} : { freshnessDays }),
  });
const tab = (s: EvidenceSpan): EvidenceSpan => ({ ...s, origin: 'tab', tabId: 7 });

const census = span('S1', 'Exampleville had 412,000 residents in 2026.', 'https://stats-office.test/census');
const news = span('S2', 'Exampleville counts 412,000 residents.', 'https://city-news.test/growth');
const sameSite = span('S3', 'The census counted 412,000 residents in Exampleville.', 'https://blog.stats-office.test/post');

describe('the gate counts every independent source, tabs included', () => {
  it('an open tab is a source of its own domain: tab + web on another domain is two', () => {
    const g = gate([tab(census), news]);
    expect(g.passed).toBe(true);
    expect(g.notes.join(' ')).toContain('independent sources: 2 (stats-office.test, city-news.test)');
  });

  it('tab alone passes, and a web passage joining it never makes it fail (even from the same site)', () => {
    expect(gate([tab(census)]).passed).toBe(true);
    expect(gate([tab(census), sameSite]).passed).toBe(true);
    expect(gate([tab(census), news]).passed).toBe(true);
  });

  it('web + agreeing web: one publisher fails, a second publisher passes, a third keeps it passing', () => {
    expect(gate([census]).failed.map((f) => f.condition)).toEqual(['independent-domains']);
    expect(gate([census, sameSite]).failed[0]!.message).toContain('Only 1 independent source (stats-office.test)');
    expect(gate([census, news]).passed).toBe(true);
    expect(gate([census, news, sameSite]).passed).toBe(true);
  });

  it('Wikipedia and Wikidata are one publisher', () => {
    expect(publisherOf('https://www.wikidata.org/wiki/Q1')).toBe(publisherOf('https://en.wikipedia.org/wiki/X'));
    const wp = span('S1', 'Exampleville had 412,000 residents.', 'https://en.wikipedia.org/wiki/Exampleville');
    const wd = span('S2', 'Exampleville population 412,000.', 'https://www.wikidata.org/wiki/Q42');
    expect(gate([wp, wd]).failed[0]!.message).toContain('Only 1 independent source (wikipedia.org)');
  });

  it('property: adding any agreeing passage (web or tab, any domain, any date) never turns a pass into a failure', () => {
    const hosts = ['a.test', 'b.test', 'blog.a.test', 'en.wikipedia.org', 'www.wikidata.org', 'c.example.org'];
    const arbSpan = fc.record({
      host: fc.constantFrom(...hosts),
      origin: fc.constantFrom('web' as const, 'tab' as const),
      age: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
    });
    const toSpan = (x: { host: string; origin: 'web' | 'tab'; age: number | null }, i: number): EvidenceSpan => ({
      ...span(`S${i + 1}`, 'Exampleville had 412,000 residents.', `https://${x.host}/p${i}`),
      origin: x.origin,
      published: x.age === null ? null : { iso: new Date(NOW.getTime() - x.age * 86_400_000).toISOString(), source: 'meta' },
    });
    fc.assert(
      fc.property(
        fc.array(arbSpan, { minLength: 1, maxLength: 5 }),
        arbSpan,
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
        (set, extra, window) => {
          const before = set.map(toSpan);
          const after = [...before, toSpan(extra, before.length)];
          if (gate(before, window).passed) expect(gate(after, window).passed).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
