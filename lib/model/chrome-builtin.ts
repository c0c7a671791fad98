import type { ChatModel } from './chat-model';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';

/** The part of Chrome's Prompt API (`LanguageModel`, Chrome 138+ for extensions) we use. */
export interface LanguageModelApi {
  availability(options?: unknown): Promise<'unavailable' | 'downloadable' | 'downloading' | 'available'>;
  create(options?: {
    initialPrompts?: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
    temperature?: number;
    topK?: number;
  }): Promise<{
    prompt(input: string, options?: { responseConstraint?: unknown; signal?: AbortSignal }): Promise<string>;
    destroy(): void;
  }>;
}

/** The browser's built-in model when it has one and it is ready; null otherwise (Firefox, Debian's Chromium). */
export async function detectBuiltinModel(scope: unknown = globalThis): Promise<LanguageModelApi | null> {
  const api = (scope as { LanguageModel?: LanguageModelApi }).LanguageModel;
  if (!api || typeof api.availability !== 'function' || typeof api.create !== 'function') return null;
  try {
    return (await api.availability()) === 'available' ? api : null;
  } catch {
    return null;
  }
}

/** Chrome's built-in model behind the ChatModel interface: a fresh session per request, JSON by response constraint. */
export function createBuiltinModel(api: LanguageModelApi): ChatModel {
  return {
    name: "the browser's built-in model",
    async complete(request) {
      try {
        const session = await api.create({
          initialPrompts: [{ role: 'system', content: request.system }],
          temperature: 0,
          topK: 1,
        });
        try {
          const text = await session.prompt(request.user, {
            ...(request.json ? { responseConstraint: request.json.schema } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
          });
          request.onDelta?.(text);
          return { text };
        } finally {
          session.destroy();
        }
      } catch (e) {
        throw new ProviderError(
          failureOf(
            'model',
            'builtin-model-failed',
            { provider: "The browser's built-in model", error: e instanceof Error ? e.message : String(e) },
            { kind: 'server' },
          ),
        );
      }
    },
  };
}
