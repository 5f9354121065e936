/**
 * Form messages from zod (the schemas of `@bpa/domain/validation`, with the texts of docs/product.md §5).
 */
import type { z } from 'zod';

/** One message per field: the first issue of each field, keyed by the field's name. */
export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/**
 * The first message of each field of a failed parse, e.g. `{ email: 'Please use a valid email
 * address' }`. Issues without a field path are left out (the forms have none).
 */
export function toFieldErrors<TField extends string>(error: z.ZodError): FieldErrors<TField> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<TField>;
}
