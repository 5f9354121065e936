/**
 * The pieces the account forms share: a labelled field with its message, the password field with
 * the strength meter of docs/product.md §5, the sales-closed banner and the notices above a form.
 *
 * Accessibility: every input has a visible <label>; a field's message is tied to it with
 * aria-describedby and aria-invalid, and the form moves focus to the first field with a message.
 */
import { PrimeReactScope } from '../../components/ui/prime-react-scope';
import { type ReactNode, useId } from 'react';
import { Password } from 'primereact/password';
import { type PasswordStrength, passwordStrength } from '@bpa/domain/validation';
import { MESSAGES } from '@bpa/domain/messages';

/** Id of the message element of the field whose input has id `inputId`. */
export function messageIdOf(inputId: string): string {
  return `${inputId}-message`;
}

/** ARIA attributes of an input with an optional message. */
export function describedBy(inputId: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': messageIdOf(inputId) } : { 'aria-invalid': false as const };
}

/** Id of the hint element of the field whose input has id `inputId`. */
export function hintIdOf(inputId: string): string {
  return `${inputId}-hint`;
}

export interface FormFieldProps {
  inputId: string;
  label: string;
  /** The field's validation message (docs/product.md §5), or undefined. */
  message?: string | undefined;
  /** A rule shown between the label and the input (tie it to the input with `hintIdOf`). */
  hint?: string | undefined;
  children: ReactNode;
}

/** A label, an optional hint, the input (children) and the field's message under it. */
export function FormField({ inputId, label, message, hint, children }: FormFieldProps) {
  return (
    <div className="account-field">
      <label htmlFor={inputId} className="account-label">
        {label}
      </label>
      {hint && (
        <small id={hintIdOf(inputId)} className="account-hint">
          {hint}
        </small>
      )}
      {children}
      {message && (
        <small id={messageIdOf(inputId)} className="field-problem account-field-problem">
          <span className="pi pi-exclamation-circle" aria-hidden="true" /> {message}
        </small>
      )}
    </div>
  );
}

export interface PasswordFieldProps {
  inputId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: string | undefined;
  /** A rule shown above the input (see FormField). */
  hint?: string | undefined;
  /** Shows the strength meter (docs/product.md §5) under the field; off for sign-in and confirmation fields. */
  hasMeter?: boolean;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
}

/** Labels the meter shows (and announces) for each strength. */
export const STRENGTH_LABELS: Record<PasswordStrength, string> = { weak: 'Weak', medium: 'Medium', strong: 'Strong' };
const STRENGTH_LEVELS: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3 };

/**
 * The password strength meter (docs/product.md §5, graded by the domain's `passwordStrength`: medium needs 6
 * characters and two of lower, upper, digit; strong 8 with all three). Three bars and a text,
 * always in place under the field: nothing moves when the field loses focus, so the next field or
 * the button is never covered or shifted under a finger. The text is announced as it changes.
 */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const strength = password === '' ? null : passwordStrength(password);
  const level = strength === null ? 0 : STRENGTH_LEVELS[strength];
  return (
    <div className={`strength-meter strength-${strength ?? 'none'}`}>
      <div className="strength-bars" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={bar <= level ? 'strength-bar is-filled' : 'strength-bar'} />
        ))}
      </div>
      <small id={id} className="strength-text" aria-live="polite">
        Password strength: <strong>{strength === null ? 'type a password' : STRENGTH_LABELS[strength]}</strong>
      </small>
    </div>
  );
}

/** A password input (PrimeReact Password), with the strength meter under it when `hasMeter`. */
export function PasswordField({ inputId, label, value, onChange, message, hint, hasMeter = false, autoComplete, disabled }: PasswordFieldProps) {
  const strengthId = useId();
  const aria = describedBy(inputId, message);
  const describedIds = [hint ? hintIdOf(inputId) : undefined, aria['aria-describedby'], hasMeter ? strengthId : undefined].filter(Boolean).join(' ');
  return (
    <FormField inputId={inputId} label={label} message={message} hint={hint}>
      <PrimeReactScope>
        <Password
          inputId={inputId}
          name={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          feedback={false}
          autoComplete={autoComplete}
          invalid={message !== undefined}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedIds === '' ? undefined : describedIds}
          disabled={disabled}
          className="account-password"
          inputClassName="account-input"
        />
      </PrimeReactScope>
      {hasMeter && <StrengthMeter id={strengthId} password={value} />}
    </FormField>
  );
}

/** docs/product.md §2 (Login): "This product is no longer for sale / You can still login if you have an account". */
export function SalesClosedBanner({ children }: { children?: ReactNode }) {
  return (
    <div className="sales-closed account-banner" role="note" aria-label="Sales closed">
      <span className="pi pi-info-circle" aria-hidden="true" />
      <div>
        <p className="mb-1">
          <strong>{MESSAGES.noLongerForSale}</strong>
        </p>
        <p className="mb-0">{children ?? MESSAGES.canStillLogin}</p>
      </div>
    </div>
  );
}

export { Notice, type NoticeKind } from './notice';
