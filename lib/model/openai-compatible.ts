import OpenAI from 'openai';
import { ProviderError, failureFromStatus } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { FetchLike } from '../shared/fetch-like';
import type { ChatModel, ChatRequest } from './chat-model';
import { capabilitiesFor, type Capabilities } from '../shared/capabilities';

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Overrides of the capability table (Settings → Model). */
  capabilities?: Partial<Omit<Capabilities, 'preset'>> & { preset?: string };
}

/** The system prompt and response_format for a request, given what the endpoint accepts. */
export function prepareStructured(
  request: ChatRequest,
  caps: Capabilities,
): { system: string; responseFormat?: OpenAI.ChatCompletionCreateParams['response_format'] } {
  if (!request.json) return { system: request.system };
  const schemaText = JSON.stringify(request.json.schema);
  if (caps.structured === 'json_schema')
    return {
      system: request.system,
      responseFormat: {
        type: 'json_schema',
        json_schema: { name: request.json.name, schema: request.json.schema, strict: true },
      },
    };
  const system = `${request.system}\n\nReply with a JSON object only, matching this JSON schema: ${schemaText}`;
  if (caps.structured === 'json_object') return { system, responseFormat: { type: 'json_object' } };
  return { system };
}

/**
 * Any OpenAI-compatible chat-completions endpoint through the official SDK, streamed. The key is
 * the user's own, held by the background only; hence `dangerouslyAllowBrowser`.
 */
export function createOpenAiCompatibleModel(config: OpenAiCompatibleConfig): ChatModel {
  const host = hostOf(config.baseUrl);
  const provider = `The model endpoint (${host})`;
  const client = new OpenAI({
    apiKey: config.apiKey || 'none',
    baseURL: config.baseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: config.timeoutMs ?? 60_000,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const caps = capabilitiesFor(config.baseUrl, config.model, config.capabilities);
  return {
    name: `${config.model} at ${host}`,
    async complete(request) {
      let text = '';
      const structured = prepareStructured(request, caps);
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            ...(caps.temperature ? { temperature: 0 } : {}),
            ...(structured.responseFormat ? { response_format: structured.responseFormat } : {}),
            stream: true,
            stream_options: { include_usage: true },
            messages: [
              { role: 'system', content: structured.system },
              { role: 'user', content: request.user },
            ],
          },
          request.signal ? { signal: request.signal } : undefined,
        );
        let tokensIn: number | undefined;
        let tokensOut: number | undefined;
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            text += delta;
            request.onDelta?.(delta);
          }
          if (chunk.usage) {
            tokensIn = chunk.usage.prompt_tokens;
            tokensOut = chunk.usage.completion_tokens;
          }
        }
        return { text, ...(tokensIn === undefined ? {} : { tokensIn }), ...(tokensOut === undefined ? {} : { tokensOut }) };
      } catch (e) {
        const error = toProviderError(e, provider, config.baseUrl);
        throw text ? new ProviderError(error.failure, text) : error;
      }
    },
  };
}

/** Maps an `openai` SDK error (connection, timeout, HTTP status) to a ProviderError naming the endpoint. */
export function toProviderError(e: unknown, provider: string, baseUrl: string): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError)
    return new ProviderError(failureOf('model', 'model-timeout', { provider }, { kind: 'timeout' }));
  if (e instanceof OpenAI.APIConnectionError)
    return new ProviderError(failureOf('model', 'model-unreachable', { provider, baseUrl }, { kind: 'network' }));
  if (e instanceof OpenAI.APIError && typeof e.status === 'number') {
    const headers = e.headers instanceof Headers ? e.headers : new Headers();
    return new ProviderError(failureFromStatus(provider, 'Model', e.status, headers));
  }
  return new ProviderError(failureOf('model', 'model-unreadable', { provider }, { kind: 'bad-response' }));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
