import { describe, expect, it } from 'vitest';
import { type ZodObject, z } from 'zod';
import { AGREEMENT_FIELDS, isCountedChange, valueFields } from './agreement-fields';
import { CategorySchema, ContractDocumentSchema, OptionSchema, SubjectSchema } from './contract';

const schemas: Record<keyof typeof AGREEMENT_FIELDS, ZodObject> = {
  document: ContractDocumentSchema,
  category: CategorySchema,
  subject: SubjectSchema,
  option: OptionSchema,
};

describe('the table of the agreement fields (agreement-fields.ts)', () => {
  it.each(Object.keys(schemas) as (keyof typeof schemas)[])('lists exactly the keys of the %s schema', (level) => {
    expect(Object.keys(AGREEMENT_FIELDS[level]).sort()).toEqual(Object.keys(schemas[level].shape).sort());
  });

  it('fails for a schema that gained a key the table does not list', () => {
    const grown = SubjectSchema.extend({ colour: z.string() });
    expect(Object.keys(grown.shape).filter((key) => !(key in AGREEMENT_FIELDS.subject))).toEqual(['colour']);
  });

  it('merges ticks and notes value by value, and nothing a person cannot edit', () => {
    expect(valueFields('subject')).toEqual([
      ['isSelected', 'selected'],
      ['note', 'note'],
    ]);
    expect(valueFields('category')).toEqual([['note', 'note']]);
    expect(valueFields('option')).toEqual([['isSelected', 'selected']]);
  });

  it('treats an absent note and an empty one as the same', () => {
    expect(isCountedChange('subject', 'noted', {}, { note: '' })).toBe(false);
    expect(isCountedChange('subject', 'noted', {}, { note: 'Only with 5 spades' })).toBe(true);
  });
});
