import { describe, expect, it } from 'vitest';
import { answerMarkdown, escapeMarkdown, linkTarget, threadMarkdown } from '@/lib/export/answer-markdown';
import type { AnswerRecord } from '@/lib/shared/records';
import type { AnswerResult } from '@/lib/shared/types';
import { span } from '../spans';

const base = { trace: { stages: [] }, searched: ['population of Exampleville'], warnings: [], conflicts: [] };

function record(result: AnswerResult, extra: Partial<AnswerRecord> = {}): AnswerRecord {
  return { id: 'a1', jobId: 'j1', question: result.question, createdAt: '2026-11-30T10:00:00Z', result, ...extra };
}

function grounded(): AnswerResult {
  const s1 = span(
    'S1',
    'The census office reported that Exampleville had 412,000 residents.',
    'https://stats.example.org/census',
  );
  const s2 = span('S2', 'The population grew by 3.4 percent in 2025.', 'https://news.example.com/growth');
  const s3 = span('S3', 'An unrelated passage that was selected but not cited.', 'https://other.example.net/x');
  return {
    mode: 'partial',
    question: 'What is the population of Exampleville?',
    ...base,
    evidence: [s1, s2, s3],
    claims: [
      { text: 'Exampleville had 412,000 residents.', cites: ['S1'], status: 'supported', reasons: [] },
      { text: 'It grew by 3.4 percent in 2025.', cites: ['S2', 'S1'], status: 'flagged', reasons: ['the year is not in S1'] },
      {
        text: 'Exampleville has 17 bridges.',
        cites: ['S1'],
        status: 'dropped',
        reasons: ['the number 17 is not in the passage'],
      },
    ],
    sources: [
      { spanId: 'S1', url: s1.url, title: s1.title, published: s1.published, origin: 'web' },
      { spanId: 'S2', url: s2.url, title: s2.title, published: s2.published, origin: 'web' },
    ],
    unsupported: ['How many of them are children.'],
  };
}

describe('answers as Markdown', () => {
  it('claims carry their citations as links to the evidence list; sources list title, domain, date and quote', () => {
    const md = answerMarkdown(record(grounded()));
    expect(md).toContain('## What is the population of Exampleville?');
    expect(md).toContain('- Exampleville had 412,000 residents. [\\[S1\\]](https://stats.example.org/census)');
    expect(md).toContain(
      '- It grew by 3.4 percent in 2025. [\\[S2\\]](https://news.example.com/growth) [\\[S1\\]](https://stats.example.org/census) *(flagged: the year is not in S1)*',
    );
    expect(md).toContain('*Partly answered');
    expect(md).toContain('### Not answered by the evidence\n\n- How many of them are children.');
    expect(md).toContain(
      '- \\[S1\\] [Title of S1](https://stats.example.org/census) — stats.example.org, published 2026-10-01 (meta), retrieved 2026-11-30',
    );
    expect(md).toContain('   > The census office reported that Exampleville had 412,000 residents.');
  });

  it('a removed sentence is not exported, only counted; a selected span nobody cites is not a source', () => {
    const md = answerMarkdown(record(grounded()));
    expect(md).not.toContain('17 bridges');
    expect(md).toContain('1 sentence was removed');
    expect(md).not.toContain('other.example.net');
  });

  it('every link comes from the evidence list: markup, links and addresses in text stay text', () => {
    const r = grounded() as Extract<AnswerResult, { mode: 'partial' }>;
    r.claims[0]!.text =
      'See [this](javascript:alert(1)) and ![x](https://evil.example/p.png) or <img src=x onerror=alert(1)> at https://evil.example/a_b';
    r.evidence[0]!.title = 'Census ](https://evil.example/) **bold**';
    const md = answerMarkdown(record(r));
    expect(md).toContain('See \\[this\\](javascript:alert(1)) and !\\[x\\](`https://evil.example/p.png`)');
    expect(md).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(md).toContain('at `https://evil.example/a_b`');
    expect(md).toContain('[Census \\](`https://evil.example/`) \\*\\*bold\\*\\*](https://stats.example.org/census)');
    // The only link targets (after an unescaped "]") are the evidence's URLs.
    const targets = [...md.matchAll(/(?<!\\)\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets)
      expect(['https://stats.example.org/census', 'https://news.example.com/growth']).toContain(target);
  });

  it('link targets: http(s) only, with characters that would break the link encoded', () => {
    expect(linkTarget('https://example.org/a (b)<c>')).toBe('https://example.org/a%20%28b%29%3Cc%3E');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('file:///etc/passwd')).toBeNull();
    expect(linkTarget('not a url')).toBeNull();
  });

  it('a source whose address cannot be a link is cited as plain [S1]', () => {
    const r = grounded() as Extract<AnswerResult, { mode: 'partial' }>;
    r.evidence[0]!.url = 'chrome://settings';
    r.sources[0]!.url = 'chrome://settings';
    const md = answerMarkdown(record(r));
    expect(md).toContain('- Exampleville had 412,000 residents. \\[S1\\]\n');
  });

  it('line starts that would become headings or lists are escaped', () => {
    expect(escapeMarkdown('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdown('1. not a list')).toBe('1\\. not a list');
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
    expect(escapeMarkdown('a_b*c `d` |e| ~f~')).toBe('a\\_b\\*c \\`d\\` \\|e\\| \\~f\\~');
  });

  it('a refusal says so, with what was searched and the raw links found', () => {
    const md = answerMarkdown(
      record({
        mode: 'abstained',
        question: 'Q?',
        ...base,
        evidence: [],
        reason: 'Only 1 independent source (stats.example.org); at least 2 are required.',
        links: [{ url: 'https://stats.example.org/census', title: 'Census' }],
        best: [],
      }),
    );
    expect(md).toContain('**No answer: the evidence is not enough.** Only 1 independent source');
    expect(md).toContain('Searched: population of Exampleville');
    expect(md).toContain('- [Census](https://stats.example.org/census)');
  });

  it("a refusal's best passages: the sentence and its source, linked from the evidence list (never the stored link)", () => {
    const s1 = span('S1', 'Exampleville had 412,000 residents.', 'https://stats.example.org/census');
    const md = answerMarkdown(
      record({
        mode: 'abstained',
        question: 'Q?',
        ...base,
        evidence: [s1],
        reason: 'Only 1 independent source.',
        links: [],
        best: [{ spanId: 'S1', sentence: s1.text, link: 'https://elsewhere.example/phish' }],
      }),
    );
    expect(md).toContain('### Best passages found');
    expect(md).toContain(
      '- “Exampleville had 412,000 residents.” [\\[S1\\]](https://stats.example.org/census) Title of S1, published 2026-10-01 (meta)',
    );
    expect(md).not.toContain('elsewhere.example');
  });

  it('a follow-up shows what was typed and what was searched; a thread joins its answers', () => {
    const follow = record(grounded(), {
      id: 'a2',
      question: 'population Exampleville: how fast did it grow?',
      followUp: { previousAnswerId: 'a1', asked: 'How fast did it grow?', method: 'heuristic' },
    });
    const md = threadMarkdown([record(grounded()), follow]);
    expect(md).toContain('## How fast did it grow?\n\n*Searched as:* population Exampleville: how fast did it grow?');
    expect(md.split('\n---\n')).toHaveLength(2);
  });
});
