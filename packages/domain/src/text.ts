/**
 * Text the product can store exactly as typed (docs/product.md §D7). PostgreSQL refuses the NUL
 * character in text and JSON, and a lone UTF-16 surrogate (half of an emoji, left by a broken copy
 * and paste) cannot be encoded as UTF-8 at all; either one used to reach the database and fail
 * there with a 500. Every schema of user text checks it first, so the answer is a 400 that says
 * what is wrong and nothing is stored.
 */
import type { z } from 'zod';

/** The 400 message for text with a NUL character or a broken (lone surrogate) character. */
export const UNSTORABLE_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (an invisible NUL character or half of an emoji). Please remove it and try again.';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

/**
 * True when `text` can be stored and sent back exactly: no NUL character, no lone surrogate.
 *
 * @param text any JavaScript string
 */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/**
 * A string schema that refuses unstorable text with `UNSTORABLE_TEXT_MESSAGE`.
 *
 * @param schema the field's own string schema (length limits, trimming)
 * @returns the same schema with the check added; zod checks run in order, so length messages
 *   still come first for text that is also too long
 */
export function storableText<T extends z.ZodString>(schema: T): T {
  return schema.refine(isStorableText, UNSTORABLE_TEXT_MESSAGE) as T;
}
