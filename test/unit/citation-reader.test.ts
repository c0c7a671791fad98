import { describe, expect, it } from 'vitest';
import { choosePassage } from '@/lib/evidence/corroborate';
import {
  addCitedSources,
  footnotedStatement,
  MIN_SUPPORT,
  READ_CANDIDATES,
  READ_FLOOR,
  readCandidates,
} from '@/lib/evidence/follow-citations';
import { citationReader } from '@/lib/claims/read-citations';
import type { ChatModel, ChatRequest } from '@/lib/model/chat-model';
import type { Page } from '@/lib/shared/types';
import { citedPage as page, FILLER, followOne, span } from './spans';

/** A model that answers each request with `reply(request)`, and keeps what it was asked. */
function scripted(reply: (request: ChatRequest) => string | Error): ChatModel & { asked: ChatRequest[] } {
  const asked: ChatRequest[] = [];
  return {
    name: 'a scripted model',
    asked,
    async complete(request) {
      asked.push(request);
      const r = reply(request);
      if (r instanceof Error) throw r;
      return { text: r, tokensIn: 10, tokensOut: 5 };
    },
  };
}

/** One item's reply: the candidates it says support the sentence, each quoted. */
const supports = (...found: Array<[string, string]>) =>
  JSON.stringify({ verdicts: [{ item: 1, supports: found.map(([s, quote]) => ({ span: s, quote })), contradicts: [] }] });

/** The citing sentence followed to `cited`, with `model` as the reader (none: the code alone). */
const follow = (sentence: string, cited: Page, model?: ChatModel) =>
  followOne(sentence, cited, model ? citationReader(model) : undefined);

/** The code's scores for the citing sentence against the page's passages. */
function scores(sentence: string, cited: Page) {
  const text = `${sentence}[1]`;
  const st = footnotedStatement(span('S1', text, 'https://en.wikipedia.org/wiki/Someone'), text.indexOf('[1]'))!;
  return choosePassage(st.text, cited, st.nearFrom);
}

// A paraphrase the words alone score between READ_FLOOR and MIN_SUPPORT.
const WED = 'Winslet wed Rocknroll, the nephew of the businessman Richard Branson, in December 2012, friends of the two said.';
const MARRIED = 'Winslet married Rocknroll in New York in December 2012, and their son was born the next year.';
const wedding = page([
  WED,
  'The actress has won an Academy Award and several other prizes over a long career on screen and on stage.',
  ...FILLER,
]);

describe('a model reading the cited page’s best passages, the code disposing', () => {
  it('the case: the stating passage scores between READ_FLOOR and MIN_SUPPORT', () => {
    const c = scores(MARRIED, wedding);
    expect(c.passages[c.best]!.text).toBe(WED);
    expect(c.score).toBeGreaterThanOrEqual(READ_FLOOR);
    expect(c.score).toBeLessThan(MIN_SUPPORT);
  });

  it('takes the paraphrase the model finds stating the sentence, shown only the candidates at or above READ_FLOOR', async () => {
    const model = scripted(() =>
      supports(['C1', 'wed Rocknroll, the nephew of the businessman Richard Branson, in December 2012']),
    );
    const r = await follow(MARRIED, wedding, model);
    expect(r.found.map((f) => f.text)).toEqual([WED]);
    expect(r.followed[0]!.outcome).toMatch(/the model read it so/);
    expect(r.reading?.summary).toMatch(/1\/1 claims judged, 1 with a verdict the code accepted/);
    expect(model.asked).toHaveLength(1);
    const shown = [...model.asked[0]!.user.matchAll(/^\[C\d+\] /gm)];
    const c = scores(MARRIED, wedding);
    expect(shown).toHaveLength(readCandidates(c).length);
    expect(shown.length).toBeLessThanOrEqual(READ_CANDIDATES);
    expect(model.asked[0]!.user).not.toContain(FILLER[1]);
    // Without the model, the words alone do not take it.
    const alone = await follow(MARRIED, wedding);
    expect(alone.found).toEqual([]);
  });

  it('the model’s “neither” stands, even where the words alone would accept the passage', async () => {
    const berlin = 'On 31 December 2024, 3,782,202 people were registered as residents of Berlin, the statistics office said.';
    const cited = page([berlin, ...FILLER]);
    const sentence = 'At the end of 2024 Berlin had 3,782,202 registered inhabitants.';
    expect((await follow(sentence, cited)).found.map((f) => f.text)).toEqual([berlin]);
    const r = await follow(
      sentence,
      cited,
      scripted(() => supports()),
    );
    expect(r.found).toEqual([]);
    const n = readCandidates(scores(sentence, cited)).length;
    expect(r.followed[0]!.outcome).toBe(
      `read; the model found no passage stating the cited sentence among ${n} candidate${n === 1 ? '' : 's'}`,
    );
  });

  it('hostile replies: a quote not in the passage, an unknown passage, both verdicts on one passage are refused; the code’s rule decides', async () => {
    const replies = [
      supports(['C1', 'married in New York in a grand ceremony']),
      supports(['C9', 'wed Rocknroll, the nephew of the businessman']),
      JSON.stringify({
        verdicts: [
          {
            item: 1,
            supports: [{ span: 'C1', quote: 'wed Rocknroll, the nephew' }],
            contradicts: [{ span: 'C1', quote: 'wed Rocknroll, the nephew' }],
          },
        ],
      }),
    ];
    for (const reply of replies) {
      const r = await follow(
        MARRIED,
        wedding,
        scripted(() => reply),
      );
      // Refused findings leave the sentence unread by the model: the words alone decide (below MIN_SUPPORT).
      expect(r.found, reply).toEqual([]);
      expect(r.followed[0]!.outcome, reply).toMatch(/^read; no passage states the cited sentence \(best 0\.\d\d < 0\.5\)/);
      expect(r.reading?.summary, reply).toMatch(/ignored/);
    }
  });

  it('a model that fails or answers garbage twice leaves the code’s own rule', async () => {
    const berlin = 'On 31 December 2024, 3,782,202 people were registered as residents of Berlin, the statistics office said.';
    const cited = page([berlin, ...FILLER]);
    const sentence = 'At the end of 2024 Berlin had 3,782,202 registered inhabitants.';
    for (const model of [
      scripted(() => new Error('connect ECONNREFUSED 127.0.0.1:9')),
      scripted(() => 'I think C1, probably.'),
    ]) {
      const r = await follow(sentence, cited, model);
      expect(r.found.map((f) => f.text)).toEqual([berlin]);
      expect(r.followed[0]!.outcome).toMatch(/^supports it \(0\.\d\d\)$/);
      expect(r.reading?.summary).toMatch(/unavailable|could not be read twice/);
    }
  });

  it('the reader is asked for the part of the sentence its footnote follows, when that part says enough', async () => {
    const river = 'Rising in the hills, the Wend is 40 km long before it meets the sea at the port of Exampleville.';
    const model = scripted(() => supports(['C1', 'the Wend is 40 km long before it meets the sea']));
    const r = await followOne(
      'The old city has three large parks,[4] and the Wend is 40 km long.',
      page([river, ...FILLER]),
      citationReader(model),
    );
    expect(model.asked[0]!.user).toContain('Claim: and the Wend is 40 km long.\n');
    expect(r.found.map((f) => f.text)).toEqual([river]);
    // A part too short to stand alone: the whole sentence is asked.
    const short = scripted(() => supports());
    await followOne(
      'Rising in the hills, it meets the sea at the port of Exampleville,[4] the Wend.',
      page([river, ...FILLER]),
      citationReader(short),
    );
    expect(short.asked).toHaveLength(1);
    expect(short.asked[0]!.user).toContain(
      'Claim: Rising in the hills, it meets the sea at the port of Exampleville, the Wend.\n',
    );
  });

  it('a reader that throws leaves the code’s own rule, and the trace says so', async () => {
    const berlin = 'On 31 December 2024, 3,782,202 people were registered as residents of Berlin, the statistics office said.';
    const r = await followOne('At the end of 2024 Berlin had 3,782,202 registered inhabitants.', page([berlin, ...FILLER]), () =>
      Promise.reject(new Error('the reader broke')),
    );
    expect(r.found.map((f) => f.text)).toEqual([berlin]);
    expect(r.reading?.summary).toBe('the model reader failed (the reader broke)');
  });

  it('the code’s sure reading overrules a “supports” on a passage stating another value of the same quantity', async () => {
    const other = 'At the end of 2024 Berlin had 3,650,118 registered inhabitants, the statistics office said on Monday.';
    const cited = page([other, ...FILLER]);
    const sentence = 'At the end of 2024 Berlin had 3,782,202 registered inhabitants.';
    expect(scores(sentence, cited).score).toBeGreaterThanOrEqual(READ_FLOOR);
    const r = await follow(
      sentence,
      cited,
      scripted(() => supports(['C1', 'Berlin had 3,650,118 registered inhabitants'])),
    );
    expect(r.found).toEqual([]);
    expect(r.reading?.summary).toMatch(/is not accepted: the code reads it as one that/);
  });

  it('a page with no passage at or above READ_FLOOR is not put to the model', async () => {
    const cited = page(FILLER);
    const model = scripted(() => supports(['C1', 'The office publishes its tables']));
    const r = await follow(MARRIED, cited, model);
    expect(model.asked).toHaveLength(0);
    expect(r.found).toEqual([]);
    expect(r.reading).toBeUndefined();
  });

  it('answering: the citations stage says what the model read and counts its tokens', async () => {
    const text = `${MARRIED}[1]`;
    const from = span('S1', text, 'https://en.wikipedia.org/wiki/Someone');
    const citing = {
      ...page([text]),
      url: from.url,
      citations: [{ at: text.indexOf('[1]'), note: 'cite_note-1', label: '', urls: [wedding.url] }],
    };
    const model = scripted(() => supports(['C1', 'wed Rocknroll, the nephew of the businessman Richard Branson']));
    const r = await addCitedSources(
      [from],
      [citing],
      async () => ({ ok: true, extraction: { page: wedding, readable: true }, truncated: false, bytes: 0 }),
      2,
      () => undefined,
      citationReader(model),
    );
    expect(r.spans.map((s) => s.text)).toEqual([text, WED]);
    expect(r.stage?.summary).toMatch(/1 supporting passage found \(S2 example\.net\); model reader: 1\/1 claims judged/);
    expect(r.stage).toMatchObject({ tokensIn: 10, tokensOut: 5 });
  });
});
