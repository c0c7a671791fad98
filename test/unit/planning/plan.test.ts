import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_SYSTEM, heuristicPlan, keywordQuery, planQueries } from '@/lib/planning/plan';
import { routeQuestion } from '@/lib/planning/route';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai-server';

let server: FakeOpenAi;
beforeAll(async () => {
  server = await startFakeOpenAi({
    apiKey: 'k',
    reply: () => 'unused',
    plan: () =>
      JSON.stringify({ needs_search: true, queries: ['Acme founding date', 'Acme chief executive'], freshness_days: null }),
  });
});
afterAll(() => server.close());
const model = () => createOpenAiCompatibleModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'fake-model' });
const TODAY = '2026-11-30';

describe('planning in code', () => {
  it.each([
    ['What is the population of Exampleville?', 'population Exampleville'],
    ['How many residents does Exampleville have? (run 2)', 'many residents Exampleville (run 2)'],
    ['What does "What It Says" say? [site0.test]', '"What It Says" say [site0.test]'],
    ['Who wrote Hamlet?', 'wrote Hamlet'],
    ['¿Qué es Node.js?', 'Qué es Node.js'],
  ])('keywords of %s: %s', (q, keywords) => expect(keywordQuery(q)).toBe(keywords));

  it('the question and its keywords; with the year and a year’s window when the question is time-bound', () => {
    expect(heuristicPlan('What is the population of Exampleville?', TODAY)).toEqual({
      needsSearch: true,
      queries: ['What is the population of Exampleville', 'population Exampleville'],
      source: 'heuristic',
      notes: ['planned without a model'],
    });
    expect(heuristicPlan('What is the latest release of Node.js?', TODAY)).toMatchObject({
      queries: ['What is the latest release of Node.js', 'latest release Node.js 2026'],
      freshnessDays: 365,
    });
    // A question already in keywords is one query, not the same one twice.
    expect(heuristicPlan('Exampleville census results', TODAY).queries).toEqual(['Exampleville census results']);
    expect(heuristicPlan('exampleville census results?', TODAY).queries).toEqual(['exampleville census results']);
  });

  it('a single-hop question is planned without a model call; another question asks the model', async () => {
    const before = server.chats.length;
    const single = await planQueries(
      model(),
      'What is the population of Exampleville?',
      TODAY,
      routeQuestion('What is the population of Exampleville?'),
    );
    expect(server.chats.length).toBe(before);
    expect(single).toMatchObject({ source: 'heuristic', notes: ['single-hop: planned in code, the model not asked'] });
    expect(single.tokensIn).toBeUndefined();

    const two = 'When was Acme founded and who is its CEO?';
    const planned = await planQueries(model(), two, TODAY, routeQuestion(two));
    expect(server.chats.length).toBe(before + 1);
    expect(planned).toMatchObject({ source: 'model', queries: ['Acme founding date', 'Acme chief executive'] });
    expect(planned.tokensIn).toBeGreaterThan(0);
  });

  it('the planner’s instructions keep the seed’s rules, and the reply’s shape reaches the model once, as the schema', async () => {
    for (const rule of [/2 to 4 standalone queries/, /primary source/, /year or window/, /freshness_days/, /needs_search false/])
      expect(PLAN_SYSTEM).toMatch(rule);
    await planQueries(model(), 'When was Acme founded and who is its CEO?', TODAY);
    const system = server.chats.at(-1)!.messages[0]!.content;
    expect(system.startsWith(PLAN_SYSTEM)).toBe(true);
    expect(system.match(/"needs_search"/g)).toHaveLength(2); // the schema's properties and its required list
    expect(server.chats.at(-1)!.messages[1]!.content).toBe(
      `Today is ${TODAY}. Question: When was Acme founded and who is its CEO?`,
    );
  });
});
