import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { type PipelineSettings } from '@/lib/run/pipeline-settings';
import { type PipelineDeps } from '@/lib/answering/deps';
import { snippetPages } from '@/lib/planning/fast-path';
import { routeQuestion } from '@/lib/planning/route';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { onDomains } from '@/lib/evidence/on-domains';
import { createBraveProvider } from '@/lib/search/brave';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { defaultSettings } from '@/lib/settings';
import type { SearchHit } from '@/lib/shared/types';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai-server';
import { startFakeBrave } from '../../fakes/search-servers';
import type { FakeServer } from '../../fakes/http-server';
import { viaLoopback } from '../../fakes/fixture-site';

const now = () => new Date('2026-11-30T12:00:00Z');
const SNIPPET = 'The latest Python release is Python 3.13.1, released on November 2, 2026.';
const settings: PipelineSettings = { ...pipelineSettings(defaultSettings()), minDomains: 1 };
const isPrimary = onDomains(settings.primaryDomains);
const hit: SearchHit = {
  url: 'https://www.python.org/downloads/',
  title: 'Download Python',
  snippet: SNIPPET,
  published: { iso: '2026-11-02T00:00:00.000Z', source: 'search-provider' },
  provider: 'brave',
  query: 'q',
  rank: 1,
};

// One rule decides "single-hop": the router's (route.ts), which skips the planner; the fast path
// asks the router too, so the two cannot disagree, whatever the plan's number of queries.
describe('the fast path follows the router’s single-hop rule', () => {
  it.each([
    'What is the latest Python release?',
    'Which Python release is the latest?',
    'What is the latest Python release, compared with the one before?',
    'Is the latest Python release 3.13.1 if the release notes are right?',
    'What is the latest Python release and when did it come out?',
    'Which Python release did they ship last year?',
  ])('a snippet stands for its page exactly when the router calls the question single-hop: %s', (q) => {
    const route = routeQuestion(q);
    expect(snippetPages(q, route, [hit], isPrimary, now()).length > 0).toBe(route.singleHop === true);
  });

  let brave: FakeServer & { baseUrl: string };
  let model: FakeOpenAi;
  beforeAll(async () => {
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () => [{ url: hit.url, title: hit.title, description: SNIPPET, page_age: '2026-11-02T00:00:00' }],
    });
    // The default planner plans one query, the question itself: fewer than the old query count rule allowed.
    model = await startFakeOpenAi({
      apiKey: 'mk',
      reply: (b) => `The latest Python release is Python 3.13.1 [${spansInPrompt(b)[0]?.id ?? 'S1'}].`,
    });
  });
  afterAll(async () => {
    await Promise.all([brave.close(), model.close()]);
  });

  async function run(question: string) {
    const fetched: string[] = [];
    const deps: PipelineDeps = {
      now,
      fetch: viaLoopback(),
      providers: [createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl })],
      fetchPage: async (url) => {
        fetched.push(url);
        return { ok: false, url, reason: 'not served in this test' };
      },
      readTabs: async () => [],
      model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'mk', model: 'fake-model' }),
      onProgress: () => undefined,
    };
    const result = await answerQuestion(question, deps, settings);
    const stage = (name: string) => result.trace.stages.find((s) => s.stage === name);
    return { result, fetched, stage };
  }

  it('a question the router calls multi-hop, planned as one query, has its pages read: no fast path', async () => {
    const q = 'What is the latest Python release, compared with the one before?';
    expect(routeQuestion(q).singleHop).toBeUndefined();
    const { fetched, stage } = await run(q);
    expect(stage('plan')).toMatchObject({ summary: '1 queries (model)' });
    expect(stage('fast-path')).toBeUndefined();
    expect(fetched).toEqual([hit.url]);
  });

  it('a single-hop question takes the fast path: the snippet is evidence, its page is not read', async () => {
    const { result, fetched, stage } = await run('What is the latest Python release?');
    expect(stage('fast-path')?.summary).toContain('1 primary-source snippet');
    expect(fetched).toEqual([]);
    expect(result.mode).toBe('grounded');
  });
});
