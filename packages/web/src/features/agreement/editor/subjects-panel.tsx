/**
 * The right-hand side of the editor (docs/product.md §2 "Contract editor"): the selected category's
 * title, Select All and Clear all, its note, and its subjects with their options (subject-list.tsx);
 * the note dialog of a subject or the category (note-dialog.tsx). The name dialog's code loads as
 * soon as the pointer or the focus comes near a name, not with the page.
 */
import { type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type Category, displayName } from '@bpa/domain/contract';
import { toRomanLabel } from '@bpa/domain/roman';
import { useAppDispatch } from '../../../lib/hooks';
import { allClearedInCategory, allSelectedInCategory, categoryNoteSet, optionToggled, subjectNoteSet, subjectToggled } from '../core/agreement-slice';
import { MarkupText } from '../core/markup-text';
import { preloadNameEditor } from '../names/name-edit-dialog';
import type { NameEditing } from '../names/use-name-edit';
import { CategoryNote } from './category-note';
import { NoteDialog, type NoteTarget } from './note-dialog';
import { SubjectList, type SubjectListReview } from './subject-list';

export interface SubjectsPanelProps {
  category: Category | undefined;
  /** What the panel says when no category is open. */
  emptyText: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  isReadOnly: boolean;
  expandedSubjects: ReadonlySet<string>;
  setExpanded: (subjectId: string, isExpanded: boolean) => void;
  names: NameEditing;
  /** The subscriber's review: the filter button and the rows' marks; absent in the guest's editor. */
  review?: SubjectListReview & { setIsOnlyToDiscuss: (update: (value: boolean) => boolean) => void };
}

/** The subjects of the open category, with everything that acts on them. */
export function SubjectsPanel({ category, emptyText, headingRef, isReadOnly, expandedSubjects, setExpanded, names, review }: SubjectsPanelProps) {
  const dispatch = useAppDispatch();
  const [noteTarget, setNoteTarget] = useState<NoteTarget | null>(null);
  return (
    <section className="editor-card subjects-panel" aria-labelledby="subjects-title" onPointerOver={preloadNameEditor} onFocus={preloadNameEditor}>
      <div className="subjects-header">
        <h2 id="subjects-title" ref={headingRef} tabIndex={-1} className="editor-card-title">
          {category ? (
            <>
              {toRomanLabel(category.order)}. <MarkupText markup={category.categoryName} />
            </>
          ) : (
            'Subjects'
          )}
        </h2>
        {category && review && (
          <Button
            type="button"
            label="Only items to discuss"
            icon="pi pi-filter"
            size="small"
            text
            aria-pressed={review.isOnlyToDiscuss}
            className={review.isOnlyToDiscuss ? 'is-pressed' : undefined}
            onClick={() => review.setIsOnlyToDiscuss((value) => !value)}
          />
        )}
        {category && !isReadOnly && (
          <div className="subjects-actions">
            <Button
              type="button"
              label="Select All"
              icon="pi pi-check-square"
              size="small"
              outlined
              onClick={() => dispatch(allSelectedInCategory({ categoryId: category._id }))}
            />
            <Button
              type="button"
              label="Clear all"
              icon="pi pi-stop"
              size="small"
              outlined
              onClick={() => dispatch(allClearedInCategory({ categoryId: category._id }))}
            />
          </div>
        )}
      </div>
      {category ? (
        <>
          <CategoryNote
            category={category}
            isReadOnly={isReadOnly}
            onEdit={() => setNoteTarget({ categoryId: category._id, name: category.categoryName, note: category.note ?? '' })}
          />
          <SubjectList
            category={category}
            expandedSubjects={expandedSubjects}
            onToggleSubject={(subject) => {
              // docs/product.md §4: "Ticking an unselected subject expands its options row."
              if (!subject.isSelected && !subject.isLocked) setExpanded(subject._id, true);
              dispatch(subjectToggled({ categoryId: category._id, subjectId: subject._id }));
            }}
            onToggleOption={(subject, option) => dispatch(optionToggled({ categoryId: category._id, subjectId: subject._id, optionId: option._id }))}
            onExpand={setExpanded}
            onEditSubject={(subject) => names.editSubjectName(category, subject)}
            onEditOption={(subject, option) => names.editOptionName(category, subject, option)}
            onEditNote={(subject) => setNoteTarget({ categoryId: category._id, subjectId: subject._id, name: displayName(subject), note: subject.note ?? '' })}
            isReadOnly={isReadOnly}
            review={review}
          />
        </>
      ) : (
        <p className="subjects-empty">{emptyText}</p>
      )}
      <NoteDialog
        target={noteTarget}
        onClose={() => setNoteTarget(null)}
        onSave={({ categoryId, subjectId }, note) =>
          dispatch(subjectId === undefined ? categoryNoteSet({ categoryId, note }) : subjectNoteSet({ categoryId, subjectId, note }))
        }
      />
    </section>
  );
}
