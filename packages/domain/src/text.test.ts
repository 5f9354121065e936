import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, isStorableText, storableText } from './text';

describe('isStorableText', () => {
  it('accepts any text of whole characters, suits, accents and emoji included', () => {
    for (const text of ['', 'Stayman', '1!c ♣ ♦ ♥ ♠', 'Négatif — Überruf', 'Partner 🂡 🃏', '##c3#blue###', 'C##']) expect(isStorableText(text)).toBe(true);
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => isStorableText(text.replaceAll('\u0000', ''))));
  });

  it('refuses a NUL character and lone surrogates, wherever they are', () => {
    for (const text of ['a\u0000b', '\u0000', 'x\uD83D', '\uDE00x', 'a\uDE00\uD83Db', '\uD83D\uD83D']) expect(isStorableText(text)).toBe(false);
  });
});

describe('storableText', () => {
  it('adds the check to a schema and keeps its own limits', () => {
    const schema = storableText(z.string().max(5));
    expect(schema.safeParse('ok').success).toBe(true);
    const refused = schema.safeParse('a\u0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(schema.safeParse('toolong').success).toBe(false);
  });
});
