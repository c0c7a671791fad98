/** How an endpoint takes structured output. */
export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

/** What one OpenAI-compatible endpoint accepts; overrides in Settings win. */
export interface Capabilities {
  /** Preset name shown in Settings. */
  preset: string;
  structured: StructuredMode;
  /** Whether `temperature: 0` may be sent (OpenAI's reasoning models accept only the default). */
  temperature: boolean;
  /** The prompt must contain the word "json" for json_object mode (DeepSeek, OpenAI). */
  jsonWordRequired: boolean;
}

/** Presets from the providers' documentation (see ../shared/notes/providers.md). */
export const PRESETS: Record<string, { baseUrl: string; caps: Omit<Capabilities, 'preset'> }> = {
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: true },
  },
  openrouter: {
    baseUrl: 'https://openrouter.ai/api/v1',
    caps: { structured: 'json_object', temperature: true, jsonWordRequired: false },
  },
  groq: {
    baseUrl: 'https://api.groq.com/openai/v1',
    caps: { structured: 'json_object', temperature: true, jsonWordRequired: true },
  },
  mistral: {
    baseUrl: 'https://api.mistral.ai/v1',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false },
  },
  deepseek: {
    baseUrl: 'https://api.deepseek.com/v1',
    caps: { structured: 'json_object', temperature: true, jsonWordRequired: true },
  },
  gemini: {
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false },
  },
  anthropic: {
    baseUrl: 'https://api.anthropic.com/v1',
    caps: { structured: 'prompt', temperature: true, jsonWordRequired: false },
  },
  ollama: {
    baseUrl: 'http://localhost:11434/v1',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false },
  },
  lmstudio: {
    baseUrl: 'http://localhost:1234/v1',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false },
  },
  vllm: { baseUrl: 'http://localhost:8000/v1', caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false } },
  llamacpp: {
    baseUrl: 'http://localhost:8080/v1',
    caps: { structured: 'json_schema', temperature: true, jsonWordRequired: false },
  },
  custom: { baseUrl: '', caps: { structured: 'prompt', temperature: true, jsonWordRequired: false } },
};

const HOSTS: Array<[RegExp, string]> = [
  [/(^|\.)openai\.com$/, 'openai'],
  [/(^|\.)openrouter\.ai$/, 'openrouter'],
  [/(^|\.)groq\.com$/, 'groq'],
  [/(^|\.)mistral\.ai$/, 'mistral'],
  [/(^|\.)deepseek\.com$/, 'deepseek'],
  [/(^|\.)googleapis\.com$/, 'gemini'],
  [/(^|\.)anthropic\.com$/, 'anthropic'],
];
const PORTS: Record<string, string> = { '11434': 'ollama', '1234': 'lmstudio' };

/** OpenAI's reasoning models reject any temperature but the default. */
function rejectsTemperature(model: string): boolean {
  return /^(o\d|gpt-5)/i.test(model.replace(/^openai\//, ''));
}

/**
 * Capabilities of an endpoint and model: the preset recognised from the base URL (or named), then
 * per-model rules, then the user's overrides.
 */
export function capabilitiesFor(
  baseUrl: string,
  model: string,
  overrides: Partial<Omit<Capabilities, 'preset'>> & { preset?: string } = {},
): Capabilities {
  let preset = overrides.preset && PRESETS[overrides.preset] ? overrides.preset : 'custom';
  if (preset === 'custom') {
    try {
      const url = new URL(baseUrl);
      preset = HOSTS.find(([re]) => re.test(url.hostname))?.[1] ?? PORTS[url.port] ?? 'custom';
    } catch {
      preset = 'custom';
    }
  }
  const caps = { ...PRESETS[preset]!.caps };
  if (preset === 'openai' && rejectsTemperature(model)) caps.temperature = false;
  return {
    preset,
    ...caps,
    ...(overrides.structured ? { structured: overrides.structured } : {}),
    ...(overrides.temperature === undefined ? {} : { temperature: overrides.temperature }),
    ...(overrides.jsonWordRequired === undefined ? {} : { jsonWordRequired: overrides.jsonWordRequired }),
  };
}
