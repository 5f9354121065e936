/**
 * What an agreement says: the selected items in order, as the PDF prints them (docs/pdf.md §2).
 * Shared by the PDF renderer, its tests and the e2e checks, so they agree on "what is selected".
 */
import { OTHER_AGREEMENTS_HEADING, USER_ADDED_LABEL } from './constants';
import { toRomanLabel } from './roman';
import { type Category, type Option, type Subject, displayName, isPlaceholderName, subjectHeading } from './contract';

export interface OutlineOption {
  option: Option;
  /** Display name, still in colour markup. */
  name: string;
}
export interface OutlineSubject {
  subject: Subject;
  /** Display name, still in colour markup. */
  name: string;
  options: OutlineOption[];
}
export interface OutlineSubcategory {
  /** Heading text ('' when the subjects sit under no heading). */
  heading: string;
  bold: boolean;
  italics: boolean;
  subjects: OutlineSubject[];
}
export interface OutlineCategory {
  category: Category;
  /** Roman numeral of the category's order (docs/product.md §9). */
  label: string;
  subcategories: OutlineSubcategory[];
}

/** A subject others read: selected, and not an "Add New Subject" placeholder. */
function isShownSubject(subject: Subject): boolean {
  return subject.isSelected && !isPlaceholderName(subject.subjectName);
}

/** An option others read: selected, and not an "Add New Option" placeholder. */
function isShownOption(option: Option): boolean {
  return option.isSelected && !isPlaceholderName(option.optionName);
}

/**
 * The selected content of an agreement, as others read it (the PDF, the read-only page): only
 * categories with a selected subject; in each, the selected non-placeholder subjects grouped under
 * consecutive subcategory headings (user-added subjects under "Other agreements"), each with its
 * selected non-placeholder options; all in document order.
 */
export function outlineAgreement(doc: { contractName: string; categories: readonly Category[] }): OutlineCategory[] {
  const outline: OutlineCategory[] = [];
  for (const category of doc.categories) {
    const subcategories: OutlineSubcategory[] = [];
    for (const subject of category.subjects) {
      if (!isShownSubject(subject)) continue;
      const options = subject.options.filter(isShownOption).map((option) => ({ option, name: displayName(option) }));
      const item: OutlineSubject = { subject, name: displayName(subject), options };
      const last = subcategories.at(-1);
      // Read by others (PDF, read-only page): user-added subjects are "Other agreements" there (docs/product.md §16).
      const editorHeading = subjectHeading(subject);
      const heading = editorHeading === USER_ADDED_LABEL && subject.subcategoryName === '' ? OTHER_AGREEMENTS_HEADING : editorHeading;
      if (last && last.heading === heading) last.subjects.push(item);
      else subcategories.push({ heading, bold: subject.subcategoryBold, italics: subject.subcategoryItalics, subjects: [item] });
    }
    if (subcategories.length > 0) outline.push({ category, label: toRomanLabel(category.order), subcategories });
  }
  return outline;
}

/**
 * The categories as others read them (the read-only link's answer, docs/sharing.md §3): every
 * category, in order, with its own fields, holding only its selected non-placeholder subjects, each
 * with only its selected non-placeholder options: what `outlineAgreement` and the at-the-table
 * summary (at-the-table.ts) read, so either gives the same from this as from the whole agreement.
 * A shipped system's link answer is a quarter of the whole agreement or less (scripts/link-answer.test.ts).
 *
 * @param categories the agreement's categories
 * @returns new category objects (the subjects and options kept are the agreement's own)
 */
export function selectedCategories(categories: readonly Category[]): Category[] {
  return categories.map((category) => ({
    ...category,
    subjects: category.subjects
      .filter(isShownSubject)
      .map((subject) => (subject.options.every(isShownOption) ? subject : { ...subject, options: subject.options.filter(isShownOption) })),
  }));
}
