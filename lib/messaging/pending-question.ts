import { z } from 'zod';

/**
 * A question handed from the background to the side panel (the context menu's "Ask Spanlight"): the
 * background cannot talk to a panel that is not open yet, so it leaves the question in session
 * storage, and the panel takes it when it mounts, or when it changes while the panel is open.
 */
export const PENDING_QUESTION_KEY = 'pendingQuestion';

export const PendingQuestionSchema = z.object({
  question: z.string().trim().min(1).max(4000),
  /** When it was left (ISO); an old one is not asked. */
  at: z.string(),
});
export type PendingQuestion = z.infer<typeof PendingQuestionSchema>;

/** A pending question older than this is dropped, not asked (the panel may have failed to open). */
export const PENDING_TTL_MS = 5 * 60_000;

/** The part of a storage area (browser.storage.session) used here. */
export interface StorageAreaLike {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A selection as a question: whitespace collapsed, cut to what `ask` accepts; null when empty. */
export function pendingFromSelection(selection: string | undefined, now: Date): PendingQuestion | null {
  const question = (selection ?? '').replace(/\s+/g, ' ').trim().slice(0, 4000);
  return question ? { question, at: now.toISOString() } : null;
}

/** Leaves a question for the panel. */
export function leavePendingQuestion(area: StorageAreaLike, pending: PendingQuestion): Promise<void> {
  return area.set({ [PENDING_QUESTION_KEY]: pending });
}

/** Reads a stored value as a pending question that is still fresh, or null. */
export function freshPending(value: unknown, now: number): PendingQuestion | null {
  const parsed = PendingQuestionSchema.safeParse(value);
  if (!parsed.success) return null;
  const age = now - Date.parse(parsed.data.at);
  return age >= 0 && age <= PENDING_TTL_MS ? parsed.data : null;
}

/** Takes the pending question (removing it, so it is asked once); null when there is none or it is stale. */
export async function takePendingQuestion(area: StorageAreaLike, now: number): Promise<PendingQuestion | null> {
  const stored = (await area.get(PENDING_QUESTION_KEY))[PENDING_QUESTION_KEY];
  if (stored === undefined) return null;
  await area.remove(PENDING_QUESTION_KEY);
  return freshPending(stored, now);
}
