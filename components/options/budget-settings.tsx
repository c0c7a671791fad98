import { t } from '@/lib/i18n';
import type { DraftErrors, OptionsDraft } from '@/lib/options/draft';
import { CheckboxField, TextField } from './fields';

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
      <TextField
        name="max-pages"
        type="number"
        inputMode="numeric"
        label={t('maxPages')}
        value={draft.maxPages}
        onChange={(maxPages) => change({ maxPages })}
        description={t('maxPagesAbout')}
        error={errors.maxPages}
      />
      <TextField
        name="max-spans"
        type="number"
        inputMode="numeric"
        label={t('maxSpans')}
        value={draft.maxSpans}
        onChange={(maxSpans) => change({ maxSpans })}
        description={t('maxSpansAbout')}
        error={errors.maxSpans}
      />
      <TextField
        name="fact-check-budget"
        type="number"
        inputMode="numeric"
        label={t('factCheckBudget')}
        value={draft.factCheckBudget}
        onChange={(factCheckBudget) => change({ factCheckBudget })}
        description={t('factCheckBudgetAbout')}
        error={errors.factCheckBudget}
      />
      <TextField
        name="own-sources-per-check"
        type="number"
        inputMode="numeric"
        label={t('ownSourcesPerCheck')}
        value={draft.ownSourcesPerCheck}
        onChange={(ownSourcesPerCheck) => change({ ownSourcesPerCheck })}
        description={t('ownSourcesPerCheckAbout')}
        error={errors.ownSourcesPerCheck}
      />
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
