import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '@/lib/pipeline/trace';
import { STAGE_NAMES, TraceStageSchema, type StageName, type TraceStage } from '@/lib/shared/trace-schema';

const now = () => new Date('2026-12-01T12:00:00Z');

describe('stage names are a closed set', () => {
  it('the recorder takes only listed names: a misspelt one is a type error (checked by tsc on this file)', async () => {
    const trace = new TraceRecorder(now);
    trace.add('gate', { ok: true, summary: 'listed' });
    // @ts-expect-error "gates" is not a stage: `npm run typecheck` fails if the recorder takes any string.
    trace.add('gates', { ok: true, summary: 'misspelt' });
    const summary = () => ({ ok: true, summary: 'misspelt' });
    // @ts-expect-error the same for a stage that runs.
    await trace.run('selct', async () => 1, summary);
    expect(trace.stages.map((s) => s.stage)).toEqual(['gate', 'gates', 'selct']);
  });

  it('a reader comparing with a misspelt name is a type error too', () => {
    const stages: TraceStage[] = [{ stage: 'select', startedAt: now().toISOString(), ms: 0, ok: true, summary: '' }];
    // @ts-expect-error "selects" overlaps no stage name.
    expect(stages.filter((s) => s.stage === 'selects')).toEqual([]);
    const names: readonly StageName[] = STAGE_NAMES;
    expect(new Set(names).size).toBe(names.length);
  });

  it('a stored trace naming a stage outside the list (another version wrote it) is read as written, not lost', () => {
    const stored = { stage: 'rerank', startedAt: '2026-11-30T10:00:00Z', ms: 3, ok: true, summary: 'from a later version' };
    const read = TraceStageSchema.safeParse(stored);
    expect(read.success).toBe(true);
    expect(read.data).toEqual(stored);
    expect(TraceStageSchema.parse({ ...stored, stage: 'verify' }).stage).toBe('verify');
  });
});
