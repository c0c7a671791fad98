import { describe, expect, it } from 'vitest';
import { applySettingsUpdate } from '@/lib/background/settings-calls';
import {
  capabilitiesOf,
  draftEndpoints,
  draftFromSettings,
  parseDomainList,
  presetBaseUrl,
  presetOf,
  updateFromDraft,
  type OptionsDraft,
} from '@/lib/options/draft';
import { originPatterns } from '@/lib/options/host-access';
import {
  FACT_CHECK_TOOLS_BASE_URL,
  WAYBACK_API_BASE_URL,
  WAYBACK_WEB_BASE_URL,
  defaultSettings,
  toPublicSettings,
  type Settings,
} from '@/lib/settings';
import { releaseSourcesFor } from '@/lib/releases/registry';

function stored(): Settings {
  const s = defaultSettings();
  s.search.brave.apiKey = 'stored-brave-key';
  s.model = { kind: 'openai', baseUrl: 'http://localhost:11434/v1', apiKey: '', model: 'llama3.2' };
  return s;
}

function draft(patch: Partial<OptionsDraft> = {}): OptionsDraft {
  return { ...draftFromSettings(toPublicSettings(stored())), ...patch };
}

describe('parseDomainList', () => {
  it('reduces pasted URLs and wildcards to host names, lower-cased, deduplicated, blank lines skipped', () => {
    expect(parseDomainList('nist.gov\n\nhttps://www.Example.org/a/b?c\n*.ads.example\nNIST.gov \n')).toEqual({
      domains: ['nist.gov', 'www.example.org', 'ads.example'],
      invalid: [],
    });
  });

  it('turns international names into their ASCII form', () => {
    expect(parseDomainList('bücher.example').domains).toEqual(['xn--bcher-kva.example']);
  });

  it('returns what is not a domain as typed', () => {
    expect(
      parseDomainList(
        'good.example\nnot a domain\nlocalhost\n127.0.0.1\nftp://files.example\nuser@host.example:8080\nexample.org:8443',
      ).invalid,
    ).toEqual(['not a domain', 'localhost', '127.0.0.1', 'ftp://files.example', 'user@host.example:8080', 'example.org:8443']);
  });
});

describe('updateFromDraft', () => {
  it('the stored settings survive a round trip through the form unchanged', () => {
    const checked = updateFromDraft(draft());
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const next = applySettingsUpdate(stored(), checked.update);
    expect(next).toEqual({ ...stored(), model: { ...stored().model, capabilities: { preset: 'ollama' } } });
  });

  it('sends a key only when a new one was typed: an untouched key field keeps the stored key', () => {
    const untouched = updateFromDraft(draft());
    expect(untouched.ok && untouched.update.search.brave).toEqual({ baseUrl: expect.any(String) });
    expect(untouched.ok && untouched.update.model.apiKey).toBeUndefined();
    const typed = updateFromDraft(draft({ keys: { brave: ' new-key ', tavily: '', exa: '', serper: '' }, modelKey: 'sk-new' }));
    expect(typed.ok && typed.update.search.brave?.apiKey).toBe('new-key');
    expect(typed.ok && typed.update.search.tavily?.apiKey).toBeUndefined();
    expect(typed.ok && typed.update.model.apiKey).toBe('sk-new');
    if (!untouched.ok) return;
    expect(applySettingsUpdate(stored(), untouched.update).search.brave.apiKey).toBe('stored-brave-key');
  });

  it('the Fact Check Tools key: never in the public settings, kept when not sent, replaced when typed (issue #26)', () => {
    const withKey: Settings = { ...stored(), factCheckTools: { apiKey: 'AIza-stored', baseUrl: 'https://fct.example' } };
    const pub = toPublicSettings(withKey);
    expect(pub.factCheckTools).toEqual({ baseUrl: 'https://fct.example', hasKey: true });
    expect(JSON.stringify(pub)).not.toContain('AIza-stored');
    const checked = updateFromDraft(draft());
    if (!checked.ok) throw new Error('the draft does not validate');
    expect(applySettingsUpdate(withKey, checked.update).factCheckTools.apiKey).toBe('AIza-stored');
    expect(checked.update.factCheckTools).toEqual({ baseUrl: FACT_CHECK_TOOLS_BASE_URL });
    // Through the form: the stored key is never in the draft; a typed one is sent trimmed and saved.
    const fromStored = draftFromSettings(pub);
    expect(fromStored.factCheckToolsKey).toBe('');
    expect(fromStored.factCheckToolsBaseUrl).toBe('https://fct.example');
    const typed = updateFromDraft({ ...fromStored, factCheckToolsKey: ' AIza-new ' });
    if (!typed.ok) throw new Error('the typed draft does not validate');
    expect(typed.update.factCheckTools).toEqual({ baseUrl: 'https://fct.example', apiKey: 'AIza-new' });
    const saved = applySettingsUpdate(withKey, typed.update);
    expect(saved.factCheckTools).toEqual({ baseUrl: 'https://fct.example', apiKey: 'AIza-new' });
    expect(toPublicSettings(saved).factCheckTools).toEqual({ baseUrl: 'https://fct.example', hasKey: true });
    // Untouched, the stored key is kept through the form too.
    const kept = updateFromDraft(fromStored);
    expect(kept.ok && applySettingsUpdate(withKey, kept.update).factCheckTools.apiKey).toBe('AIza-stored');
    // Its host is asked for only when a key is typed.
    expect(draftEndpoints(fromStored)).not.toContain('https://fct.example');
    expect(draftEndpoints({ ...fromStored, factCheckToolsKey: 'k' })).toContain('https://fct.example');
  });

  it('the web archive addresses: kept through the form, saved when typed, a wrong one named (issue #26)', () => {
    expect(draft().waybackApiBaseUrl).toBe(WAYBACK_API_BASE_URL);
    expect(draft().waybackWebBaseUrl).toBe(WAYBACK_WEB_BASE_URL);
    const typed = updateFromDraft(draft({ waybackApiBaseUrl: ' http://127.0.0.1:9/ ', waybackWebBaseUrl: 'http://127.0.0.1:9' }));
    if (!typed.ok) throw new Error('the typed draft does not validate');
    const saved = applySettingsUpdate(stored(), typed.update);
    expect(saved.wayback).toEqual({ apiBaseUrl: 'http://127.0.0.1:9/', webBaseUrl: 'http://127.0.0.1:9' });
    expect(draftFromSettings(toPublicSettings(saved)).waybackWebBaseUrl).toBe('http://127.0.0.1:9');
    const wrong = updateFromDraft(draft({ waybackWebBaseUrl: 'web.archive' }));
    expect(!wrong.ok && wrong.errors.waybackWebBaseUrl).toEqual({ key: 'errorUrl', substitutions: ['web.archive'] });
  });

  it('a Fact Check Tools base URL that is no http(s) URL is named as the wrong field', () => {
    const checked = updateFromDraft(draft({ factCheckToolsBaseUrl: 'javascript:alert(1)' }));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.factCheckToolsBaseUrl).toEqual({ key: 'errorUrl', substitutions: ['javascript:alert(1)'] });
  });

  it('release sources: each box left unticked is saved off, and the pipeline stops asking it', () => {
    expect(draft().releaseSources).toEqual(['endoflife', 'npm', 'pypi', 'crates', 'github']);
    const checked = updateFromDraft(draft({ releaseSources: ['github', 'pypi'] }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    // Saved in the settings' own order, whatever the order the boxes were ticked in.
    expect(checked.update.releaseSources).toEqual(['pypi', 'github']);
    const next = applySettingsUpdate(stored(), checked.update);
    expect(releaseSourcesFor(next).map((s) => s.id)).toEqual(['pypi', 'github']);
    expect(draftFromSettings(toPublicSettings(next)).releaseSources).toEqual(['pypi', 'github']);
    const none = updateFromDraft(draft({ releaseSources: [] }));
    expect(none.ok && releaseSourcesFor(applySettingsUpdate(stored(), none.update))).toEqual([]);
  });

  it('names each wrong field, with the lines that are no domain', () => {
    const checked = updateFromDraft(
      draft({
        denyDomains: 'ok.example\nnope nope',
        maxPages: '11',
        maxSpans: 'x',
        minDomains: '0',
        freshness: 'days',
        freshnessDays: '',
        priceInput: '-1',
        modelBaseUrl: 'localhost:11434',
        modelName: ' ',
        baseUrls: { ...draft().baseUrls, searxng: 'searx.local' },
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(
      [
        'baseUrl-searxng',
        'denyDomains',
        'freshnessDays',
        'maxPages',
        'maxSpans',
        'minDomains',
        'modelBaseUrl',
        'modelName',
        'priceInput',
      ].sort(),
    );
    expect(checked.errors.denyDomains).toEqual({ key: 'errorDomains', substitutions: ['nope nope'] });
    expect(checked.errors.maxPages).toEqual({ key: 'errorRange', substitutions: ['1', '10'] });
  });

  it('own sources per fact-check: 0 to 50, 0 opening none; anything else is named', () => {
    expect(updateFromDraft(draft({ ownSourcesPerCheck: '0' }))).toMatchObject({ ok: true, update: { ownSourcesPerCheck: 0 } });
    expect(updateFromDraft(draft({ ownSourcesPerCheck: '50' }))).toMatchObject({ ok: true, update: { ownSourcesPerCheck: 50 } });
    for (const wrong of ['51', '-1', 'x', '']) {
      const checked = updateFromDraft(draft({ ownSourcesPerCheck: wrong }));
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.errors.ownSourcesPerCheck).toEqual({ key: 'errorRange', substitutions: ['0', '50'] });
    }
  });

  it('without a model, a blanked model URL or name does not block saving the rest', () => {
    const checked = updateFromDraft(draft({ modelPreset: 'extractive', modelBaseUrl: '', modelName: '' }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.update.model.kind).toBe('extractive');
    expect(checked.update.model.capabilities).toEqual({});
  });

  it('freshness, prices, the judge and the tabs policy reach the update', () => {
    const checked = updateFromDraft(
      draft({
        freshness: 'days',
        freshnessDays: '90',
        priceInput: '0.15',
        priceSearch: '0.005',
        judge: true,
        tabsPolicy: 'never',
      }),
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.update).toMatchObject({
      freshnessDays: 90,
      prices: { inputPerMillion: 0.15, outputPerMillion: 0, searchPerCall: 0.005 },
      judge: true,
      tabsPolicy: 'never',
    });
    expect(updateFromDraft(draft({ freshness: 'none', freshnessDays: 'junk' }))).toMatchObject({
      ok: true,
      update: { freshnessDays: null },
    });
  });
});

describe('presets and capabilities', () => {
  it('a preset fills its base URL; custom keeps what was typed', () => {
    expect(presetBaseUrl('groq', 'http://x.example/v1')).toBe('https://api.groq.com/openai/v1');
    expect(presetBaseUrl('custom', 'http://x.example/v1')).toBe('http://x.example/v1');
  });

  it('the preset shown is the one chosen, else the one the base URL matches', () => {
    const model = toPublicSettings(stored()).model;
    expect(presetOf(model)).toBe('ollama');
    expect(presetOf({ ...model, capabilities: { preset: 'custom' } })).toBe('custom');
    expect(presetOf({ ...model, kind: 'extractive' })).toBe('extractive');
    expect(presetOf({ ...model, baseUrl: 'https://llm.internal.example/v1' })).toBe('custom');
  });

  it('overrides are stored only when set', () => {
    expect(capabilitiesOf(draft())).toEqual({ preset: 'ollama' });
    expect(capabilitiesOf(draft({ structured: 'prompt', temperature: 'no' }))).toEqual({
      preset: 'ollama',
      structured: 'prompt',
      temperature: false,
    });
    const back = draftFromSettings(
      toPublicSettings({
        ...stored(),
        model: { ...stored().model, capabilities: { preset: 'ollama', structured: 'json_object', temperature: true } },
      }),
    );
    expect([back.structured, back.temperature]).toEqual(['json_object', 'yes']);
  });
});

describe('host access', () => {
  it('asks for the hosts of enabled providers and the model endpoint, without ports', () => {
    const d = draft({
      providers: ['wikipedia', 'searxng'],
      baseUrls: { ...draft().baseUrls, searxng: 'http://192.168.1.5:8888/searx' },
    });
    expect(originPatterns(draftEndpoints(d))).toEqual([
      'https://en.wikipedia.org/*',
      'http://192.168.1.5/*',
      'http://localhost/*',
    ]);
    expect(originPatterns(draftEndpoints({ ...d, modelPreset: 'extractive' }))).not.toContain('http://localhost/*');
    expect(originPatterns(['not a url', 'ftp://x.example/'])).toEqual([]);
  });
});
