import { useState } from 'react';
import { callBackground } from '@/lib/messaging/client';
import { t, type MessageKey } from '@/lib/i18n';
import { requestHostAccess } from '@/lib/options/host-access';
import { isKeyed, type DraftErrors, type OptionsDraft } from '@/lib/options/draft';
import { searchProviderOf, type SearchProviderId } from '@/lib/providers/registry';
import { CheckboxField, TextField } from './fields';
import { ConnectionResult, backgroundFailure, type TestState } from './connection-result';

/** The catalogue key of the line under a provider's name: "searxng" → "providerAboutSearxng" (in all four catalogues, test/unit/provider-list.test.ts). */
export function aboutKeyOf(id: SearchProviderId): MessageKey {
  return `providerAbout${id.charAt(0).toUpperCase()}${id.slice(1)}` as MessageKey;
}

/**
 * One search provider, drawn from its description (lib/providers/<id>.ts): on or off, its key (write-only: the page only learns whether one is saved),
 * its base URL, and "Test connection", which sends a real search through the same adapter as
 * answers, with the settings as typed here.
 */
export function SearchProviderSettings(props: {
  id: SearchProviderId;
  draft: OptionsDraft;
  errors: DraftErrors;
  /** Whether a key is saved for this provider. */
  hasKey: boolean;
  change: (patch: Partial<OptionsDraft>) => void;
}) {
  const { id, draft, change } = props;
  const { name } = searchProviderOf(id);
  const [test, setTest] = useState<TestState>(null);
  const enabled = draft.providers.includes(id);

  const runTest = async () => {
    // Asked for before any await: the browser allows the prompt only during the click.
    const access = requestHostAccess([draft.baseUrls[id]]);
    setTest('testing');
    await access;
    const typedKey = isKeyed(id) ? draft.keys[id].trim() : '';
    const r = await callBackground('testProvider', {
      provider: id,
      baseUrl: draft.baseUrls[id],
      ...(typedKey ? { apiKey: typedKey } : {}),
    });
    setTest(r.ok ? r.value : backgroundFailure(r.error));
  };

  return (
    <fieldset className="provider" data-provider={id}>
      <legend>{name}</legend>
      <p className="field-description">{t(aboutKeyOf(id))}</p>
      <CheckboxField
        name={`provider-${id}`}
        label={t('providerEnabled', name)}
        checked={enabled}
        onChange={(on) => {
          const rest = draft.providers.filter((p) => p !== id);
          change({ providers: on ? [...rest, id] : rest });
        }}
      />
      {isKeyed(id) && (
        <TextField
          name={`${id}-key`}
          type="password"
          label={t('apiKey', name)}
          value={draft.keys[id]}
          onChange={(value) => change({ keys: { ...draft.keys, [id]: value } })}
          description={props.hasKey ? t('keySaved') : t('keyMissing')}
        />
      )}
      <TextField
        name={`${id}-base-url`}
        type="url"
        label={t('baseUrl', name)}
        value={draft.baseUrls[id]}
        onChange={(value) => change({ baseUrls: { ...draft.baseUrls, [id]: value } })}
        error={props.errors[`baseUrl-${id}`]}
      />
      <div className="test-row">
        <button type="button" className="secondary" disabled={test === 'testing'} onClick={() => void runTest()}>
          {t('testConnection')}
        </button>
        <ConnectionResult state={test} label={t('testResultFor', name)} />
      </div>
    </fieldset>
  );
}
