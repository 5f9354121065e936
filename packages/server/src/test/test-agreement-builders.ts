/**
 * Small agreements built row by row for the PDF tests: an option, a subject and an agreement of
 * the 13 catalogue categories (domain/sample-template.ts), with every flag at its usual value
 * unless a test says otherwise. Ids are unique within a test run.
 */
import type { Category, Option, Subject } from '@bpa/domain/contract';
import { SAMPLE_CATEGORY_NAMES } from '@bpa/domain/sample-template';

let nextId = 0;
const newId = () => `row-${(nextId += 1)}`;

/** A ticked option named `optionName`; `flags` override any field. */
export function testOption(optionName: string, flags: Partial<Option> = {}): Option {
  return { _id: newId(), optionName, isSelected: true, bold: false, italics: false, editedName: '', isEdited: false, ...flags };
}

/** A ticked subject named `subjectName` holding `options`; `flags` override any field. */
export function testSubject(subjectName: string, options: Option[], flags: Partial<Subject> = {}): Subject {
  return {
    _id: newId(),
    subjectName,
    subcategoryName: '',
    subcategoryBold: true,
    subcategoryItalics: false,
    bold: false,
    italics: false,
    isSelected: true,
    isLocked: false,
    options,
    editedName: '',
    isEdited: false,
    ...flags,
  };
}

/** An agreement of the 13 catalogue categories; `subjects` fills some of them by index (0-12). */
export function testAgreement(contractName: string, subjects: Record<number, Subject[]>): { contractName: string; categories: Category[] } {
  const categories = SAMPLE_CATEGORY_NAMES.map((categoryName, index): Category => ({
    _id: newId(),
    order: index + 1,
    categoryName,
    bold: false,
    italics: false,
    subjects: subjects[index] ?? [],
  }));
  return { contractName, categories };
}
