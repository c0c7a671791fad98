import Dexie, { type EntityTable } from 'dexie';
import {
  AnswerRecordSchema,
  JobRecordSchema,
  type AnswerRecord,
  type JobEvent,
  type JobRecord,
  type PageCacheRecord,
  type SearchCacheRecord,
} from './records';
import { SettingsSchema, defaultSettings, type Settings } from '../settings';

export * from './records';

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

  constructor(name = 'spanlight') {
    super(name);
    this.version(1).stores({
      settings: 'id',
      jobs: 'id, status, createdAt',
      answers: 'id, jobId, createdAt',
      pageCache: 'url, fetchedAt',
      searchCache: 'key, expiresAt',
    });
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

/** Newest answers first, validated on read; records that fail validation are skipped, not deleted. */
export async function listAnswers(db: SpanlightDb, limit = 50): Promise<AnswerRecord[]> {
  const rows = await db.answers.orderBy('createdAt').reverse().limit(limit).toArray();
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

/** Jobs left "running" by a worker that was stopped become "interrupted", so the panel can offer a retry. */
export async function markInterruptedJobs(db: SpanlightDb, now: string): Promise<number> {
  return db.jobs.where('status').equals('running').modify({ status: 'interrupted', updatedAt: now });
}
