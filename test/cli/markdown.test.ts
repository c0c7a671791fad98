import { describe, expect, it } from 'vitest';
import { escapeMarkdown, renderAnswerMarkdown } from '../../cli/markdown';
import { AnswerResultSchema, type EvidenceSpan } from '../../lib/shared/types';

const span = (n: number, over: Partial<EvidenceSpan> = {}): EvidenceSpan => ({
  id: `p-${n}`,
  spanId: `S${n}`,
  score: 0.9,
  url: `https://site${n}.example/page`,
  title: `Page ${n}`,
  published: null,
  retrievedAt: '2026-01-01T00:00:00.000Z',
  text: 'Text.',
  start: 0,
  end: 5,
  prefix: '',
  suffix: '',
  origin: 'web',
  ...over,
});
const base = { question: 'How many?', trace: { stages: [] }, searched: ['How many?'], warnings: [] };

describe('spanlight ask --format markdown', () => {
  it('claims with markers, a flagged claim said so, numbered sources from the evidence list, page text made inert', () => {
    const evil = span(2, { title: 'Evil [click](javascript:alert(1)) <img src=x onerror=alert(1)>' });
    const result = AnswerResultSchema.parse({
      mode: 'partial',
      ...base,
      evidence: [span(1, { published: { iso: '2026-02-10T09:00:00.000Z', source: 'meta' } }), evil],
      claims: [
        { text: 'There are 412,000 residents.', cites: ['S1'], status: 'supported', reasons: [] },
        { text: 'It grew *fast*.', cites: ['S2'], status: 'flagged', reasons: ['the number 9 is not in S2'] },
        { text: 'Dropped claim.', cites: [], status: 'dropped', reasons: ['x'] },
      ],
      sources: [
        {
          spanId: 'S1',
          url: 'https://site1.example/page',
          title: 'Page 1',
          published: { iso: '2026-02-10T09:00:00.000Z', source: 'meta' },
          origin: 'web',
        },
        { spanId: 'S2', url: evil.url, title: evil.title, published: null, origin: 'web' },
      ],
      unsupported: ['When it was founded'],
      warnings: ['Wikipedia had a server error (503).'],
    });
    expect(renderAnswerMarkdown(result)).toBe(
      [
        '# How many?',
        '',
        '_Partly answered: some sentences could not be verified._',
        '',
        'There are 412,000 residents. [S1]',
        '',
        'It grew \\*fast\\*. [S2] _(unverified: the number 9 is not in S2)_',
        '',
        '## Not answered by the evidence',
        '',
        '- When it was founded',
        '',
        '## Sources',
        '',
        '1. [S1] Page 1 — https://site1.example/page (web, published 2026-02-10 (meta))',
        '   archived copy: https://web.archive.org/web/20260101000000/https://site1.example/page',
        '2. [S2] Evil \\[click\\](javascript:alert(1)) \\<img src=x onerror=alert(1)\\> — https://site2.example/page (web, date unknown)',
        '   archived copy: https://web.archive.org/web/20260101000000/https://site2.example/page',
        '',
        '## Warnings',
        '',
        '- Wikipedia had a server error (503).',
        '',
      ].join('\n'),
    );
  });

  it('refusals and gaps are said plainly', () => {
    const abstained = AnswerResultSchema.parse({
      mode: 'abstained',
      ...base,
      evidence: [],
      reason: 'Only one independent domain.',
      links: [{ url: 'https://a.example/', title: 'A' }],
    });
    expect(renderAnswerMarkdown(abstained)).toContain(
      '**No answer: the evidence is not enough.**\n\nOnly one independent domain.\n\nSearched: How many?\n\n## What was found\n\n1. A — https://a.example/',
    );
    const nothing = AnswerResultSchema.parse({ mode: 'nothing-found', ...base, evidence: [], reason: 'No results.' });
    expect(renderAnswerMarkdown(nothing)).toBe('# How many?\n\n**Nothing found.**\n\nNo results.\n\nSearched: How many?\n');
    const down = AnswerResultSchema.parse({
      mode: 'unavailable',
      ...base,
      evidence: [],
      reason: 'r',
      failures: [{ provider: 'The model endpoint (x)', kind: 'auth', message: 'Model rejected the key.' }],
    });
    expect(renderAnswerMarkdown(down)).toBe(
      '# How many?\n\n**Model unavailable.** Try again later.\n\n- Model rejected the key.\n',
    );
    // Titled by the failure's role, as the panel titles it: a page that would not parse, the browser's own model.
    const page = AnswerResultSchema.parse({
      ...down,
      failures: [{ provider: 'The page', kind: 'bad-response', message: 'The page could not be read.', role: 'page' }],
    });
    expect(renderAnswerMarkdown(page)).toMatch(/^\*\*Page unreadable\.\*\*/m);
    const builtIn = AnswerResultSchema.parse({
      ...down,
      failures: [{ provider: "The browser's built-in model", kind: 'config', message: 'Not available.' }],
    });
    expect(renderAnswerMarkdown(builtIn)).toMatch(/^\*\*Model unavailable\.\*\*/m);
  });

  it('escapes what could become markup, and line-start markers', () => {
    expect(escapeMarkdown('# Title')).toBe('\\# Title');
    expect(escapeMarkdown('  # Title')).toBe('\\# Title');
    expect(escapeMarkdown('1. item')).toBe('1\\. item');
    expect(escapeMarkdown('- item')).toBe('\\- item');
    expect(escapeMarkdown('a_b `c` | d')).toBe('a\\_b \\`c\\` \\| d');
    expect(escapeMarkdown('two\nlines')).toBe('two lines');
  });
});
