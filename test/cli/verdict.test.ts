import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeItemsInPrompt, startFakeOpenAi, type ChatRequestBody, type FakeOpenAi } from '../fakes/openai-server';
import { oneLine, runCli, runInProcess } from './run-cli';

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const YEARBOOK = 'According to the 2026 yearbook, Exampleville had 450,000 residents on 1 January 2026.';
const FESTIVAL = 'Each summer, the tourism board counts some fifty thousand guests at the river celebration.';
const CLAIM = 'Exampleville had 412,000 residents on 1 January 2026.';
const ev = (id: string, text: string, url = `https://${id}.example.org/a`) => ({ id, url, text });
const line = (v: unknown) => `${JSON.stringify(v)}\n`;

describe('spanlight verdict', () => {
  it('the fact-check verdict per line, in order, with the ids given: supported, contradicted, mixed, not found', async () => {
    const stdin = [
      line({ id: 1, claim: CLAIM, evidence: [ev('census', CENSUS, 'https://stats.example.org/a')] }),
      line({ id: 2, claim: CLAIM, evidence: [ev('yearbook', YEARBOOK)] }),
      '\n',
      line({ id: 'three', claim: CLAIM, evidence: [ev('census', CENSUS), ev('yearbook', YEARBOOK)] }),
      line({ claim: 'The bridge festival draws 50,000 visitors every summer.', evidence: [ev('t', FESTIVAL)] }),
      line({ claim: CLAIM, evidence: [] }),
    ].join('');
    const r = await runInProcess(['verdict'], { stdin });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.map((o) => [o.id, o.verdict, o.for, o.against])).toEqual([
      [1, 'supported', ['census'], []],
      [2, 'contradicted', [], ['yearbook']],
      ['three', 'mixed', ['census'], ['yearbook']],
      [undefined, 'not-found', [], []],
      [undefined, 'not-found', [], []],
    ]);
    expect((out[1]!.reasons as string[]).join(' ')).toContain('yearbook');
    expect(Object.keys(out[0]!)).toEqual(['id', 'verdict', 'for', 'against', 'reasons']);
  });

  it('a bad line gets an error object on its line, the rest are answered, exit 1 at the end', async () => {
    const stdin = [
      line({ id: 'ok', claim: CLAIM, evidence: [ev('census', CENSUS)] }),
      'this is not json\n',
      line({ id: 'no-claim', evidence: [] }),
      line({ id: 'dup', claim: CLAIM, evidence: [ev('a', CENSUS), ev('a', YEARBOOK)] }),
      line({ id: 'url', claim: CLAIM, evidence: [{ id: 'x', url: 'nowhere', text: CENSUS }] }),
      line({ id: 'date', claim: CLAIM, evidence: [{ ...ev('x', CENSUS), published: 'last Tuesday' }] }),
      line({ id: 'last', claim: CLAIM, evidence: [ev('census', CENSUS)] }),
    ].join('');
    const r = await runInProcess(['verdict'], { stdin });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe('spanlight verdict: 5 of 7 lines could not be read');
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(7);
    expect(out[0]).toMatchObject({ id: 'ok', verdict: 'supported' });
    expect(out[1]!.error).toMatch(/^stdin line 2: not valid JSON/);
    expect(out[2]).toEqual({ id: 'no-claim', error: 'stdin line 3: "claim" Invalid input: expected string, received undefined' });
    expect(out[3]).toEqual({ id: 'dup', error: 'stdin line 4: "evidence" ids must be unique within a line' });
    expect(out[4]).toEqual({ id: 'url', error: 'stdin line 5: "evidence.0.url" must be an absolute URL' });
    expect(out[5]).toEqual({ id: 'date', error: 'stdin line 6: "evidence.0.published" must be an ISO date, e.g. 2026-02-10' });
    expect(out[6]).toMatchObject({ id: 'last', verdict: 'supported' });
  });

  it('usage errors: an argument, an unknown flag, --judge without a model; exit 2, one line', async () => {
    for (const [args, message] of [
      [['verdict', 'file.jsonl'], 'spanlight verdict: unexpected argument "file.jsonl": claims are read from stdin'],
      [['verdict', '--bogus'], 'spanlight verdict: unknown option --bogus'],
      [
        ['verdict', '--judge'],
        'spanlight verdict: --judge needs SPANLIGHT_MODEL_BASE_URL (and SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL)',
      ],
    ] as const) {
      const r = await runInProcess([...args], { stdin: line({ claim: CLAIM, evidence: [] }) });
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r.stderr)).toContain(message);
      expect(r.stdout).toBe('');
    }
  });

  it('--help says what a line holds and what comes back', async () => {
    const r = await runInProcess(['verdict', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: spanlight verdict \[--judge\] < claims\.jsonl/);
    expect(r.stdout).toContain('{"id"?, "claim", "evidence": [{"id", "url", "text", "title"?, "published"?}]}');
  });

  // Issue 23: the same value in other units or spellings is stated; the same number in another unit is not.
  it('paraphrases in other units and abbreviations are supported; 412 feet for 412 metres is contradicted', async () => {
    const pairs: [string, string, string][] = [
      [
        'cm',
        'The harbour wall at Tessby sank about 30 centimetres in the last century.',
        'In the last century the harbour wall at Tessby sank by about 30 cm.',
      ],
      ['percent', 'Turnout in the Varnel election was 61.4 percent.', 'Turnout in the Varnel election was 61.4%.'],
      ['ppm', 'Methane in the Orsk valley air reached 2 parts per million.', 'Methane in the Orsk valley air reached 2 ppm.'],
      ['km', 'The Brennmoor ridge trail is 4.5 kilometres long.', 'The Brennmoor ridge trail is 4,500 metres long.'],
      ['miles', 'The Kallen canal runs for about 25 miles.', 'The Kallen canal runs for about 40 kilometres.'],
      ['celsius', 'The water of Lake Imra averages 20 °C in August.', 'In August the water of Lake Imra averages 68 °F.'],
      ['change', 'Winters in Hollby have warmed by 1.5 °C since 1950.', 'Since 1950 winters in Hollby have warmed by 2.7 °F.'],
    ];
    const stdin = [
      ...pairs.map(([id, claim, text]) => line({ id, claim, evidence: [ev('src', text)] })),
      line({
        id: 'feet',
        claim: 'The Oststadt radio mast is 412 metres tall.',
        evidence: [ev('src', 'The Oststadt radio mast is 412 feet tall.')],
      }),
    ].join('');
    const r = await runInProcess(['verdict'], { stdin });
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; verdict: string; reasons: string[] });
    expect(out.map((o) => [o.id, o.verdict])).toEqual([...pairs.map(([id]) => [id, 'supported']), ['feet', 'contradicted']]);
    expect(out.at(-1)!.reasons.join(' ')).toContain('412 feet');
  });
});

describe('spanlight verdict --judge, as a process, against a fake model', () => {
  let model: FakeOpenAi;
  let judge: (b: ChatRequestBody) => unknown[] = () => [];
  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: 'mk', reply: () => '', judge: (b) => JSON.stringify({ verdicts: judge(b) }) });
  });
  afterAll(() => model.close());
  const env = () => ({ SPANLIGHT_MODEL_BASE_URL: model.baseUrl, SPANLIGHT_MODEL_KEY: 'mk', SPANLIGHT_MODEL: 'fake' });
  const festival = 'The bridge festival draws 50,000 visitors every summer.';
  const stdin = [
    line({ id: 'census', claim: CLAIM, evidence: [ev('c1', CENSUS)] }),
    line({ id: 'fest', claim: festival, evidence: [ev('t1', FESTIVAL)] }),
    line({ id: 'fest2', claim: festival, evidence: [ev('t2', FESTIVAL)] }),
  ].join('');

  it('only the claims the code could not settle are judged; a verdict naming another line’s evidence or quoting words not in it is ignored, one naming its own and quoting it is taken', async () => {
    const asked: string[][] = [];
    judge = (b) => {
      const items = judgeItemsInPrompt(b);
      asked.push(items.map((i) => i.claim));
      return [
        { item: 1, verdict: 'supports', span: 't1', quote: 'some fifty thousand guests' },
        { item: 2, verdict: 'supports', span: 't1', quote: 'some fifty thousand guests' },
        { item: 2, verdict: 'contradicts', span: 't2', quote: 'only ten thousand guests' },
      ];
    };
    const r = await runCli(['verdict', '--judge'], { stdin, env: env(), timeoutMs: 60_000 });
    expect(r.code).toBe(0);
    expect(asked).toEqual([[festival, festival]]);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.map((o) => [o.id, o.verdict, o.for])).toEqual([
      ['census', 'supported', ['c1']],
      ['fest', 'supported', ['t1']],
      ['fest2', 'not-found', []],
    ]);
    expect((out[1]!.reasons as string[])[0]).toContain('some fifty thousand guests');
    expect(r.stderr).toContain("names t1, which is not one of this claim's passages");
    expect(r.stderr).toContain('quotes words that are not in t2');
  });
});
