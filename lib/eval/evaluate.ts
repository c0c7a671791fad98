/**
 * Runs one frozen case, or one labelled answer of `answers-dev.jsonl`, through `checkCase` (the
 * extension's own gate, citation attachment, verification and conflict detection) and records what
 * the metrics need: each claim's status next to what the expectations or the human labels say of it.
 */
import { checkCase, type CheckCase, type CheckResult } from '../answering/check-case';
import type { StructuredDraft } from '../claims/draft';
import { UNCONFIRMED } from '../shared/types';
import type { LabelledAnswer } from './dataset';
import { expectedDecision, expectedModes, isAnswerMode, type ClaimRef, type EvalCase, type Mode } from './cases';

/** What the expectations (or labels) say of a claim: its citations support it, they do not, it cites nothing, or unknown. */
export type ClaimTruth = 'supported' | 'unsupported' | 'uncited' | null;

export interface ClaimOutcome {
  text: string;
  cites: string[];
  status: 'supported' | 'flagged' | 'dropped';
  /** Kept by the code without being confirmed word for word (the model judge would settle it). */
  unconfirmed: boolean;
  truth: ClaimTruth;
}

/** One item scored: a frozen case, a labelled answer, or a live run of a case. */
export interface Scored {
  id: string;
  category: string;
  mode: Mode;
  /** Why the code refused, when it did. */
  reason?: string;
  /** What the item must come to: refused, answered, or either (null: no expectation). */
  expected: 'refuse' | 'answer' | 'either' | null;
  claims: ClaimOutcome[];
  /** Only for items with a freshness window: answered only from in-window sources, refused when there are none. */
  freshness: { correct: boolean; note: string } | null;
  /** Only for items with a gold source: whether it is among the evidence. */
  evidenceRecall: boolean | null;
  /** Only for items with a gold answer that must be answered: whether a claim shown as supported states it. */
  goldAnswerShown: boolean | null;
  /** URLs in shown claims or sources that are not in the evidence (must be none). */
  foreignUrls: string[];
}

/** A frozen case's outcome: scored, and checked against its own expectation. */
export interface CaseOutcome extends Scored {
  tags: string[];
  expectedModes: Mode[];
  passed: boolean;
  /** Each way the outcome misses the expectation, in words. */
  failures: string[];
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>()[\]"]+/gi;

function norm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** URLs compared without case in the host, a leading "www." or a trailing slash. */
export function sameUrl(a: string, b: string): boolean {
  const key = (u: string) => {
    try {
      const url = new URL(u);
      const host = url.hostname.toLowerCase().replace(/^www\./, '');
      return `${host}${url.pathname.replace(/\/+$/, '')}${url.search}${url.hash}`;
    } catch {
      return u.trim().replace(/\/+$/, '');
    }
  };
  return key(a) === key(b);
}

function isAnswered(mode: Mode): boolean {
  return isAnswerMode(mode);
}

/** Claims a person would see: none when the answer is refused, and never the dropped ones. */
export function shownClaims(o: Pick<Scored, 'mode' | 'claims'>): ClaimOutcome[] {
  return isAnswered(o.mode) ? o.claims.filter((c) => c.status !== 'dropped') : [];
}

function foreignUrls(result: CheckResult, evidenceUrls: string[]): string[] {
  if (!isAnswered(result.mode)) return [];
  const known = (u: string) => evidenceUrls.some((e) => sameUrl(e, u) || e === u);
  const rendered = [
    ...result.claims.filter((c) => c.status !== 'dropped').flatMap((c) => c.text.match(URL_IN_TEXT) ?? []),
    ...result.sources.map((s) => s.url),
  ];
  return [...new Set(rendered.filter((u) => !known(u)))];
}

function freshnessOf(c: CheckCase, result: CheckResult): Scored['freshness'] {
  if (c.freshnessDays === undefined) return null;
  const now = c.now ? Date.parse(c.now) : Date.now();
  const limit = now - c.freshnessDays * 86_400_000;
  const inWindow = (published: string | null | undefined) => {
    if (!published) return false;
    const t = Date.parse(published);
    return Number.isFinite(t) && t >= limit;
  };
  const fresh = c.evidence.filter((e) => inWindow(e.published));
  if (fresh.length === 0)
    return isAnswered(result.mode)
      ? { correct: false, note: `answered although no source is inside the ${c.freshnessDays}-day window` }
      : { correct: true, note: 'refused: no source inside the window' };
  if (!isAnswered(result.mode)) return { correct: true, note: 'refused' };
  const stale = result.sources.filter((s) => !inWindow(s.published));
  return stale.length === 0
    ? { correct: true, note: 'answered from in-window sources only' }
    : {
        correct: false,
        note: `answered from ${stale.map((s) => `${s.id} (${s.published?.slice(0, 10) ?? 'undated'})`).join(', ')}, outside the ${c.freshnessDays}-day window`,
      };
}

function claimOutcomes(result: CheckResult, truthOf: (index: number) => ClaimTruth): ClaimOutcome[] {
  return result.claims.map((c, i) => ({
    text: c.text,
    cites: c.cites,
    status: c.status,
    unconfirmed: c.status === 'supported' && c.reasons.includes(UNCONFIRMED),
    truth: truthOf(i),
  }));
}

/** Indexes of the claims a reference points at: an index, or the claims whose text contains it. */
export function resolveRef(ref: ClaimRef, claims: Array<{ text: string }>): number[] {
  if (typeof ref === 'number') return ref < claims.length ? [ref] : [];
  const needle = norm(ref);
  return claims.flatMap((c, i) => (norm(c.text).includes(needle) ? [i] : []));
}

function describeRef(ref: ClaimRef): string {
  return typeof ref === 'number' ? `claim ${ref}` : `the claim "${ref}"`;
}

/** The scored outcome of a `checkCase` result for a frozen case, with truth from its expectations. */
export function scoreCase(c: EvalCase, result: CheckResult, options: { withExpectations: boolean }): CaseOutcome {
  const failures: string[] = [];
  const truth = new Map<number, ClaimTruth>();
  const label = (refs: ClaimRef[], t: ClaimTruth) => {
    for (const ref of refs)
      for (const i of resolveRef(ref, result.claims)) {
        const before = truth.get(i);
        if (before && before !== t) failures.push(`claim ${i} is expected both ${before} and ${t}: fix the case`);
        truth.set(i, t);
      }
  };
  if (options.withExpectations) {
    label(c.expect.keep, 'supported');
    label(c.expect.drop, 'unsupported');
    label(c.expect.weak, 'unsupported');
  }
  const claims = claimOutcomes(result, (i) => truth.get(i) ?? (result.claims[i]!.cites.length === 0 ? 'uncited' : null));
  const modes = expectedModes(c);
  const answered = isAnswered(result.mode);

  if (!modes.includes(result.mode))
    failures.push(`mode ${result.mode}, expected ${modes.join(' or ')}${result.reason ? ` (${result.reason})` : ''}`);
  if (options.withExpectations) {
    for (const ref of c.expect.keep) {
      const at = resolveRef(ref, result.claims);
      if (!answered || !at.some((i) => result.claims[i]!.status === 'supported'))
        failures.push(
          `${describeRef(ref)} must be kept as supported, ${
            at.length === 0
              ? answered
                ? 'but no claim matches it'
                : 'but the answer was refused'
              : !answered
                ? 'but the answer was refused'
                : `but it is ${at.map((i) => result.claims[i]!.status).join('/')} (${at.flatMap((i) => result.claims[i]!.reasons).join('; ')})`
          }`,
        );
    }
    if (answered) {
      for (const ref of c.expect.drop)
        for (const i of resolveRef(ref, result.claims))
          if (result.claims[i]!.status === 'supported')
            failures.push(`${describeRef(ref)} must be dropped or flagged, but it is shown as supported`);
      for (const ref of c.expect.weak)
        for (const i of resolveRef(ref, result.claims))
          if (claims[i]!.status === 'supported' && !claims[i]!.unconfirmed)
            failures.push(`${describeRef(ref)} is not supported, but it is shown as confirmed`);
    }
  }
  const foreign = foreignUrls(
    result,
    c.evidence.map((e) => e.url),
  );
  if (foreign.length > 0) failures.push(`URLs outside the evidence are rendered: ${foreign.join(', ')}`);
  if (!answered && result.sources.length > 0) failures.push('a refused answer lists sources');

  const decision = expectedDecision(c);
  let goldAnswerShown: boolean | null = null;
  if (c.gold && decision === 'answer') {
    const answer = norm(c.gold.answer);
    goldAnswerShown = shownClaims({ mode: result.mode, claims }).some(
      (cl) => cl.status === 'supported' && norm(cl.text).includes(answer),
    );
  }
  return {
    id: c.id,
    category: c.category,
    tags: c.tags,
    mode: result.mode,
    ...(result.reason ? { reason: result.reason } : {}),
    expected: decision,
    expectedModes: modes,
    claims,
    freshness: freshnessOf(c, result),
    evidenceRecall: c.gold ? c.evidence.some((e) => sameUrl(e.url, c.gold!.url)) : null,
    goldAnswerShown,
    foreignUrls: foreign,
    passed: failures.length === 0,
    failures,
  };
}

/** A frozen case as `checkCase` takes it (the evaluation fields left out). */
export function toCheckCase(c: EvalCase, draft: CheckCase['draft'] = c.draft): CheckCase {
  return {
    question: c.question,
    now: c.now,
    ...(c.freshnessDays === undefined ? {} : { freshnessDays: c.freshnessDays }),
    evidence: c.evidence,
    draft,
    ...(c.settings ? { settings: c.settings } : {}),
  };
}

/** Runs a frozen case with its scripted draft and checks it against its expectation. */
export function evaluateCase(c: EvalCase): CaseOutcome {
  return scoreCase(c, checkCase(toCheckCase(c)), { withExpectations: true });
}

/** A labelled answer scored: claim statuses next to the human labels. */
export interface AnswerOutcome extends Scored {
  /** How the draft was read: as prose (its sentences are the labelled claims) or, when they differ, as the structured form. */
  form: 'prose' | 'structured';
  gatePassed: boolean;
  /** Label of each claim, in the dataset's words. */
  labels: LabelledAnswer['claims'][number]['label'][];
}

const LABEL_TRUTH: Record<LabelledAnswer['claims'][number]['label'], ClaimTruth> = {
  supported: 'supported',
  partial: 'unsupported',
  unsupported: 'unsupported',
  uncited: 'uncited',
  other: null,
};

function aligned(result: CheckResult, answer: LabelledAnswer): boolean {
  return (
    result.claims.length === answer.claims.length &&
    result.claims.every((c, i) => {
      const l = answer.claims[i]!;
      return norm(c.text) === norm(l.text) && [...c.cites].sort().join() === [...new Set(l.cites)].sort().join();
    })
  );
}

/**
 * Runs a labelled answer through `checkCase` with its evidence and draft. The gate asks for one
 * domain only: these answers test citation and verification, not retrieval. The draft is read as
 * prose; when its sentences do not line up with the labelled claims, the same claims are passed in
 * the structured form so that each status sits next to its label.
 */
export function evaluateAnswer(answer: LabelledAnswer): AnswerOutcome {
  const base: CheckCase = {
    question: answer.question,
    evidence: answer.evidence.map((e) => ({ id: e.id, url: e.url ?? `urn:spanlight-eval:${answer.id}:${e.id}`, text: e.text })),
    draft: answer.draft,
    settings: { minDomains: 1 },
  };
  let form: AnswerOutcome['form'] = 'prose';
  let result = checkCase(base);
  if (result.gate.passed && !aligned(result, answer)) {
    const structured: StructuredDraft = {
      claims: answer.claims.map((c) => ({ text: c.text, cites: c.cites })),
      unsupported: [],
    };
    form = 'structured';
    result = checkCase({ ...base, draft: structured });
  }
  const truthOf = (i: number) => {
    const label = answer.claims[i]?.label;
    if (!label) return null;
    if (label !== 'uncited' && (answer.claims[i]!.cites.length === 0 || result.claims[i]!.cites.length === 0)) return 'uncited';
    return LABEL_TRUTH[label];
  };
  const claims = claimOutcomes(result, truthOf);
  const anySupported = answer.claims.some((c) => c.label === 'supported' && c.cites.length > 0);
  return {
    id: answer.id,
    category: answer.source,
    mode: result.mode,
    ...(result.reason ? { reason: result.reason } : {}),
    expected: anySupported ? 'answer' : 'refuse',
    claims,
    freshness: null,
    evidenceRecall: null,
    goldAnswerShown: null,
    foreignUrls: foreignUrls(
      result,
      base.evidence.map((e) => e.url),
    ),
    form,
    gatePassed: result.gate.passed,
    labels: answer.claims.map((c) => c.label),
  };
}
