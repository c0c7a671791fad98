import { t } from '@/lib/i18n';
import type { OptionsDraft } from '@/lib/options/draft';
import { CheckboxField, RadioGroup } from './fields';

/** Open tabs as evidence (ask, always, never) and pages on the local network. */
export function PrivacySettings(props: { draft: OptionsDraft; change: (patch: Partial<OptionsDraft>) => void }) {
  const { draft, change } = props;
  return (
    <fieldset className="section">
      <legend>{t('sectionPrivacy')}</legend>
      <RadioGroup
        name="tabs-policy"
        legend={t('tabsPolicy')}
        value={draft.tabsPolicy}
        options={[
          { value: 'ask', label: t('tabsAsk') },
          { value: 'always', label: t('tabsAlways') },
          { value: 'never', label: t('tabsNever') },
        ]}
        onChange={(tabsPolicy) => change({ tabsPolicy })}
      />
      <CheckboxField
        name="allow-private-network"
        label={t('allowPrivateNetwork')}
        checked={draft.allowPrivateNetwork}
        onChange={(allowPrivateNetwork) => change({ allowPrivateNetwork })}
        description={t('allowPrivateNetworkAbout')}
      />
    </fieldset>
  );
}
