/**
 * The decision constants that labelled data fits, read from `decision-constants.json`, which
 * scripts/fit-constants.ts writes (see its doc comment for the rules and the data it reads).
 */
import fitted from './decision-constants.json';

/** The constants the verifier and the fact-check verdicts decide with. */
export interface DecisionConstants {
  /** Below this support score: unsupported. */
  reject: number;
  /** At or above this score (with every number and name found and the words together): supported. */
  support: number;
  /** A passage saying the opposite in a sentence sharing at least this share of the claim's other words: unsupported. */
  opposeOverlap: number;
  /** A fact-check span counts against a claim (opposition, another value, another date) from this share of shared words. */
  contradictOverlap: number;
}

/** The constants in force. */
export const DECISION_CONSTANTS: DecisionConstants = fitted.constants;
