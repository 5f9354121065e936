/**
 * A category's note in the editor (docs/agreement-format.md, "Notes"): the note as written under the
 * category's title, and the button that opens the note dialog (its name is its label: the category's
 * title is the heading just above, and the category list's buttons keep the category names to
 * themselves). Read-only viewers see the note only.
 */
import { Button } from '../../../components/ui/button';
import type { Category } from '@bpa/domain/contract';
import { MarkupText } from '../core/markup-text';

export interface CategoryNoteProps {
  category: Category;
  isReadOnly: boolean;
  onEdit: () => void;
}

/** The category's note and its button; nothing at all for a read-only viewer of a category without a note. */
export function CategoryNote({ category, isReadOnly, onEdit }: CategoryNoteProps) {
  const note = category.note ?? '';
  if (isReadOnly && note === '') return null;
  const label = note === '' ? 'Write a category note' : 'Edit category note';
  return (
    <div className="category-note">
      {note !== '' && <MarkupText markup={note} className="item-note" />}
      {!isReadOnly && <Button type="button" label={label} icon="pi pi-file-edit" size="small" text onClick={onEdit} />}
    </div>
  );
}
