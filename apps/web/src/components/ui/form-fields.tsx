import { COUNTRIES } from '@storefront/contracts/countries';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import './form-fields.css';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error is announced and tied to it. */
export function TextField({ label, error, hint, id, ...input }: FieldProps & ComponentProps<'input'>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
      />
      {hint && <small>{hint}</small>}
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A labelled select; `listClassName` lets a long list keep a bounded height where the browser allows it. */
export function SelectField({
  label,
  error,
  id,
  children,
  ...select
}: FieldProps & ComponentProps<'select'>) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}

/** A password input with a visibility toggle (spec §2 Login). */
export function PasswordField({
  label,
  error,
  showLabel,
  hideLabel,
  id,
  ...input
}: FieldProps & { showLabel: string; hideLabel: string } & ComponentProps<'input'>) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className="password-input">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? hideLabel : showLabel}
        </button>
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

/** The country-code options, listed as "+code name" (spec §2 Register); the value is the country code. */
export function CountryCodeOptions({ language }: { language: string }) {
  return COUNTRIES.map((country) => (
    <option key={country.code} value={country.code}>
      {`${country.dial_code} ${language === 'en' ? country.name_en : country.name_es}`}
    </option>
  ));
}

export const dialCodeOf = (countryCode: string) =>
  COUNTRIES.find((country) => country.code === countryCode)?.dial_code;

export const countryOfDialCode = (dialCode: string | null | undefined) =>
  COUNTRIES.find((country) => country.dial_code === dialCode)?.code;

/** A checkbox with its label beside it and its own error. */
export function CheckboxField({ label, error, id, ...input }: FieldProps & ComponentProps<'input'>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field checkbox-field">
      <div>
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...input}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
