import { readAnswer, type SpanlightDb } from '../db/database';
import type { AnswerRecord } from '../shared/records';

/** An answer from history; a person-readable error when it was deleted. */
export async function storedAnswer(db: SpanlightDb, answerId: string): Promise<AnswerRecord> {
  const answer = await readAnswer(db, answerId);
  if (!answer) throw new Error('That answer is no longer in history.');
  return answer;
}
