import type { Conflict, EvidenceSpan } from '../shared/types';
import { contentWords, words } from '../text/tokens';
import { registrableDomain } from '../pages/publisher';
import { bestSentence } from './closest-sentence';

const UNIT_ALIASES: Record<string, string> = {
  '%': 'percent',
  pct: 'percent',
  'per cent': 'percent',
  usd: 'dollars',
  $: 'dollars',
  '€': 'euros',
  eur: 'euros',
  '£': 'pounds',
};
const SKIP_AFTER = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'to',
  'of',
  'in',
  'on',
  'at',
  'by',
  'from',
  'for',
  'with',
  'than',
  'year',
  'years',
  'ago',
  'earlier',
  'later',
]);

/** A value a span states: the number (or version) and what it counts. */
export interface StatedValue {
  about: string;
  value: string;
  numeric: number | null;
  /** Content words just before the value: what it is a value of ("policy rate", "inflation"). */
  context?: string[];
}

/** Up to four content words before position `at` in the sentence. */
function contextBefore(sentence: string, at: number): string[] {
  return contentWords(sentence.slice(Math.max(0, at - 60), at))
    .filter((w) => !/^\d/.test(w))
    .slice(-4);
}

/** Values of the sentence: "412,000 residents" → {about: residents, value: 412,000}; "version 3.2.1" → {about: version}. */
export function statedValues(sentence: string): StatedValue[] {
  const out: StatedValue[] = [];
  const re =
    /([$€£])?\s?(\d{1,3}(?:[,\u00a0 ]\d{3})+|\d+(?:\.\d+)*)\s*(%|percent\b|per cent\b|(million|billion|thousand)\b)?\s*([A-Za-z][A-Za-z-]+)?/g;
  for (const m of sentence.matchAll(re)) {
    const [, currency, num, unit, scale, next] = m;
    const raw = num!.replace(/[,\u00a0 ]/g, '');
    if (/^\d+\.\d+\.\d+/.test(raw) || /\bversion\s*$|\bv$/i.test(sentence.slice(0, m.index))) {
      out.push({ about: 'version', value: raw, numeric: null, context: contextBefore(sentence, m.index) });
      continue;
    }
    if (!currency && !unit && /^(19|20)\d\d$/.test(raw)) continue; // a year is a date, compared elsewhere
    const factor = scale ? { thousand: 1e3, million: 1e6, billion: 1e9 }[scale.toLowerCase()]! : 1;
    const numeric = Number(raw) * factor;
    let about = currency
      ? UNIT_ALIASES[currency]!
      : unit && !scale
        ? (UNIT_ALIASES[unit.toLowerCase()] ?? unit.toLowerCase())
        : (next ?? '').toLowerCase();
    if (scale && next && !currency) about = next.toLowerCase();
    if (!about || SKIP_AFTER.has(about)) continue;
    out.push({
      about,
      value: `${currency ?? ''}${num}${unit ? (unit === '%' ? '%' : ` ${unit}`) : ''}`.trim(),
      numeric,
      context: contextBefore(sentence, m.index),
    });
  }
  return out;
}

/** The sentence of a span that bears most on the question (most shared content words), if any. */
function answerSentence(question: string, text: string): string | null {
  // The question's content words, met by any word of the sentence.
  const best = bestSentence(new Set(contentWords(question)), text, words);
  return best && best.score > 0 ? best.sentence : null;
}

export interface ConflictOptions {
  isPrimary: (url: string) => boolean;
  /** Span texts as the model sees them (planted instructions removed); defaults to the spans' text. */
  texts?: Map<string, string>;
  /** Relative difference below which two numbers are the same value (rounding). */
  tolerance?: number;
}

/**
 * Compares the values that answer the question across spans from different domains. Each
 * disagreement gets a policy applied in code: prefer the primary source, else the clearly more
 * recent one, and say so; otherwise it is material and the gate abstains.
 */
export function detectConflicts(question: string, spans: EvidenceSpan[], options: ConflictOptions): Conflict[] {
  const tolerance = options.tolerance ?? 0.005;
  const byAbout = new Map<string, Array<{ span: EvidenceSpan; v: StatedValue }>>();
  for (const span of spans) {
    const sentence = answerSentence(question, options.texts?.get(span.spanId) ?? span.text);
    if (!sentence) continue;
    const values = statedValues(sentence);
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v.about, (counts.get(v.about) ?? 0) + 1);
    for (const v of values) {
      if (counts.get(v.about)! > 1) continue; // the span itself states several: not one answer
      const list = byAbout.get(v.about) ?? [];
      list.push({ span, v });
      byAbout.set(v.about, list);
    }
  }

  const conflicts: Conflict[] = [];
  for (const [about, entries] of byAbout) {
    const groups: Array<{ value: string; numeric: number | null; spans: EvidenceSpan[] }> = [];
    for (const { span, v } of entries) {
      const g = groups.find((x) =>
        x.numeric !== null && v.numeric !== null
          ? Math.abs(x.numeric - v.numeric) <= tolerance * Math.max(Math.abs(x.numeric), Math.abs(v.numeric))
          : x.value === v.value,
      );
      if (g) g.spans.push(span);
      else groups.push({ value: v.value, numeric: v.numeric, spans: [span] });
    }
    if (groups.length < 2) continue;
    // Only values of the same thing disagree: "policy rate 3.25 percent" and "inflation 2.1 percent"
    // share a unit, not a subject. Two groups are comparable when the words before their values meet.
    const ctx = (g: (typeof groups)[number]) =>
      new Set(
        g.spans.flatMap((sp) => entries.filter((e) => e.span === sp && e.v.about === about).flatMap((e) => e.v.context ?? [])),
      );
    const meets = (a: Set<string>, b: Set<string>) => [...a].some((w) => b.has(w));
    const contexts = groups.map(ctx);
    if (!groups.some((_, i) => groups.some((__, j) => j > i && meets(contexts[i]!, contexts[j]!)))) continue;
    const domains = new Set(groups.map((g) => g.spans.map((s) => registrableDomain(s.url)).join('|')));
    if (domains.size < 2) continue;
    const values = groups.map((g) => {
      const dates = g.spans
        .map((s) => s.published?.iso ?? null)
        .filter((d): d is string => d !== null)
        .sort();
      return {
        value: g.value,
        cites: g.spans.map((s) => s.spanId),
        published: dates.at(-1) ?? null,
        primary: g.spans.some((s) => options.isPrimary(s.url)),
      };
    });
    const describe = (v: (typeof values)[number]) =>
      `${v.value} [${v.cites.join('][')}]${v.published ? ` (${v.published.slice(0, 10)})` : ' (undated)'}`;
    const listing = values.map(describe).join(' vs ');
    const primaries = values.filter((v) => v.primary);
    let resolution: Conflict['resolution'] = 'material';
    let note = `Sources disagree on ${about}: ${listing}. Neither is a primary source or clearly more recent, so this is not settled here.`;
    if (primaries.length === 1) {
      resolution = 'prefer-primary';
      note = `Sources disagree on ${about}: ${listing}. The primary source's value, ${primaries[0]!.value}, is used.`;
    } else {
      const dated = values.filter((v) => v.published).sort((a, b) => b.published!.localeCompare(a.published!));
      const gapDays =
        dated.length === values.length && dated.length >= 2
          ? (Date.parse(dated[0]!.published!) - Date.parse(dated[1]!.published!)) / 86_400_000
          : 0;
      if (gapDays >= 30) {
        resolution = 'prefer-recent';
        note = `Sources disagree on ${about}: ${listing}. The more recent value, ${dated[0]!.value}, is used.`;
      }
    }
    conflicts.push({ about, values, resolution, note });
  }
  return conflicts;
}

/** Span ids a resolved conflict sets aside (the values not preferred); material conflicts set none aside. */
export function setAsideByConflicts(conflicts: Conflict[]): Set<string> {
  const out = new Set<string>();
  for (const c of conflicts) {
    if (c.resolution === 'material') continue;
    const keep =
      c.resolution === 'prefer-primary'
        ? c.values.find((v) => v.primary)!
        : [...c.values].filter((v) => v.published).sort((a, b) => b.published!.localeCompare(a.published!))[0]!;
    for (const v of c.values) if (v !== keep) for (const id of v.cites) out.add(id);
  }
  return out;
}
