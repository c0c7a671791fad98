/**
 * A fresh install, nothing configured (no key, no model, default settings): the public hosts it
 * reads by default are local HTTPS fakes the browser's host rules send their names to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml } from '../fakes/fixture-site';
import { startPublicHosts, type PublicHosts } from '../fakes/public-hosts';
import { wikipediaHandler } from '../fakes/wikipedia-site';
import {
  cratesIoHandler,
  endOfLifeHandler,
  githubHandler,
  npmRegistryHandler,
  pypiHandler,
  type FakeRelease,
} from '../fakes/release-servers';
import {
  MOZILLA_CITED_STATEMENT,
  MOZILLA_CITED_URL,
  MOZILLA_HIT,
  MOZILLA_QUESTION,
  mozillaArticle,
  mozillaCitedPage,
} from '../fakes/mozilla-case';
import { ask, highlightedText, launchExtension, screenshotForDocs, squash, type ExtensionBrowser } from './harness';

const EXPRESS: FakeRelease = {
  name: 'express',
  version: '5.2.1',
  published: '2026-11-20T16:04:11.000Z',
  repository: 'expressjs/express',
};
// Known to the npm registry only, with no repository: one publisher, so the gate refuses.
const LEFT_PAD: FakeRelease = { name: 'left-pad', version: '1.3.0', published: '2026-10-02T09:00:00.000Z' };

/** The pages a person reads the registry's and GitHub's data on: plain pages, without the sentences we wrote. */
function sitePage(title: string) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(articleHtml({ title, paragraphs: [`${title}: install, readme and versions.`] }));
  };
}

describe('keyless, from the first minute (fresh profile, no settings)', () => {
  let hosts: PublicHosts;
  let browser: ExtensionBrowser;
  let panel: Page;

  beforeAll(async () => {
    const cited = new URL(MOZILLA_CITED_URL);
    hosts = await startPublicHosts({
      // Wikipedia has no article on left-pad: the npm registry alone answers that question.
      'en.wikipedia.org': wikipediaHandler({
        results: (q) => (/left-pad/i.test(q) ? [] : [MOZILLA_HIT]),
        articles: { Mozilla: mozillaArticle() },
      }),
      [cited.hostname]: (req, res) => {
        const ok = req.url.split('?')[0] === cited.pathname;
        res.writeHead(ok ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(ok ? mozillaCitedPage() : articleHtml({ title: 'Not found', paragraphs: ['Not found.'] }));
      },
      'registry.npmjs.org': npmRegistryHandler([EXPRESS, LEFT_PAD]),
      'www.npmjs.com': sitePage('npm package'),
      'github.com': sitePage('GitHub release'),
      'api.github.com': githubHandler([EXPRESS]),
      'pypi.org': pypiHandler([]),
      'crates.io': cratesIoHandler([]),
      'endoflife.date': endOfLifeHandler([]),
    });
    browser = await launchExtension({ hostRules: hosts.hostRules });
    panel = await browser.openSidePanel();
  });

  afterAll(async () => {
    await browser?.close();
    await hosts?.close();
  });

  it('answers grounded from Wikipedia and the publisher its footnote cites, each cited, each jump on its passage', async () => {
    expect(await ask(panel, MOZILLA_QUESTION)).toBe('grounded');
    const answer = panel.locator('article.answer');
    const sources = answer.locator('section.sources li');
    const lines = await sources.allTextContents();
    const wiki = lines.find((l) => l.includes('Mozilla - Wikipedia'))!;
    const publisher = lines.find((l) => l.includes('About the Mozilla Corporation'))!;
    expect(wiki).toContain('citing www.mozilla.org');
    expect(publisher).toContain('cited by en.wikipedia.org: Mozilla');

    for (const [title, host, expected] of [
      ['About the Mozilla Corporation', 'www.mozilla.org', MOZILLA_CITED_STATEMENT],
      ['Mozilla - Wikipedia', 'en.wikipedia.org', 'the Mozilla Corporation.[2]'],
    ] as const) {
      const opened = browser.context.waitForEvent('page');
      await sources.filter({ hasText: title }).first().locator('button.cite').first().click();
      const tab = await opened;
      await expect.poll(() => highlightedText(tab), { timeout: 20_000 }).not.toBe('');
      expect(squash(await highlightedText(tab))).toContain(expected);
      expect(new URL(tab.url()).hostname).toBe(host);
      await tab.close();
    }
    await screenshotForDocs(panel, 'sidepanel-keyless');
  });

  it('a refusal shows the condition that failed and the best passages found, each jump landing on its passage', async () => {
    const eich = 'On March 24, 2014, Mozilla promoted Brendan Eich to the role of CEO.';
    expect(await ask(panel, 'When did Mozilla promote Brendan Eich to CEO?')).toBe('abstained');
    const card = panel.locator('article.answer').last().locator('.card.refusal');
    expect(squash((await card.locator('[data-condition="independent-domains"]').textContent()) ?? '')).toBe(
      'Only 1 independent source (wikipedia.org); at least 2 are required.',
    );
    const best = card.getByRole('group', { name: 'Best passages found' });
    const items = best.locator('li');
    expect(await items.count()).toBeGreaterThan(0);
    const first = items.first();
    expect(await first.locator('.closest-jump').textContent()).toBe(`“${eich}”`);
    expect(await first.locator('.closest-source').textContent()).toContain('Mozilla - Wikipedia · en.wikipedia.org ·');

    // Each jump opens the page and highlights the passage that holds the sentence shown.
    for (const item of await items.all()) {
      const sentence = ((await item.locator('.closest-jump').textContent()) ?? '').replace(/^“|”$/g, '');
      const opened = browser.context.waitForEvent('page');
      await item.locator('button.closest-jump').click();
      const tab = await opened;
      await expect.poll(() => highlightedText(tab), { timeout: 20_000 }).not.toBe('');
      expect(new URL(tab.url()).hostname).toBe('en.wikipedia.org');
      expect(squash(await highlightedText(tab))).toContain(squash(sentence));
      const status = card.locator('.citation-status[data-at="refusal-best"]');
      await expect.poll(() => status.textContent()).toContain('Highlighted');
      await tab.close();
    }
    await screenshotForDocs(panel, 'sidepanel-refusal-keyless');
  });

  it('a release question is answered keyless from the primary sources, with the version and its date', async () => {
    expect(await ask(panel, 'What is the latest release of express?')).toBe('grounded');
    const answer = panel.locator('article.answer').last();
    const claims = (await answer.locator('li.claim').allTextContents()).join(' ');
    expect(claims).toContain('5.2.1');
    expect(claims).toContain('20 November 2026');
    const sources = (await answer.locator('section.sources li').allTextContents()).join(' ');
    expect(sources).toContain('www.npmjs.com');
    expect(sources).toContain('github.com');

    // Its passages were written from the sources' JSON: each chip opens the source, and says why
    // nothing is highlighted there, instead of a jump that reports "not found in the page".
    const chip = answer.locator('li.claim button.cite[data-opens="source"]').first();
    expect(await chip.getAttribute('aria-label')).toMatch(/open source \(from its data, nothing to highlight\)$/);
    const opened = browser.context.waitForEvent('page');
    await chip.click();
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(['www.npmjs.com', 'github.com']).toContain(new URL(tab.url()).hostname);
    expect(new URL(tab.url()).hash).toBe('');
    const status = answer.locator('li.claim .citation-status');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Opened “express 5\.2\.1 .*not read from the page, so nothing is highlighted there/);
    expect(await status.textContent()).not.toContain('not found');
    expect(await highlightedText(tab)).toBe('');
    await tab.close();
  });

  it('a release refusal from one JSON source: its best passage offers "Open source", not a jump that fails', async () => {
    expect(await ask(panel, 'What is the latest release of left-pad?')).toBe('abstained');
    const card = panel.locator('article.answer').last().locator('.card.refusal');
    expect(squash((await card.locator('[data-condition="independent-domains"]').textContent()) ?? '')).toBe(
      'Only 1 independent source (npmjs.com); at least 2 are required.',
    );
    const item = card.getByRole('group', { name: 'Best passages found' }).locator('li[data-opens="source"]');
    expect(await item.count()).toBe(1);
    expect(await item.locator('.closest-sentence').textContent()).toContain('version 1.3.0');
    expect(await item.locator('.closest-jump').count()).toBe(0);
    expect(squash((await item.locator('.closest-note').textContent()) ?? '')).toBe(
      "Written from the source's data (a JSON API), not read from a page: there is no passage in the page to highlight.",
    );
    const opened = browser.context.waitForEvent('page');
    await item.getByRole('button', { name: 'Open source' }).click();
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe('https://www.npmjs.com/package/left-pad');
    const status = card.locator('.citation-status[data-at="refusal-best"]');
    await expect.poll(() => status.textContent()).toMatch(/^Opened “left-pad 1\.3\.0 \(the npm registry\)”\./);
    expect(await status.textContent()).not.toContain('not found');
    await tab.close();
  });
});
