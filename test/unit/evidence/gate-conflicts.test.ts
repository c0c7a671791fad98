import { describe, expect, it } from 'vitest';
import { checkGate, gateEvidence } from '@/lib/evidence/gate';
import { detectConflicts, setAsideByConflicts, statedValues } from '@/lib/evidence/conflicts';
import { onDomains } from '@/lib/evidence/on-domains';
import type { EvidenceSpan } from '@/lib/shared/types';
import { span } from '../spans';

const NOW = new Date('2026-11-30T12:00:00Z');
const isPrimary = onDomains(['stats.gov.example']);
const dated = (s: EvidenceSpan, iso: string | null): EvidenceSpan => ({ ...s, published: iso ? { iso, source: 'meta' } : null });

const a = dated(span('S1', 'Exampleville had 412,000 residents in 2026.', 'https://www.stats.gov.example/census'), '2026-11-01');
const b = dated(
  span('S2', 'The town of Exampleville now counts 412,000 residents.', 'https://news.example.com/growth'),
  '2026-11-10',
);
const base = { minDomains: 2, requirePrimary: false, isPrimary, now: NOW };

describe('the gate: each condition failing alone gives a non-answer that names it', () => {
  it('passes with two independent domains and nothing else asked', () => {
    expect(checkGate([a, b], [], base)).toMatchObject({ passed: true, failed: [] });
  });

  it('independent domains: two spans from one registrable domain are one source', () => {
    const same = { ...b, url: 'https://blog.stats.gov.example/other' };
    const g = checkGate([a, same], [], base);
    expect(g.failed.map((f) => f.condition)).toEqual(['independent-domains']);
    expect(g.failed[0]!.message).toContain('Only 1 independent source');
  });

  it('independence is not applied to evidence that is only the open tabs the person chose', () => {
    const tab = { ...a, origin: 'tab' as const };
    expect(checkGate([tab], [], base).passed).toBe(true);
  });

  it('primary source: required by the settings and absent', () => {
    const c = { ...a, url: 'https://other.example.org/x' };
    const g = checkGate([c, b], [], { ...base, requirePrimary: true });
    expect(g.failed.map((f) => f.condition)).toEqual(['primary-source']);
    expect(checkGate([a, b], [], { ...base, requirePrimary: true }).passed).toBe(true);
  });

  it('freshness: no span dated inside the window (undated spans never satisfy it)', () => {
    const old = [dated(a, '2025-01-01'), dated(b, null)];
    const g = checkGate(old, [], { ...base, freshnessDays: 30 });
    expect(g.failed.map((f) => f.condition)).toEqual(['freshness']);
    expect(g.failed[0]!.message).toContain('2025-01-01, undated');
    expect(checkGate([a, b], [], { ...base, freshnessDays: 60 }).passed).toBe(true);
  });

  it('conflict: an unresolved material conflict', () => {
    const x = dated(span('S1', 'Exampleville had 412,000 residents this year.', 'https://one.example.org/a'), '2026-11-01');
    const y = dated(span('S2', 'Exampleville had 450,000 residents this year.', 'https://two.example.com/b'), '2026-11-05');
    const conflicts = detectConflicts('How many residents does Exampleville have?', [x, y], { isPrimary });
    const g = checkGate([x, y], conflicts, base);
    expect(g.failed.map((f) => f.condition)).toEqual(['conflict']);
    expect(g.failed[0]!.message).toContain('412,000 [S1]');
    expect(g.failed[0]!.message).toContain('450,000 [S2]');
  });
});

describe('conflicts: values compared across spans, policy applied in code', () => {
  const Q = 'How many residents does Exampleville have?';

  it('reads values with what they count', () => {
    expect(statedValues('Exampleville had 412,000 residents, up 3.4% from 398,500 a year earlier.')).toMatchObject([
      { about: 'residents', value: '412,000', numeric: 412000 },
      { about: 'percent', value: '3.4%', numeric: 3.4 },
    ]);
    expect(statedValues('The latest release is version 3.12.1.')[0]).toMatchObject({ about: 'version', value: '3.12.1' });
  });

  it('values of different things sharing a unit are not a conflict', () => {
    const rate = dated(
      span('S1', 'The central bank kept its policy rate at 3.25 percent this month.', 'https://bank.example.org/a'),
      '2026-11-01',
    );
    const cpi = dated(
      span(
        'S2',
        'Consumer inflation stood at 2.1 percent this month, the statistics office said.',
        'https://stats.example.com/b',
      ),
      '2026-11-02',
    );
    expect(detectConflicts('What is the central bank policy rate and inflation this month?', [rate, cpi], { isPrimary })).toEqual(
      [],
    );
  });

  it('agreeing spans are no conflict (rounding tolerated)', () => {
    expect(detectConflicts(Q, [a, b], { isPrimary })).toEqual([]);
  });

  it('prefers the primary source and says so; the other value is set aside', () => {
    const other = dated(
      span('S2', 'Exampleville has 450,000 residents, a blog says.', 'https://blog.example.net/x'),
      '2026-11-20',
    );
    const c = detectConflicts(Q, [a, other], { isPrimary });
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ about: 'residents', resolution: 'prefer-primary' });
    expect(c[0]!.note).toContain('primary source');
    expect([...setAsideByConflicts(c)]).toEqual(['S2']);
  });

  it('prefers the clearly more recent value when neither is primary', () => {
    const old = dated(span('S1', 'Exampleville had 380,000 residents.', 'https://one.example.org/a'), '2024-01-01');
    const fresh = dated(span('S2', 'Exampleville had 412,000 residents.', 'https://two.example.com/b'), '2026-11-01');
    const c = detectConflicts(Q, [old, fresh], { isPrimary });
    expect(c[0]!.resolution).toBe('prefer-recent');
    expect(c[0]!.note).toContain('The more recent value, 412,000');
    expect([...setAsideByConflicts(c)]).toEqual(['S1']);
  });

  it('gateEvidence hands the composer the preferred spans only', () => {
    const other = dated(
      span('S2', 'Exampleville has 450,000 residents, a blog says.', 'https://blog.example.net/x'),
      '2026-11-20',
    );
    const c = dated(
      span('S3', 'Exampleville residents voted on a new park in 2026.', 'https://third.example.com/p'),
      '2026-11-21',
    );
    const p = gateEvidence(Q, [a, other, c], {
      minDomains: 2,
      requirePrimary: false,
      primaryDomains: ['stats.gov.example'],
      now: NOW,
    });
    expect(p.gate.passed).toBe(true);
    expect(p.composeSpans.map((s) => s.spanId)).toEqual(['S1', 'S3']);
  });
});
