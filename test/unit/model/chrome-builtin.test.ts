import { describe, expect, it } from 'vitest';
import { createBuiltinModel, detectBuiltinModel, type LanguageModelApi } from '@/lib/model/chrome-builtin';
import { ProviderError } from '@/lib/shared/provider-error';
import { planQueries } from '@/lib/planning/plan';

/** A stand-in for the browser's Prompt API (the platform, not our code), recording what it is asked. */
function promptApi(state: 'available' | 'downloadable' | 'unavailable', answer: (input: string, constraint: unknown) => string) {
  const calls: Array<{ system?: string; input: string; constraint: unknown; destroyed: boolean }> = [];
  const api: LanguageModelApi = {
    availability: async () => state,
    create: async (options) => {
      const call = {
        system: options?.initialPrompts?.[0]?.content,
        input: '',
        constraint: undefined as unknown,
        destroyed: false,
      };
      calls.push(call);
      return {
        prompt: async (input, o) => {
          call.input = input;
          call.constraint = o?.responseConstraint;
          return answer(input, o?.responseConstraint);
        },
        destroy: () => void (call.destroyed = true),
      };
    },
  };
  return { api, calls };
}

describe("Chrome's built-in model (Prompt API), feature-detected", () => {
  it('absent or not ready: no model, and no error', async () => {
    expect(await detectBuiltinModel({})).toBeNull();
    expect(await detectBuiltinModel({ LanguageModel: promptApi('downloadable', () => '').api })).toBeNull();
    expect(
      await detectBuiltinModel({
        LanguageModel: {
          availability: async () => {
            throw new Error('blocked');
          },
          create: async () => ({}),
        },
      }),
    ).toBeNull();
  });

  it('available: plans with the JSON schema as its response constraint, one session per request, destroyed after', async () => {
    const { api, calls } = promptApi(
      'available',
      () => '{"needs_search": true, "queries": ["exampleville population 2026", "exampleville census"], "freshness_days": 365}',
    );
    expect(await detectBuiltinModel({ LanguageModel: api })).toBe(api);
    const plan = await planQueries(createBuiltinModel(api), 'How many people live in Exampleville?', '2026-11-30');
    expect(plan.queries).toEqual(['exampleville population 2026', 'exampleville census']);
    expect(calls[0]!.system).toContain('You convert a user question into web search queries.');
    expect(calls[0]!.constraint).toMatchObject({ type: 'object', required: ['needs_search', 'queries', 'freshness_days'] });
    expect(calls[0]!.destroyed).toBe(true);
  });

  it('a failing session is a provider error a person can act on', async () => {
    const api: LanguageModelApi = {
      availability: async () => 'available',
      create: async () => {
        throw new Error('out of memory');
      },
    };
    await expect(createBuiltinModel(api).complete({ system: 's', user: 'u' })).rejects.toBeInstanceOf(ProviderError);
  });
});
