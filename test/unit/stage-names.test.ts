import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AnswerView } from '@/components/answer-view';
import { TraceRecorder } from '@/lib/run/trace';
import { SpanlightDb, listAnswers } from '@/lib/db/database';
import type { AnswerRecord } from '@/lib/shared/records';
import {
  STAGE_NAMES,
  StoredStageNameSchema,
  TraceStageSchema,
  type StageName,
  type StoredStageName,
  type TraceStage,
} from '@/lib/shared/trace-schema';

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

  it('a stored stage is checked against the list: a known name is read as it is, another as "unknown" with its name kept', () => {
    const stored = { stage: 'rerank', startedAt: '2026-11-30T10:00:00Z', ms: 3, ok: true, summary: 'from a later version' };
    expect(TraceStageSchema.parse({ ...stored, stage: 'verify' })).toEqual({ ...stored, stage: 'verify' });
    const read = TraceStageSchema.parse(stored);
    expect(read).toEqual({ ...stored, stage: 'unknown', unknownStage: 'rerank' });
    // Read again (exported, then imported): still the name as first written.
    expect(TraceStageSchema.parse(read)).toEqual(read);
    // Not a name at all: the stage still loads.
    expect(TraceStageSchema.parse({ ...stored, stage: 7 })).toMatchObject({ stage: 'unknown', unknownStage: '7' });
    const nameless: Partial<typeof stored> = { ...stored };
    delete nameless.stage;
    expect(TraceStageSchema.parse(nameless)).toMatchObject({ stage: 'unknown', unknownStage: '' });
    const unknownOnly: StoredStageName[] = StoredStageNameSchema.options.filter(
      (n) => !(STAGE_NAMES as readonly string[]).includes(n),
    );
    expect(unknownOnly).toEqual(['unknown']);
  });

  it('an answer stored with a stage this version does not know loads from the database, and its trace shows the name', async () => {
    // No catalogue here: the panel shows message keys, which is enough to read the stage names.
    fakeBrowser.i18n.getMessage = (() => '') as typeof fakeBrowser.i18n.getMessage;
    const db = new SpanlightDb('stage-names-unknown');
    try {
      const stages = [
        { stage: 'route', startedAt: '2026-10-01T12:00:00Z', ms: 1, ok: true, summary: 'search' },
        { stage: 'rerank', startedAt: '2026-10-01T12:00:01Z', ms: 2, ok: true, summary: 'from a later version', detail: {} },
      ];
      const old = {
        id: 'old',
        jobId: 'job-old',
        question: 'q',
        createdAt: '2026-10-01T12:00:00Z',
        result: {
          mode: 'nothing-found',
          question: 'q',
          trace: { stages },
          evidence: [],
          searched: ['q'],
          warnings: [],
          conflicts: [],
          reason: 'none',
        },
      };
      await db.answers.put(old as unknown as AnswerRecord);
      const [answer] = await listAnswers(db);
      expect(answer?.result.trace.stages.map((s) => [s.stage, s.unknownStage])).toEqual([
        ['route', undefined],
        ['unknown', 'rerank'],
      ]);
      const html = renderToStaticMarkup(
        createElement(AnswerView, { answer: answer!, citation: null, onCite: () => {}, onRetry: () => {} }),
      );
      expect(html).toContain('<li data-stage="unknown"><strong>rerank</strong>');
      expect(html).toContain('<li data-stage="route"><strong>route</strong>');
    } finally {
      await db.delete();
    }
  });
});
