import type { JobRecord } from '../shared/records';
import type { Settings } from '../settings';
import type { AnswerResult } from '../shared/types';

/** The follow-up's rewrite as the first stage of its answer's trace. */
export function followUpStage(job: JobRecord, settings: Settings): AnswerResult['trace']['stages'][number] {
  const f = job.followUp!;
  const tokensIn = f.tokensIn ?? 0;
  const tokensOut = f.tokensOut ?? 0;
  const how =
    f.method === 'model'
      ? 'rewritten by the model to stand alone'
      : f.method === 'heuristic'
        ? "the previous question's key terms added (no model)"
        : 'it stands alone: searched as written';
  return {
    stage: 'follow-up',
    startedAt: job.createdAt,
    ms: f.ms ?? 0,
    ok: true,
    summary: `“${f.asked}” → “${job.question}”: ${how}${f.note ? `. ${f.note}` : ''}`,
    detail: { previousAnswerId: f.previousAnswerId, asked: f.asked, question: job.question, method: f.method },
    ...(f.tokensIn === undefined ? {} : { tokensIn, tokensOut }),
    ...(f.method === 'model' || tokensIn > 0
      ? { costUsd: (tokensIn * settings.prices.inputPerMillion + tokensOut * settings.prices.outputPerMillion) / 1e6 }
      : {}),
  };
}
