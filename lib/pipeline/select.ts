import { getDomain, getHostname } from 'tldts';
import type { EvidenceSpan, Passage } from '../types';
import { contentWords } from '../text/tokens';

export interface SelectOptions {
  /** Spans handed to the composer. */
  maxSpans: number;
  /** Spans taken from one document. */
  maxPerDocument?: number;
  /** Passages scoring below this (0–1, share of the question's weighted terms) are never evidence. */
  minScore?: number;
  /** Passages shorter than this are boilerplate, not evidence. */
  minChars?: number;
}

export interface Dropped {
  passageId: string;
  url: string;
  reason: string;
}

export interface Selection {
  spans: EvidenceSpan[];
  /** Documents and passages left out, each with why (kept for the trace). */
  dropped: Dropped[];
}

/** Registrable domain of a URL (tldts), falling back to the host name. */
export function registrableDomain(url: string): string {
  return getDomain(url, { allowPrivateDomains: true }) ?? getHostname(url) ?? url;
}

/**
 * Scores passages by the weighted share of the question's terms they contain (idf over the
 * candidates), drops those under the relevance floor, keeps one document per registrable domain,
 * and numbers the survivors S1, S2… by score.
 */
export function selectEvidence(question: string, queries: string[], passages: Passage[], options: SelectOptions): Selection {
  const minScore = options.minScore ?? 0.2;
  const minChars = options.minChars ?? 40;
  const perDoc = options.maxPerDocument ?? 2;
  const dropped: Dropped[] = [];

  const terms = [...new Set(contentWords([question, ...queries].join(' ')))];
  const docs = passages.map((p) => new Set(contentWords(p.text)));
  const n = passages.length;
  const idf = new Map(
    terms.map((t) => {
      const df = docs.reduce((c, d) => c + (d.has(t) ? 1 : 0), 0);
      return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
  const totalWeight = terms.reduce((s, t) => s + idf.get(t)!, 0);

  const scored = passages.flatMap((p, i) => {
    if (p.text.trim().length < minChars) {
      dropped.push({ passageId: p.id, url: p.url, reason: 'too short to be evidence' });
      return [];
    }
    const present = terms.filter((t) => docs[i]!.has(t));
    const score = totalWeight === 0 ? 0 : present.reduce((s, t) => s + idf.get(t)!, 0) / totalWeight;
    if (score < minScore) return [];
    return [{ p, score }];
  });
  scored.sort((a, b) => b.score - a.score);

  // One document per registrable domain: the domain's best-scoring document wins.
  const docOfDomain = new Map<string, string>();
  const perDocCount = new Map<string, number>();
  const kept: Array<{ p: Passage; score: number }> = [];
  for (const s of scored) {
    const domain = registrableDomain(s.p.url);
    const owner = docOfDomain.get(domain);
    if (owner !== undefined && owner !== s.p.url) {
      dropped.push({ passageId: s.p.id, url: s.p.url, reason: `another document from ${domain} was kept` });
      continue;
    }
    docOfDomain.set(domain, s.p.url);
    const count = perDocCount.get(s.p.url) ?? 0;
    if (count >= perDoc) continue;
    if (kept.length >= options.maxSpans) {
      dropped.push({ passageId: s.p.id, url: s.p.url, reason: 'over the span budget' });
      continue;
    }
    perDocCount.set(s.p.url, count + 1);
    kept.push(s);
  }
  return {
    spans: kept.map(({ p, score }, i) => ({ ...p, spanId: `S${i + 1}`, score: Math.round(score * 1000) / 1000 })),
    dropped,
  };
}
