import { PROVIDER_FAILURE_PARAMS, PROVIDER_FIXED_IN_SETTINGS } from '../providers/registry';
import type { FailureCode, FailureRole, ProviderFailure, Warning, WarningCode } from './types';

/**
 * Each failure code's parameters (the search providers' own codes as each declares them, in
 * lib/providers/<id>.ts), in the order of its message's placeholders ($1, $2…) in the
 * catalogue (public/_locales/<lang>/messages.json, key `failureMessageKey(code)`).
 */
export const FAILURE_PARAMS: { [C in FailureCode]: readonly string[] } = {
  'key-rejected': ['provider', 'place'],
  'request-refused': ['provider', 'place'],
  'rate-limited': ['provider'],
  'rate-limited-for': ['provider', 'seconds'],
  'server-error': ['provider', 'status'],
  'unexpected-status': ['provider', 'status', 'place'],
  timeout: ['provider', 'seconds'],
  unreachable: ['provider', 'origin', 'place'],
  'not-json': ['provider', 'place'],
  'unexpected-shape': ['provider', 'place'],
  'no-usable-result': ['provider', 'reason'],
  'no-usable-results': ['provider', 'count', 'reason'],
  'bad-base-url': ['provider', 'baseUrl'],
  'needs-key': ['provider'],
  'provider-failed': ['provider'],
  'fact-check-tools-key-rejected': ['provider'],
  'fact-check-tools-refused': ['provider'],
  'source-unreachable': ['provider'],
  'source-not-json': ['provider'],
  'source-unexpected-shape': ['provider'],
  'keyless-limit-until': ['provider', 'time'],
  'keyless-limit-spent': ['provider', 'status', 'time'],
  'model-timeout': ['provider'],
  'model-unreachable': ['provider', 'baseUrl'],
  'model-unreadable': ['provider'],
  'builtin-model-failed': ['provider', 'error'],
  'page-unreadable': ['error'],
  'internal-error': ['error'],
  ...PROVIDER_FAILURE_PARAMS,
};

/**
 * Each warning code's parameters, in its message's placeholder order (key `warningMessageKey(code)`).
 * `cause` is the failure behind the warning, worded from its own code where it is shown.
 */
export const WARNING_PARAMS: { [C in WarningCode]: readonly string[] } = {
  'missing-key': ['provider'],
  'provider-skipped': ['cause'],
  'search-failed-some': ['provider', 'cause'],
  'page-truncated': ['url', 'bytes'],
  'tab-no-address': [],
  'tab-browser-page': ['url'],
  'tab-extension-store': ['url'],
  'tab-pdf': ['url'],
  'tab-not-scriptable': ['url', 'error'],
  'tab-unreadable': ['url', 'error'],
  'instructions-removed': ['spans'],
  'reply-cut-off': ['cause'],
  'unknown-spans-cited': ['spans'],
  'judge-unavailable': ['cause'],
  'judge-reply-unreadable': ['error'],
  'claims-from-sentences': ['cause'],
};

/** Codes whose fix is in the settings (in the command line: the SPANLIGHT_* variables). */
export const FIXED_IN_SETTINGS: ReadonlySet<FailureCode> = new Set<FailureCode>([
  'key-rejected',
  'request-refused',
  'unexpected-status',
  'unreachable',
  'not-json',
  'unexpected-shape',
  'no-usable-result',
  'no-usable-results',
  'bad-base-url',
  'needs-key',
  'fact-check-tools-key-rejected',
  'fact-check-tools-refused',
  'source-unreachable',
  'model-unreachable',
  'builtin-model-failed',
  ...PROVIDER_FIXED_IN_SETTINGS,
]);

/** The catalogue key of a code's message: "key-rejected" → "failureKeyRejected". */
export function failureMessageKey(code: FailureCode): `failure${string}` {
  return `failure${code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;
}

/** The catalogue key of a warning code's message: "page-truncated" → "warningPageTruncated". */
export function warningMessageKey(code: WarningCode): `warning${string}` {
  return `warning${code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;
}

/** A failure's parameters in its message's placeholder order, as the i18n API takes them. */
export function failureArgs(failure: Pick<ProviderFailure, 'code' | 'params'>): string[] {
  if (!failure.code) return [];
  return FAILURE_PARAMS[failure.code].map((name) => String(failure.params?.[name] ?? ''));
}

/** A warning's parameters in its message's placeholder order, its cause (the failure behind it) worded already. */
export function warningArgs(code: WarningCode, params: Warning['params'], cause = ''): string[] {
  return WARNING_PARAMS[code].map((name) => (name === 'cause' ? cause : String(params?.[name] ?? '')));
}

/**
 * Who failed. Answers stored before failures had a role carry none: their model failures named
 * the model first ("The model …", "The browser's built-in model"); the rest were searches.
 */
export function failureRole(failure: Pick<ProviderFailure, 'role' | 'provider'>): FailureRole {
  if (failure.role) return failure.role;
  return /^The (model|browser's built-in model)\b/.test(failure.provider) ? 'model' : 'search';
}
