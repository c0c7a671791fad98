import { callBackground } from '@/lib/messaging/client';
import type { AnswerRecord } from '@/lib/shared/records';

/** Earlier answers of a thread, oldest first, following each follow-up back to the question it follows. */
export async function threadBefore(previousAnswerId: string | undefined): Promise<AnswerRecord[]> {
  const out: AnswerRecord[] = [];
  let id = previousAnswerId;
  while (id && out.length < 20) {
    const r = await callBackground('getAnswer', { answerId: id });
    if (!r.ok) break; // deleted since: the thread starts after it
    out.unshift(r.value);
    id = r.value.followUp?.previousAnswerId;
  }
  return out;
}
