/**
 * The evaluation: every frozen case through `checkCase` with its scripted draft (or, live, a draft
 * composed by a model over the same evidence), plus the labelled answers of answers-dev, measured
 * with the seeds' metrics. No file access: the caller loads the inputs (lib/eval/load.ts).
 */
import type { ChatModel } from '../model/chat-model';
import { checkCase, frozenSpan } from '../answering/check-case';
import { composeWithModel } from '../claims/compose';
import { gateEvidence } from '../evidence/gate';
import { DEFAULT_PRIMARY_DOMAINS } from '../settings';
import type { LabelledAnswer } from './dataset';
import { CATEGORIES, type Category, type EvalCase } from './cases';
import { evaluateAnswer, evaluateCase, scoreCase, toCheckCase, type CaseOutcome } from './evaluate';
import { answerSetMetrics, byCategory, groundedness } from './metrics';
import type { EvalReport } from './report';

export interface AnswersInput {
  file: string;
  /** Null when the file is absent: the answers-dev part is skipped and says so. */
  answers: LabelledAnswer[] | null;
}

function frozenPart(unordered: CaseOutcome[], withExpectations: boolean): EvalReport['frozen'] {
  // Grouped by category, in the order of CATEGORIES, so the table's columns read the same every time.
  const rank = (o: CaseOutcome) => CATEGORIES.indexOf(o.category as Category);
  const outcomes = [...unordered].sort((a, b) => rank(a) - rank(b));
  const met = outcomes.filter((o) => o.passed).length;
  return {
    cases: outcomes.length,
    expectationsMet: withExpectations
      ? { n: met, of: outcomes.length, value: outcomes.length ? met / outcomes.length : null }
      : null,
    failing: outcomes.filter((o) => !o.passed).map((o) => ({ id: o.id, category: o.category, failures: o.failures })),
    overall: groundedness(outcomes),
    byCategory: byCategory(outcomes),
    outcomes,
  };
}

function answersPart(input: AnswersInput | null): EvalReport['answersDev'] {
  if (!input) return null;
  if (!input.answers) return { file: input.file, skipped: `${input.file} not found` };
  const outcomes = input.answers.map(evaluateAnswer);
  return { file: input.file, metrics: answerSetMetrics(outcomes), outcomes };
}

/** The scripted evaluation: deterministic, no network, a few hundred milliseconds. */
export function runScripted(cases: EvalCase[], answers: AnswersInput | null, now: () => Date = () => new Date()): EvalReport {
  const t0 = performance.now();
  const frozen = frozenPart(cases.map(evaluateCase), true);
  const answersDev = answersPart(answers);
  return {
    kind: 'scripted',
    generatedAt: now().toISOString(),
    durationMs: Math.round(performance.now() - t0),
    frozen,
    answersDev,
  };
}

export interface LiveOptions {
  model: ChatModel;
  /** Composer calls in flight at once. */
  concurrency?: number;
  onProgress?: (line: string) => void;
  now?: () => Date;
}

/**
 * The live evaluation: for each frozen case whose evidence passes the gate, the model composes a
 * draft over the spans the extension would hand it (sanitised, resolved conflicts' losing values
 * set aside), and `checkCase` disposes of that draft. Cases the gate refuses never reach the model,
 * as in the extension. The scripted drafts' claim expectations do not apply to the model's drafts:
 * modes, freshness, evidence recall, gold answers, coverage and the confirmed share are measured;
 * citation precision needs labels and is left empty. A provider error stops the run.
 */
export async function runLive(cases: EvalCase[], options: LiveOptions): Promise<EvalReport> {
  const t0 = performance.now();
  const now = options.now ?? (() => new Date());
  const tokens = { in: 0, out: 0 };
  const outcomes: CaseOutcome[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const spans = c.evidence.map((e) => frozenSpan(e, new Date(c.now)));
      const prepared = gateEvidence(c.question, spans, {
        minDomains: c.settings?.minDomains ?? 2,
        requirePrimary: c.settings?.requirePrimary ?? false,
        primaryDomains: c.settings?.primaryDomains ?? DEFAULT_PRIMARY_DOMAINS,
        ...(c.freshnessDays === undefined ? {} : { freshnessDays: c.freshnessDays }),
        now: new Date(c.now),
      });
      let draft = 'INSUFFICIENT';
      if (prepared.gate.passed) {
        const shown = prepared.composeSpans.map((s) => ({ ...s, text: prepared.texts.get(s.spanId) ?? s.text }));
        let reply;
        try {
          reply = await composeWithModel(options.model, c.question, shown, c.now.slice(0, 10));
        } catch (e) {
          throw new Error(`case ${c.id}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
        }
        draft = reply.text;
        tokens.in += reply.tokensIn ?? 0;
        tokens.out += reply.tokensOut ?? 0;
      }
      outcomes[i] = scoreCase(c, checkCase(toCheckCase(c, draft)), { withExpectations: false });
      done++;
      options.onProgress?.(
        `${done}/${cases.length} ${c.id}: ${prepared.gate.passed ? outcomes[i]!.mode : 'refused by the gate (no model call)'}`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, options.concurrency ?? 2), cases.length) }, worker));
  return {
    kind: 'live',
    generatedAt: now().toISOString(),
    durationMs: Math.round(performance.now() - t0),
    model: options.model.name,
    tokens,
    frozen: frozenPart(outcomes, false),
    answersDev: null,
  };
}
