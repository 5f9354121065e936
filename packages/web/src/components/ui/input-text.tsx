/**
 * Text fields: native `<input>` and `<textarea>` drawn by the PrimeReact theme's classes
 * (`p-inputtext`), with the one prop of PrimeReact's InputText and InputTextarea that the app uses
 * besides the native ones, `invalid` (the theme's red border; callers also set `aria-invalid` and
 * name the problem, docs/product.md §16). They replace those components, which brought the UI
 * library into every form's first load (docs/decisions/203-native-controls.md).
 */
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import './controls.css';

interface FieldProps {
  /** Draws the field as holding a value that cannot be accepted. */
  invalid?: boolean;
}

/** A one-line text field: every native attribute, plus `invalid`. */
export function InputText({ invalid, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & FieldProps & { ref?: Ref<HTMLInputElement> }) {
  return <input {...rest} className={fieldClassName('p-inputtext p-component', invalid, rest.disabled, className)} />;
}

/** A text area: every native attribute, plus `invalid`. */
export function InputTextarea({ invalid, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea {...rest} className={fieldClassName('p-inputtextarea p-inputtext p-component', invalid, rest.disabled, className)} />;
}

function fieldClassName(base: string, invalid: boolean | undefined, disabled: boolean | undefined, className: string | undefined): string {
  return [base, invalid ? 'p-invalid' : '', disabled ? 'p-disabled' : '', className ?? ''].filter(Boolean).join(' ');
}
