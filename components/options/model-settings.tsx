import { useState } from 'react';
import { callBackground } from '@/lib/messaging/client';
import { t, type MessageKey } from '@/lib/i18n';
import { capabilitiesFor, type Capabilities } from '@/lib/shared/capabilities';
import { requestHostAccess } from '@/lib/options/host-access';
import {
  MODEL_PRESETS,
  capabilitiesOf,
  presetBaseUrl,
  type DraftErrors,
  type ModelPreset,
  type OptionsDraft,
} from '@/lib/options/draft';
import { SelectField, TextField } from './fields';
import { ConnectionResult, backgroundFailure, type TestState } from './connection-result';

const PRESET_LABELS: Record<ModelPreset, MessageKey> = {
  extractive: 'presetExtractive',
  openai: 'presetOpenai',
  openrouter: 'presetOpenrouter',
  groq: 'presetGroq',
  mistral: 'presetMistral',
  deepseek: 'presetDeepseek',
  gemini: 'presetGemini',
  ollama: 'presetOllama',
  lmstudio: 'presetLmstudio',
  custom: 'presetCustom',
};

const STRUCTURED_LABELS: Record<'json_schema' | 'json_object' | 'prompt', MessageKey> = {
  json_schema: 'structuredJsonSchema',
  json_object: 'structuredJsonObject',
  prompt: 'structuredPrompt',
};

/**
 * What the endpoint accepts, each "automatic" (what the capability table says for this preset and
 * model) or set by hand.
 */
function CapabilityFields({
  draft,
  change,
  table,
}: {
  draft: OptionsDraft;
  change: (patch: Partial<OptionsDraft>) => void;
  table: Capabilities;
}) {
  return (
    <fieldset className="capabilities">
      <legend>{t('capabilities')}</legend>
      <SelectField
        name="model-structured"
        label={t('structuredOutput')}
        value={draft.structured}
        options={[
          { value: 'auto', label: t('followPreset', t(STRUCTURED_LABELS[table.structured])) },
          { value: 'json_schema', label: t('structuredJsonSchema') },
          { value: 'json_object', label: t('structuredJsonObject') },
          { value: 'prompt', label: t('structuredPrompt') },
        ]}
        onChange={(structured) => change({ structured })}
        description={t('structuredAbout')}
      />
      <SelectField
        name="model-temperature"
        label={t('temperature')}
        value={draft.temperature}
        options={[
          { value: 'auto', label: t('followPreset', table.temperature ? t('temperatureYes') : t('temperatureNo')) },
          { value: 'yes', label: t('temperatureYes') },
          { value: 'no', label: t('temperatureNo') },
        ]}
        onChange={(temperature) => change({ temperature })}
      />
    </fieldset>
  );
}

/**
 * The model: a preset (or none: the extractive composer) that fills the base URL, the key
 * (write-only), the model name with the list the endpoint offers, what the endpoint accepts
 * (overrides of the capability table), and "Test connection".
 */
export function ModelSettings(props: {
  draft: OptionsDraft;
  errors: DraftErrors;
  hasKey: boolean;
  change: (patch: Partial<OptionsDraft>) => void;
}) {
  const { draft, change } = props;
  const [models, setModels] = useState<string[] | null>(null);
  const [listState, setListState] = useState<TestState>(null);
  const [test, setTest] = useState<TestState>(null);
  const usesModel = draft.modelPreset !== 'extractive';
  // What the table says for this preset and model, shown as the "automatic" choice.
  const table = capabilitiesFor(draft.modelBaseUrl, draft.modelName, usesModel ? { preset: draft.modelPreset } : {});

  const endpoint = () => ({
    baseUrl: draft.modelBaseUrl,
    ...(draft.modelKey.trim() ? { apiKey: draft.modelKey.trim() } : {}),
    capabilities: capabilitiesOf(draft),
  });

  const loadModels = async () => {
    const access = requestHostAccess([draft.modelBaseUrl]);
    setListState('testing');
    await access;
    const r = await callBackground('listModels', endpoint());
    if (!r.ok) {
      setListState(backgroundFailure(r.error));
      return;
    }
    setModels(r.value.models);
    setListState(r.value.test);
  };

  const testModel = async () => {
    const access = requestHostAccess([draft.modelBaseUrl]);
    setTest('testing');
    await access;
    const r = await callBackground('testModel', { ...endpoint(), model: draft.modelName });
    setTest(r.ok ? r.value : backgroundFailure(r.error));
  };

  return (
    <fieldset className="section" data-section="model">
      <legend>{t('sectionModel')}</legend>
      <SelectField
        name="model-preset"
        label={t('modelPreset')}
        value={draft.modelPreset}
        options={MODEL_PRESETS.map((p) => ({ value: p, label: t(PRESET_LABELS[p]) }))}
        onChange={(preset) => {
          setModels(null);
          setListState(null);
          setTest(null);
          change({ modelPreset: preset, modelBaseUrl: presetBaseUrl(preset, draft.modelBaseUrl) });
        }}
        description={usesModel ? t('modelPresetAbout') : t('modelExtractiveAbout')}
      />
      {usesModel && (
        <>
          <TextField
            name="model-base-url"
            type="url"
            label={t('modelBaseUrl')}
            value={draft.modelBaseUrl}
            onChange={(value) => change({ modelBaseUrl: value })}
            error={props.errors.modelBaseUrl}
          />
          <TextField
            name="model-key"
            type="password"
            label={t('modelKey')}
            value={draft.modelKey}
            onChange={(value) => change({ modelKey: value })}
            description={props.hasKey ? t('keySaved') : t('modelKeyMissing')}
          />
          <TextField
            name="model-name"
            label={t('modelName')}
            value={draft.modelName}
            onChange={(value) => change({ modelName: value })}
            error={props.errors.modelName}
          />
          <div className="test-row">
            <button type="button" className="secondary" disabled={listState === 'testing'} onClick={() => void loadModels()}>
              {t('loadModels')}
            </button>
            <ConnectionResult state={listState} label={t('modelListResult')} counted="models" />
          </div>
          {models && models.length > 0 && (
            <SelectField
              name="model-list"
              label={t('modelList')}
              value={models.includes(draft.modelName) ? draft.modelName : ''}
              options={[{ value: '', label: t('modelListChoose') }, ...models.map((m) => ({ value: m, label: m }))]}
              onChange={(value) => value && change({ modelName: value })}
            />
          )}
          <CapabilityFields draft={draft} change={change} table={table} />
          <div className="test-row">
            <button type="button" className="secondary" disabled={test === 'testing'} onClick={() => void testModel()}>
              {t('testConnection')}
            </button>
            <ConnectionResult state={test} label={t('testResultFor', t('sectionModel'))} />
          </div>
        </>
      )}
    </fieldset>
  );
}
