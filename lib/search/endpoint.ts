import { ProviderError } from './provider-error';

/**
 * `{baseUrl}/{path}`, keeping any path the base URL has ("https://host/searx" → "https://host/searx/search").
 * A base URL that is not a URL is a settings mistake: a 'config' failure saying where to fix it.
 */
export function endpointUrl(provider: string, baseUrl: string, path: string): URL {
  try {
    const url = new URL(path, baseUrl.trim().replace(/\/*$/, '/'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Falls through to the config failure.
  }
  throw new ProviderError({
    provider,
    kind: 'config',
    message: `${provider}'s base URL "${baseUrl}" is not an http(s) URL: fix it in Settings → Search.`,
  });
}

/** A keyed provider without a key is a settings gap, not a request to send. */
export function requireKey(provider: string, apiKey: string): string {
  const key = apiKey.trim();
  if (!key)
    throw new ProviderError({ provider, kind: 'config', message: `${provider} needs an API key: add one in Settings → Search.` });
  return key;
}

/** Whether a result URL is one we can fetch and cite (drops magnet:, javascript:, relative links). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(url);
}

/** Clamps a requested count into the provider's accepted range. */
export function clampCount(count: number, max: number): number {
  return Number.isFinite(count) ? Math.min(max, Math.max(1, Math.floor(count))) : max;
}
