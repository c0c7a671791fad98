import { t, type MessageKey } from '@/lib/i18n';
import { RELEASE_SOURCES, type OptionsDraft } from '@/lib/options/draft';
import type { ReleaseSourceIdSetting } from '@/lib/settings';
import { CheckboxField } from './fields';

/** The catalogue key of a source's name: "endoflife" → "releaseSourceEndoflife" (in all four catalogues). */
export function releaseLabelKeyOf(id: ReleaseSourceIdSetting): MessageKey {
  return `releaseSource${id.charAt(0).toUpperCase()}${id.slice(1)}` as MessageKey;
}

/**
 * The keyless primary sources asked for "What is the latest release of X?" questions, each
 * switchable off (lib/releases): a checkbox per source, saved with the other settings.
 */
export function ReleaseSourceSettings(props: { draft: OptionsDraft; change: (patch: Partial<OptionsDraft>) => void }) {
  const { draft, change } = props;
  const toggle = (id: ReleaseSourceIdSetting, on: boolean) =>
    change({
      releaseSources: RELEASE_SOURCES.filter((x) => (x === id ? on : draft.releaseSources.includes(x))),
    });
  return (
    <fieldset className="radio-group release-sources">
      <legend>{t('releaseSourcesLegend')}</legend>
      <p className="field-description">{t('releaseSourcesAbout')}</p>
      {RELEASE_SOURCES.map((id) => (
        <CheckboxField
          key={id}
          name={`release-${id}`}
          label={t(releaseLabelKeyOf(id))}
          checked={draft.releaseSources.includes(id)}
          onChange={(on) => toggle(id, on)}
        />
      ))}
    </fieldset>
  );
}
