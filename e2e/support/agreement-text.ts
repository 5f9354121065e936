/**
 * What a PDF of an agreement must say, computed from the agreement itself with the domain's own
 * rules (outline, markup, suits), so e2e tests compare the downloaded file with the data the
 * browser holds rather than with a hard-coded list.
 */
import type { Category } from '@bpa/domain/contract';
import { expandSuits, stripMarkup } from '@bpa/domain/markup';
import { outlineAgreement } from '@bpa/domain/outline';

/** Plain text of a name as printed: markers removed, suits as symbols. */
export function printedName(markup: string): string {
  return expandSuits(stripMarkup(markup)).replace(/\s+/g, ' ').trim();
}

/** The names a PDF of this agreement prints, in order: category, subcategory headings, subjects, options. */
export function expectedPdfLines(agreement: { contractName: string; categories: Category[] }): string[] {
  const lines: string[] = [];
  for (const category of outlineAgreement(agreement)) {
    lines.push(printedName(category.category.categoryName));
    for (const subcategory of category.subcategories) {
      if (subcategory.heading) lines.push(printedName(subcategory.heading));
      for (const subject of subcategory.subjects) {
        lines.push(printedName(subject.name));
        for (const option of subject.options) lines.push(printedName(option.name));
      }
    }
  }
  return lines;
}

/** Every subject and option name of the agreement that is NOT selected (and so must not be printed). */
export function unselectedNames(agreement: { categories: Category[] }): string[] {
  const names: string[] = [];
  for (const category of agreement.categories) {
    for (const subject of category.subjects) {
      if (subject.subjectName.startsWith('button')) continue;
      const subjectName = printedName(subject.isEdited ? subject.editedName : subject.subjectName);
      if (!subject.isSelected) names.push(subjectName);
      for (const option of subject.options) {
        if (option.optionName.startsWith('button')) continue;
        if (!subject.isSelected || !option.isSelected) names.push(printedName(option.isEdited ? option.editedName : option.optionName));
      }
    }
  }
  return names;
}

/** Squeezes white space so text extracted from a PDF can be searched whatever its line breaks. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ');
}
