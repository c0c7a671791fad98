import type { Conflict, EvidenceSpan, GateResult } from '../shared/types';
import { publisherOf } from '../pages/publisher';
import { registrableDomain } from '../pages/publisher';
import { onDomains } from './on-domains';
import { sanitizeEvidence, type Removal } from './sanitize-evidence';
import { detectConflicts, setAsideByConflicts } from './conflicts';

export interface GateOptions {
  /** Independent publishers required among the evidence (open tabs included). */
  minDomains: number;
  /** Require a primary or allowlisted source. */
  requirePrimary: boolean;
  isPrimary: (url: string) => boolean;
  /** The question's freshness window; no freshness check without one. */
  freshnessDays?: number;
  now: Date;
}

/**
 * The decision before composing, in code: enough independent publishers, a primary source when
 * asked for, evidence inside the freshness window, no unresolved material conflict.
 *
 * Every span counts for its publisher (its registrable domain, with one owner's domains grouped, see
 * publisher.ts), whether it came from the web or from an open tab: a tab and a web page on another
 * domain are two sources. Evidence that includes the open tabs the person chose is about those
 * pages, so it meets the independence rule on its own; that is also what keeps the gate monotone
 * (adding an agreeing passage never turns a pass into a failure, only a conflict it reveals can).
 */
export function checkGate(spans: EvidenceSpan[], conflicts: Conflict[], options: GateOptions): GateResult {
  const failed: GateResult['failed'] = [];
  const notes: string[] = [];
  const publishers = [...new Set(spans.map((s) => publisherOf(s.url)))];
  const tabDomains = [...new Set(spans.filter((s) => s.origin === 'tab').map((s) => registrableDomain(s.url)))];
  const counted = `${publishers.length} (${publishers.join(', ')})`;
  if (publishers.length >= options.minDomains) notes.push(`independent sources: ${counted}`);
  else if (tabDomains.length > 0)
    notes.push(
      `independent sources: ${counted}; enough, as the evidence includes the open tabs you chose (${tabDomains.join(', ')})`,
    );
  else
    failed.push({
      condition: 'independent-domains',
      message: `Only ${publishers.length} independent source${publishers.length === 1 ? '' : 's'} (${publishers.join(', ') || 'none'}); at least ${options.minDomains} are required.`,
      found: publishers,
      required: options.minDomains,
    });

  if (options.requirePrimary) {
    const primary = spans.filter((s) => options.isPrimary(s.url));
    if (primary.length === 0)
      failed.push({
        condition: 'primary-source',
        message: 'No primary or allowlisted source was found, and the settings require one.',
      });
    else notes.push(`primary source: ${registrableDomain(primary[0]!.url)}`);
  }

  if (options.freshnessDays !== undefined) {
    const limit = options.now.getTime() - options.freshnessDays * 86_400_000;
    const fresh = spans.filter((s) => s.published && Date.parse(s.published.iso) >= limit);
    if (fresh.length === 0) {
      const dates = spans.map((s) => (s.published ? s.published.iso.slice(0, 10) : 'undated'));
      failed.push({
        condition: 'freshness',
        message: `No source is dated within the last ${options.freshnessDays} days (found: ${dates.join(', ') || 'none'}).`,
        found: dates,
        required: options.freshnessDays,
      });
    } else notes.push(`freshness: ${fresh.length} span(s) dated within ${options.freshnessDays} days`);
  }

  const material = conflicts.filter((c) => c.resolution === 'material');
  for (const c of material) failed.push({ condition: 'conflict', message: c.note });
  if (conflicts.length > material.length) notes.push(...conflicts.filter((c) => c.resolution !== 'material').map((c) => c.note));
  return { passed: failed.length === 0, failed, notes };
}

/** The settings the gate reads (a subset of the extension's). */
export interface GateSettings {
  minDomains: number;
  requirePrimary: boolean;
  /** Registrable domains that count as primary (the seed's list and the user's allowlist). */
  primaryDomains: string[];
  /** No freshness check when absent. */
  freshnessDays?: number;
  now: Date;
}

/** The evidence as it goes to the model, and the decisions made on it before composing. */
export interface GatedEvidence {
  /** Span texts as the model and the verifier see them (planted instructions removed). */
  texts: Map<string, string>;
  removed: Removal[];
  conflicts: Conflict[];
  gate: GateResult;
  /** Spans handed to the composer: resolved conflicts' losing values set aside. */
  composeSpans: EvidenceSpan[];
}

/**
 * Sanitises, compares and gates the evidence: everything decided before a model writes a word. The
 * extension, `spanlight check` and the evaluation all gate through here.
 */
export function gateEvidence(question: string, spans: EvidenceSpan[], settings: GateSettings): GatedEvidence {
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
