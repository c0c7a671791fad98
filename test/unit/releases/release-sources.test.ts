import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { releaseSubject } from '@/lib/planning/route';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { createNpmRegistrySource } from '@/lib/releases/npm-registry';
import { createPypiSource } from '@/lib/releases/pypi';
import { createCratesIoSource } from '@/lib/releases/crates-io';
import { createEndOfLifeSource } from '@/lib/releases/endoflife';
import { createGithubReleasesSource } from '@/lib/releases/github-releases';
import { defaultSettings } from '@/lib/settings';
import { startFakeServer, type FakeServer } from '../../fakes/http-server';
import { wikipediaHandler } from '../../fakes/wikipedia-site';
import {
  cratesIoHandler,
  endOfLifeHandler,
  githubHandler,
  npmRegistryHandler,
  pypiHandler,
  type FakeRelease,
} from '../../fakes/release-servers';

const NOW = new Date('2026-11-30T12:00:00Z');
const EXPRESS: FakeRelease = {
  name: 'express',
  version: '5.2.1',
  published: '2026-11-20T16:04:11.000Z',
  repository: 'expressjs/express',
};
const REQUESTS: FakeRelease = {
  name: 'requests',
  version: '2.33.0',
  published: '2026-10-02T09:00:00Z',
  repository: 'psf/requests',
};
const SERDE: FakeRelease = { name: 'serde', version: '1.0.230', published: '2026-11-01T10:00:00Z', repository: 'serde-rs/serde' };
const NODE: FakeRelease = { name: 'nodejs', version: '25.2.0', published: '2026-11-11T00:00:00Z' };
const ALL = [EXPRESS, REQUESTS, SERDE];
const servers: Record<string, FakeServer> = {};
const limit = { remaining: 59 };

beforeAll(async () => {
  servers.npm = await startFakeServer(npmRegistryHandler([EXPRESS]));
  servers.pypi = await startFakeServer(pypiHandler([REQUESTS]));
  servers.crates = await startFakeServer(cratesIoHandler([SERDE]));
  servers.eol = await startFakeServer(endOfLifeHandler([NODE]));
  servers.github = await startFakeServer(githubHandler(ALL, limit));
  servers.wiki = await startFakeServer(wikipediaHandler({ results: () => [], articles: {} }));
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

const sources = () => [
  createEndOfLifeSource({ baseUrl: servers.eol!.origin }),
  createNpmRegistrySource({ baseUrl: servers.npm!.origin }),
  createPypiSource({ baseUrl: servers.pypi!.origin }),
  createCratesIoSource({ baseUrl: servers.crates!.origin }),
  createGithubReleasesSource({ baseUrl: servers.github!.origin }),
];
const ask = (question: string) =>
  answerQuestion(
    question,
    {
      now: () => NOW,
      fetch,
      providers: [createWikipediaProvider({ baseUrl: `${servers.wiki!.origin}/w/api.php` })],
      fetchPage: async (url) => ({ ok: false, url, reason: 'not fetched in this test' }),
      readTabs: async () => [],
      model: null,
      onProgress: () => undefined,
      releaseSources: sources(),
    },
    pipelineSettings(defaultSettings()),
  );

describe('the router picks release questions and names their subject', () => {
  it.each([
    ['What is the latest release of express?', 'express'],
    ['What is the current version of Node.js?', 'Node.js'],
    ["What's serde's latest version?", 'serde'],
    ['When was Mozilla founded?', undefined],
  ])('%s', (q, subject) => expect(releaseSubject(q)).toBe(subject));
});

describe('keyless release answers from the primary sources (each fake speaks its protocol)', () => {
  it.each([
    ['express', EXPRESS, ['npmjs.com', 'github.com']],
    ['requests', REQUESTS, ['pypi.org', 'github.com']],
    ['serde', SERDE, ['crates.io', 'github.com']],
  ] as const)(
    '%s: grounded from its registry and its GitHub releases, with the version and its date',
    async (name, rel, publishers) => {
      const r = await ask(`What is the latest release of ${name}?`);
      expect(r.mode, JSON.stringify(r.gate)).toBe('grounded');
      if (r.mode !== 'grounded') return;
      const text = r.claims.map((c) => c.text).join(' ');
      expect(text).toContain(rel.version);
      expect(text).toMatch(new RegExp(new Date(rel.published).getUTCFullYear().toString()));
      for (const p of publishers) expect(r.sources.some((s) => s.url.includes(p))).toBe(true);
      // Each release source's passage is written from its JSON: recorded as such, for the panel to offer no jump.
      for (const s of r.sources) expect(r.evidence.find((e) => e.spanId === s.spanId)!.textFrom).toBe('api');
      const stage = r.trace.stages.find((s) => s.stage === 'releases')!;
      expect(stage.summary).toMatch(/GitHub releases \([^)]*requests left this hour\)/);
    },
  );

  it('endoflife.date answers for a product by its id ("Node.js" is "nodejs"); one publisher alone is refused', async () => {
    const r = await ask('What is the latest release of Node.js?');
    expect(r.trace.stages.find((s) => s.stage === 'releases')!.summary).toContain('endoflife.date (25.2.0, 2026-11-11)');
    expect(r.mode).toBe('abstained');
    expect(r.gate!.failed[0]!.message).toContain('Only 1 independent source (endoflife.date)');
    // Refused with what was found: the release as endoflife.date states it, and its page.
    if (r.mode !== 'abstained') return;
    expect(r.best.map((b) => b.sentence).join(' ')).toContain('25.2.0');
    // Its text was written from endoflife.date's JSON, so the link opens the page without a text
    // fragment that could never match there; the evidence says where the text came from.
    expect(r.best[0]!.link).toBe('https://endoflife.date/nodejs');
    expect(r.evidence.find((e) => e.spanId === r.best[0]!.spanId)!.textFrom).toBe('api');
  });

  it('GitHub’s spent rate limit is respected: said in the trace, not asked again, the registry still answers', async () => {
    limit.remaining = 0;
    const before = servers.github!.requests.length;
    const first = await ask('What is the latest release of express?');
    expect(first.trace.stages.find((s) => s.stage === 'releases')!.summary).toContain('rate limit is used up');
    await ask('What is the latest version of express?');
    expect(servers.github!.requests.length - before).toBe(1);
    limit.remaining = 59;
  });
});
