import { t } from '@/lib/i18n';
import type { DraftErrors, OptionsDraft } from '@/lib/options/draft';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields';
import { ReleaseSourceSettings } from './release-source-settings';

const FACT_CHECK_TOOLS = 'Google Fact Check Tools';
const WAYBACK = 'The Wayback Machine';

/** Which sources count: trusted, primary and blocked domains, the gate's conditions, the default freshness, the release sources. */
export function SourceSettings(props: {
  draft: OptionsDraft;
  errors: DraftErrors;
  /** Whether a Fact Check Tools key is saved (the key itself never comes back). */
  hasKey: boolean;
  change: (patch: Partial<OptionsDraft>) => void;
}) {
  const { draft, errors, change } = props;
  return (
    <fieldset className="section">
      <legend>{t('sectionSources')}</legend>
      <TextAreaField
        name="allow-domains"
        label={t('allowDomains')}
        value={draft.allowDomains}
        onChange={(allowDomains) => change({ allowDomains })}
        description={t('allowDomainsAbout')}
        error={errors.allowDomains}
      />
      <TextAreaField
        name="deny-domains"
        label={t('denyDomains')}
        value={draft.denyDomains}
        onChange={(denyDomains) => change({ denyDomains })}
        description={t('denyDomainsAbout')}
        error={errors.denyDomains}
      />
      <TextAreaField
        name="primary-domains"
        label={t('primaryDomains')}
        value={draft.primaryDomains}
        onChange={(primaryDomains) => change({ primaryDomains })}
        description={t('primaryDomainsAbout')}
        error={errors.primaryDomains}
      />
      <CheckboxField
        name="require-primary"
        label={t('requirePrimary')}
        checked={draft.requirePrimary}
        onChange={(requirePrimary) => change({ requirePrimary })}
        description={t('requirePrimaryAbout')}
      />
      <TextField
        name="min-domains"
        type="number"
        inputMode="numeric"
        label={t('minDomains')}
        value={draft.minDomains}
        onChange={(minDomains) => change({ minDomains })}
        description={t('minDomainsAbout')}
        error={errors.minDomains}
      />
      <SelectField
        name="freshness"
        label={t('freshness')}
        value={draft.freshness}
        options={[
          { value: 'none', label: t('freshnessNone') },
          { value: 'days', label: t('freshnessDays') },
        ]}
        onChange={(freshness) => change({ freshness })}
        description={t('freshnessAbout')}
      />
      {draft.freshness === 'days' && (
        <TextField
          name="freshness-days"
          type="number"
          inputMode="numeric"
          label={t('freshnessDaysCount')}
          value={draft.freshnessDays}
          onChange={(freshnessDays) => change({ freshnessDays })}
          error={errors.freshnessDays}
        />
      )}
      <ReleaseSourceSettings draft={draft} change={change} />
      <FactCheckToolsSettings draft={draft} errors={errors} hasKey={props.hasKey} change={change} />
      <fieldset className="provider" data-source="wayback">
        <legend>{WAYBACK}</legend>
        <p className="field-description">{t('waybackAbout')}</p>
        <TextField
          name="wayback-api-base-url"
          type="url"
          label={t('waybackApiBaseUrl')}
          value={draft.waybackApiBaseUrl}
          onChange={(waybackApiBaseUrl) => change({ waybackApiBaseUrl })}
          error={errors.waybackApiBaseUrl}
        />
        <TextField
          name="wayback-web-base-url"
          type="url"
          label={t('baseUrl', WAYBACK)}
          value={draft.waybackWebBaseUrl}
          onChange={(waybackWebBaseUrl) => change({ waybackWebBaseUrl })}
          error={errors.waybackWebBaseUrl}
        />
      </fieldset>
    </fieldset>
  );
}

/** The optional Fact Check Tools source: its key (write-only, "a key is saved" when one is) and base URL. */
function FactCheckToolsSettings(props: {
  draft: OptionsDraft;
  errors: DraftErrors;
  hasKey: boolean;
  change: (patch: Partial<OptionsDraft>) => void;
}) {
  const { draft, change } = props;
  return (
    <fieldset className="provider" data-source="fact-check-tools">
      <legend>{FACT_CHECK_TOOLS}</legend>
      <p className="field-description">{t('factCheckToolsAbout')}</p>
      <TextField
        name="fact-check-tools-key"
        type="password"
        label={t('apiKey', FACT_CHECK_TOOLS)}
        value={draft.factCheckToolsKey}
        onChange={(factCheckToolsKey) => change({ factCheckToolsKey })}
        description={props.hasKey ? t('keySaved') : t('keyMissing')}
      />
      <TextField
        name="fact-check-tools-base-url"
        type="url"
        label={t('baseUrl', FACT_CHECK_TOOLS)}
        value={draft.factCheckToolsBaseUrl}
        onChange={(factCheckToolsBaseUrl) => change({ factCheckToolsBaseUrl })}
        error={props.errors.factCheckToolsBaseUrl}
      />
    </fieldset>
  );
}
