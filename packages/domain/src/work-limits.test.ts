import { describe, expect, it } from 'vitest';
import { MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from './constants';
import { ContractDocumentSchema, isPlaceholderName } from './contract';
import { createAgreementFromTemplate, emptyNonTrialCategories, isTrialCategory, renameOption, renameSubject } from './editing';
import { parseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

let n = 0;
const newId = () => `id${++n}`;
const start = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Partner 1', newId);

describe('work limits (ADR 130)', () => {
  it('stops offering a new subject row at MAX_SUBJECTS_PER_CATEGORY, so every agreement the editor makes validates', () => {
    let doc = start();
    const categoryId = doc.categories[0]!._id;
    for (let i = 0; i < MAX_SUBJECTS_PER_CATEGORY + 5; i++) {
      const placeholder = doc.categories[0]!.subjects.at(-1)!;
      if (!isPlaceholderName(placeholder.subjectName)) break;
      doc = renameSubject(doc, categoryId, placeholder._id, `Added ${i}`, newId);
    }
    expect(doc.categories[0]!.subjects).toHaveLength(MAX_SUBJECTS_PER_CATEGORY);
    expect(isPlaceholderName(doc.categories[0]!.subjects.at(-1)!.subjectName)).toBe(false);
    expect(ContractDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('stops offering a new option row at MAX_OPTIONS_PER_SUBJECT', () => {
    let doc = start();
    const category = doc.categories[0]!;
    const subjectId = category.subjects[0]!._id;
    for (let i = 0; i < MAX_OPTIONS_PER_SUBJECT + 5; i++) {
      const placeholder = doc.categories[0]!.subjects[0]!.options.at(-1)!;
      if (!isPlaceholderName(placeholder.optionName)) break;
      doc = renameOption(doc, category._id, subjectId, placeholder._id, `Option ${i}`, newId);
    }
    expect(doc.categories[0]!.subjects[0]!.options).toHaveLength(MAX_OPTIONS_PER_SUBJECT);
    expect(ContractDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('a guest PDF request keeps all 13 categories but only the trial ones with subjects', () => {
    const doc = emptyNonTrialCategories(start());
    expect(ContractDocumentSchema.safeParse(doc).success).toBe(true);
    for (const category of doc.categories) expect(category.subjects.length > 0).toBe(isTrialCategory(category));
  });
});
