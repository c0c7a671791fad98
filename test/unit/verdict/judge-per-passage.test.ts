import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeClaims, type JudgeItem } from '@/lib/verdict/judge';
import { applyChecks, byClaim, checkClaims, openCitedClaims } from '@/lib/verdict/cited-claims';
import { applyVerdicts, settleVerdicts, verdictsOf } from '@/lib/verdict/settle-verdicts';
import { NOTHING_FOUND } from '@/lib/verdict/verdict';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import type { Claim } from '@/lib/shared/types';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../../fakes/openai-server';
import { span } from '../spans';

const OPENED = 'The new bridge over the Arn was opened to traffic in 2019, after four years of work.';
const NOT_OPENED = 'The new bridge over the Arn was not opened to traffic in 2019, after four years of work.';
const CENSUS_2026 = 'The census office said that Exampleville had just over 410,000 inhabitants at the start of 2026.';
const OTHER_VALUE = 'The census office said that Exampleville had 352,000 inhabitants at the start of 2026.';
const OTHER_TIME = 'The census office said that Exampleville had 352,000 inhabitants at the start of 1990.';
const BRIDGE = 'The new bridge over the Arn was opened to traffic in 2019.';
const TOWN = 'Exampleville had about 410,000 inhabitants in 2026.';

let server: FakeOpenAi;
let replies: ScriptedReply[] = [];
beforeAll(async () => {
  server = await startFakeOpenAi({ apiKey: 'k', reply: () => '', judge: () => replies.shift() ?? '{"verdicts":[]}' });
});
afterAll(() => server.close());
const model = () => createOpenAiCompatibleModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'm' });
const reply = (verdicts: unknown[]) => JSON.stringify({ verdicts });

describe('the judge’s verdict per passage', () => {
  const items: JudgeItem[] = [
    {
      claim: BRIDGE,
      spans: [
        { spanId: 'S1', text: 'Local papers wrote that the new bridge over the Arn carried its first cars in 2019.' },
        { spanId: 'S2', text: 'Works on the Arn crossing ran late: the bridge only carried traffic from 2021.' },
      ],
    },
    { claim: TOWN, spans: [{ spanId: 'S3', text: CENSUS_2026 }] },
  ];

  it('a passage for and another against: both accepted, and the claim comes out mixed in the fact-check', async () => {
    replies = [
      reply([
        {
          item: 1,
          supports: [{ span: 'S1', quote: 'carried its first cars in 2019' }],
          contradicts: [{ span: 'S2', quote: 'only carried traffic from 2021' }],
        },
        { item: 2, supports: [], contradicts: [] },
      ]),
    ];
    const o = await judgeClaims(model(), items);
    expect(o.verdicts.get(0)).toEqual([
      { verdict: 'supports', spanId: 'S1', quote: 'carried its first cars in 2019' },
      { verdict: 'contradicts', spanId: 'S2', quote: 'only carried traffic from 2021' },
    ]);
    expect(o.verdicts.get(1)).toEqual([]);
    const code = [
      { text: BRIDGE, verdict: 'not-found' as const, for: [], against: [], reasons: ['no independent source found'] },
    ];
    const [judged] = applyVerdicts(code, [0], verdictsOf(o, [{ code: code[0]! }]));
    expect(judged).toMatchObject({ verdict: 'mixed', for: ['S1'], against: ['S2'] });
    expect(judged!.reasons).toEqual([
      'the model judge read S1 as stating it: “carried its first cars in 2019”',
      'the model judge read S2 as contradicting it: “only carried traffic from 2021”',
    ]);
  });

  it('answers: a sentence with a passage for it and one against it is flagged, with both', async () => {
    const spans = [span('S1', items[0]!.spans[0]!.text), span('S2', items[0]!.spans[1]!.text)];
    const claims: Claim[] = [{ text: BRIDGE, cites: ['S1', 'S2'], status: 'supported', reasons: [] }];
    const checks = checkClaims(claims, spans);
    expect(checks[0]!.outcome.verdict).toBe('uncertain');
    replies = [
      reply([
        {
          item: 1,
          supports: [{ span: 'S1', quote: 'carried its first cars in 2019' }],
          contradicts: [{ span: 'S2', quote: 'only carried traffic from 2021' }],
        },
      ]),
    ];
    const textOf = (id: string) => spans.find((s) => s.spanId === id)!.text;
    const judged = async () => {
      const { verdicts } = await settleVerdicts(model(), openCitedClaims(claims, checks, textOf));
      return applyChecks(claims, checks, byClaim(checks, verdicts));
    };
    const [shown] = await judged();
    expect(shown!.status).toBe('flagged');
    expect(shown!.reasons.join(' | ')).toContain('S1 as stating it');
    expect(shown!.reasons.join(' | ')).toContain('S2 as contradicting it');
    // Only the passage against: dropped; only the passage for: kept.
    replies = [reply([{ item: 1, contradicts: [{ span: 'S2', quote: 'only carried traffic from 2021' }] }])];
    expect((await judged())[0]!.status).toBe('dropped');
    replies = [reply([{ item: 1, supports: [{ span: 'S1', quote: 'carried its first cars in 2019' }] }])];
    expect((await judged())[0]!.status).toBe('supported');
  });

  it('hostile replies: another claim’s passage, a quote not in its passage, both verdicts on one passage, an unknown id', async () => {
    replies = [
      reply([
        {
          item: 1,
          supports: [
            { span: 'S3', quote: 'just over 410,000 inhabitants' },
            { span: 'S1', quote: 'carried its last cars in 2019' },
            { span: 'S99', quote: 'carried its first cars in 2019' },
          ],
          contradicts: [],
        },
        {
          item: 2,
          supports: [{ span: 'S3', quote: 'just over 410,000 inhabitants' }],
          contradicts: [{ span: 'S3', quote: 'just over 410,000 inhabitants' }],
        },
      ]),
    ];
    const o = await judgeClaims(model(), items);
    expect(o.verdicts.size).toBe(0);
    expect(o.ignored).toEqual([
      'item 1: "supports" names S3, which is not one of this claim\'s passages (it is another claim\'s)',
      'item 1: "supports" quotes words that are not in S1',
      'item 1: "supports" names S99, which is not one of this claim\'s passages',
      'item 2: says both "supports" and "contradicts" of S3: neither is accepted',
    ]);
  });

  it('a reply that is not the schema is read again once, as today (zod)', async () => {
    replies = [
      reply([{ item: 1, supports: 'S1' }]),
      reply([{ item: 1, supports: [{ span: 'S1', quote: 'carried its first cars in 2019' }] }]),
    ];
    const o = await judgeClaims(model(), items);
    expect(o.calls).toBe(2);
    expect(o.verdicts.get(0)).toEqual([{ verdict: 'supports', spanId: 'S1', quote: 'carried its first cars in 2019' }]);
  });
});

describe('the code’s sure reading disposes the judge’s', () => {
  const one = (claim: string, text: string): JudgeItem[] => [{ claim, spans: [{ spanId: 'S1', text }] }];
  const judgeSays = async (claim: string, text: string, verdict: 'supports' | 'contradicts', quote: string) => {
    replies = [reply([{ item: 1, [verdict]: [{ span: 'S1', quote }] }])];
    return judgeClaims(model(), one(claim, text));
  };

  it('"supports" on a passage the code reads as a sure denial is not accepted, and says why; without the denial it is', async () => {
    const denied = await judgeSays(BRIDGE, NOT_OPENED, 'supports', 'opened to traffic in 2019');
    expect(denied.verdicts.get(0)).toEqual([]);
    expect(denied.overruled).toHaveLength(1);
    expect(denied.ignored[0]).toMatch(
      /^item 1: "supports" on S1 is not accepted: the code reads it as one that says otherwise: .*denies "opened"/,
    );
    const stated = await judgeSays(BRIDGE, OPENED, 'supports', 'opened to traffic in 2019');
    expect(stated.verdicts.get(0)).toEqual([{ verdict: 'supports', spanId: 'S1', quote: 'opened to traffic in 2019' }]);
  });

  it('"supports" on another value of the same quantity for the same subject and time is not accepted; another time is not the same quantity', async () => {
    const other = await judgeSays(TOWN, OTHER_VALUE, 'supports', 'Exampleville had 352,000 inhabitants');
    expect(other.verdicts.get(0)).toEqual([]);
    expect(other.ignored[0]).toMatch(
      /is not accepted: the code reads it as one that states 352,000 inhabitants, the claim 410,000 inhabitants/,
    );
    const otherTime = await judgeSays(TOWN, OTHER_TIME, 'supports', 'Exampleville had 352,000 inhabitants');
    expect(otherTime.verdicts.get(0)).toHaveLength(1);
  });

  it('"contradicts" on a passage the code reads as stating the claim is not accepted', async () => {
    const o = await judgeSays(TOWN, CENSUS_2026, 'contradicts', 'just over 410,000 inhabitants');
    expect(o.verdicts.get(0)).toEqual([]);
    expect(o.ignored).toEqual(['item 1: "contradicts" on S1 is not accepted: the code reads it as stating the claim']);
    const onOther = await judgeSays(TOWN, OTHER_VALUE, 'contradicts', 'Exampleville had 352,000 inhabitants');
    expect(onOther.verdicts.get(0)).toEqual([
      { verdict: 'contradicts', spanId: 'S1', quote: 'Exampleville had 352,000 inhabitants' },
    ]);
  });

  it('answers: an overruled "supports" is a reading refused, not one left out: the claim is not found, so dropped, not kept unconfirmed', async () => {
    const o = await judgeSays(BRIDGE, NOT_OPENED, 'supports', 'opened to traffic in 2019');
    const verdicts = verdictsOf(o, [{ code: NOTHING_FOUND }]);
    expect(verdicts.get(0)?.verdict).toBe('not-found');
    const claims: Claim[] = [{ text: BRIDGE, cites: ['S1'], status: 'supported', reasons: [] }];
    const uncertain = [{ index: 0, outcome: { verdict: 'uncertain' as const, score: 0.5, reasons: [] }, stitched: false }];
    expect(applyChecks(claims, uncertain, verdicts)[0]!.status).toBe('dropped');
    // A reply refused for its form only (no passage named) leaves the claim as the code had it.
    replies = [reply([{ item: 1, supports: [{ quote: 'opened to traffic in 2019' }] }])];
    const formless = await judgeClaims(model(), one(BRIDGE, NOT_OPENED));
    expect(verdictsOf(formless, [{ code: NOTHING_FOUND }]).has(0)).toBe(false);
  });
});
