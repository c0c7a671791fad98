import 'fake-indexeddb/auto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AnswerView } from '@/components/answer-view';
import { CitationsContext, CitationStatus, type CitationState } from '@/components/panel/citation-status';
import { answerQuestion } from '@/lib/answering/answer-question';
import { type PipelineDeps } from '@/lib/answering/deps';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { createBuiltinModel, type LanguageModelApi } from '@/lib/model/chrome-builtin';
import { createBraveProvider } from '@/lib/search/brave';
import { defaultSettings } from '@/lib/settings';
import { FAILURE_PARAMS, WARNING_PARAMS, failureMessageKey, warningMessageKey } from '@/lib/shared/failure-codes';
import { failureText, warningOf, warningText } from '@/lib/shared/failure-text';
import type { AnswerRecord } from '@/lib/shared/records';
import { FailureCodeSchema, WarningCodeSchema, type AnswerResult, type EvidenceSpan } from '@/lib/shared/types';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { SpanlightDb, listAnswers, readAnswer } from '@/lib/db/database';
import { startFakeBrave } from '../fakes/search-servers';
import { startCensusWorld } from '../fakes/census-world';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { viaLoopback } from '../fakes/fixture-site';
import { span } from './spans';
import { catalogue, messageFrom } from './panel-catalogue';

const english = catalogue('en');
/** The catalogue the fake browser speaks; English unless a test switches it. */
let shownCatalogue = english;

/** The browser's i18n.getMessage over the catalogue shown (the platform's part, not ours). */
function getMessage(key: string, substitutions?: string | string[]): string {
  return messageFrom(shownCatalogue)(key, substitutions);
}

/** What a person reads in the panel for a result: its heading and each failure's line. */
function panelText(result: AnswerResult): { heading: string; failures: Array<{ role: string; text: string }> } {
  const answer: AnswerRecord = { id: 'a1', jobId: 'j1', question: result.question, createdAt: '2026-11-30T12:00:00Z', result };
  const html = renderToStaticMarkup(createElement(AnswerView, { answer, citation: null, onCite: () => {}, onRetry: () => {} }));
  const unescape = (s: string) =>
    s
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  const heading = /<section class="card error"[^>]*><h3>([^<]*)<\/h3>/.exec(html)?.[1] ?? '';
  const failures = [...html.matchAll(/<li class="failure" data-role="([a-z]+)"[^>]*>([^<]*)<\/li>/g)].map((m) => ({
    role: m[1]!,
    text: unescape(m[2]!),
  }));
  return { heading: unescape(heading), failures };
}

const now = () => new Date('2026-11-30T12:00:00Z');
const settings = pipelineSettings(defaultSettings());
function deps(over: Partial<PipelineDeps>): PipelineDeps {
  return {
    now,
    fetch,
    providers: [],
    fetchPage: async (url) => ({ ok: false, url, reason: 'not fetched in this test' }),
    readTabs: async () => [],
    model: null,
    onProgress: () => undefined,
    ...over,
  };
}

describe('failures in the panel: titled by role, worded from the catalogue', () => {
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  beforeAll(async () => {
    fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
    brave = await startFakeBrave({ apiKey: 'right-key', results: () => [] });
  });
  afterAll(async () => {
    await brave.close();
  });

  it("the browser's built-in model failing is titled as a model failure", async () => {
    // The Prompt API (the browser's) failing the way Chrome's does when the model crashes.
    const api: LanguageModelApi = {
      availability: async () => 'available',
      create: async () => ({
        prompt: async () => {
          throw new DOMException('The model execution session was destroyed.', 'InvalidStateError');
        },
        destroy: () => undefined,
      }),
    };
    // A two-part question, so that the model plans it (a single-hop one is planned in code) and fails there.
    const result = await answerQuestion(
      'How many residents does Exampleville have, and how fast is it growing?',
      deps({ model: createBuiltinModel(api) }),
      settings,
    );
    expect(result.mode).toBe('unavailable');
    const shown = panelText(result);
    expect(shown.heading).toBe('Model unavailable');
    expect(shown.failures).toEqual([
      {
        role: 'model',
        text: "The browser's built-in model failed (The model execution session was destroyed.): try again, or choose a model in Settings → Model.",
      },
    ]);
  });

  it('a search provider rejecting its key is titled as a search failure, with the provider and the place to fix it', async () => {
    const provider = createBraveProvider({ apiKey: 'wrong-key', baseUrl: brave.baseUrl });
    const result = await answerQuestion('What is the population of Exampleville?', deps({ providers: [provider] }), settings);
    expect(result.mode).toBe('unavailable');
    const shown = panelText(result);
    expect(shown.heading).toBe('Search unavailable');
    expect(shown.failures).toEqual([
      { role: 'search', text: 'Brave Search rejected the key (401): check Settings → Search providers.' },
    ]);
    if (result.mode === 'unavailable') expect(result.failures[0]).toMatchObject({ role: 'search', code: 'key-rejected' });
  });

  it('in German, the heading, the message and the settings section it points at are all German', async () => {
    const provider = createBraveProvider({ apiKey: 'wrong-key', baseUrl: brave.baseUrl });
    const result = await answerQuestion('What is the population of Exampleville?', deps({ providers: [provider] }), settings);
    shownCatalogue = catalogue('de');
    try {
      const shown = panelText(result);
      expect(shown.heading).toBe('Suche nicht verfügbar');
      expect(shown.failures).toEqual([
        { role: 'search', text: 'Brave Search hat den Schlüssel abgelehnt (401): Prüfen Sie Einstellungen → Suchanbieter.' },
      ]);
    } finally {
      shownCatalogue = english;
    }
  });

  it('the panel renders from the code and parameters, not from the stored English', () => {
    const failure = {
      provider: 'Tavily',
      kind: 'rate-limited' as const,
      message: 'stored English that the panel does not show',
      role: 'search' as const,
      code: 'rate-limited-for' as const,
      params: { provider: 'Tavily', seconds: 30 },
    };
    const result: AnswerResult = {
      mode: 'unavailable',
      question: 'q',
      trace: { stages: [] },
      evidence: [],
      searched: ['q'],
      warnings: [],
      conflicts: [],
      failures: [failure],
      reason: failure.message,
    };
    expect(panelText(result).failures).toEqual([
      { role: 'search', text: 'Tavily is rate-limiting this key (429): try again in 30 s.' },
    ]);
  });

  it('every code has a message in every catalogue, whose placeholders are the code’s parameters', () => {
    const locales = readdirSync(path.resolve('public/_locales'));
    for (const code of FailureCodeSchema.options) {
      const key = failureMessageKey(code);
      const entry = english[key];
      expect(entry, key).toBeDefined();
      const used = [...entry!.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase());
      expect(new Set(used), key).toEqual(new Set(FAILURE_PARAMS[code].map((p) => p.toLowerCase())));
      FAILURE_PARAMS[code].forEach((p, i) =>
        expect(entry!.placeholders?.[p.toLowerCase()]?.content, `${key} ${p}`).toBe(`$${i + 1}`),
      );
      const params = Object.fromEntries(FAILURE_PARAMS[code].map((p) => [p, `<${p}>`]));
      expect(failureText(code, params), key).toBe(
        getMessage(
          key,
          FAILURE_PARAMS[code].map((p) => `<${p}>`),
        ),
      );
      // Other languages translate a code when they can; the browser falls back to English otherwise.
      for (const locale of locales) {
        const other = catalogue(locale);
        if (other[key])
          expect(Object.keys(other[key].placeholders ?? {}).sort(), `${locale}: ${key}`).toEqual(
            Object.keys(entry!.placeholders ?? {}).sort(),
          );
      }
    }
  });
});

describe('a citation that could not be shown: worded from the catalogue', () => {
  beforeAll(() => {
    fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
  });

  /** The status line beside the clicked chip, as the panel renders it. */
  function statusText(current: CitationState, evidence: EvidenceSpan[]): string {
    const html = renderToStaticMarkup(
      createElement(
        CitationsContext.Provider,
        { value: { current, evidence, open: () => undefined } },
        createElement(CitationStatus, { at: 'claim-0' }),
      ),
    );
    return (/<div class="citation-status[^"]*"[^>]*>([^<]*)/.exec(html)?.[1] ?? '').replace(/&quot;/g, '"');
  }

  const census = { ...span('S1', 'Exampleville had 412,000 residents.', 'https://a.example.org/census'), title: 'Census 2026' };
  const notFound: CitationState = {
    answerId: 'a1',
    spanId: 'S1',
    at: 'claim-0',
    found: false,
    outcome: 'not-found',
    message: 'the English the background also sends',
  };

  it('a passage no longer in its page: said in the browser’s language, with when it was retrieved', () => {
    expect(statusText(notFound, [census])).toMatch(
      /^The passage was not found in the page as it is now; it may have changed since .+\. The stored passage is shown below\.$/,
    );
    shownCatalogue = catalogue('de');
    try {
      expect(statusText(notFound, [census])).toMatch(
        /^Die Passage wurde in der Seite, wie sie jetzt ist, nicht gefunden; .+ Die gespeicherte Passage steht unten\.$/,
      );
      expect(statusText({ ...notFound, found: true, outcome: 'highlighted' }, [census])).toBe('Markiert in „Census 2026“.');
      expect(statusText({ ...notFound, outcome: 'not-readable' }, [census])).toBe(
        'Diese Seite lässt sich von Erweiterungen nicht lesen; die gespeicherte Passage steht unten.',
      );
    } finally {
      shownCatalogue = english;
    }
  });
});

describe('warnings of an answered result: structured like failures, worded from the catalogue', () => {
  let world: Awaited<ReturnType<typeof startCensusWorld>>;
  let down: FakeServer;
  const fetchVia = viaLoopback();
  beforeAll(async () => {
    fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
    world = await startCensusWorld();
    down = await startFakeServer((_req, res) => {
      res.writeHead(503);
      res.end('down');
    });
  });
  afterAll(async () => {
    await Promise.all([world.site.close(), world.brave.close(), down.close()]);
  });

  /** The warnings list as the panel renders it: each line's role, code and text. */
  function warningsShown(result: AnswerResult): Array<{ role: string; code: string; text: string }> {
    const answer: AnswerRecord = { id: 'a1', jobId: 'j1', question: result.question, createdAt: '2026-11-30T12:00:00Z', result };
    const html = renderToStaticMarkup(createElement(AnswerView, { answer, citation: null, onCite: () => {}, onRetry: () => {} }));
    const list = /<ul class="warnings"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    return [...list.matchAll(/<li(?: data-role="([a-z]+)")?(?: data-code="([a-z-]+)")?>(.*?)<\/li>/g)].map((m) => ({
      role: m[1] ?? '',
      code: m[2] ?? '',
      text: m[3]!
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    }));
  }

  /** One provider rejecting its key and one down, while Brave answers: a grounded answer with two warnings. */
  async function answeredDespiteFailures(): Promise<AnswerResult> {
    const result = await answerQuestion(
      'What is the population of Exampleville?',
      deps({
        fetch: fetchVia,
        providers: [
          createBraveProvider({ apiKey: 'wrong-key', baseUrl: world.brave.baseUrl }),
          createWikipediaProvider({ baseUrl: `${down.origin}/w/api.php` }),
          createBraveProvider({ apiKey: 'bk', baseUrl: world.brave.baseUrl }),
        ],
        fetchPage: (url) =>
          fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now }),
      }),
      settings,
    );
    expect(result.mode).toBe('grounded');
    return result;
  }

  it('a provider that failed while the answer came is a warning with a role, a code and the failure behind it', async () => {
    const result = await answeredDespiteFailures();
    expect(result.warnings).toEqual([
      expect.objectContaining({
        role: 'search',
        code: 'provider-skipped',
        cause: expect.objectContaining({ role: 'search', code: 'key-rejected' }),
      }),
      expect.objectContaining({
        role: 'search',
        code: 'provider-skipped',
        cause: expect.objectContaining({ code: 'server-error', params: { provider: 'Wikipedia', status: 503 } }),
      }),
    ]);
    // The command line prints the English made from the same codes.
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Brave Search rejected the key (401): check Settings → Search providers. Spanlight went on without it.',
      'Wikipedia had a server error (503): try again. Spanlight went on without it.',
    ]);
  });

  it('the panel words them in English, and in German with the failure behind each in German too', async () => {
    const result = await answeredDespiteFailures();
    expect(warningsShown(result)).toEqual([
      {
        role: 'search',
        code: 'provider-skipped',
        text: 'Brave Search rejected the key (401): check Settings → Search providers. Spanlight went on without it.',
      },
      {
        role: 'search',
        code: 'provider-skipped',
        text: 'Wikipedia had a server error (503): try again. Spanlight went on without it.',
      },
    ]);
    shownCatalogue = catalogue('de');
    try {
      const shown = warningsShown(result);
      expect(shown.map((w) => w.code)).toEqual(['provider-skipped', 'provider-skipped']);
      expect(shown[0]!.text).toBe(
        'Brave Search hat den Schlüssel abgelehnt (401): Prüfen Sie Einstellungen → Suchanbieter. Spanlight hat ohne ihn weitergemacht.',
      );
      expect(shown[1]!.text).toMatch(/^Wikipedia .*503.* Spanlight hat ohne ihn weitergemacht\.$/);
      expect(shown[1]!.text).not.toContain('server error');
    } finally {
      shownCatalogue = english;
    }
  });

  it('the panel renders a warning from its code and parameters, not from the stored English', () => {
    const result: AnswerResult = {
      mode: 'nothing-found',
      question: 'q',
      trace: { stages: [] },
      evidence: [],
      searched: ['q'],
      warnings: [warningOf('page', 'page-truncated', { url: 'https://a.example/long', bytes: 2000000 })].map((w) => ({
        ...w,
        message: 'stored English that the panel does not show',
      })),
      conflicts: [],
      reason: 'none',
    };
    shownCatalogue = catalogue('de');
    try {
      expect(warningsShown(result)).toEqual([
        { role: 'page', code: 'page-truncated', text: 'https://a.example/long wurde nach 2000000 Bytes abgeschnitten.' },
      ]);
    } finally {
      shownCatalogue = english;
    }
  });

  it('an answer stored before warnings had codes (plain English strings) still loads from the database and shows', async () => {
    const db = new SpanlightDb('failure-panel-old-warnings');
    try {
      const old = {
        id: 'old',
        jobId: 'job-old',
        question: 'q',
        createdAt: '2026-10-01T12:00:00Z',
        result: {
          mode: 'nothing-found',
          question: 'q',
          trace: { stages: [] },
          evidence: [],
          searched: ['q'],
          warnings: [
            'Wikipedia had a server error (503).',
            'Tab skipped: https://a.example/x.pdf: PDF documents are not read yet',
          ],
          conflicts: [],
          reason: 'none',
        },
      };
      await db.answers.put(old as unknown as AnswerRecord);
      const read = await readAnswer(db, 'old');
      expect((await listAnswers(db)).map((a) => a.id)).toEqual(['old']);
      expect(read?.result.warnings).toEqual([
        { message: 'Wikipedia had a server error (503).' },
        { message: 'Tab skipped: https://a.example/x.pdf: PDF documents are not read yet' },
      ]);
      shownCatalogue = catalogue('de');
      try {
        expect(warningsShown(read!.result)).toEqual([
          { role: '', code: '', text: 'Wikipedia had a server error (503).' },
          { role: '', code: '', text: 'Tab skipped: https://a.example/x.pdf: PDF documents are not read yet' },
        ]);
      } finally {
        shownCatalogue = english;
      }
    } finally {
      await db.delete();
    }
  });

  it('every warning code has a message in every catalogue, whose placeholders are the code’s parameters', () => {
    const locales = readdirSync(path.resolve('public/_locales'));
    for (const code of WarningCodeSchema.options) {
      const key = warningMessageKey(code);
      const entry = english[key];
      expect(entry, key).toBeDefined();
      const used = [...entry!.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase());
      expect(new Set(used), key).toEqual(new Set(WARNING_PARAMS[code].map((p) => p.toLowerCase())));
      WARNING_PARAMS[code].forEach((p, i) =>
        expect(entry!.placeholders?.[p.toLowerCase()]?.content, `${key} ${p}`).toBe(`$${i + 1}`),
      );
      const args = WARNING_PARAMS[code].map((p) => `<${p}>`);
      const params = Object.fromEntries(WARNING_PARAMS[code].map((p) => [p, `<${p}>`]));
      expect(warningText(code, params, '<cause>'), key).toBe(getMessage(key, args));
      for (const locale of locales) expect(catalogue(locale)[key], `${locale}: ${key}`).toBeDefined();
    }
  });
});
