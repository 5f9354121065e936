/**
 * State of an account form driven by a domain schema (docs/product.md §5 rules and texts): the values, one
 * message per field, checking as the user types once a first submit has shown the messages, and
 * focus on the first field in error when a submit is refused.
 */
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, toFieldErrors } from './form-errors';

/**
 * @param schema the form's schema (e.g. LoginSchema), parsing the values to what is sent.
 * @param initialValues every field's starting text, in the order of the form.
 * @param inputIds the id of each field's input, to move focus to the first field in error.
 */
export function useSchemaForm<TField extends string, TOutput>(
  schema: z.ZodType<TOutput, Record<TField, string>>,
  initialValues: Record<TField, string>,
  inputIds: Record<TField, string>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errorsOf = (next: Record<TField, string>): FieldErrors<TField> => {
    const parsed = schema.safeParse(next);
    return parsed.success ? {} : toFieldErrors<TField>(parsed.error);
  };

  /** Sets one field; after a first submit the messages follow the typing. */
  const change = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasTriedSubmit) setErrors(errorsOf(next));
  };

  /**
   * Checks the form for sending.
   *
   * @returns the parsed values, or undefined after showing the messages and focusing the first
   *   field in error.
   */
  const validateForSubmit = (): TOutput | undefined => {
    setTriedSubmit(true);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = toFieldErrors<TField>(parsed.error);
    setErrors(found);
    const first = (Object.keys(initialValues) as TField[]).find((field) => found[field] !== undefined);
    if (first !== undefined) formRef.current?.querySelector<HTMLInputElement>(`[id="${inputIds[first]}"]`)?.focus();
    return undefined;
  };

  return { values, errors, change, validateForSubmit, formRef };
}
