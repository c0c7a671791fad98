import type { Settings } from '../settings';

/** The settings a run of either flow (answering, fact-checking) reads, from the stored ones (`pipelineSettings`). */
export interface PipelineSettings {
  maxPages: number;
  maxSpans: number;
  searchTimeoutMs?: number;
  /** Pages fetched at once. */
  fetchConcurrency?: number;
  minDomains: number;
  requirePrimary: boolean;
  /** Primary domains and the user's allowlist. */
  primaryDomains: string[];
  denyDomains: string[];
  freshnessDays?: number;
  /** Use the model as a judge for claims the deterministic checks cannot settle. */
  judge: boolean;
  prices: { inputPerMillion: number; outputPerMillion: number; searchPerCall: number };
  /** Providers configured without a key, reported as warnings. */
  missingKeys?: string[];
}

/** The pipeline's settings from the stored ones. */
export function pipelineSettings(settings: Settings, missingKeys: string[] = []): PipelineSettings {
  return {
    maxPages: settings.maxPages,
    maxSpans: settings.maxSpans,
    minDomains: settings.minDomains,
    requirePrimary: settings.requirePrimary,
    primaryDomains: [...settings.primaryDomains, ...settings.allowDomains],
    denyDomains: settings.denyDomains,
    ...(settings.freshnessDays === null ? {} : { freshnessDays: settings.freshnessDays }),
    judge: settings.judge,
    prices: settings.prices,
    missingKeys,
  };
}
