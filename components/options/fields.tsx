import { useId, type ReactNode } from 'react';
import { t } from '@/lib/i18n';
import type { FieldError } from '@/lib/options/draft';

interface Described {
  /** Shown under the control and announced with it. */
  description?: ReactNode;
  error?: FieldError | undefined;
}

/** ids for a control's description and error, and the aria attributes that tie them to it. */
function useDescribed({ description, error }: Described) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return {
    id,
    aria: {
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': true as const } : {}),
    },
    notes: (
      <>
        {description && (
          <p id={descriptionId} className="field-description">
            {description}
          </p>
        )}
        {error && (
          <p id={errorId} className="field-error">
            {t(error.key, error.substitutions)}
          </p>
        )}
      </>
    ),
  };
}

/** A labelled text, URL, password or number input. */
export function TextField(
  props: Described & {
    name: string;
    label: string;
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'url' | 'password' | 'number';
    inputMode?: 'decimal' | 'numeric';
    disabled?: boolean;
    placeholder?: string;
  },
) {
  const { id, aria, notes } = useDescribed(props);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete="off"
        spellCheck={false}
        disabled={props.disabled}
        placeholder={props.placeholder}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
        onChange={(e) => props.onChange(e.target.value)}
        {...aria}
      />
      {notes}
    </div>
  );
}

/** A labelled multi-line input (domain lists, one per line). */
export function TextAreaField(
  props: Described & { name: string; label: string; value: string; onChange: (value: string) => void },
) {
  const { id, aria, notes } = useDescribed(props);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        value={props.value}
        rows={4}
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
        {...aria}
      />
      {notes}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField(
  props: Described & { name: string; label: string; checked: boolean; onChange: (checked: boolean) => void },
) {
  const { id, aria, notes } = useDescribed(props);
  return (
    <div className="field field-check">
      <input
        id={id}
        name={props.name}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        {...aria}
      />
      <label htmlFor={id}>{props.label}</label>
      {notes}
    </div>
  );
}

/** A labelled select. */
export function SelectField<V extends string>(
  props: Described & {
    name: string;
    label: string;
    value: V;
    options: ReadonlyArray<{ value: V; label: string }>;
    onChange: (value: V) => void;
  },
) {
  const { id, aria, notes } = useDescribed(props);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(e) => {
          const next = props.options.find((o) => o.value === e.target.value);
          if (next) props.onChange(next.value);
        }}
        {...aria}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

/** A group of radio buttons under a legend. */
export function RadioGroup<V extends string>(props: {
  name: string;
  legend: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className="radio-group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <div className="field field-check" key={o.value}>
          <input
            id={`${id}-${o.value}`}
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
          />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
