import type { PipelineCache } from '../run/cache';
import type { PipelineHost } from '../answering/build-deps';
import { createBuiltinModel, detectBuiltinModel } from '../model/chrome-builtin';
import { createOpenAiCompatibleModel } from '../model/openai-compatible';

/**
 * The extension's side of the pipeline: the browser's fetch and clock, the Dexie cache, and without
 * a model in the settings the browser's built-in model when it has one ready (Chrome's Prompt API).
 */
export function extensionHost(cache: PipelineCache): PipelineHost {
  return {
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(),
    cache,
    openAiModel: createOpenAiCompatibleModel,
    keylessModel: async () => {
      const builtin = await detectBuiltinModel();
      return builtin ? createBuiltinModel(builtin) : null;
    },
  };
}
