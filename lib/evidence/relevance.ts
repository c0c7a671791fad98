import { contentWords } from '../text/tokens';

/** One thing a passage can be relevant to: the whole question, one of its parts, or a planned query. */
export interface RelevancePart {
  /** What the part says, for the trace. */
  text: string;
  kind: 'question' | 'part' | 'query';
  /** Stems of the part's content words (see `stem`). */
  terms: string[];
}

// A new clause starts at "and"/"but"/";"/"?" followed by a question word: "When was X founded and who runs it?"
/** Where a question's next clause starts. */
export const CLAUSE_BREAK =
  /\?\s+|;\s*|,?\s+(?:and|but|also)\s+(?=(?:what|when|where|who|whom|whose|which|why|how|is|are|was|were|does|do|did|has|have|had|can|could|will)\b)/i;

/**
 * A word's stem for matching only: "stepped" and "steps" are "step", "companies" is "company". A
 * few English suffixes, so that the wording of a question and of a passage meet.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  if (word.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** The stems of a text's content words. */
function terms(text: string): string[] {
  return contentWords(text).map(stem);
}

/**
 * The names of the question's first clause ("Acme" in "When was Acme founded and who is its
 * CEO?"), carried into the later clauses, so that "who is its CEO" is still about Acme.
 */
function subjectTerms(firstClause: string): string[] {
  const names = firstClause
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^[\p{Lu}\p{N}]/u.test(w))
    .join(' ');
  return terms(names);
}

/**
 * What relevance is measured against: the whole question, each of its clauses (with the question's
 * names carried into each), and each planned query. A passage that answers one part of a two-part
 * question is relevant to that part even when it shares few words with the whole.
 */
export function relevanceParts(question: string, queries: string[]): RelevancePart[] {
  const parts: RelevancePart[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: RelevancePart['kind'], extra: string[] = []) => {
    const stems = [...new Set([...terms(text), ...extra])];
    const key = [...stems].sort().join(' ');
    if (stems.length === 0 || seen.has(key)) return;
    seen.add(key);
    parts.push({ text: text.trim(), kind, terms: stems });
  };
  add(question, 'question');
  const clauses = question.split(CLAUSE_BREAK).filter((c) => contentWords(c).length > 0);
  if (clauses.length > 1) {
    const subject = subjectTerms(clauses[0]!);
    clauses.forEach((c, i) => add(c, 'part', i === 0 ? [] : subject));
  }
  for (const q of queries) add(q, 'query');
  return parts;
}

/** Scores texts against the parts: idf-weighted share of each part's terms present, over the candidates. */
export interface PartScorer {
  /** Score of text `i` against each part, 0–1. */
  scores(i: number): number[];
}

/** Builds a scorer over `texts` (idf is computed over them). */
export function scoreParts(parts: RelevancePart[], texts: string[]): PartScorer {
  const docs = texts.map((t) => new Set(terms(t)));
  const n = docs.length;
  const idf = new Map<string, number>();
  for (const t of new Set(parts.flatMap((p) => p.terms))) {
    const df = docs.reduce((c, d) => c + (d.has(t) ? 1 : 0), 0);
    idf.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  const totals = parts.map((p) => p.terms.reduce((s, t) => s + idf.get(t)!, 0));
  return {
    scores: (i) =>
      parts.map((p, k) => {
        const present = p.terms.filter((t) => docs[i]!.has(t));
        if (totals[k] === 0) return 0;
        // The whole question is scored as before; for a clause or a query, one shared word is not
        // relevance to a part of two or more ("Acme" alone does not answer "who is Acme's CEO").
        if (p.kind !== 'question' && present.length < Math.min(2, p.terms.length)) return 0;
        return present.reduce((s, t) => s + idf.get(t)!, 0) / totals[k]!;
      }),
  };
}
