import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import { SEARCH_PROVIDER_NAMES, type PublicSettings } from '@/lib/settings';

/** Where the panel remembers that the first-run card was dismissed (it is no setting: nothing else reads it). */
export const WELCOME_KEY = 'spanlight:welcome-dismissed';

type Builtin = 'none' | 'available' | 'downloadable' | 'downloading';

/**
 * The two calls of Chrome's Prompt API the panel makes: whether the model is there, and the
 * download, which needs the click that asked for it (a user gesture the worker never has). The
 * panel never prompts the model: the background does (lib/model/chrome-builtin.ts).
 */
interface LanguageModelApi {
  availability(): Promise<'unavailable' | 'downloadable' | 'downloading' | 'available'>;
  create(): Promise<{ destroy(): void }>;
}

/** What this browser says of its built-in model (Chrome's Prompt API); 'none' where there is none. */
async function builtinModel(): Promise<Builtin> {
  const api = (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
  if (!api || typeof api.availability !== 'function') return 'none';
  try {
    const a = await api.availability();
    return a === 'unavailable' ? 'none' : a;
  } catch {
    return 'none';
  }
}

/** Opens the options page at one of its sections. */
function openSettings(section: 'search' | 'model') {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html#options-${section}`) });
}

/** How the panel runs now, in one sentence, from the settings (keys are only "set" or not here). */
function modeLine(s: PublicSettings): string {
  const keyless = s.search.providers.every((p) => p === 'wikipedia');
  const names = s.search.providers.map((p) => SEARCH_PROVIDER_NAMES[p]).join(', ');
  const search = keyless ? t('welcomeKeylessSearch') : t('welcomeSearchWith', names || '—');
  const model = s.model.kind === 'openai' ? t('welcomeModelWith', s.model.model) : t('welcomeNoModel');
  return `${search} ${model}`;
}

/**
 * The first minute: until dismissed, what mode the panel runs in, what a search key and a model
 * add (each with one click to its Settings section), and the browser's built-in model where there is one.
 */
export function WelcomeCard() {
  const [shown, setShown] = useState(false);
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [builtin, setBuiltin] = useState<Builtin>('none');
  const [downloading, setDownloading] = useState<string | null>(null);

  useEffect(() => {
    void browser.storage.local
      .get(WELCOME_KEY)
      .then((v) => setShown(v[WELCOME_KEY] !== true))
      .catch(() => setShown(true));
    void callBackground('getSettings', {}).then((r) => r.ok && setSettings(r.value));
    void builtinModel().then(setBuiltin);
  }, []);

  if (!shown || !settings) return null;
  const dismiss = () => {
    setShown(false);
    void browser.storage.local.set({ [WELCOME_KEY]: true });
  };
  const download = async () => {
    const api = (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
    if (!api) return;
    setDownloading(t('welcomeBuiltinDownloading'));
    try {
      const session = await api.create();
      session.destroy();
      setBuiltin('available');
      setDownloading(null);
    } catch (e) {
      setDownloading(t('welcomeBuiltinFailed', e instanceof Error ? e.message : String(e)));
    }
  };
  const keyless = settings.search.providers.every((p) => p === 'wikipedia');
  return (
    <section className="card welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{t('welcomeHeading')}</h2>
      <p className="welcome-mode">{modeLine(settings)}</p>
      <ul>
        {keyless && (
          <li>
            {t('welcomeSearchAdds')}{' '}
            <button type="button" className="link" onClick={() => openSettings('search')}>
              {t('welcomeAddSearch')}
            </button>
          </li>
        )}
        {settings.model.kind !== 'openai' && (
          <li>
            {t('welcomeModelAdds')}{' '}
            <button type="button" className="link" onClick={() => openSettings('model')}>
              {t('welcomeAddModel')}
            </button>
          </li>
        )}
        {builtin === 'available' && settings.model.kind !== 'openai' && (
          <li className="welcome-builtin">{t('welcomeBuiltinReady')}</li>
        )}
        {(builtin === 'downloadable' || builtin === 'downloading') && settings.model.kind !== 'openai' && (
          <li className="welcome-builtin">
            {t('welcomeBuiltinOffer')}{' '}
            <button type="button" className="link" onClick={() => void download()} disabled={downloading !== null}>
              {t('welcomeBuiltinUse')}
            </button>
            {downloading && (
              <span className="muted" role="status">
                {' '}
                {downloading}
              </span>
            )}
          </li>
        )}
      </ul>
      <button type="button" className="secondary" onClick={dismiss}>
        {t('welcomeDismiss')}
      </button>
    </section>
  );
}
