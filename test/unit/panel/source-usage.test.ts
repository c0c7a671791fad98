import { describe, expect, it } from 'vitest';
import { unusedSources, usedSources } from '@/lib/panel/source-usage';
import { ageUnits, freshnessOf, questionWindowDays } from '@/lib/panel/freshness';
import type { AnswerResult } from '@/lib/shared/types';
import type { StageName, TraceStage } from '@/lib/shared/trace-schema';
import { span } from '../spans';

const A = 'https://a.example.org/census';
const B = 'https://b.example.com/growth';

function stage(name: StageName, detail: unknown): TraceStage {
  return { stage: name, startedAt: '2026-11-30T10:00:00Z', ms: 1, ok: true, summary: '', detail };
}

/** A partial answer citing A only, with a trace that retrieved much more. */
function answer(): AnswerResult {
  const s1 = span('S1', 'Exampleville had 412,000 residents.', A);
  const s2 = span('S2', 'The population grew by 3.4 percent.', B);
  return {
    mode: 'partial',
    question: 'Q?',
    searched: ['Q'],
    warnings: [],
    conflicts: [],
    evidence: [s1, s2],
    claims: [{ text: 'Exampleville had 412,000 residents.', cites: ['S1'], status: 'supported', reasons: [] }],
    sources: [{ spanId: 'S1', url: A, title: s1.title, published: s1.published, origin: 'web' }],
    unsupported: [],
    trace: {
      stages: [
        stage('plan', { freshnessDays: 365 }),
        stage('search', {
          queries: ['Q'],
          hits: [
            { url: A, title: 'Census' },
            { url: B, title: 'Growth' },
            { url: 'https://c.example.net/old', title: 'Old news' },
            { url: 'https://d.example.org/broken', title: 'Broken page' },
            { url: 'https://e.example.org/offtopic', title: 'Off topic' },
            { url: 'https://a.example.org/archive', title: 'Census archive' },
            { url: 'https://f.example.org/late', title: 'Ranked too low' },
          ],
        }),
        stage('fetch', [
          { url: A, ok: true },
          { url: B, ok: true },
          { url: 'https://c.example.net/old', ok: true },
          { url: 'https://d.example.org/broken', ok: false, reason: 'HTTP 404' },
          { url: 'https://e.example.org/offtopic', ok: true },
          { url: 'https://a.example.org/archive', ok: true },
        ]),
        stage('tabs', [{ url: 'https://tab.example.org/', title: 'My open tab' }]),
        stage('select', {
          spans: [
            { spanId: 'S1', url: A },
            { spanId: 'S2', url: B },
            { spanId: 'S3', url: 'https://g.example.org/conflict' },
          ],
          dropped: [
            { passageId: 'p1', url: 'https://c.example.net/old', reason: 'published 2019-01-01, beyond 3× the 365-day window' },
            { passageId: 'p2', url: 'https://c.example.net/old', reason: 'published 2019-01-01, beyond 3× the 365-day window' },
            { passageId: 'p3', url: 'https://a.example.org/archive', reason: 'another document from example.org was kept' },
            { passageId: 'p4', url: A, reason: 'over the span budget' },
            { passageId: 'p5', url: 'https://e.example.org/offtopic', reason: 'too short to be evidence' },
          ],
          freshnessDays: 30,
        }),
      ],
    },
  };
}

describe('sources used, and retrieved but not used, each with why', () => {
  it('used: the answer’s sources; every other retrieved page once, with the trace’s reasons', () => {
    const r = answer();
    expect(usedSources(r).map((s) => s.url)).toEqual([A]);
    const unused = Object.fromEntries(unusedSources(r).map((u) => [u.url, u]));
    expect(Object.keys(unused)).not.toContain(A); // a cited page is used, even if some of its passages were dropped
    expect(unused[B]).toMatchObject({ title: 'Title of S2', reasons: [{ kind: 'not-cited', spanIds: ['S2'] }] });
    expect(unused['https://c.example.net/old']).toEqual({
      url: 'https://c.example.net/old',
      title: 'Old news',
      reasons: [{ kind: 'dropped', text: 'published 2019-01-01, beyond 3× the 365-day window' }],
    });
    expect(unused['https://a.example.org/archive']!.reasons).toEqual([
      { kind: 'dropped', text: 'another document from example.org was kept' },
    ]);
    expect(unused['https://d.example.org/broken']!.reasons).toEqual([{ kind: 'unreadable', text: 'HTTP 404' }]);
    expect(unused['https://e.example.org/offtopic']!.reasons).toEqual([{ kind: 'not-relevant' }]);
    expect(unused['https://tab.example.org/']).toMatchObject({ title: 'My open tab', reasons: [{ kind: 'not-relevant' }] });
    expect(unused['https://f.example.org/late']!.reasons).toEqual([{ kind: 'not-read' }]);
    expect(unused['https://g.example.org/conflict']!.reasons).toEqual([{ kind: 'set-aside', spanIds: ['S3'] }]);
  });

  it('a span set aside by a resolved conflict says so', () => {
    const r = answer();
    r.conflicts = [
      {
        about: 'residents',
        values: [
          { value: '412,000', cites: ['S1'], published: '2026-10-01', primary: false },
          { value: '398,500', cites: ['S3'], published: '2025-01-01', primary: false },
        ],
        resolution: 'prefer-recent',
        note: 'Sources disagree; the most recent is preferred.',
      },
    ];
    const conflict = unusedSources(r).find((u) => u.url === 'https://g.example.org/conflict');
    expect(conflict!.reasons).toEqual([{ kind: 'conflict', spanIds: ['S3'] }]);
  });

  it('a refusal used nothing: its evidence is listed as selected but not composed', () => {
    const r = answer();
    const refused: AnswerResult = { ...r, mode: 'abstained', reason: 'gate', links: [], best: [] };
    expect(usedSources(refused)).toEqual([]);
    const unused = unusedSources(refused);
    expect(unused.find((u) => u.url === A)!.reasons[0]).toEqual({ kind: 'not-composed', spanIds: ['S1'] });
  });

  it('a trace without details (an old or imported answer) gives what the evidence alone shows', () => {
    const r = { ...answer(), trace: { stages: [stage('fetch', 'not the expected shape')] } };
    expect(unusedSources(r)).toEqual([{ url: B, title: 'Title of S2', reasons: [{ kind: 'not-cited', spanIds: ['S2'] }] }]);
  });
});

describe('freshness: a source’s age when the question was asked, against its window', () => {
  it('the window comes from the select stage, else the plan, else none', () => {
    expect(questionWindowDays(answer())).toBe(30);
    const r = answer();
    r.trace.stages = r.trace.stages.filter((s) => s.stage !== 'select');
    expect(questionWindowDays(r)).toBe(365);
    expect(questionWindowDays({ trace: { stages: [] } })).toBeUndefined();
    expect(questionWindowDays({ trace: { stages: [stage('select', { freshnessDays: null })] } })).toBeUndefined();
  });

  it('inside, outside, without a window, and unknown', () => {
    const asked = '2026-11-30T10:00:00Z';
    expect(freshnessOf({ iso: '2026-11-20', source: 'meta' }, asked, 30)).toEqual({
      kind: 'dated',
      ageDays: 10,
      windowDays: 30,
      inside: true,
    });
    expect(freshnessOf({ iso: '2026-01-01', source: 'meta' }, asked, 30)).toMatchObject({ inside: false, ageDays: 333 });
    expect(freshnessOf({ iso: '2026-01-01', source: 'meta' }, asked)).toEqual({ kind: 'dated', ageDays: 333 });
    expect(freshnessOf(null, asked, 30)).toEqual({ kind: 'unknown' });
    expect(freshnessOf({ iso: 'not a date', source: 'footer' }, asked, 30)).toEqual({ kind: 'unknown' });
    // Dated after the question (a clock or a page that lies): not negative.
    expect(freshnessOf({ iso: '2027-01-01', source: 'meta' }, asked)).toEqual({ kind: 'dated', ageDays: 0 });
  });

  it('ages in the unit a person would use', () => {
    expect(ageUnits(10)).toEqual({ unit: 'day', n: 10 });
    expect(ageUnits(333)).toEqual({ unit: 'month', n: 11 });
    expect(ageUnits(1000)).toEqual({ unit: 'year', n: 2 });
  });
});
