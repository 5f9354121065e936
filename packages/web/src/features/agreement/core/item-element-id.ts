/**
 * Element ids of the editor's subject and option rows, shared by the list that draws them
 * (editor/subject-list.tsx) and the name editing that moves focus back to a row (names/use-name-edit.ts).
 */

/** The focusable (or labelled) elements of a row that have an id. */
export type ItemElement =
  | 'subject-check'
  | 'subject-edit'
  | 'subject-add'
  | 'subject-options'
  | 'subject-table-words'
  | 'option-check'
  | 'option-edit'
  | 'option-add'
  | 'option-table-words';

/**
 * The element id of one part of a subject or option row, e.g. `agreement-subject-check-<_id>`.
 * Stable across renders and unique in the page as long as item ids are unique in the agreement
 * (they are: fresh ids per agreement, domain editing.ts).
 * @param element which part of the row
 * @param itemId the subject's or option's `_id`
 */
export function toItemElementId(element: ItemElement, itemId: string): string {
  return `agreement-${element}-${itemId}`;
}
