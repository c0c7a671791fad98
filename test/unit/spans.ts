import type { EvidenceSpan } from '@/lib/shared/types';

/** An evidence span for tests; only the text and where it came from vary. */
export function span(spanId: string, text: string, url = `https://${spanId.toLowerCase()}.example.org/page`): EvidenceSpan {
  return {
    id: `p-${spanId}`,
    spanId,
    url,
    title: `Title of ${spanId}`,
    published: { iso: '2026-10-01', source: 'meta' },
    retrievedAt: '2026-11-30T10:00:00Z',
    text,
    start: 0,
    end: text.length,
    prefix: '',
    suffix: '',
    origin: 'web',
    score: 0.8,
  };
}
