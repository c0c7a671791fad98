import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerResult } from '../../lib/shared/types';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { wikipediaHandler } from '../fakes/wikipedia-site';
import { MOZILLA_CITED_STATEMENT, MOZILLA_HIT, MOZILLA_QUESTION, mozillaArticle, mozillaCitedPage } from '../fakes/mozilla-case';
import { runCli } from './run-cli';

/** A sentence of the article with no footnote: nothing to follow to a second publisher. */
const EICH = 'On March 24, 2014, Mozilla promoted Brendan Eich to the role of CEO.';

// Node's fetch cannot resolve public names to a fake: Wikipedia is served at 127.0.0.1 and the page
// its footnote cites at localhost (two publishers on loopback, read with SPANLIGHT_ALLOW_PRIVATE_NETWORK=1).
let wiki: FakeServer;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite([{ host: 'localhost', path: '/foundation/moco/', html: mozillaCitedPage() }]);
  const cited = site.urlOf('localhost', '/foundation/moco/');
  wiki = await startFakeServer(wikipediaHandler({ results: () => [MOZILLA_HIT], articles: { Mozilla: mozillaArticle(cited) } }));
});
afterAll(async () => {
  await Promise.all([wiki?.close(), site?.close()]);
});

describe('spanlight ask, keyless (Wikipedia and the sources it cites, no key, no model)', () => {
  it('answers grounded from two publishers, each cited', async () => {
    const r = await runCli(['ask', MOZILLA_QUESTION], {
      env: { SPANLIGHT_WIKIPEDIA_BASE_URL: `${wiki.origin}/w/api.php`, SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1' },
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('model: extractive (no model)');
    const result = JSON.parse(r.stdout) as AnswerResult;
    expect(result.mode).toBe('grounded');
    if (result.mode !== 'grounded') return;
    expect([...new Set(result.sources.map((s) => new URL(s.url).hostname))].sort()).toEqual(['127.0.0.1', 'localhost']);
    const cited = result.sources.find((s) => s.url.includes('localhost'))!;
    expect(cited.citedBy?.url).toBe(`${wiki.origin}/wiki/Mozilla`);
    expect(result.evidence.find((e) => e.spanId === cited.spanId)!.text).toContain(MOZILLA_CITED_STATEMENT);
    for (const s of result.sources)
      expect(result.claims.some((c) => c.cites.includes(s.spanId) && c.status === 'supported')).toBe(true);
  });

  it('a refusal prints its best passages, each with its source and a link to the sentence (JSON and Markdown)', async () => {
    const env = { SPANLIGHT_WIKIPEDIA_BASE_URL: `${wiki.origin}/w/api.php`, SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1' };
    const question = 'When did Mozilla promote Brendan Eich to CEO?';
    const json = await runCli(['ask', question, '--quiet'], { env, timeoutMs: 60_000 });
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as AnswerResult;
    expect(result.mode).toBe('abstained');
    if (result.mode !== 'abstained') return;
    expect(result.gate?.failed.map((f) => f.condition)).toEqual(['independent-domains']);
    const first = result.best[0]!;
    expect(first.sentence).toBe(EICH);
    const span = result.evidence.find((e) => e.spanId === first.spanId)!;
    expect(span.text).toContain(EICH);
    // The page's own address, with a text fragment that names the sentence.
    expect(first.link.startsWith(`${wiki.origin}/wiki/Mozilla#:~:text=`)).toBe(true);
    expect(decodeURIComponent(first.link.split(':~:text=')[1]!)).toContain('On March 24, 2014,');

    const md = await runCli(['ask', question, '--quiet', '--format', 'markdown'], { env, timeoutMs: 60_000 });
    expect(md.code, md.stderr).toBe(0);
    const lines = md.stdout.split('\n');
    const at = lines.indexOf('## Best passages found');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe(
      `1. “${EICH}” — [${span.spanId}] Mozilla - Wikipedia, ${new URL(wiki.origin).host} (web, published 2026-11-02 (http-header))`,
    );
    expect(lines[at + 3]).toBe(`   ${first.link}`);
  });
});
