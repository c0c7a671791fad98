/**
 * The provider error moved to lib/shared (lib/model may not import lib/search); lib/factcheck, being
 * reworked on the shared stages, still imports it from here.
 */
export { ProviderError, failureFromStatus, parseRetryAfter, type SettingsPlace } from '../shared/provider-error';
