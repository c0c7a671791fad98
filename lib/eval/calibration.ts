/**
 * Fitting the decision constants on labelled data, and measuring them, two ways: fitted on every set,
 * and fitted leaving out the set being measured. Each item is read once (lib/verdict and lib/reading);
 * the constants are then tried on the readings, so a fit costs a grid of cheap decisions. The rule
 * for each constant is on `fitConstants`.
 */
import { decideSupport } from '../verdict/deterministic-verifier';
import type { DecisionConstants } from '../verdict/constants';
import type { LabelledAnswer, LabelledPair } from './dataset';
import { decideSpan, readSpan, type SpanReading } from '../verdict/code-verdict';
import { verdictOf } from '../verdict/verdict';

/** One labelled item, read: a verifier pair, an answer's cited claim, or a fact-check pair or claim. */
export type ReadItem =
  | {
      kind: 'verify';
      set: string;
      /** A claim/passage pair, or a claim of a cited answer (where "supported" and "uncertain" are both kept). */
      flow: 'pair' | 'answer';
      supported: boolean;
      label: 'supported' | 'partial' | 'unsupported';
      reading: SpanReading;
    }
  | { kind: 'factcheck-pair'; set: string; label: FactLabel; reading: SpanReading }
  | { kind: 'factcheck-claim'; set: string; label: FactLabel | 'mixed'; readings: SpanReading[] };

export type FactLabel = 'supported' | 'contradicted' | 'not-found';

/** A Climate-FEVER line (../shared/data/factcheck/). */
export interface FactCheckRow {
  id: string;
  kind: 'pair' | 'claim';
  claim: string;
  evidence: { id: string; text: string }[];
  label: FactLabel | 'mixed';
}

/** Reads every item of the sets once. `cache` keys readings by claim and text (pairs and claims share sentences). */
export function readItems(data: { pairs: LabelledPair[]; answers: LabelledAnswer[]; factcheck: FactCheckRow[] }): ReadItem[] {
  const items: ReadItem[] = [];
  for (const p of data.pairs)
    items.push({
      kind: 'verify',
      set: p.source,
      flow: 'pair',
      supported: p.label === 'supported',
      label: p.label,
      reading: readSpan(p.claim, p.passage),
    });
  for (const a of data.answers) {
    const spans = new Map(a.evidence.map((e) => [e.id, e.text]));
    for (const c of a.claims) {
      if (c.cites.length === 0 || c.cites.some((id) => !spans.has(id))) continue;
      if (c.label !== 'supported' && c.label !== 'partial' && c.label !== 'unsupported') continue;
      const passage = c.cites.map((id) => spans.get(id)!).join('\n');
      items.push({
        kind: 'verify',
        set: 'answers',
        flow: 'answer',
        supported: c.label === 'supported',
        label: c.label,
        reading: readSpan(c.text, passage),
      });
    }
  }
  const cache = new Map<string, SpanReading>();
  const read = (claim: string, text: string) => {
    const key = `${claim}\u0000${text}`;
    let r = cache.get(key);
    if (!r) cache.set(key, (r = readSpan(claim, text)));
    return r;
  };
  for (const row of data.factcheck) {
    if (row.kind === 'pair')
      items.push({
        kind: 'factcheck-pair',
        set: 'climate-fever',
        label: row.label as FactLabel,
        reading: read(row.claim, row.evidence[0]!.text),
      });
    else
      items.push({
        kind: 'factcheck-claim',
        set: 'climate-fever',
        label: row.label,
        readings: row.evidence.map((e) => read(row.claim, e.text)),
      });
  }
  return items;
}

/** The figures of one set under some constants. */
export interface SetFigures {
  set: string;
  /** Verifier sets: balanced accuracy, reject precision and recall, supported kept, false support. */
  balancedAccuracy?: number;
  rejectPrecision?: number;
  rejectRecall?: number;
  supportedKept?: number;
  /** Share of the items labelled unsupported (refuting or silent, for fact-check pairs) called supported. */
  falseSupport?: number;
  /** Share of supported items rejected for saying the opposite. */
  falseOpposed?: number;
  /** Fact-check pairs: supporting → supported, refuting → contradicted, precision of contradicted, false contradictions. */
  supportRecall?: number;
  contradictRecall?: number;
  contradictPrecision?: number;
  falseContradiction?: number;
  /** Fact-check claims: verdict equals the label. */
  claimAgreement?: number;
}

const share = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** Measures every set under the constants. */
export function measure(items: ReadItem[], k: DecisionConstants): SetFigures[] {
  const sets = [...new Set(items.map((i) => i.set))];
  return sets.map((set) => {
    const mine = items.filter((i) => i.set === set);
    const out: SetFigures = { set };
    const verify = mine.filter((i): i is Extract<ReadItem, { kind: 'verify' }> => i.kind === 'verify');
    if (verify.length) {
      let rejTrue = 0;
      let rejFalse = 0;
      let falseSupport = 0;
      let falseOpposed = 0;
      let falseContradiction = 0;
      const pos = verify.filter((i) => i.supported).length;
      const neg = verify.length - pos;
      for (const i of verify) {
        const o = decideSupport(i.reading.support, k);
        if (i.supported && decideSpan(i.reading, k).side === 'against') falseContradiction++;
        if (o.verdict === 'unsupported') {
          if (i.supported) rejFalse++;
          else rejTrue++;
        }
        if (o.verdict === 'supported' && i.label === 'unsupported') falseSupport++;
        if (i.supported && o.verdict === 'unsupported' && o.reasons[0]?.startsWith('the passage says the opposite'))
          falseOpposed++;
      }
      out.rejectPrecision = share(rejTrue, rejTrue + rejFalse);
      out.rejectRecall = share(rejTrue, neg);
      out.supportedKept = share(pos - rejFalse, pos);
      out.balancedAccuracy = (out.rejectRecall + out.supportedKept) / 2;
      // In an answer, "supported" and "uncertain" are both kept: the support constant decides nothing there.
      if (verify.some((i) => i.flow === 'pair'))
        out.falseSupport = share(falseSupport, verify.filter((i) => i.label === 'unsupported').length);
      out.falseOpposed = share(falseOpposed, pos);
      out.falseContradiction = share(falseContradiction, pos);
    }
    const pairs = mine.filter((i): i is Extract<ReadItem, { kind: 'factcheck-pair' }> => i.kind === 'factcheck-pair');
    if (pairs.length) {
      const sides = pairs.map((p) => ({ label: p.label, side: decideSpan(p.reading, k).side }));
      const of = (label: FactLabel) => sides.filter((s) => s.label === label);
      const contradicted = sides.filter((s) => s.side === 'against');
      out.supportRecall = share(of('supported').filter((s) => s.side === 'for').length, of('supported').length);
      out.contradictRecall = share(of('contradicted').filter((s) => s.side === 'against').length, of('contradicted').length);
      out.contradictPrecision = share(contradicted.filter((s) => s.label === 'contradicted').length, contradicted.length);
      out.falseSupport = share(
        sides.filter((s) => s.label !== 'supported' && s.side === 'for').length,
        sides.length - of('supported').length,
      );
      out.falseContradiction = share(
        sides.filter((s) => s.label !== 'contradicted' && s.side === 'against').length,
        sides.length - of('contradicted').length,
      );
    }
    const claims = mine.filter((i): i is Extract<ReadItem, { kind: 'factcheck-claim' }> => i.kind === 'factcheck-claim');
    if (claims.length) {
      const right = claims.filter((c) => verdictOf(c.readings.map((r) => decideSpan(r, k).side)) === c.label).length;
      out.claimAgreement = share(right, claims.length);
    }
    return out;
  });
}

const grid = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);

/** The grids the constants are fitted over. */
export const GRIDS = {
  reject: grid(0.2, 0.7, 0.025),
  support: grid(0.5, 1, 0.025),
  opposeOverlap: grid(0.3, 1.05, 0.05),
  contradictOverlap: grid(0.3, 1.05, 0.05),
};

/** The most the sets may show, on average, of a false support, or of a supported claim rejected for an opposition. */
const ERROR_BOUND = 0.02;
/**
 * The most they may show of a claim marked contradicted that is not: a true sentence marked red on
 * someone's page is the error a fact-check must make least, one in two hundred at most.
 */
const CONTRADICTION_BOUND = 0.005;

/**
 * Fits the constants on the items of `sets`, one rule per constant, each the simplest that states
 * what the constant is for, each bound on the error averaged over the sets (each set counting once):
 * - `reject`: the value with the best mean balanced accuracy of "reject" against "keep";
 * - `support`: the lowest value at which at most ERROR_BOUND of the pairs labelled unsupported
 *   (fact-check: refuting or silent) are called supported (an answer's claims do not count: there
 *   "supported" and "uncertain" are both kept, so this constant decides nothing their labels measure);
 * - `opposeOverlap`: the lowest value at which at most ERROR_BOUND of the items labelled supported are
 *   rejected for saying the opposite;
 * - `contradictOverlap`: the lowest value at which at most CONTRADICTION_BOUND of the items that are
 *   certainly not contradictions (labelled supported, or silent) are called contradicted.
 */
export function fitConstants(items: ReadItem[], sets: string[]): DecisionConstants {
  const pool = items.filter((i) => sets.includes(i.set));
  const base: DecisionConstants = { reject: 0.45, support: 0.8, opposeOverlap: 1.05, contradictOverlap: 1.05 };
  // The error averaged over the sets, each set counting once: neither the largest set nor the noisiest
  // one decides a constant for all the others.
  const worst = (k: DecisionConstants, pick: (f: SetFigures) => number | undefined) => {
    const errors = measure(pool, k).flatMap((f) => (pick(f) === undefined ? [] : [pick(f)!]));
    return errors.length === 0 ? 0 : errors.reduce((a, b) => a + b, 0) / errors.length;
  };
  const opposeOverlap =
    GRIDS.opposeOverlap.find((v) => worst({ ...base, opposeOverlap: v }, (f) => f.falseOpposed) <= ERROR_BOUND) ?? 1.05;
  let best = -1;
  let reject = base.reject;
  for (const v of GRIDS.reject) {
    const figures = measure(pool, { ...base, opposeOverlap, reject: v }).filter((f) => f.balancedAccuracy !== undefined);
    const mean = figures.reduce((s, f) => s + f.balancedAccuracy!, 0) / Math.max(1, figures.length);
    if (mean > best + 1e-9) [best, reject] = [mean, v];
  }
  const support =
    GRIDS.support.find((v) => worst({ ...base, opposeOverlap, reject, support: v }, (f) => f.falseSupport) <= ERROR_BOUND) ?? 1;
  const contradictOverlap =
    GRIDS.contradictOverlap.find(
      (v) => worst({ opposeOverlap, reject, support, contradictOverlap: v }, (f) => f.falseContradiction) <= CONTRADICTION_BOUND,
    ) ?? 1.05;
  return { reject, support, opposeOverlap, contradictOverlap };
}
