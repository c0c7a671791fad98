import catalogue from '../../public/_locales/en/messages.json';
import type { FailureCode, FailureRole, ProviderFailure, Warning, WarningCode } from './types';
import { FAILURE_PARAMS, failureMessageKey, warningArgs, warningMessageKey } from './failure-codes';
import { refusalArgs, refusalMessageKey, type Refusal } from './refusal-codes';

type Entry = { message: string; placeholders?: Record<string, { content: string }> };
type Params = Record<string, string | number>;

/**
 * A code's English message, from the same catalogue entry the panel renders (so the command line,
 * the trace and the panel say the same thing).
 */
export function failureText(code: FailureCode, params: Params): string {
  return englishMessage(
    failureMessageKey(code),
    FAILURE_PARAMS[code].map((name) => (name === 'place' ? placeName(params[name]) : String(params[name] ?? ''))),
  );
}

/** The settings section a failure points at ("Search", "Model"), named as the options page heads it ("Search providers"). */
function placeName(place: string | number | undefined): string {
  const key = place === 'Search' ? 'settingsPlaceSearch' : place === 'Model' ? 'settingsPlaceModel' : null;
  return key ? englishMessage(key, []) : String(place ?? '');
}

/** A refusal's English message (reason, command line, trace), from the entry the panel renders. */
export function refusalText(refusal: Refusal): string {
  return englishMessage(refusalMessageKey(refusal.code), refusalArgs(refusal));
}

/** A warning code's English message, from the catalogue entry the panel renders; `cause` is the failure behind it, in English. */
export function warningText(code: WarningCode, params: Params, cause = ''): string {
  return englishMessage(warningMessageKey(code), warningArgs(code, params, cause));
}

/** The English catalogue's message for `key`, with its placeholders filled from `args` ($1, $2…). */
function englishMessage(key: string, args: string[]): string {
  const entry = (catalogue as Record<string, Entry>)[key];
  if (!entry) throw new Error(`No catalogue message "${key}".`);
  return entry.message.replace(/\$([A-Za-z0-9_@]+)\$|\$\$/g, (whole, name: string | undefined) => {
    if (!name) return '$';
    const content = entry.placeholders?.[name.toLowerCase()]?.content ?? '';
    return content.replace(/\$(\d)/g, (_, n: string) => args[Number(n) - 1] ?? '');
  });
}

/** A failure with its role, code, parameters and English message; `kind`, `status`… as before. */
export function failureOf(
  role: FailureRole,
  code: FailureCode,
  params: Params & { provider?: string },
  more: Pick<ProviderFailure, 'kind'> & Partial<Pick<ProviderFailure, 'status' | 'retryAfterSeconds' | 'provider'>>,
): ProviderFailure {
  return {
    provider: more.provider ?? String(params.provider ?? 'Spanlight'),
    kind: more.kind,
    ...(more.status === undefined ? {} : { status: more.status }),
    ...(more.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: more.retryAfterSeconds }),
    message: failureText(code, params),
    role,
    code,
    params,
  };
}

/**
 * A warning with its role, code, parameters, the failure behind it (for the codes whose message
 * names a `cause`, WARNING_PARAMS) and its English message.
 */
export function warningOf(role: FailureRole, code: WarningCode, params: Params = {}, cause?: ProviderFailure): Warning {
  return { role, code, params, ...(cause ? { cause } : {}), message: warningText(code, params, cause?.message) };
}
