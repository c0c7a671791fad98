import OpenAI from 'openai';
import { ProviderError, failureFromStatus } from '../search/provider-error';
import type { FetchLike } from '../search/http';
import type { ChatModel } from './chat-model';

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: FetchLike;
  timeoutMs?: number;
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
  return {
    name: `${config.model} at ${host}`,
    async complete(request) {
      let text = '';
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            temperature: 0,
            stream: true,
            stream_options: { include_usage: true },
            messages: [
              { role: 'system', content: request.system },
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

function toProviderError(e: unknown, provider: string, baseUrl: string): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError)
    return new ProviderError({
      provider,
      kind: 'timeout',
      message: `Model unavailable: ${provider} did not answer in time. Try again.`,
    });
  if (e instanceof OpenAI.APIConnectionError)
    return new ProviderError({
      provider,
      kind: 'network',
      message: `Model unavailable: could not reach ${provider}. Check Settings → Model (base URL ${baseUrl}) and try again.`,
    });
  if (e instanceof OpenAI.APIError && typeof e.status === 'number') {
    const headers = e.headers instanceof Headers ? e.headers : new Headers();
    return new ProviderError(failureFromStatus(provider, 'Model', e.status, headers));
  }
  return new ProviderError({
    provider,
    kind: 'bad-response',
    message: `Model unavailable: ${provider} sent a reply we could not read. Try again.`,
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
