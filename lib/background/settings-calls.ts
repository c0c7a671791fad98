import { readSettings, writeSettings, type SpanlightDb } from '../db/database';
import type { Received, SettingsUpdate } from '../messaging/protocol';
import { KEYED_PROVIDERS, KEYLESS_PROVIDERS } from '../providers/registry';
import { toPublicSettings, type PublicSettings, type Settings } from '../settings';
import {
  endpointForModelTest,
  listModels,
  settingsForProviderTest,
  testModel,
  testSearchProvider,
  type ConnectionTestDeps,
} from './test-connection';

/** Merges an update from the options page; a key left undefined keeps the stored one, a field left out is kept. */
export function applySettingsUpdate(current: Settings, update: SettingsUpdate): Settings {
  const keyed = (now: { apiKey: string; baseUrl: string }, next?: { baseUrl: string; apiKey?: string | undefined }) =>
    next ? { baseUrl: next.baseUrl, apiKey: next.apiKey ?? now.apiKey } : now;
  const u = update;
  // Capability overrides left out are kept; `{}` clears them.
  const capabilities = u.model.capabilities ?? current.model.capabilities;
  const hasCapabilities = !!capabilities && Object.keys(capabilities).length > 0;
  const search = { ...current.search, providers: u.search.providers };
  for (const id of KEYED_PROVIDERS) search[id] = keyed(current.search[id], u.search[id]);
  for (const id of KEYLESS_PROVIDERS) search[id] = u.search[id] ?? current.search[id];
  return {
    search,
    model: {
      kind: u.model.kind,
      baseUrl: u.model.baseUrl,
      model: u.model.model,
      apiKey: u.model.apiKey ?? current.model.apiKey,
      ...(hasCapabilities ? { capabilities } : {}),
    },
    maxPages: u.maxPages,
    maxSpans: u.maxSpans,
    factCheckBudget: u.factCheckBudget ?? current.factCheckBudget,
    ownSourcesPerCheck: u.ownSourcesPerCheck ?? current.ownSourcesPerCheck,
    allowPrivateNetwork: u.allowPrivateNetwork,
    minDomains: u.minDomains ?? current.minDomains,
    requirePrimary: u.requirePrimary ?? current.requirePrimary,
    primaryDomains: u.primaryDomains ?? current.primaryDomains,
    allowDomains: u.allowDomains ?? current.allowDomains,
    denyDomains: u.denyDomains ?? current.denyDomains,
    freshnessDays: u.freshnessDays === undefined ? current.freshnessDays : u.freshnessDays,
    judge: u.judge ?? current.judge,
    prices: u.prices ?? current.prices,
    tabsPolicy: u.tabsPolicy ?? current.tabsPolicy,
    releaseSources: u.releaseSources ?? current.releaseSources,
    factCheckTools: keyed(current.factCheckTools, u.factCheckTools),
    wayback: u.wayback ?? current.wayback,
  };
}

/**
 * The options page's calls: settings read (keys stripped) and saved (merged with the stored ones),
 * and connection tests of the settings as typed, with keys from storage.
 */
export class SettingsCalls {
  private readonly testDeps: ConnectionTestDeps = { fetch: (input, init) => fetch(input, init) };

  constructor(private readonly db: SpanlightDb) {}

  async get(): Promise<PublicSettings> {
    return toPublicSettings(await readSettings(this.db));
  }

  async save(update: Received<'saveSettings'>): Promise<PublicSettings> {
    const next = applySettingsUpdate(await readSettings(this.db), update);
    await writeSettings(this.db, next);
    return toPublicSettings(next);
  }

  async testProvider(p: Received<'testProvider'>) {
    return testSearchProvider(settingsForProviderTest(await readSettings(this.db), p), p.provider, this.testDeps);
  }

  async listModels(p: Received<'listModels'>) {
    return listModels(endpointForModelTest(await readSettings(this.db), p), this.testDeps);
  }

  async testModel(p: Received<'testModel'>) {
    return testModel(endpointForModelTest(await readSettings(this.db), p), p.model, this.testDeps);
  }
}
