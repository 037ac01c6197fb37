import { useRef, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useChoiceMadeWhileStarting } from '../../lib/hydration-replay.ts';
import { postcodeInput } from '../../domain/form-inputs.ts';
import { useLeadFormState } from './lead-form.tsx';
import styles from './form-kit.module.css';
import { Spinner } from '../ui/spinner.tsx';

/*
 * Accessible fields of the lead forms: a visible label tied to the control, required fields
 * marked, and the field's message inline (aria-invalid + aria-describedby) once it has one.
 * Controls are uncontrolled named inputs, so they work in the server's HTML and keep what a
 * visitor types before the scripts load.
 */

export interface FieldProps {
  name: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
}

export function useField(name: string, hint?: string) {
  const form = useLeadFormState();
  const id = form.fieldId(name);
  const error = form.errorFor(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    error,
    control: {
      id,
      name,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': true as const } : {}),
    },
    clear: () => form.clearError(name),
  };
}

export function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
  quiet,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
  /** Neither required nor plainly optional (one of email or phone): no marker. */
  quiet?: boolean | undefined;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : quiet ? null : (
          <span className={styles.optional}> (optional)</span>
        )}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A one-line text input. */
export function TextField({
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  defaultValue,
  maxLength,
  quiet,
  min,
}: FieldProps & {
  quiet?: boolean;
  min?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  placeholder?: string | undefined;
  defaultValue?: string | undefined;
  maxLength?: number;
}) {
  const field = useField(name, hint);
  return (
    <FieldFrame id={field.id} label={label} required={required} hint={hint} error={field.error} quiet={quiet}>
      <input
        {...field.control}
        type={type}
        min={min}
        className={styles.input}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        defaultValue={defaultValue}
        maxLength={maxLength}
        onChange={field.clear}
      />
    </FieldFrame>
  );
}

/** A multi-line text input (Comments). */
export function TextAreaField({ name, label, required, hint, placeholder, defaultValue, rows = 4 }: FieldProps & { placeholder?: string; defaultValue?: string; rows?: number }) {
  const field = useField(name, hint);
  return (
    <FieldFrame id={field.id} label={label} required={required} hint={hint} error={field.error}>
      <textarea {...field.control} className={styles.input} required={required} placeholder={placeholder} defaultValue={defaultValue} rows={rows} maxLength={5000} onChange={field.clear} />
    </FieldFrame>
  );
}

/** A choice from a list, with a placeholder option that counts as no choice. */
export function SelectField({
  name,
  label,
  required,
  hint,
  placeholder,
  options,
  value,
  defaultValue,
  onChange,
}: FieldProps & {
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value?: string;
  defaultValue?: string | undefined;
  onChange?: (value: string) => void;
}) {
  const field = useField(name, hint);
  const ref = useRef<HTMLSelectElement>(null);
  const choose = (chosen: string) => {
    field.clear();
    // The value it already has is no change: a choice played back after it was adopted at
    // hydration must not reset what depends on it (the location picked since).
    if (value === undefined || chosen !== value) onChange?.(chosen);
  };
  useChoiceMadeWhileStarting(ref, value, choose);
  return (
    <FieldFrame id={field.id} label={label} required={required} hint={hint} error={field.error}>
      <select
        ref={ref}
        {...field.control}
        className={styles.input}
        required={required}
        {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? '' })}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => choose(event.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * A checkbox; ticked sends `value` under `name` (a name with the check-option suffix joins
 * additional_services). A `hint` stands above it and is its accessible description.
 */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  value = 'on',
  hint,
  children,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  value?: string;
  hint?: string | undefined;
  children?: ReactNode;
}) {
  const field = useField(name, hint);
  return (
    <div className={styles.field}>
      {hint ? (
        <p id={`${field.id}-hint`} className={styles.terms}>
          {hint}
        </p>
      ) : null}
      <div className={styles.check}>
        <input {...field.control} type="checkbox" value={value} defaultChecked={defaultChecked} onChange={field.clear} />
        <label htmlFor={field.id}>
          {label}
          {children}
        </label>
      </div>
      {field.error ? (
        <p id={`${field.id}-error`} className={styles.fieldError}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

/** Radio buttons in a fieldset. */
export function RadioGroupField({ name, label, options, defaultValue, required }: { name: string; label: string; options: readonly string[]; defaultValue?: string; required?: boolean }) {
  const field = useField(name);
  return (
    <fieldset className={styles.fieldset} {...(field.error ? { 'aria-describedby': `${field.id}-error` } : {})}>
      <legend className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className={styles.radios}>
        {options.map((option, i) => (
          <label key={option} className={styles.check}>
            <input type="radio" name={name} value={option} defaultChecked={option === defaultValue} id={i === 0 ? field.id : undefined} onChange={field.clear} />
            {option}
          </label>
        ))}
      </div>
      {field.error ? (
        <p id={`${field.id}-error`} className={styles.fieldError}>
          {field.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Spec §5 postcode input: digits only, at most 4, no separators; required unless said otherwise.
 * At most 4 by the filter, not by a `maxlength`: text typed while the page is still starting is
 * held for React unfiltered (hydration-replay.ts), and a maxlength would count the separators and
 * letters the filter drops, refusing the digits after them.
 */
export function PostcodeField({ name = 'postcode', label = 'Postcode', required = true, defaultValue }: { name?: string; label?: string; required?: boolean; defaultValue?: string | undefined }) {
  const field = useField(name);
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const kept = postcodeInput(input.value);
    if (kept !== input.value) input.value = kept;
    field.clear();
  };
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error}>
      <input {...field.control} type="text" inputMode="numeric" autoComplete="postal-code" pattern="[0-9]{4}" className={`${styles.input} ${styles.short}`} required={required} onInput={onInput} defaultValue={defaultValue} />
    </FieldFrame>
  );
}

/** On leaving a money input: whole dollars with separators (the $ is the input's prefix). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.columns}>{children}</div>;
}

/** The contact block every lead form starts with (spec §3 names: name, last_name, email, phone, postcode). */
export function ContactFields({ postcode = true, postcodeRequired = true }: { postcode?: boolean; postcodeRequired?: boolean }) {
  return (
    <div className={styles.columns}>
      <TextField name="name" label="First Name" required autoComplete="given-name" />
      <TextField name="last_name" label="Last Name" autoComplete="family-name" />
      <p className={styles.note}>Give us an email address or a mobile number (or both) so we can reply.</p>
      <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" quiet />
      <TextField name="phone" label="Mobile Number" type="tel" autoComplete="tel" inputMode="tel" quiet />
      {postcode ? <PostcodeField required={postcodeRequired} /> : null}
    </div>
  );
}

/**
 * The terms checkbox where the form's rules ask for it (schema/api/lead-rules.ts, which also give
 * its message): the site's terms of use, or the dealer's own terms given as
 * `disclaimer` (the test drive's), shown above the box and read out as its description. A hidden
 * marker tells the payload the box was shown (termsEntry).
 */
export function TermsBlock({ disclaimer }: { disclaimer?: string | undefined }) {
  const { shape } = useLeadFormState();
  if (!shape.termsRequired) return null;
  return (
    <>
      <input type="hidden" name="terms_present" value="1" />
      {disclaimer ? (
        <CheckboxField name="terms_conditions" label="I agree to the terms above" hint={disclaimer} />
      ) : (
        <CheckboxField name="terms_conditions" label="I agree to the ">
          <a href="/terms-and-conditions" target="_blank" rel="noopener">
            terms of use
          </a>
        </CheckboxField>
      )}
    </>
  );
}

/** The submit button: disabled with a spinner while the lead is being sent (spec §4). */
export function SubmitButton({ children }: { children: ReactNode }) {
  const form = useLeadFormState();
  const busy = form.status === 'submitting';
  return (
    <button type="submit" className={`btn btn--primary btn--block ${styles.submit}`} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : null}
      {busy ? 'Sending…' : children}
    </button>
  );
}

/**
 * "Keep me up to date with news and offers": unticked unless the dealer chose otherwise
 * (`forms.marketingOptInTicked`), because Australian spam law expects the shopper's own consent
 * to marketing, and a box ticked for them is not that.
 */
export function MarketingOptInField({ tenant }: { tenant: { name: string; forms: { marketingOptInTicked: boolean } } }) {
  const ticked = tenant.forms.marketingOptInTicked;
  // Keyed on the setting: a box's starting state is read once, so the editor's preview (where the
  // setting changes under an open form) starts the box afresh as the new setting says.
  return <CheckboxField key={ticked ? 'ticked' : 'unticked'} name="opt_in" label={`Keep me up to date with news and offers from ${tenant.name}`} defaultChecked={ticked} />;
}
