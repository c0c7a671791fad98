import { useEffect, useState, type FormEvent } from 'react';
import { callBackground } from '@/lib/messaging/client';
import type { SettingsUpdate } from '@/lib/messaging/protocol';
import { t } from '@/lib/i18n';
import { requestHostAccess } from '@/lib/options/host-access';
import {
  SEARCH_PROVIDERS,
  draftEndpoints,
  draftFromSettings,
  isKeyed,
  updateFromDraft,
  type DraftErrors,
  type OptionsDraft,
  type PublicSettings,
} from '@/lib/options/draft';
import { SearchProviderSettings } from './options/search-provider';
import { ModelSettings } from './options/model-settings';
import { SourceSettings } from './options/source-settings';
import { BudgetSettings } from './options/budget-settings';
import { PrivacySettings } from './options/privacy-settings';
import { StorageSettings } from './options/storage-settings';

type Status = { kind: 'saved' | 'error' | 'warning' | 'unsaved'; text: string };

/** The page's sections, in order: the table of contents links to each. */
const SECTIONS = [
  { id: 'options-search', title: 'sectionSearch' },
  { id: 'options-model', title: 'sectionModel' },
  { id: 'options-sources', title: 'sectionSources' },
  { id: 'options-budgets', title: 'sectionBudgets' },
  { id: 'options-privacy', title: 'sectionPrivacy' },
  { id: 'options-storage', title: 'storageHeading' },
] as const;

/** Opened at a section (the panel's first-run card links to one): goes there once the form is drawn. */
function useScrollToSection(loaded: boolean) {
  useEffect(() => {
    const id = location.hash.slice(1);
    if (loaded && id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [loaded]);
}

/**
 * Settings: search providers with keys and "Test connection", the model, which sources count,
 * budgets and prices, privacy; a small table of contents beside them, and Save (with whether
 * there are changes to save) always in view at the foot of the window. Keys are write-only: the
 * page learns only whether one is saved.
 */
export function OptionsPage() {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [draft, setDraft] = useState<OptionsDraft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void callBackground('getSettings', {}).then((r) => {
      if (!r.ok) return setStatus({ kind: 'error', text: r.error });
      setSettings(r.value);
      setDraft(draftFromSettings(r.value));
    });
  }, []);

  useScrollToSection(draft !== null);

  if (!settings || !draft)
    return (
      <main className="options">
        <h1>{t('optionsTitle')}</h1>
        {status ? <p role="alert">{status.text}</p> : <p>{t('loading')}</p>}
      </main>
    );

  const change = (patch: Partial<OptionsDraft>) => {
    setDraft({ ...draft, ...patch });
    setStatus({ kind: 'unsaved', text: t('unsavedChanges') });
  };

  const save = async (update: SettingsUpdate, access: Promise<string[]>) => {
    setSaving(true);
    const r = await callBackground('saveSettings', update);
    setSaving(false);
    if (!r.ok) {
      setStatus({ kind: 'error', text: r.error });
      return;
    }
    // Typed keys are dropped from the page once saved: from now on it only knows "a key is saved".
    setSettings(r.value);
    setDraft(draftFromSettings(r.value));
    setErrors({});
    const missing = await access;
    setStatus(
      missing.length > 0
        ? { kind: 'warning', text: t('savedNoAccess', missing.join(', ')) }
        : { kind: 'saved', text: t('saved') },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = updateFromDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: 'error', text: t('fixFields', String(Object.keys(checked.errors).length)) });
      return;
    }
    // Asked for before any await: the browser allows the prompt only during the click.
    const access = requestHostAccess(draftEndpoints(draft));
    void save(checked.update, access);
  };

  const hasKey = (id: (typeof SEARCH_PROVIDERS)[number]) => (isKeyed(id) ? settings.search[id].hasKey : false);

  return (
    <main className="options">
      <h1>{t('optionsTitle')}</h1>
      <div className="options-layout">
        <nav className="options-toc" aria-label={t('optionsToc')}>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{t(s.title)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="options-main">
          <form onSubmit={onSubmit} noValidate>
            <section id="options-search" className="options-section" aria-labelledby="search-heading">
              <h2 id="search-heading">{t('sectionSearch')}</h2>
              <p className="field-description">{t('searchAbout')}</p>
              {SEARCH_PROVIDERS.map((id) => (
                <SearchProviderSettings key={id} id={id} draft={draft} errors={errors} hasKey={hasKey(id)} change={change} />
              ))}
            </section>
            <div id="options-model" className="options-section">
              <ModelSettings draft={draft} errors={errors} hasKey={settings.model.hasKey} change={change} />
            </div>
            <div id="options-sources" className="options-section">
              <SourceSettings draft={draft} errors={errors} hasKey={settings.factCheckTools.hasKey} change={change} />
            </div>
            <div id="options-budgets" className="options-section">
              <BudgetSettings draft={draft} errors={errors} change={change} />
            </div>
            <div id="options-privacy" className="options-section">
              <PrivacySettings draft={draft} change={change} />
            </div>
            <div className="save-row">
              <button type="submit" disabled={saving}>
                {t('save')}
              </button>
              <div role="status" aria-live="polite" className={status ? `save-status ${status.kind}` : 'save-status'}>
                {status && status.kind !== 'error' && status.text}
              </div>
              <div role="alert" className="save-status error">
                {status?.kind === 'error' && status.text}
              </div>
            </div>
          </form>
          <div id="options-storage" className="options-section">
            <StorageSettings />
          </div>
        </div>
      </div>
    </main>
  );
}
