/**
 * The judge's evaluation with the label-answering judge (label-judge.ts): what the code keeps of a
 * good model's reading, and what it lets through of a bad one (wrong on a seeded share of items),
 * before and after the code's disposal, on Climate-FEVER's claims and sentences (the fact-check
 * flow: verdictFor, then openClaims, settleVerdicts, applyVerdicts) and on the labelled answers (the
 * answering flow: checkClaims, then openCitedClaims, settleVerdicts, applyChecks). No file access.
 */
import type { Claim, EvidenceSpan } from '../shared/types';
import { frozenSpan } from '../answering/check-case';
import type { JudgeOutcome } from '../verdict/judge';
import { applyChecks, byClaim, checkClaims, openCitedClaims } from '../verdict/cited-claims';
import { verdictFor } from '../verdict/code-verdict';
import { applyVerdicts, openClaims, settleVerdicts, verdictsOf } from '../verdict/settle-verdicts';
import type { ClaimVerdict, JudgeFinding, Verdict } from '../verdict/verdict';
import type { LabelledAnswer } from './dataset';
import { LabelBook, labelJudge, type PassageLabel } from './label-judge';
import type { Rate } from './metrics';

/** A Climate-FEVER row with each sentence's own label (`kind: "claim"`: five sentences; `"pair"`: one). */
export interface JudgedFactCheckRow {
  id: string;
  kind: 'pair' | 'claim';
  claim: string;
  evidence: Array<{ id: string; url: string; text: string; label: Verdict }>;
  label: Verdict;
}

/** Figures of one judge. "before" counts the findings the code's own reading overruled as if accepted. */
export interface JudgeFigures {
  judge: string;
  /** Whole claims: the verdict equals the label. */
  claimsAgree: Rate;
  /** Disputed claims (some sentences support, others refute) shown as mixed. */
  disputedMixed: Rate;
  /** Sentences alone: a supporting one shown supported, a refuting one contradicted. */
  pairSupportKept: Rate;
  pairContradictionKept: Rate;
  /** Refuting or silent sentences shown as supported (the safety figure), before and after disposal. */
  falseSupportBefore: Rate;
  falseSupportAfter: Rate;
  /** Supporting sentences shown as contradicted, before and after disposal. */
  falseContradictionBefore: Rate;
  falseContradictionAfter: Rate;
  /** The judge's findings the code's reading overruled: right ones (by the label) and wrong ones. */
  overruledWrong: number;
  overruledRight: number;
}

/** Figures of one judge on the labelled answers (cited claims). */
export interface AnswerJudgeFigures {
  judge: string;
  supportedKept: Rate;
  /** Claims labelled partial or unsupported shown as supported, before and after disposal. */
  falseSupportBefore: Rate;
  falseSupportAfter: Rate;
  /** Claims flagged with a passage for and one against. */
  flaggedMixed: number;
}

export interface JudgeEvalReport {
  wrongShare: number;
  seed: number;
  factCheck: { file: string; good: JudgeFigures; bad: JudgeFigures } | { file: string; skipped: string };
  answers: { file: string; good: AnswerJudgeFigures; bad: AnswerJudgeFigures } | { file: string; skipped: string };
}

const rate = (n: number, of: number): Rate => ({ n, of, value: of > 0 ? n / of : null });
const LABEL_OF: Record<Verdict, PassageLabel> = {
  supported: 'supports',
  contradicted: 'contradicts',
  'not-found': 'neither',
  mixed: 'neither',
};

/** A row's sentences as spans numbered across the whole set (ids unique, as in a check). */
function spansOf(rows: JudgedFactCheckRow[]): EvidenceSpan[][] {
  let n = 0;
  const at = new Date(0);
  return rows.map((r) => r.evidence.map((e) => ({ ...frozenSpan({ id: `S${++n}`, url: e.url, title: '', text: e.text }, at) })));
}

/** The findings overruled, by item index: the verdicts they would have given had they been accepted. */
function overruledBy(outcome: JudgeOutcome): Map<number, JudgeFinding[]> {
  const m = new Map<number, JudgeFinding[]>();
  for (const o of outcome.overruled) m.set(o.index, [...(m.get(o.index) ?? []), o.finding]);
  return m;
}

/** The fact-check flow on every row with one judge: the verdicts after disposal, and before it. */
async function factCheckVerdicts(
  rows: JudgedFactCheckRow[],
  spans: EvidenceSpan[][],
  code: Array<{ text: string } & ClaimVerdict>,
  book: LabelBook,
  wrongShare: number,
  seed: number,
): Promise<{ name: string; after: ClaimVerdict[]; before: ClaimVerdict[]; outcome: JudgeOutcome }> {
  const model = labelJudge(book, { wrongShare, seed });
  const { open, items } = openClaims(code, spans, (_, s) => s.text);
  const { outcome, verdicts } = await settleVerdicts(model, items);
  const after = applyVerdicts(code, open, verdicts);
  const withOverruled: JudgeOutcome = { ...outcome, verdicts: new Map(outcome.verdicts) };
  for (const [k, f] of overruledBy(outcome)) withOverruled.verdicts.set(k, [...(outcome.verdicts.get(k) ?? []), ...f]);
  const before = applyVerdicts(code, open, verdictsOf(withOverruled, items));
  return { name: model.name, after, before, outcome };
}

function factCheckFigures(
  rows: JudgedFactCheckRow[],
  spans: EvidenceSpan[][],
  run: Awaited<ReturnType<typeof factCheckVerdicts>>,
  book: LabelBook,
): JudgeFigures {
  const claims = rows.flatMap((r, i) => (r.kind === 'claim' ? [i] : []));
  const pairs = rows.flatMap((r, i) => (r.kind === 'pair' ? [i] : []));
  const count = (xs: number[], f: (i: number) => boolean) => rate(xs.filter(f).length, xs.length);
  const v = (i: number) => run.after[i]!.verdict;
  const byLabel = (l: Verdict) => pairs.filter((i) => rows[i]!.label === l);
  const notSupporting = pairs.filter((i) => rows[i]!.label !== 'supported');
  const supporting = byLabel('supported');
  let overruledWrong = 0;
  let overruledRight = 0;
  const textOf = new Map(spans.flat().map((s) => [s.spanId, s]));
  const rowOfSpan = new Map(spans.flatMap((ss, i) => ss.map((s) => [s.spanId, i] as const)));
  for (const o of run.outcome.overruled) {
    const i = rowOfSpan.get(o.finding.spanId)!;
    const label = book.label(rows[i]!.claim, textOf.get(o.finding.spanId)!.text);
    if (label === o.finding.verdict) overruledRight++;
    else overruledWrong++;
  }
  return {
    judge: run.name,
    claimsAgree: count(claims, (i) => v(i) === rows[i]!.label),
    disputedMixed: count(
      claims.filter((i) => rows[i]!.label === 'mixed'),
      (i) => v(i) === 'mixed',
    ),
    pairSupportKept: count(supporting, (i) => v(i) === 'supported'),
    pairContradictionKept: count(byLabel('contradicted'), (i) => v(i) === 'contradicted'),
    falseSupportBefore: count(notSupporting, (i) => run.before[i]!.verdict === 'supported'),
    falseSupportAfter: count(notSupporting, (i) => v(i) === 'supported'),
    falseContradictionBefore: count(supporting, (i) => run.before[i]!.verdict === 'contradicted'),
    falseContradictionAfter: count(supporting, (i) => v(i) === 'contradicted'),
    overruledWrong,
    overruledRight,
  };
}

/** The labels of Climate-FEVER as the double reads them: each sentence's own label for its claim. */
export function factCheckBook(rows: JudgedFactCheckRow[]): LabelBook {
  const book = new LabelBook();
  for (const r of rows) for (const e of r.evidence) book.add(r.claim, e.text, LABEL_OF[e.label]);
  return book;
}

/**
 * The code's verdicts, each sentence read once: a pair's sentence is read alone, so a pair that is
 * one of a claim row's sentences takes that sentence's side in the row's verdict (verdictFor reads
 * each span apart: the same verdict, read once).
 */
function codeVerdicts(rows: JudgedFactCheckRow[], spans: EvidenceSpan[][]): Array<{ text: string } & ClaimVerdict> {
  const sides = new Map<string, 'for' | 'against' | null>();
  const key = (claim: string, text: string) => `${claim}\n${text}`;
  const out: Array<{ text: string } & ClaimVerdict> = new Array(rows.length);
  const order = [...rows.keys()].sort((i, j) => (rows[i]!.kind === rows[j]!.kind ? i - j : rows[i]!.kind === 'claim' ? -1 : 1));
  for (const i of order) {
    const r = rows[i]!;
    const known = r.kind === 'pair' ? sides.get(key(r.claim, r.evidence[0]!.text)) : undefined;
    if (known !== undefined) {
      out[i] = { text: r.claim, ...pairVerdict(known, spans[i]![0]!.spanId) };
      continue;
    }
    const v = verdictFor(r.claim, spans[i]!);
    for (const s of spans[i]!)
      sides.set(key(r.claim, s.text), v.for.includes(s.spanId) ? 'for' : v.against.includes(s.spanId) ? 'against' : null);
    out[i] = { text: r.claim, ...v };
  }
  return out;
}

/** A one-sentence verdict from its side in a claim row. */
function pairVerdict(side: 'for' | 'against' | null, id: string): ClaimVerdict {
  if (side === 'for') return { verdict: 'supported', for: [id], against: [], reasons: [`${id} states it`] };
  if (side === 'against') return { verdict: 'contradicted', for: [], against: [id], reasons: [`${id} says otherwise`] };
  return { verdict: 'not-found', for: [], against: [], reasons: ['no independent source found states or contradicts it'] };
}

/** Both judges on Climate-FEVER, the code's own verdicts read once. */
export async function factCheckJudgeEval(
  rows: JudgedFactCheckRow[],
  wrongShare: number,
  seed: number,
): Promise<{ good: JudgeFigures; bad: JudgeFigures }> {
  const spans = spansOf(rows);
  const code = codeVerdicts(rows, spans);
  const book = factCheckBook(rows);
  const good = await factCheckVerdicts(rows, spans, code, book, 0, seed);
  const bad = await factCheckVerdicts(rows, spans, code, book, wrongShare, seed);
  return { good: factCheckFigures(rows, spans, good, book), bad: factCheckFigures(rows, spans, bad, book) };
}

/** The labels of the answers as the double reads them: a claim labelled supported is stated by each passage it cites. */
export function answersBook(answers: LabelledAnswer[]): LabelBook {
  const book = new LabelBook();
  for (const a of answers)
    for (const c of a.claims)
      for (const id of c.cites) {
        const e = a.evidence.find((x) => x.id === id);
        if (e) book.add(c.text, e.text, c.label === 'supported' ? 'supports' : 'neither');
      }
  return book;
}

/** The answering flow on one labelled answer's cited claims with one judge. */
async function answerRun(a: LabelledAnswer, model: ReturnType<typeof labelJudge>) {
  const at = new Date(0);
  const spans = a.evidence.map((e) =>
    frozenSpan({ id: e.id, url: e.url ?? `urn:spanlight-eval:${a.id}:${e.id}`, title: '', text: e.text }, at),
  );
  const cited = a.claims.filter((c) => c.cites.length > 0 && c.cites.every((id) => spans.some((s) => s.spanId === id)));
  const claims: Claim[] = cited.map((c) => ({ text: c.text, cites: c.cites, status: 'supported', reasons: [] }));
  const checks = checkClaims(claims, spans);
  const open = checks.filter((c) => c.outcome.verdict === 'uncertain');
  const textOf = (id: string) => spans.find((s) => s.spanId === id)!.text;
  const items = openCitedClaims(claims, open, textOf);
  const { outcome, verdicts } = await settleVerdicts(model, items);
  const after = applyChecks(claims, checks, byClaim(open, verdicts));
  const withOverruled: JudgeOutcome = { ...outcome, verdicts: new Map(outcome.verdicts) };
  for (const [k, f] of overruledBy(outcome)) withOverruled.verdicts.set(k, [...(outcome.verdicts.get(k) ?? []), ...f]);
  const before = applyChecks(claims, checks, byClaim(open, verdictsOf(withOverruled, items)));
  return { labels: cited.map((c) => c.label), after, before };
}

/** Both judges on the labelled answers. */
export async function answersJudgeEval(
  answers: LabelledAnswer[],
  wrongShare: number,
  seed: number,
): Promise<{ good: AnswerJudgeFigures; bad: AnswerJudgeFigures }> {
  const book = answersBook(answers);
  const one = async (share: number): Promise<AnswerJudgeFigures> => {
    const model = labelJudge(book, { wrongShare: share, seed });
    const runs = [];
    for (const a of answers) runs.push(await answerRun(a, model));
    const all = runs.flatMap((r) => r.labels.map((label, i) => ({ label, after: r.after[i]!, before: r.before[i]! })));
    const supported = all.filter((x) => x.label === 'supported');
    const not = all.filter((x) => x.label === 'partial' || x.label === 'unsupported');
    return {
      judge: model.name,
      supportedKept: rate(supported.filter((x) => x.after.status === 'supported').length, supported.length),
      falseSupportBefore: rate(not.filter((x) => x.before.status === 'supported').length, not.length),
      falseSupportAfter: rate(not.filter((x) => x.after.status === 'supported').length, not.length),
      flaggedMixed: all.filter((x) => x.after.status === 'flagged').length,
    };
  };
  return { good: await one(0), bad: await one(wrongShare) };
}
