import type { Settings } from '../settings';
import type { PipelineSettings } from './answer-question';

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
