import OpenAI from 'openai';
import { z } from 'zod';
import type { ConnectionTest } from '../messaging/protocol';
import { capabilitiesFor } from '../shared/capabilities';
import { createOpenAiCompatibleModel, toProviderError } from '../model/openai-compatible';
import type { FetchLike } from '../shared/fetch-like';
import { ProviderError } from '../shared/provider-error';
import { providersFor } from '../search/registry';
import { isKeyed, testOutcomeOf } from '../providers/registry';
import type { ModelCapabilities, SearchProviderId, Settings } from '../settings';

/** The query a search test sends: a common word every provider finds something for. */
export const TEST_QUERY = 'encyclopedia';

/** What OLLAMA answers 403 for: it blocks browser-extension origins unless told otherwise. */
export const OLLAMA_ORIGINS_HINT =
  'Ollama refuses requests from browser extensions by default. Start it with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* (for example: OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* ollama serve), then test again.';

/** I/O a test needs: the fetch to use, how long to wait, the clock. */
export interface ConnectionTestDeps {
  fetch: FetchLike;
  timeoutMs?: number;
  now?: () => Date;
}

/** A search provider as typed on the options page; `apiKey` only when a new key was typed. */
export interface ProviderDraft {
  provider: SearchProviderId;
  baseUrl: string;
  apiKey?: string | undefined;
}

/** A model endpoint as typed on the options page; `apiKey` only when a new key was typed. */
export interface ModelDraft {
  baseUrl: string;
  apiKey?: string | undefined;
  capabilities?: ModelCapabilities | undefined;
}

/** The model endpoint a test talks to, with the key resolved. */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string;
  capabilities?: ModelCapabilities | undefined;
}

/**
 * The stored settings with one provider as typed on the page: its base URL, and its key only when
 * a new one was typed (otherwise the stored key, which never leaves the background).
 */
export function settingsForProviderTest(stored: Settings, draft: ProviderDraft): Settings {
  const id = draft.provider;
  const search = { ...stored.search, providers: [id] };
  if (isKeyed(id)) search[id] = { baseUrl: draft.baseUrl, apiKey: draft.apiKey || stored.search[id].apiKey };
  else search[id] = { baseUrl: draft.baseUrl };
  return { ...stored, search };
}

/** The model endpoint as typed, with the stored key unless a new one was typed. */
export function endpointForModelTest(stored: Settings, draft: ModelDraft): ModelEndpoint {
  return {
    baseUrl: draft.baseUrl,
    apiKey: draft.apiKey || stored.model.apiKey,
    ...(draft.capabilities ? { capabilities: draft.capabilities } : {}),
  };
}

/** A base URL that is not an http(s) URL, as a result instead of a request. */
function badBaseUrl(name: string, baseUrl: string): ConnectionTest | undefined {
  try {
    const url = new URL(baseUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  } catch {
    // Falls through.
  }
  return { outcome: 'config', message: `${name}'s base URL "${baseUrl}" is not an http(s) URL: fix it above, then test again.` };
}

/**
 * Sends one real search through the provider's own adapter (the one answers use) and says how it
 * went: works with N results, or the adapter's failure (key rejected, unreachable, rate-limited…).
 */
export async function testSearchProvider(
  settings: Settings,
  id: SearchProviderId,
  deps: ConnectionTestDeps,
): Promise<ConnectionTest> {
  const { providers, missingKeys } = providersFor({ ...settings, search: { ...settings.search, providers: [id] } });
  const provider = providers[0];
  if (!provider)
    return { outcome: 'config', message: `${missingKeys[0] ?? id} needs an API key: type one above, then test again.` };
  const bad = badBaseUrl(provider.name, settings.search[id].baseUrl);
  if (bad) return bad;
  try {
    const { hits } = await provider.search(TEST_QUERY, {
      count: 3,
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs ?? 15_000,
      ...(deps.now ? { now: deps.now } : {}),
    });
    return {
      outcome: 'works',
      count: hits.length,
      message:
        hits.length > 0
          ? `${provider.name} works: ${hits.length} result${hits.length === 1 ? '' : 's'} for “${TEST_QUERY}”.`
          : `${provider.name} answered, with no results for “${TEST_QUERY}”: the connection and key work.`,
    };
  } catch (e) {
    return searchFailure(e, provider.name);
  }
}

function searchFailure(e: unknown, name: string): ConnectionTest {
  // A provider's own code may mean one thing here (SearXNG's 403: JSON output is not enabled on the instance).
  if (e instanceof ProviderError) return { outcome: testOutcomeOf(e.failure.code) ?? e.failure.kind, message: e.failure.message };
  return { outcome: 'bad-response', message: `${name} could not be tested: ${e instanceof Error ? e.message : String(e)}` };
}

function endpointName(baseUrl: string): string {
  try {
    return `The model endpoint (${new URL(baseUrl).host})`;
  } catch {
    return 'The model endpoint';
  }
}

function openAiClient(endpoint: ModelEndpoint, deps: ConnectionTestDeps): OpenAI {
  return new OpenAI({
    apiKey: endpoint.apiKey || 'none',
    baseURL: endpoint.baseUrl,
    // The key is the user's own, held by the background only.
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: deps.timeoutMs ?? 15_000,
    fetch: deps.fetch,
  });
}

/** A model-endpoint failure as a result, with the fix where we know it (Ollama's origins, a model name, a mode). */
function modelFailure(e: unknown, endpoint: ModelEndpoint, model?: string): ConnectionTest {
  const name = endpointName(endpoint.baseUrl);
  const { failure } = toProviderError(e, name, endpoint.baseUrl);
  const caps = capabilitiesFor(endpoint.baseUrl, model ?? '', endpoint.capabilities);
  const result: ConnectionTest = { outcome: failure.kind, message: failure.message };
  if (failure.status === 403 && caps.preset === 'ollama') return { ...result, hint: OLLAMA_ORIGINS_HINT };
  if (failure.status === 404 && model)
    return {
      ...result,
      hint: `If the base URL is right, the endpoint may not know the model “${model}”: load the model list and pick one.`,
    };
  if (failure.status === 400 && caps.structured !== 'prompt')
    return {
      ...result,
      hint: `The endpoint refused the request (400). If it does not take structured output as ${caps.structured}, choose another mode under "Structured output", then test again.`,
    };
  return result;
}

/** The models an endpoint lists (`GET {base}/models` through the `openai` SDK), sorted by id. */
export async function listModels(
  endpoint: ModelEndpoint,
  deps: ConnectionTestDeps,
): Promise<{ models: string[]; test: ConnectionTest }> {
  const bad = badBaseUrl('The model endpoint', endpoint.baseUrl);
  if (bad) return { models: [], test: bad };
  try {
    const ids = new Set<string>();
    for await (const m of openAiClient(endpoint, deps).models.list()) {
      const id = z
        .string()
        .min(1)
        .max(200)
        .safeParse((m as { id?: unknown }).id);
      if (id.success) ids.add(id.data);
      if (ids.size >= 2000) break;
    }
    const models = [...ids].sort((a, b) => a.localeCompare(b));
    return {
      models,
      test: {
        outcome: 'works',
        count: models.length,
        message:
          models.length > 0
            ? `${endpointName(endpoint.baseUrl)} lists ${models.length} model${models.length === 1 ? '' : 's'}.`
            : `${endpointName(endpoint.baseUrl)} answered but lists no models: type the model's name.`,
      },
    };
  } catch (e) {
    return { models: [], test: modelFailure(e, endpoint) };
  }
}

const ConnectionReplySchema = z.object({ ok: z.boolean() });

/**
 * Asks the model for a one-word JSON reply through the same client, streaming and structured-output
 * mode that answers use, and says how it went.
 */
export async function testModel(endpoint: ModelEndpoint, model: string, deps: ConnectionTestDeps): Promise<ConnectionTest> {
  const bad = badBaseUrl('The model endpoint', endpoint.baseUrl);
  if (bad) return bad;
  const now = deps.now ?? (() => new Date());
  const chat = createOpenAiCompatibleModel({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    model,
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs ?? 30_000,
    ...(endpoint.capabilities ? { capabilities: endpoint.capabilities } : {}),
  });
  const started = now().getTime();
  try {
    const reply = await chat.complete({
      system: 'You are a connection test. Follow the requested format exactly.',
      user: 'Reply with the JSON object {"ok": true} and nothing else.',
      json: {
        name: 'connection_test',
        schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
      },
    });
    const seconds = ((now().getTime() - started) / 1000).toFixed(1);
    const json = ConnectionReplySchema.safeParse(parseJson(reply.text)).success;
    return {
      outcome: 'works',
      message: `${chat.name} answered in ${seconds} s${json ? '.' : ', but not with the JSON it was asked for.'}`,
      ...(json
        ? {}
        : {
            hint: 'Answers still work (Spanlight validates every reply and asks once for a repair), but another structured-output mode may suit this model better.',
          }),
    };
  } catch (e) {
    return modelFailure(e, endpoint, model);
  }
}

function parseJson(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
