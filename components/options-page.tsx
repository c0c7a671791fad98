import { useEffect, useState } from 'react';
import { callBackground } from '@/lib/messaging/client';
import type { SettingsUpdate } from '@/lib/messaging/protocol';
import type { Value, BackgroundCalls } from '@/lib/messaging/protocol';

type PublicSettings = Value<BackgroundCalls, 'getSettings'>;

/** Settings: search providers and keys, the model endpoint, budgets. Keys are write-only here. */
export function OptionsPage() {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [braveKey, setBraveKey] = useState('');
  const [modelKey, setModelKey] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void callBackground('getSettings', {}).then((r) => (r.ok ? setSettings(r.value) : setStatus({ ok: false, text: r.error })));
  }, []);

  if (!settings) return <main className="options">{status ? <p role="alert">{status.text}</p> : <p>Loading…</p>}</main>;

  const toggleProvider = (id: 'wikipedia' | 'brave', on: boolean) => {
    const rest = settings.search.providers.filter((p) => p !== id);
    setSettings({ ...settings, search: { ...settings.search, providers: on ? [...rest, id] : rest } });
  };

  const save = async () => {
    const update: SettingsUpdate = {
      search: {
        providers: settings.search.providers,
        wikipedia: settings.search.wikipedia,
        brave: { baseUrl: settings.search.brave.baseUrl, ...(braveKey ? { apiKey: braveKey } : {}) },
      },
      model: {
        kind: settings.model.kind,
        baseUrl: settings.model.baseUrl,
        model: settings.model.model,
        ...(modelKey ? { apiKey: modelKey } : {}),
      },
      maxPages: settings.maxPages,
      maxSpans: settings.maxSpans,
      allowPrivateNetwork: settings.allowPrivateNetwork,
    };
    const r = await callBackground('saveSettings', update);
    if (r.ok) {
      setSettings(r.value);
      setBraveKey('');
      setModelKey('');
      setStatus({ ok: true, text: 'Saved.' });
    } else setStatus({ ok: false, text: r.error });
  };

  return (
    <main className="options">
      <h1>Spanlight settings</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend>Search</legend>
          <label>
            <input
              type="checkbox"
              name="provider-wikipedia"
              checked={settings.search.providers.includes('wikipedia')}
              onChange={(e) => toggleProvider('wikipedia', e.target.checked)}
            />{' '}
            Wikipedia (no key needed)
          </label>
          <label>
            Wikipedia API URL
            <input
              name="wikipedia-base-url"
              value={settings.search.wikipedia.baseUrl}
              onChange={(e) =>
                setSettings({ ...settings, search: { ...settings.search, wikipedia: { baseUrl: e.target.value } } })
              }
            />
          </label>
          <label>
            <input
              type="checkbox"
              name="provider-brave"
              checked={settings.search.providers.includes('brave')}
              onChange={(e) => toggleProvider('brave', e.target.checked)}
            />{' '}
            Brave Search
          </label>
          <label>
            Brave API key {settings.search.brave.hasKey && <span className="muted">(a key is saved; type to replace it)</span>}
            <input
              name="brave-key"
              type="password"
              autoComplete="off"
              value={braveKey}
              onChange={(e) => setBraveKey(e.target.value)}
            />
          </label>
          <label>
            Brave endpoint
            <input
              name="brave-base-url"
              value={settings.search.brave.baseUrl}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  search: { ...settings.search, brave: { ...settings.search.brave, baseUrl: e.target.value } },
                })
              }
            />
          </label>
        </fieldset>
        <fieldset>
          <legend>Model</legend>
          <label>
            Composer
            <select
              name="model-kind"
              value={settings.model.kind}
              onChange={(e) =>
                setSettings({ ...settings, model: { ...settings.model, kind: e.target.value as 'extractive' | 'openai' } })
              }
            >
              <option value="extractive">No model: quote the best sentences (keyless)</option>
              <option value="openai">OpenAI-compatible endpoint</option>
            </select>
          </label>
          <label>
            Base URL
            <input
              name="model-base-url"
              value={settings.model.baseUrl}
              onChange={(e) => setSettings({ ...settings, model: { ...settings.model, baseUrl: e.target.value } })}
            />
          </label>
          <label>
            API key {settings.model.hasKey && <span className="muted">(a key is saved; type to replace it)</span>}
            <input
              name="model-key"
              type="password"
              autoComplete="off"
              value={modelKey}
              onChange={(e) => setModelKey(e.target.value)}
            />
          </label>
          <label>
            Model
            <input
              name="model-name"
              value={settings.model.model}
              onChange={(e) => setSettings({ ...settings, model: { ...settings.model, model: e.target.value } })}
            />
          </label>
        </fieldset>
        <fieldset>
          <legend>Reading</legend>
          <label>
            Pages read per question
            <input
              name="max-pages"
              type="number"
              min={1}
              max={10}
              value={settings.maxPages}
              onChange={(e) => setSettings({ ...settings, maxPages: Number(e.target.value) })}
            />
          </label>
          <label>
            <input
              type="checkbox"
              name="allow-private-network"
              checked={settings.allowPrivateNetwork}
              onChange={(e) => setSettings({ ...settings, allowPrivateNetwork: e.target.checked })}
            />{' '}
            Allow pages on this computer and the local network (self-hosted setups)
          </label>
        </fieldset>
        <button type="submit">Save</button>
        {status && (
          <p role={status.ok ? 'status' : 'alert'} className={status.ok ? 'saved' : 'error'}>
            {status.text}
          </p>
        )}
      </form>
    </main>
  );
}
