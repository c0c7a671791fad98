import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { VerdictItem } from '@/components/fact-check-view';
import type { CheckedClaimRecord } from '@/lib/shared/types';
import { speak } from './panel-catalogue';

const claim: CheckedClaimRecord = {
  text: 'The bridge opened in 1932.',
  sentence: 'The bridge opened in 1932.',
  start: 0,
  end: 26,
  verdict: 'supported',
  for: [],
  against: [],
  reasons: ['stated by a source'],
  priorChecks: [
    {
      reviewer: 'Example Checkers',
      date: '2024-03-01',
      rating: 'False',
      url: 'https://checker.example/review/1',
      source: 'page',
    },
    { rating: '<img src=x onerror=alert(1)>', source: 'fact-check-tools' },
  ],
};

function rendered(c: CheckedClaimRecord): Document {
  const html = renderToStaticMarkup(createElement(VerdictItem, { claim: c, index: 0, span: () => undefined }));
  return parseHTML(`<!doctype html><html><body><ol>${html}</ol></body></html>`).document;
}

describe('prior checks in the fact-check view', () => {
  afterEach(() => speak('en'));

  it('shows each prior check apart from the verdict, linking to its review in a new tab', () => {
    speak('en');
    const doc = rendered(claim);
    const items = [...doc.querySelectorAll('.prior-checks .prior-check')];
    expect(items.map((li) => li.textContent)).toEqual([
      'Checked before by Example Checkers, 2024-03-01: False',
      'Checked before by a fact-checker: <img src=x onerror=alert(1)>',
    ]);
    const link = items[0]!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://checker.example/review/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Without a URL there is no link; hostile text stays text.
    expect(items[1]!.querySelector('a')).toBeNull();
    expect(doc.querySelector('img')).toBeNull();
    // The verdict badge is Spanlight's own and stays outside the prior checks.
    expect(doc.querySelector('.prior-checks .verdict-badge')).toBeNull();
    expect(doc.querySelector('.verdict-badge')?.textContent).toBe('Supported');
  });

  it('is worded from each locale catalogue', () => {
    for (const [locale, words] of [
      ['de', 'Bereits geprüft von Example Checkers, 2024-03-01: False'],
      ['fr', 'Déjà vérifié par Example Checkers, 2024-03-01 : False'],
      ['es', 'Verificado antes por Example Checkers, 2024-03-01: False'],
    ] as const) {
      speak(locale);
      expect(rendered(claim).querySelector('.prior-check')?.textContent).toBe(words);
    }
  });

  it('shows nothing for a claim without prior checks', () => {
    speak('en');
    expect(rendered({ ...claim, priorChecks: [] }).querySelector('.prior-checks')).toBeNull();
  });
});
