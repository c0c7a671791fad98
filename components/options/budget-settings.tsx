import { t, type MessageKey } from '@/lib/i18n';
import type { DraftErrors, OptionsDraft } from '@/lib/options/draft';
import { CheckboxField, TextField } from './fields';

/** The budgets that are counts: each field's name, its draft key (also its label's message) and its description's message. */
const COUNTS = [
  { name: 'max-pages', key: 'maxPages', about: 'maxPagesAbout' },
  { name: 'max-spans', key: 'maxSpans', about: 'maxSpansAbout' },
  { name: 'fact-check-budget', key: 'factCheckBudget', about: 'factCheckBudgetAbout' },
  { name: 'own-sources-per-check', key: 'ownSourcesPerCheck', about: 'ownSourcesPerCheckAbout' },
] as const satisfies ReadonlyArray<{ name: string; key: keyof OptionsDraft & MessageKey; about: MessageKey }>;

/** How much each question may read, what it costs, and whether the model judges claims. */
export function BudgetSettings(props: {
  draft: OptionsDraft;
  errors: DraftErrors;
  change: (patch: Partial<OptionsDraft>) => void;
}) {
  const { draft, errors, change } = props;
  return (
    <fieldset className="section">
      <legend>{t('sectionBudgets')}</legend>
      {COUNTS.map((c) => (
        <TextField
          key={c.key}
          name={c.name}
          type="number"
          inputMode="numeric"
          label={t(c.key)}
          value={draft[c.key]}
          onChange={(value) => change({ [c.key]: value })}
          description={t(c.about)}
          error={errors[c.key]}
        />
      ))}
      <p className="field-description">{t('pricesAbout')}</p>
      <TextField
        name="price-input"
        inputMode="decimal"
        label={t('priceInput')}
        value={draft.priceInput}
        onChange={(priceInput) => change({ priceInput })}
        error={errors.priceInput}
      />
      <TextField
        name="price-output"
        inputMode="decimal"
        label={t('priceOutput')}
        value={draft.priceOutput}
        onChange={(priceOutput) => change({ priceOutput })}
        error={errors.priceOutput}
      />
      <TextField
        name="price-search"
        inputMode="decimal"
        label={t('priceSearch')}
        value={draft.priceSearch}
        onChange={(priceSearch) => change({ priceSearch })}
        error={errors.priceSearch}
      />
      <CheckboxField
        name="judge"
        label={t('judge')}
        checked={draft.judge}
        onChange={(judge) => change({ judge })}
        description={draft.modelPreset === 'extractive' ? t('judgeNoModel') : t('judgeAbout')}
      />
    </fieldset>
  );
}
