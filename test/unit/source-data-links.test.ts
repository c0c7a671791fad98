import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CitationsContext, CitationStatus } from '@/components/panel/citation-status';
import type { AnswerResult, EvidenceSpan } from '@/lib/shared/types';
import { renderedAnswer, speak } from './panel-catalogue';
import { span } from './spans';

const NPM_TEXT = 'The latest release of express on the npm registry is version 5.2.1, published on 20 November 2026.';
// Written by the release stage from the registry's JSON: its page does not hold this sentence.
const npm: EvidenceSpan = {
  ...span('S1', NPM_TEXT, 'https://www.npmjs.com/package/express'),
  title: 'express 5.2.1 (the npm registry)',
  textFrom: 'api',
};
const wiki: EvidenceSpan = {
  ...span('S2', 'Express is a web framework for Node.js, released as free software.', 'https://en.wikipedia.org/wiki/Express.js'),
  title: 'Express.js - Wikipedia',
};
const common = {
  trace: { stages: [] },
  evidence: [npm, wiki],
  searched: ['express latest release'],
  warnings: [],
  conflicts: [],
};

const refusal: AnswerResult = {
  mode: 'abstained',
  question: 'What is the latest release of express?',
  ...common,
  reason: 'Only 1 independent source (npmjs.com); at least 2 are required.',
  links: [],
  best: [
    { spanId: 'S1', sentence: NPM_TEXT, link: npm.url },
    { spanId: 'S2', sentence: wiki.text, link: `${wiki.url}#:~:text=Express` },
  ],
};

const answer: AnswerResult = {
  mode: 'grounded',
  question: 'What is the latest release of express?',
  ...common,
  claims: [{ text: 'The latest release of express is 5.2.1.', cites: ['S1', 'S2'], status: 'supported', reasons: [] }],
  sources: [
    { spanId: 'S1', url: npm.url, title: npm.title, published: npm.published, origin: 'web' },
    { spanId: 'S2', url: wiki.url, title: wiki.title, published: wiki.published, origin: 'web' },
  ],
  unsupported: [],
};

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('a passage written from a JSON API: an honest "Open source", never a jump that cannot land', () => {
  beforeEach(() => speak('en'));
  afterEach(() => speak('en'));

  it('a refusal: the JSON passage offers "Open source" and says why; a page passage keeps its jump', () => {
    const doc = renderedAnswer(refusal);
    const fromData = doc.querySelector('.refusal-best li[data-span="S1"]')!;
    expect(fromData.getAttribute('data-opens')).toBe('source');
    expect(fromData.querySelector('.closest-jump')).toBeNull();
    expect(squash(fromData.querySelector('button.closest-open')?.textContent)).toBe('Open source');
    expect(fromData.querySelector('button.closest-open')!.getAttribute('title')).toBe(
      'Open express 5.2.1 (the npm registry) (www.npmjs.com), with nothing highlighted',
    );
    expect(squash(fromData.querySelector('.closest-note')?.textContent)).toBe(
      "Written from the source's data (a JSON API), not read from a page: there is no passage in the page to highlight.",
    );
    expect(squash(fromData.querySelector('.closest-sentence')?.textContent)).toBe(`“${NPM_TEXT}”`);
    const fromPage = doc.querySelector('.refusal-best li[data-span="S2"]')!;
    expect(fromPage.getAttribute('data-opens')).toBeNull();
    expect(fromPage.querySelector('button.closest-jump')).not.toBeNull();
    expect(fromPage.querySelector('.closest-open')).toBeNull();
  });

  it('an answer: the chip citing the JSON passage is named "open source", the other a jump', () => {
    const doc = renderedAnswer(answer);
    const chips = [...doc.querySelectorAll('li.claim button.cite')];
    const [fromData, fromPage] = chips;
    expect(fromData!.getAttribute('data-opens')).toBe('source');
    expect(fromData!.getAttribute('aria-label')).toBe(
      'Source S1: express 5.2.1 (the npm registry) (www.npmjs.com), open source (from its data, nothing to highlight)',
    );
    expect(fromPage!.getAttribute('data-opens')).toBeNull();
    expect(fromPage!.getAttribute('aria-label')).toBe('Source S2: Express.js - Wikipedia (en.wikipedia.org)');
  });

  it('in German: "Quelle öffnen", the reason, and what came of the click', () => {
    speak('de');
    const doc = renderedAnswer(refusal);
    const fromData = doc.querySelector('.refusal-best li[data-span="S1"]')!;
    expect(squash(fromData.querySelector('button.closest-open')?.textContent)).toBe('Quelle öffnen');
    expect(squash(fromData.querySelector('.closest-note')?.textContent)).toBe(
      'Aus den Daten der Quelle (einer JSON-API) geschrieben, nicht aus einer Seite gelesen: In der Seite gibt es keine Passage zu markieren.',
    );
    const status = renderToStaticMarkup(
      createElement(
        CitationsContext.Provider,
        {
          value: {
            current: { answerId: 'a1', spanId: 'S1', at: 'refusal-best', found: false, outcome: 'opened', message: 'English' },
            evidence: [npm],
            open: () => undefined,
          },
        },
        createElement(CitationStatus, { at: 'refusal-best' }),
      ),
    );
    expect(status).toContain(
      '„express 5.2.1 (the npm registry)“ geöffnet. Diese Passage wurde aus den Daten der Quelle (einer JSON-API) geschrieben',
    );
    // The stored passage is shown below the line: it is what the source's data said.
    expect(status).toContain(`<blockquote class="stored-passage">${NPM_TEXT}`);
  });
});
