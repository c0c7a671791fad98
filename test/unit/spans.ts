import type { EvidenceSpan, Page } from '@/lib/shared/types';
import { followCitations, type CitationReader } from '@/lib/evidence/follow-citations';

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

/** A cited page for corroboration tests: one paragraph a line. */
export function citedPage(paragraphs: string[], title = 'Cited page'): Page {
  return {
    url: 'https://cited.example.net/report',
    title,
    text: paragraphs.join('\n'),
    published: null,
    retrievedAt: '2026-12-01T00:00:00Z',
    contentHash: '',
    origin: 'web',
  };
}

/** Paragraphs each long enough to be a passage of their own, stating nothing a test cites. */
export const FILLER = [
  'The office publishes its tables twice a year, in spring and in autumn, for every borough and district.',
  'Questions about the tables can be sent to the press desk, which answers on working days before noon.',
];

/** A Wikipedia sentence with its footnote [1] to `cited`, followed by followCitations (with `reader`, when given). */
export function followOne(sentence: string, cited: Page, reader?: CitationReader) {
  const text = `${sentence}[1]`;
  const from = span('S1', text, 'https://en.wikipedia.org/wiki/Someone');
  const citations = [{ at: text.indexOf('[1]'), note: 'cite_note-1', label: '', urls: [cited.url] }];
  const pages = new Map([[from.url, { ...citedPage([text]), url: from.url, citations }]]);
  return followCitations(
    [from],
    pages,
    async () => ({ ok: true, extraction: { page: cited, readable: true }, truncated: false, bytes: 0 }),
    { maxFetches: 1, ...(reader ? { reader } : {}) },
  );
}
