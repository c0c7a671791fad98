import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseHTML } from 'linkedom';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AnswerView } from '@/components/answer-view';
import type { AnswerRecord } from '@/lib/shared/records';
import type { AnswerResult } from '@/lib/shared/types';

type Entry = { message: string; placeholders?: Record<string, { content: string }> };

/** A locale's message catalogue as the extension ships it. */
export function catalogue(locale: string): Record<string, Entry> {
  return JSON.parse(readFileSync(path.resolve('public/_locales', locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
}

/**
 * The fake browser's i18n.getMessage speaks `locale`'s real catalogue (the platform's part of the
 * panel's wording, not ours): what the panel renders is what a reader in that language sees.
 */
export function speak(locale: string): void {
  fakeBrowser.i18n.getMessage = messageFrom(catalogue(locale)) as typeof fakeBrowser.i18n.getMessage;
}

/** The browser's i18n.getMessage over one catalogue: its message, placeholders filled from the substitutions. */
export function messageFrom(entries: Record<string, Entry>): (key: string, substitutions?: string | string[]) => string {
  return (key, substitutions) => {
    const entry = entries[key];
    if (!entry) return '';
    const args = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
    return entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (_, name: string) =>
      (entry.placeholders?.[name.toLowerCase()]?.content ?? '').replace(/\$(\d)/g, (__, n: string) => args[Number(n) - 1] ?? ''),
    );
  };
}

/** A result as the panel renders it, as a DOM to query (the real components, rendered to markup). */
export function renderedAnswer(result: AnswerResult): Document {
  const answer: AnswerRecord = { id: 'a1', jobId: 'j1', question: result.question, createdAt: '2026-11-30T12:00:00Z', result };
  const html = renderToStaticMarkup(createElement(AnswerView, { answer, citation: null, onCite: () => {}, onRetry: () => {} }));
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
}
