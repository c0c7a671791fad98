import { t, type MessageKey } from '@/lib/i18n';
import type { ConnectionTest } from '@/lib/messaging/protocol';

/** What a test shows: nothing yet, a request on its way, or how it went. */
export type TestState = null | 'testing' | ConnectionTest;

const HEADLINES: Record<ConnectionTest['outcome'], MessageKey> = {
  works: 'testWorks',
  auth: 'testAuth',
  forbidden: 'testForbidden',
  'json-disabled': 'testJsonDisabled',
  'rate-limited': 'testRateLimited',
  server: 'testServer',
  timeout: 'testTimeout',
  network: 'testNetwork',
  'bad-response': 'testBadResponse',
  config: 'testConfig',
};

/** A failed call to the background, as a test result. */
export function backgroundFailure(error: string): ConnectionTest {
  return { outcome: 'bad-response', message: error };
}

/**
 * The plain result of a "Test connection": a headline (Works, Key rejected, Unreachable…), the
 * adapter's message saying what to do, and a hint where there is one. A live region, so a screen
 * reader hears the result.
 */
export function ConnectionResult({
  state,
  label,
  counted = 'results',
}: {
  state: TestState;
  label: string;
  /** What `count` counts: search results or listed models. */
  counted?: 'results' | 'models';
}) {
  const ok = state !== null && state !== 'testing' && state.outcome === 'works';
  return (
    <div
      className={`test-result${state === null || state === 'testing' ? '' : ok ? ' ok' : ' failed'}`}
      role="status"
      aria-live="polite"
      aria-label={label}
    >
      {state === 'testing' && <p>{t('testing')}</p>}
      {state !== null && state !== 'testing' && (
        <>
          <p>
            <strong className="test-headline">
              {state.outcome === 'works' && state.count !== undefined
                ? worksCount(state.count, counted)
                : t(HEADLINES[state.outcome])}
            </strong>{' '}
            <span className="test-message">{state.message}</span>
          </p>
          {state.hint && <p className="test-hint">{state.hint}</p>}
        </>
      )}
    </div>
  );
}

function worksCount(count: number, counted: 'results' | 'models'): string {
  if (counted === 'models') return count === 1 ? t('testWorksOneModel') : t('testWorksModels', String(count));
  return count === 1 ? t('testWorksOneResult') : t('testWorksResults', String(count));
}
