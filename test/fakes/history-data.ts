import { createHash } from 'node:crypto';
import { AnswerRecordSchema, type AnswerRecord } from '../../lib/shared/records';
import { random } from './seeded-random';

/**
 * Histories built by the tests and the benchmark themselves: answers of about 6–11 KB (questions,
 * claims, 3–6 evidence spans with their text, a trace), deterministic from a seed. A hundred
 * "marker" words each appear in exactly 1% of the answers (in a claim), so a search for one has
 * a known answer: the answers that carry it, newest first.
 */

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'to',
  'vi',
  'de',
  'pa',
  'gu',
  'ho',
  'ze',
  'bri',
  'tal',
  'mon',
  'ser',
  'ver',
];

/**
 * The hundred marker words: "qx", a syllable, "z", a letter. All six letters long and distinct, so
 * none is a prefix of another; ten share each five-letter start, so the last key typed changes the results.
 */
export const MARKERS = Array.from(
  { length: 100 },
  (_, i) => `qx${SYLLABLES[Math.floor(i / 10)]!.slice(0, 2)}z${String.fromCharCode(97 + (i % 10))}`,
);

/** A word that is in about half of the answers (in a question). */
export const COMMON_WORD = 'harbour';

/** The marker an answer carries. */
export const markerOf = (i: number) => MARKERS[i % MARKERS.length]!;

/** `count` answers, the newest last (answer i is i minutes after the first). */
export function makeHistory(count: number, seed = 17): AnswerRecord[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const vocabulary = Array.from({ length: 3000 }, () =>
    Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(SYLLABLES)).join(''),
  );
  const words = (n: number) => Array.from({ length: n }, () => pick(vocabulary)).join(' ');
  const sentence = () => `${words(8 + Math.floor(rnd() * 10))}.`;
  const hosts = Array.from({ length: 200 }, (_, i) => `${pick(vocabulary)}${i}.example.org`);
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const question = `${i % 2 === 0 ? `${COMMON_WORD} ` : ''}${words(6)}?`;
    const createdAt = new Date(start + i * 60_000).toISOString();
    const spans = Array.from({ length: 3 + Math.floor(rnd() * 4) }, (_, k) => {
      const text = Array.from({ length: 5 + Math.floor(rnd() * 6) }, sentence).join(' ');
      const host = pick(hosts);
      return {
        id: `p-${i}-${k}`,
        spanId: `S${k + 1}`,
        url: `https://${host}/article/${i}-${k}`,
        title: words(6),
        published: { iso: '2024-10-01', source: 'meta' as const },
        retrievedAt: createdAt,
        text,
        start: 0,
        end: text.length,
        prefix: words(5),
        suffix: words(5),
        origin: 'web' as const,
        score: Math.round(rnd() * 1000) / 1000,
      };
    });
    const claims = Array.from({ length: 2 + Math.floor(rnd() * 3) }, (_, k) => ({
      text: k === 0 ? `${sentence().slice(0, -1)} ${markerOf(i)}.` : sentence(),
      cites: [`S${1 + (k % spans.length)}`],
      quote: spans[k % spans.length]!.text.slice(0, 80),
      status: 'supported' as const,
      reasons: [],
    }));
    const answer = {
      id: `bench-${String(i).padStart(6, '0')}`,
      jobId: `job-${i}`,
      question,
      createdAt,
      result: {
        mode: 'grounded' as const,
        question,
        trace: {
          stages: ['route', 'plan', 'search', 'fetch', 'select', 'compose', 'verify'].map((stage) => ({
            stage,
            startedAt: createdAt,
            ms: Math.round(rnd() * 900),
            ok: true,
            summary: words(10),
          })),
        },
        evidence: spans,
        searched: [question, words(4)],
        warnings: [],
        conflicts: [],
        claims,
        sources: spans.map((s) => ({ spanId: s.spanId, url: s.url, title: s.title, published: s.published, origin: s.origin })),
        unsupported: [],
      },
    };
    return AnswerRecordSchema.parse(answer);
  });
}

/** An export document of these answers, as the panel's export has always written it (one pretty-printed JSON). */
export function exportText(answers: AnswerRecord[], exportedAt = '2026-11-30T00:00:00.000Z'): string {
  return JSON.stringify({ format: 'spanlight-history', version: 1, exportedAt, answers }, null, 2);
}

/** JSON with object keys sorted, so the same answer hashes the same whatever order its keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The count and a SHA-256 of a set of answers (sorted by id, keys sorted): two histories with the same hash hold the same answers and evidence. */
export function historyHash(answers: unknown[]): { count: number; sha256: string } {
  const sorted = [...answers].sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1));
  const hash = createHash('sha256');
  for (const a of sorted) hash.update(`${canonical(a)}\n`);
  return { count: answers.length, sha256: hash.digest('hex') };
}
