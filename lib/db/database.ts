import Dexie, { type EntityTable } from 'dexie';
import {
  AnswerRecordSchema,
  JobRecordSchema,
  type AnswerRecord,
  type FactCheckState,
  type SettledClaimRecord,
  type JobEvent,
  type JobRecord,
  type PageCacheRecord,
  type SearchCacheRecord,
} from '../shared/records';
import { SettingsSchema, defaultSettings, type Settings } from '../settings';
import { HISTORY_INDEX_SCHEMA, buildHistoryIndex, putAnswers, type HistoryIndexRow } from './history-rows';
import type { ImportChunkRow, ImportSessionRow } from './history-rows';

interface SettingsRow {
  id: 'settings';
  value: Settings;
}

/** The extension's one database. Schema changes add a version; never edit an old one. */
export class SpanlightDb extends Dexie {
  settings!: EntityTable<SettingsRow, 'id'>;
  jobs!: EntityTable<JobRecord, 'id'>;
  answers!: EntityTable<AnswerRecord, 'id'>;
  pageCache!: EntityTable<PageCacheRecord, 'url'>;
  searchCache!: EntityTable<SearchCacheRecord, 'key'>;
  historyIndex!: EntityTable<HistoryIndexRow, 'order'>;
  importSessions!: EntityTable<ImportSessionRow, 'id'>;
  importChunks!: EntityTable<ImportChunkRow, 'key'>;

  constructor(name = 'spanlight') {
    super(name);
    this.version(1).stores({
      settings: 'id',
      jobs: 'id, status, createdAt',
      answers: 'id, jobId, createdAt',
      pageCache: 'url, fetchedAt',
      searchCache: 'key, expiresAt',
    });
    // v2: answers carry their mode as an index, for history filters; old answers are backfilled.
    this.version(2)
      .stores({ answers: 'id, jobId, createdAt, mode' })
      .upgrade((tx) =>
        tx
          .table('answers')
          .toCollection()
          .modify((a: { mode?: string; result?: { mode?: string } }) => {
            a.mode = a.result?.mode ?? 'unknown';
          }),
      );
    // v3: history search through an index (lib/db/history-index.ts), built here for the answers
    // already stored; imports are staged in their own tables until they are committed whole.
    this.version(3)
      .stores({
        historyIndex: HISTORY_INDEX_SCHEMA,
        importSessions: 'id, startedAt',
        importChunks: 'key, importId',
      })
      .upgrade(buildHistoryIndex);
    // v4: the model judge became on by default; settings stored before had it off only because that
    // was the old default (there was no other way to leave it off), so they get the new default once.
    this.version(4).upgrade((tx) =>
      tx
        .table('settings')
        .toCollection()
        .modify((row: { value?: { judge?: boolean } }) => {
          if (row.value) row.value.judge = true;
        }),
    );
  }
}

/** Why a write failed, in words a person can act on. */
export function storageErrorMessage(e: unknown): string {
  const name = e instanceof Error ? e.name : '';
  const inner = (e as { inner?: { name?: string } })?.inner?.name ?? '';
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError')
    return "Spanlight's storage is full, so this answer was not saved (your history is intact). Delete old answers or clear the page cache, then retry.";
  return `This answer could not be saved (${e instanceof Error ? e.message : String(e)}); your history is intact.`;
}

/**
 * Stores a finished answer and marks its job done, in one transaction: either both are written or
 * neither, so a full disk loses nothing that was already stored.
 */
export async function saveAnswer(
  db: SpanlightDb,
  answer: AnswerRecord,
  now: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await db.transaction('rw', db.jobs, db.answers, db.historyIndex, async () => {
      await putAnswers(db, [answer]);
      const current = await db.jobs.get(answer.jobId);
      if (current)
        await db.jobs.put({
          ...current,
          status: 'done',
          answerId: answer.id,
          updatedAt: now,
          events: [...current.events, { at: now, stage: 'done', message: answer.result.mode }],
        });
    });
    return { ok: true };
  } catch (e) {
    return { ok: false, error: storageErrorMessage(e) };
  }
}

/** Reads settings, validating on read; a stored record that no longer parses falls back to defaults
 * merged with whatever still parses, so an upgrade never leaves the extension unusable. */
export async function readSettings(db: SpanlightDb): Promise<Settings> {
  const row = await db.settings.get('settings');
  if (!row) return defaultSettings();
  const parsed = SettingsSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  const merged = SettingsSchema.safeParse({ ...defaultSettings(), ...(row.value as object) });
  return merged.success ? merged.data : defaultSettings();
}

export async function writeSettings(db: SpanlightDb, value: Settings): Promise<void> {
  await db.settings.put({ id: 'settings', value: SettingsSchema.parse(value) });
}

/** Newest answers first (`limit` Infinity: all), validated on read; records that fail validation are skipped, not deleted. */
export async function listAnswers(db: SpanlightDb, limit = 50): Promise<AnswerRecord[]> {
  const newest = db.answers.orderBy('createdAt').reverse();
  const rows = await (Number.isFinite(limit) ? newest.limit(limit) : newest).toArray();
  return rows.flatMap((r) => {
    const p = AnswerRecordSchema.safeParse(r);
    return p.success ? [p.data] : [];
  });
}

export async function readJob(db: SpanlightDb, id: string): Promise<JobRecord | undefined> {
  const row = await db.jobs.get(id);
  if (!row) return undefined;
  const p = JobRecordSchema.safeParse(row);
  return p.success ? p.data : undefined;
}

export async function readAnswer(db: SpanlightDb, id: string): Promise<AnswerRecord | undefined> {
  const row = await db.answers.get(id);
  if (!row) return undefined;
  const p = AnswerRecordSchema.safeParse(row);
  return p.success ? p.data : undefined;
}

/** Appends a progress event to a job (read-modify-write in one transaction). */
export async function appendJobEvent(db: SpanlightDb, jobId: string, event: JobEvent): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job) return;
    await db.jobs.put({ ...job, events: [...job.events, event], updatedAt: event.at });
  });
}

/** Adds a claim verified while the model is still writing. */
export async function appendJobClaim(db: SpanlightDb, jobId: string, claim: JobRecord['claims'][number]): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job) return;
    await db.jobs.put({ ...job, claims: [...(job.claims ?? []), claim], updatedAt: new Date().toISOString() });
  });
}

/** Stores a fact-check's state when its claims are found (the list kept for the whole check). */
export async function setJobFactCheck(db: SpanlightDb, jobId: string, state: FactCheckState): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job) return;
    await db.jobs.put({ ...job, factCheck: state, updatedAt: new Date().toISOString() });
  });
}

/** The verdicts stored with new ones added: a claim settled again (its own sources in) replaces its entry. */
function withVerdicts(stored: SettledClaimRecord[], added: SettledClaimRecord[]): SettledClaimRecord[] {
  const out = [...stored];
  for (const s of added) {
    const at = out.findIndex((o) => o.claim.rank === s.claim.rank);
    if (at >= 0) out[at] = s;
    else out.push(s);
  }
  return out;
}

/** Appends verdicts settled by a running fact-check to its stored state. */
export async function appendJobVerdicts(db: SpanlightDb, jobId: string, settled: SettledClaimRecord[]): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job?.factCheck) return;
    await db.jobs.put({
      ...job,
      factCheck: { ...job.factCheck, settled: withVerdicts(job.factCheck.settled, settled) },
      updatedAt: new Date().toISOString(),
    });
  });
}

/** Jobs left "running" by a worker that was stopped become "interrupted", so the panel can offer a retry. */
export async function markInterruptedJobs(db: SpanlightDb, now: string): Promise<number> {
  return db.jobs.where('status').equals('running').modify({ status: 'interrupted', updatedAt: now });
}
