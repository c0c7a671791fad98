import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { type PipelineDeps } from '@/lib/answering/deps';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { defaultSettings } from '@/lib/settings';
import { REFUSAL_PARAMS, RefusalCodeSchema, refusalMessageKey } from '@/lib/shared/refusal-codes';
import type { AnswerResult } from '@/lib/shared/types';
import { viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import {
  spansInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
  type ScriptedReply,
} from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { startCensusWorld } from '../fakes/census-world';
import type { FakeServer } from '../fakes/http-server';
import { catalogue, renderedAnswer, speak } from './panel-catalogue';

let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
let empty: FakeServer & { baseUrl: string };
let model: FakeOpenAi;
let reply: (body: ChatRequestBody) => ScriptedReply = () => 'INSUFFICIENT';
const fetchVia = viaLoopback();
const now = () => new Date('2026-11-30T12:00:00Z');

beforeAll(async () => {
  ({ site, brave } = await startCensusWorld());
  empty = await startFakeBrave({ apiKey: 'bk', results: () => [] });
  model = await startFakeOpenAi({ apiKey: 'mk', reply: (b) => reply(b), judge: () => '{"verdicts":[]}' });
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close(), empty.close(), model.close()]);
});
beforeEach(() => speak('en'));

function deps(search = brave): PipelineDeps {
  return {
    now,
    fetch: fetchVia,
    providers: [createBraveProvider({ apiKey: 'bk', baseUrl: search.baseUrl })],
    fetchPage: (url) => fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now }),
    readTabs: async () => [],
    model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'mk', model: 'fake-model' }),
    onProgress: () => undefined,
  };
}
const settings = { ...pipelineSettings(defaultSettings()), maxPages: 4, maxSpans: 5 };
const Q = 'What is the population of Exampleville?';

/** The refusal's line as the panel shows it, in the language the fake browser speaks. */
function shownReason(result: AnswerResult): { code: string | null; text: string } {
  const p = renderedAnswer(result).querySelector('.refusal-reason');
  return { code: p?.getAttribute('data-refusal') ?? null, text: (p?.textContent ?? '').trim() };
}

/** The real pipeline's refusals that are not the gate's, each with how it was brought about. */
const cases: Array<{ name: string; run: () => Promise<AnswerResult>; code: string; en: string; de: string }> = [
  {
    name: 'the search found nothing',
    run: () => answerQuestion(Q, deps(empty), settings),
    code: 'no-results',
    en: 'The search found no results, and no open tab was read.',
    de: 'Die Suche hat keine Ergebnisse gefunden, und kein offener Tab wurde gelesen.',
  },
  {
    name: 'no passage close enough to the question',
    run: () => answerQuestion('Which river flows through Zürich and into Lake Walen?', deps(), settings),
    code: 'nothing-relevant',
    en: 'Nothing that was found bears on the question.',
    de: 'Nichts von dem Gefundenen betrifft die Frage.',
  },
  {
    name: 'the composer said INSUFFICIENT',
    run: () => {
      reply = () => 'INSUFFICIENT';
      return answerQuestion(Q, deps(), settings);
    },
    code: 'evidence-insufficient',
    en: 'The evidence found does not support an answer.',
    de: 'Die gefundenen Belege stützen keine Antwort.',
  },
  {
    name: 'the model cited spans that do not exist, twice',
    run: () => {
      reply = () => 'Exampleville had 412,000 residents [S9].';
      return answerQuestion(Q, deps(), settings);
    },
    code: 'unknown-spans-twice',
    en: 'The model cited evidence that does not exist, twice; its answer was discarded.',
    de: 'Das Modell hat zweimal Belege zitiert, die es nicht gibt; seine Antwort wurde verworfen.',
  },
  {
    name: 'verification dropped every claim',
    run: () => {
      reply = (b) => `Exampleville has 17 bridges over the river [${spansInPrompt(b)[0]!.id}].`;
      return answerQuestion(Q, deps(), settings);
    },
    code: 'no-claim-supported',
    en: 'No sentence of the draft was supported by the passage it cites.',
    de: 'Kein Satz des Entwurfs wurde von der Passage gestützt, die er zitiert.',
  },
];

describe("refusals that are not the gate's: a code, worded by the panel in the reader's language", () => {
  it.each(cases)('$name: "$code", in English and in German', async ({ run, code, en, de }) => {
    const r = await run();
    expect(r.mode === 'abstained' || r.mode === 'nothing-found', r.mode).toBe(true);
    if (r.mode !== 'abstained' && r.mode !== 'nothing-found') return;
    expect(r.refusal?.code).toBe(code);
    // The stored English (command line, trace, Markdown) is the catalogue's English.
    expect(r.reason).toBe(en);
    expect(shownReason(r)).toEqual({ code, text: en });
    speak('de');
    expect(shownReason(r)).toEqual({ code, text: de });
  });

  it('the panel renders from the code, not the stored English; an answer stored before codes shows its English', async () => {
    const r = await cases[0]!.run();
    speak('de');
    expect(shownReason({ ...r, reason: 'stored English' } as AnswerResult).text).toBe(cases[0]!.de);
    const before = { ...(r as Extract<AnswerResult, { mode: 'nothing-found' }>), reason: 'stored English' };
    delete before.refusal;
    expect(shownReason(before).text).toBe('stored English');
  });

  it('every refusal code has a message in every catalogue, whose placeholders are its parameters', () => {
    for (const locale of ['en', 'de', 'fr', 'es']) {
      const entries = catalogue(locale);
      for (const code of RefusalCodeSchema.options) {
        const entry = entries[refusalMessageKey(code)];
        expect(entry?.message, `${locale}: ${code}`).toBeTruthy();
        expect(Object.keys(entry!.placeholders ?? {}).length, `${locale}: ${code}`).toBe(REFUSAL_PARAMS[code].length);
      }
    }
  });
});
