import type { Conflict, EvidenceSpan, GateResult } from '../types';
import { registrableDomain } from './select';

export interface GateOptions {
  /** Independent registrable domains required among web evidence. */
  minDomains: number;
  /** Require a primary or allowlisted source. */
  requirePrimary: boolean;
  isPrimary: (url: string) => boolean;
  /** The question's freshness window; no freshness check without one. */
  freshnessDays?: number;
  now: Date;
}

/**
 * The decision before composing, in code: enough independent domains, a primary source when asked
 * for, evidence inside the freshness window, no unresolved material conflict. Evidence that comes
 * only from the open tabs the person chose is about those pages, so independence is not applied.
 */
export function checkGate(spans: EvidenceSpan[], conflicts: Conflict[], options: GateOptions): GateResult {
  const failed: GateResult['failed'] = [];
  const notes: string[] = [];
  const web = spans.filter((s) => s.origin === 'web');
  const domains = [...new Set(web.map((s) => registrableDomain(s.url)))];
  if (web.length === 0 && spans.length > 0)
    notes.push('independent domains: not applied, the evidence is the open tabs you chose');
  else if (domains.length < options.minDomains)
    failed.push({
      condition: 'independent-domains',
      message: `Only ${domains.length} independent source${domains.length === 1 ? '' : 's'} (${domains.join(', ') || 'none'}); at least ${options.minDomains} are required.`,
    });
  else notes.push(`independent domains: ${domains.length} (${domains.join(', ')})`);

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
      });
    } else notes.push(`freshness: ${fresh.length} span(s) dated within ${options.freshnessDays} days`);
  }

  const material = conflicts.filter((c) => c.resolution === 'material');
  for (const c of material) failed.push({ condition: 'conflict', message: c.note });
  if (conflicts.length > material.length) notes.push(...conflicts.filter((c) => c.resolution !== 'material').map((c) => c.note));
  return { passed: failed.length === 0, failed, notes };
}
