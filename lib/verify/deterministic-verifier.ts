/**
 * The deterministic claim verifier: does a passage support a claim? Pure string work, cheapest check
 * first: (1) the supporting quote is in the passage; (2) the claim's numbers, dates, versions and
 * percentages are in the passage; (3) its names are in the passage; (4) enough of its content words
 * are, in one stretch of the passage and clause by clause. It rejects only on strong evidence,
 * accepts only on strong evidence, and otherwise says `uncertain`, for a model judge to take.
 * "The model proposes, the code disposes."
 */
import { normalizeText } from '../anchor/normalize';
import { missingNameWords, namesIn, wordIndex } from './entities';
import { lexicalMeasures } from './lexical';
import { factFound, numericFacts, numericIndex, type NumericFact } from './numbers';
import { quoteFound } from './quote';

/** What the verifier concludes about a claim and its passage. */
export type Verdict = 'supported' | 'unsupported' | 'uncertain';

/** A claim, the passage it cites, and optionally the quote offered as support. */
export interface VerifyInput {
  claim: string;
  passage: string;
  /** A quote the composer says it took from the passage; checked verbatim (after normalisation). */
  quote?: string;
}

/** The verdict, a support score and the reasons, in words a reader can check. */
export interface VerifyOutcome {
  verdict: Verdict;
  /** Support, 0..1: lexical support of the claim by the passage, discounted for missing numbers and names. */
  score: number;
  /** Human-readable reasons, e.g. "the number 1,200 is not in the passage". */
  reasons: string[];
}

/**
 * The decision's constants, tuned on `../shared/data/verification/*-dev.jsonl` (WiCE and ExpertQA):
 * rejection needs a score below `reject`, acceptance a score of at least `support` with every number
 * and name found, `window` of the claim's content words in one stretch and `clause` of each clause.
 */
export const VERIFY_THRESHOLDS = {
  /** Below this score: unsupported. */
  reject: 0.45,
  /** At or above this score (and the conditions below): supported. */
  support: 0.8,
  /** Least share of the claim's content words in its best window of sentences, to accept. */
  window: 0.8,
  /** Least share of each clause's content words in a window, to accept. */
  clause: 0.7,
  /** Factor of the score for each number of the claim missing from the passage (two at most count). */
  missingNumber: 0.4,
  /** Factor for each name missing entirely (two at most count). */
  missingName: 0.6,
  /** Factor for each name missing in part (two at most count). */
  partlyMissingName: 0.85,
  /** Fewer content words than this: too little to accept on words alone. */
  minTerms: 2,
} as const;

const YEAR = /^(1[0-9]|20)\d\d$/;

function describeFact(f: NumericFact): string {
  switch (f.kind) {
    case 'version':
      return `the version ${f.surface}`;
    case 'decade':
      return `the decade ${f.surface}`;
    case 'month':
      return `the date ${f.surface}`;
    default:
      if (/%|percent|per cent/.test(f.surface)) return `the percentage ${f.surface}`;
      return YEAR.test(f.surface) ? `the year ${f.surface}` : `the number ${f.surface}`;
  }
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Surfaces of percentages: "3.4%", "3.4 percent" and "3.4 per cent" are reported with their unit. */
function withPercent(facts: NumericFact[], claim: string): NumericFact[] {
  return facts.map((f) => {
    if (f.kind !== 'number') return f;
    const at = claim.indexOf(f.surface);
    if (at < 0) return f;
    const unit = /^\s?(%|percent|per cent)/.exec(claim.slice(at + f.surface.length))?.[0];
    return unit ? { ...f, surface: f.surface + unit } : f;
  });
}

/** Checks one claim against one passage. Deterministic; no I/O. */
export function verifyClaim(input: VerifyInput): VerifyOutcome {
  const t = VERIFY_THRESHOLDS;
  const claim = normalizeText(input.claim);
  const passage = normalizeText(input.passage);
  if (passage.length === 0) return { verdict: 'unsupported', score: 0, reasons: ['the passage is empty'] };
  if (claim.length === 0) return { verdict: 'uncertain', score: 0, reasons: ['the claim is empty: nothing to check'] };

  // (1) The quote, when one is given: a quote that is not in the passage is not evidence.
  const reasons: string[] = [];
  if (input.quote !== undefined && input.quote.trim().length > 0) {
    if (!quoteFound(input.quote, input.passage)) {
      return { verdict: 'unsupported', score: 0, reasons: [`the quote "${clip(input.quote.trim())}" is not in the passage`] };
    }
    reasons.push('the quote is in the passage');
  }

  // (2) Numbers, dates, versions, percentages.
  const index = numericIndex(passage);
  const missingFacts = withPercent(numericFacts(claim), claim).filter((f) => !factFound(f, index));
  for (const f of missingFacts) reasons.push(`${describeFact(f)} is not in the passage`);

  // (3) Names.
  const words = wordIndex(passage);
  let namesMissing = 0;
  let namesPartly = 0;
  for (const name of namesIn(input.claim)) {
    const missing = missingNameWords(name, words);
    if (missing.length === 0) continue;
    if (missing.length === name.keys.length) {
      namesMissing++;
      reasons.push(`the name "${name.surface}" is not in the passage`);
    } else {
      namesPartly++;
      reasons.push(`part of the name "${name.surface}" (${missing.join(', ')}) is not in the passage`);
    }
  }

  // (4) Words: coverage of the claim overall, in one stretch, pair by pair, clause by clause.
  const lex = lexicalMeasures(input.claim, input.passage);
  const lexical = (2 * lex.coverage + lex.windowCoverage + lex.bigramCoverage) / 4;
  const score =
    lexical *
    t.missingNumber ** Math.min(2, missingFacts.length) *
    t.missingName ** Math.min(2, namesMissing) *
    t.partlyMissingName ** Math.min(2, namesPartly);

  if (lex.coverage < 1) {
    const missing = lex.missing.slice(0, 6).join(', ');
    reasons.push(`${pct(lex.coverage)} of the claim's content words are in the passage (missing: ${missing})`);
  }
  if (lex.windowCoverage < t.window)
    reasons.push(`at most ${pct(lex.windowCoverage)} of them stand together in one stretch of the passage`);
  if (lex.weakestClause && lex.minClauseCoverage < t.clause) {
    reasons.push(`the part "${clip(lex.weakestClause, 60)}" is ${pct(lex.minClauseCoverage)} covered by any one stretch`);
  }

  const rounded = Math.round(score * 1000) / 1000;
  if (score < t.reject) return { verdict: 'unsupported', score: rounded, reasons };

  const clean = missingFacts.length === 0 && namesMissing === 0 && namesPartly === 0;
  if (
    clean &&
    score >= t.support &&
    lex.windowCoverage >= t.window &&
    lex.minClauseCoverage >= t.clause &&
    lex.termCount >= t.minTerms
  ) {
    reasons.push(
      `${pct(lex.windowCoverage)} of the claim's content words stand together in the passage; its numbers and names are there`,
    );
    return { verdict: 'supported', score: rounded, reasons };
  }
  if (lex.termCount < t.minTerms) reasons.push('the claim has too few content words to judge on words alone');
  if (reasons.length === 0 || (reasons.length === 1 && reasons[0] === 'the quote is in the passage')) {
    reasons.push('the passage shares the claim’s words, but not clearly enough to accept it without a closer reading');
  }
  return { verdict: 'uncertain', score: rounded, reasons };
}

/** A claim of a composed answer and the span ids it cites ("S1"…). */
export interface CitedClaim {
  text: string;
  cites: string[];
  quote?: string;
}

/**
 * Checks a claim of an answer against the spans it cites, joined. A claim that cites nothing, or a
 * span that is not in the evidence, is unsupported: it is never accepted on spans it did not cite.
 */
export function verifyCitedClaim(claim: CitedClaim, spans: ReadonlyMap<string, string>): VerifyOutcome {
  if (claim.cites.length === 0) return { verdict: 'unsupported', score: 0, reasons: ['the claim cites no passage'] };
  const unknown = claim.cites.filter((id) => !spans.has(id));
  if (unknown.length > 0) {
    return { verdict: 'unsupported', score: 0, reasons: [`the claim cites ${unknown.join(', ')}, which is not in the evidence`] };
  }
  const passage = claim.cites.map((id) => spans.get(id)!).join('\n');
  return verifyClaim({ claim: claim.text, passage, quote: claim.quote });
}
