/**
 * The code's reading of one passage for a claim: does it support it? Cheapest check first: the
 * quote, then the claim's numbers and dates, its names, and enough of its words in one stretch and
 * clause by clause. It rejects or accepts only on strong evidence, and otherwise says `uncertain`,
 * for the model judge to take.
 */
import { normalizeText } from '../text/normalize';
import { missingNameWords, nameWordFound, namesIn, wordIndex } from '../reading/entities';
import { lexicalMeasures, sentences, terms } from '../reading/lexical';
import { factFound, numericFacts, numericIndex, type NumericFact } from '../reading/numbers';
import { quoteFound } from '../reading/quote';
import { DECISION_CONSTANTS, type DecisionConstants } from './constants';
import { periodsIn, periodsOverlap, type Period } from '../reading/periods';
import { quantitiesAgree, quantitiesIn, sameFigureOtherUnit, type Quantity } from '../reading/quantities';
import { isQuestion, oppositionIn, type Opposition } from '../reading/clashes';
import { nameWordsMetOtherwise } from '../reading/name-forms';
import { SUPPOSE } from '../reading/polarity';
import { readOnce } from '../reading/read-once';
import type { CheckVerdict } from './verdict';

/** A claim, the passage it cites, and optionally the quote offered as support. */
export interface VerifyInput {
  claim: string;
  passage: string;
  /** A quote the composer says it took from the passage; checked verbatim (after normalisation). */
  quote?: string;
  /**
   * Who publishes the passage: its page titles and URLs. A name of the claim that the passage does
   * not write but its publisher bears ("the Bank of Norland" on bankofnorland.no) is not missing.
   */
  source?: { titles: string[]; urls: string[] };
}

/** The verdict, a support score and the reasons, in words a reader can check. */
export interface VerifyOutcome {
  verdict: CheckVerdict;
  /** Support, 0..1: lexical support of the claim by the passage, discounted for missing numbers and names. */
  score: number;
  /** Human-readable reasons, e.g. "the number 1,200 is not in the passage". */
  reasons: string[];
  /** A part of the claim the passage says nothing of (uncertain verdicts), for the over-synthesis check. */
  silentClause?: string;
}

/**
 * The verifier's fixed constants: how strongly a missing number or name discounts the score, and how
 * much of a claim must stand together to accept it. The decision constants that labelled data fits
 * (reject, support, contradict) are in `./constants` (fitted by scripts/fit-constants.ts).
 */
export const VERIFY_THRESHOLDS = {
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

/** What the verifier reads in a claim and a passage, before any decision constant applies. */
export interface SupportReading {
  /** Support, 0..1: lexical support discounted for missing numbers and names. */
  score: number;
  /** Every number and name of the claim is in the passage (or agrees with one of its figures or periods). */
  clean: boolean;
  windowCoverage: number;
  minClauseCoverage: number;
  termCount: number;
  /** A clause of the claim (of two content words or more) none of whose words any stretch of the passage has. */
  silentClause?: string;
  /** The quote given is not in the passage. */
  quoteMissing: boolean;
  /** The passage says the opposite (a negation or an antonym), in a sentence sharing this share of the claim's words. */
  opposedOverlap: number;
  /** Reasons so far, in words a reader can check. */
  reasons: string[];
  /** Why the passage says the opposite, when it does. */
  opposedReason?: string;
  /** The opposition surely denies the claim (see `oppositionIn`): only a sure one rejects it. */
  opposedSurely: boolean;
  /** A hedge the sentences that state the claim add and the claim lacks ("seems essential" for "is essential"). */
  hedge?: string;
  /** The opposition itself, for the fact-check's verdict. */
  opposition?: Opposition | null;
}

/** The claim's quantities that write a fact ("1.2" of "1.2 kilometres", "20" and "5" of "20,5 cm", "5m" of "$5 m"). */
function quantitiesOf(fact: NumericFact, claimQuantities: Quantity[]): Quantity[] {
  const surface = fact.surface.replace(/%$/, '');
  // Compared without spaces and without the currency sign written before the figure.
  const bare = (s: string) => s.replace(/^[^\d]+/, '').replace(/\s+/g, '');
  return claimQuantities.filter(
    (q) => bare(q.surface).startsWith(bare(surface)) || q.digits === surface || q.digits.split(/[^\d]+/).includes(surface),
  );
}

/** What the verifier reads of figures and periods in a claim and a passage, read once, when first asked. */
interface FigureReading {
  /** Whether a claim's figure or year is met by the passage's figures of the same unit or its periods. */
  met: (fact: NumericFact) => boolean;
  /** The passage's figure that writes a claim's figure with another unit of its kind ("412 feet" for "412 metres"). */
  otherUnit: (fact: NumericFact) => { claim: Quantity; passage: Quantity } | null;
  /** The words of the claim's quantities that agree with the passage's ("20 centimetres" for "20 cm"): met. */
  agreedTerms: () => string[];
}

function readingMatcher(claim: string, passage: string): FigureReading {
  let figures: { quantities: Quantity[]; claimQuantities: Quantity[] } | undefined;
  let times: { periods: Period[]; claimPeriods: Period[] } | undefined;
  const quantitiesOnce = () => (figures ??= { quantities: quantitiesIn(passage), claimQuantities: quantitiesIn(claim) });
  const once = () => ({
    ...quantitiesOnce(),
    ...(times ??= { periods: periodsIn(passage), claimPeriods: periodsIn(claim) }),
  });
  const met = (fact: NumericFact) => {
    const { quantities, claimQuantities, periods, claimPeriods } = once();
    const mine = quantitiesOf(fact, claimQuantities);
    if (mine.some((cq) => quantities.some((q) => quantitiesAgree(cq, q)))) return true;
    const year = Number(fact.values[0]);
    if ((fact.kind === 'decade' || YEAR.test(fact.surface)) && Number.isFinite(year)) {
      const period = claimPeriods.find((p) => p.from <= year && year <= p.to);
      return period !== undefined && periods.some((p) => periodsOverlap(p, period) && p.surface !== period.surface);
    }
    return false;
  };
  const otherUnit = (fact: NumericFact) => {
    const { quantities, claimQuantities } = quantitiesOnce();
    for (const cq of quantitiesOf(fact, claimQuantities)) {
      const other = sameFigureOtherUnit(cq, quantities);
      if (other) return { claim: cq, passage: other };
    }
    return null;
  };
  const agreedTerms = () => {
    const { quantities, claimQuantities } = quantitiesOnce();
    // Both as read ("5 m") and as a reader may write it ("5m").
    return claimQuantities
      .filter((cq) => quantities.some((q) => quantitiesAgree(cq, q)))
      .flatMap((cq) => [...terms(cq.surface), ...terms(cq.surface.replace(/\s+/g, ''))]);
  };
  return { met, otherUnit, agreedTerms };
}

/** Whether a name word is borne by the passage's publisher: in a page title, or inside its site's name. */
function publisherWords(source: { titles: string[]; urls: string[] }): (key: string) => boolean {
  const titles = wordIndex(normalizeText(source.titles.join(' ')));
  const hosts = source.urls.flatMap((u) => {
    try {
      return [
        new URL(u).hostname
          .toLowerCase()
          .replace(/^www\./, '')
          .split('.')
          .slice(0, -1)
          .join('.'),
      ];
    } catch {
      return [];
    }
  });
  return (key) => nameWordFound(key, titles) || (key.length >= 4 && hosts.some((h) => h.includes(key)));
}

/** Words that make a statement less than an assertion: "seems", "may", "possibly", "is thought to". */
const HEDGE = new RegExp(
  `\\b(?:seems?|seemed|appears?|appeared|may|might|could|possibly|perhaps|probably|likely|suggests?|suggested|thought to|believed to|reportedly|allegedly|${[...SUPPOSE].join('|')})\\b`,
  'gi',
);

/** The hedges of a text as written, lower-cased; "May" with a capital is the month. */
function hedgesIn(text: string): string[] {
  return [...text.matchAll(HEDGE)]
    .map((m) => m[0])
    .filter((h) => h !== 'May')
    .map((h) => h.toLowerCase());
}

/**
 * The hedge the passage's stating sentences use and the claim does not, if any: a word that makes a
 * statement less than an assertion, a supposition ("if", "unless", "whether"), or a question.
 */
function hedgeOf(claim: string, window: string): { hedge: string } | Record<string, never> {
  const mine = new Set(hedgesIn(claim));
  const added = hedgesIn(window).find((h) => !mine.has(h));
  if (added) return { hedge: added };
  return !isQuestion(claim) && sentences(window).some(isQuestion) ? { hedge: 'asks whether' } : {};
}

/** Reads a claim against a passage: the measures the decision is made on. Deterministic; no I/O. */
export function readSupport(input: VerifyInput): SupportReading {
  return readNormalized(input, normalizeText(input.claim), normalizeText(input.passage));
}

/** `readSupport` with the claim and the passage already normalised (`normalizeText`). */
function readNormalized(input: VerifyInput, claim: string, passage: string): SupportReading {
  const t = VERIFY_THRESHOLDS;
  const reasons: string[] = [];
  const empty = {
    score: 0,
    clean: false,
    windowCoverage: 0,
    minClauseCoverage: 0,
    termCount: 0,
    opposedOverlap: 0,
    opposedSurely: false,
  };
  if (passage.length === 0) return { ...empty, quoteMissing: false, reasons: ['the passage is empty'] };

  // (1) The quote, when one is given: a quote that is not in the passage is not evidence.
  if (input.quote !== undefined && input.quote.trim().length > 0) {
    if (!quoteFound(input.quote, input.passage))
      return { ...empty, quoteMissing: true, reasons: [`the quote "${clip(input.quote.trim())}" is not in the passage`] };
    reasons.push('the quote is in the passage');
  }

  // (2) Numbers, dates, versions, percentages: as written, or agreeing figures and periods.
  const index = readOnce('numbers', passage, numericIndex);
  const figures = readingMatcher(claim, passage);
  const facts = withPercent(numericFacts(claim), claim);
  const otherwise = facts.filter((f) => !factFound(f, index) && figures.met(f));
  // "412 feet" for "412 metres" writes the claim's number, but it is another value of the quantity.
  const otherUnits = new Map(facts.flatMap((f) => (factFound(f, index) ? [[f, figures.otherUnit(f)] as const] : [])));
  const missingFacts = facts.filter((f) => (!factFound(f, index) && !otherwise.includes(f)) || otherUnits.get(f));
  for (const f of missingFacts) {
    const other = otherUnits.get(f);
    reasons.push(
      other
        ? `the passage gives ${other.passage.surface} where the claim says ${other.claim.surface}: another value`
        : `${describeFact(f)} is not in the passage`,
    );
  }

  // (3) Names, in the passage or borne by its publisher.
  const words = readOnce('words', input.passage, (raw) => wordIndex(passage, raw));
  const publisher = input.source ? publisherWords(input.source) : null;
  const otherForms = nameWordsMetOtherwise(input.claim, input.passage);
  let namesMissing = 0;
  let namesPartly = 0;
  for (const name of namesIn(input.claim)) {
    const missing = missingNameWords(name, words).filter((k) => !publisher?.(k) && !otherForms.has(k));
    if (missing.length === 0) continue;
    if (missing.length === name.keys.length) {
      namesMissing++;
      reasons.push(`the name "${name.surface}" is not in the passage`);
    } else {
      namesPartly++;
      reasons.push(`part of the name "${name.surface}" (${missing.join(', ')}) is not in the passage`);
    }
  }

  // (4) Words (with their WordNet synonyms): overall, in one stretch, pair by pair, clause by clause.
  // A unit the passage writes otherwise ("cm" for "centimetres") is met with its figure.
  const met = new Set([...otherwise.flatMap((f) => terms(f.surface)), ...(facts.length ? figures.agreedTerms() : [])]);
  const lex = lexicalMeasures(input.claim, input.passage, met);
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

  // (5) Polarity: a passage that says the opposite does not support the claim, however many words it shares.
  const opposition = oppositionIn(input.claim, input.passage);
  return {
    score: Math.round(score * 1000) / 1000,
    clean: missingFacts.length === 0 && namesMissing === 0 && namesPartly === 0,
    windowCoverage: lex.windowCoverage,
    minClauseCoverage: lex.minClauseCoverage,
    termCount: lex.termCount,
    silentClause: lex.minClauseCoverage === 0 && lex.weakestClause ? clip(lex.weakestClause, 60) : undefined,
    quoteMissing: false,
    opposedOverlap: opposition?.overlap ?? 0,
    opposedReason: opposition?.reason,
    opposedSurely: opposition?.sure ?? false,
    ...hedgeOf(input.claim, lex.bestWindow),
    opposition,
    reasons,
  };
}

/** Decides on a reading with the decision constants: supported, unsupported or uncertain, with reasons. */
export function decideSupport(r: SupportReading, k: DecisionConstants = DECISION_CONSTANTS): VerifyOutcome {
  const t = VERIFY_THRESHOLDS;
  const reasons = [...r.reasons];
  if (r.quoteMissing || (r.reasons.length === 1 && r.reasons[0] === 'the passage is empty'))
    return { verdict: 'unsupported', score: 0, reasons };
  if (r.opposedReason && r.opposedSurely && r.opposedOverlap >= k.opposeOverlap) {
    reasons.unshift(`the passage says the opposite: ${r.opposedReason}`);
    return { verdict: 'unsupported', score: r.score, reasons };
  }
  if (r.score < k.reject) return { verdict: 'unsupported', score: r.score, reasons };
  if (
    r.clean &&
    !r.opposedReason &&
    !r.hedge &&
    r.score >= k.support &&
    r.windowCoverage >= t.window &&
    r.minClauseCoverage >= t.clause &&
    r.termCount >= t.minTerms
  ) {
    reasons.push(
      `${pct(r.windowCoverage)} of the claim's content words stand together in the passage; its numbers and names are there`,
    );
    return { verdict: 'supported', score: r.score, reasons };
  }
  if (r.opposedReason) reasons.push(`the passage may say the opposite: ${r.opposedReason}`);
  if (r.hedge) reasons.push(`the passage hedges ("${r.hedge}") what the claim states`);
  if (r.termCount < t.minTerms) reasons.push('the claim has too few content words to judge on words alone');
  if (reasons.length === 0 || (reasons.length === 1 && reasons[0] === 'the quote is in the passage')) {
    reasons.push('the passage shares the claim’s words, but not clearly enough to accept it without a closer reading');
  }
  return { verdict: 'uncertain', score: r.score, reasons, ...(r.silentClause ? { silentClause: r.silentClause } : {}) };
}

/** Checks one claim against one passage. Deterministic; no I/O. */
export function verifyClaim(input: VerifyInput, k: DecisionConstants = DECISION_CONSTANTS): VerifyOutcome {
  const passage = normalizeText(input.passage);
  // An empty passage is read no further: the claim's normalisation is not needed then.
  const claim = passage.length > 0 ? normalizeText(input.claim) : '';
  if (passage.length > 0 && claim.length === 0)
    return { verdict: 'uncertain', score: 0, reasons: ['the claim is empty: nothing to check'] };
  return decideSupport(readNormalized(input, claim, passage), k);
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
export function verifyCitedClaim(
  claim: CitedClaim,
  spans: ReadonlyMap<string, string>,
  k: DecisionConstants = DECISION_CONSTANTS,
): VerifyOutcome {
  if (claim.cites.length === 0) return { verdict: 'unsupported', score: 0, reasons: ['the claim cites no passage'] };
  const unknown = claim.cites.filter((id) => !spans.has(id));
  if (unknown.length > 0) {
    return { verdict: 'unsupported', score: 0, reasons: [`the claim cites ${unknown.join(', ')}, which is not in the evidence`] };
  }
  const passage = claim.cites.map((id) => spans.get(id)!).join('\n');
  return verifyClaim({ claim: claim.text, passage, quote: claim.quote }, k);
}
