import type { Claim, Conflict, EvidenceSpan, GateResult } from '../types';
import { registrableDomain } from './select';
import { sanitizeEvidence, type Removal } from './sanitize-evidence';
import { detectConflicts, setAsideByConflicts } from './conflicts';
import { checkGate } from './gate';
import { parseDraft, type ParsedDraft, type StructuredDraft } from './draft';
import { applyChecks, checkClaims, type ClaimCheck, type JudgeVerdicts } from './verify';

/** The settings the code that disposes reads (a subset of the extension's). */
export interface DisposeSettings {
  minDomains: number;
  requirePrimary: boolean;
  /** Registrable domains that count as primary (the seed's list and the user's allowlist). */
  primaryDomains: string[];
  /** No freshness check when absent. */
  freshnessDays?: number;
  now: Date;
}

/** Whether a URL is on one of these registrable domains or a subdomain of one (primary sources, the allow and deny lists). */
export function onDomains(domains: string[]): (url: string) => boolean {
  const set = new Set(domains.map((d) => d.toLowerCase()));
  return (url) => {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return false;
    }
    if (set.has(registrableDomain(url))) return true;
    for (const d of set) if (host === d || host.endsWith(`.${d}`)) return true;
    return false;
  };
}

/** The evidence as it goes to the model, and the decisions made on it before composing. */
export interface PreparedEvidence {
  /** Span texts as the model and the verifier see them (planted instructions removed). */
  texts: Map<string, string>;
  removed: Removal[];
  conflicts: Conflict[];
  gate: GateResult;
  /** Spans handed to the composer: resolved conflicts' losing values set aside. */
  composeSpans: EvidenceSpan[];
}

/** Sanitises, compares and gates the evidence: everything decided before a model writes a word. */
export function prepareEvidence(question: string, spans: EvidenceSpan[], settings: DisposeSettings): PreparedEvidence {
  const isPrimary = onDomains(settings.primaryDomains);
  const { texts, removed } = sanitizeEvidence(spans);
  const conflicts = detectConflicts(question, spans, { isPrimary, texts });
  const gate = checkGate(spans, conflicts, {
    minDomains: settings.minDomains,
    requirePrimary: settings.requirePrimary,
    isPrimary,
    ...(settings.freshnessDays === undefined ? {} : { freshnessDays: settings.freshnessDays }),
    now: settings.now,
  });
  const aside = setAsideByConflicts(conflicts);
  return { texts, removed, conflicts, gate, composeSpans: spans.filter((s) => !aside.has(s.spanId)) };
}

/** A draft after the code has disposed of it. */
export interface Disposed {
  parsed: ParsedDraft;
  checks: ClaimCheck[];
  claims: Claim[];
}

/** Attaches citations and runs the deterministic checks; `judge` settles what they could not. */
export function disposeDraft(
  draft: string | StructuredDraft,
  spans: EvidenceSpan[],
  texts: Map<string, string>,
  judge?: JudgeVerdicts,
): Disposed {
  const parsed = parseDraft(draft, spans);
  const checks = checkClaims(parsed.claims, spans, texts);
  return { parsed, checks, claims: applyChecks(parsed.claims, checks, judge) };
}

/**
 * The answer's mode from its claims: nothing supported → abstained; everything shown supported and
 * nothing left open → grounded; otherwise partial.
 */
export function decideMode(claims: Claim[], unsupported: string[]): 'grounded' | 'partial' | 'abstained' {
  const supported = claims.filter((c) => c.status === 'supported').length;
  if (supported === 0) return 'abstained';
  return supported === claims.length && unsupported.length === 0 ? 'grounded' : 'partial';
}
