/**
 * The subjects of one category in the agreement editor (docs/product.md §2 "Contract editor", docs/product.md §4
 * "Editing"): subcategory headings, subjects with check boxes (bold for ACBL card items, italic for
 * the 25-conventions book), their options beneath an expand control, name edit buttons, and the
 * "Add New Subject" / "Add New Option" placeholder rows. Locked subjects cannot be ticked or renamed.
 * A subject or option the ACBL Alert procedures flag carries an "Alert" or "Announce" tag with what
 * to say at the table (table-words-tag.tsx, docs/bridge.md §1c).
 *
 * Element ids are built from the items' `_id` (`toItemElementId`), not from render order, so the
 * editor page can move focus to a row once the name dialog closes, even to a row that the rename
 * has just made out of an "Add New ..." row (WCAG 2.4.3 focus order).
 *
 * Rows use native check boxes and buttons (styled as the UI library's) and the list has one
 * tooltip for all of them: a PrimeReact Checkbox and a Button with its own Tooltip per row made
 * Select All in the largest category cost two frames of script (docs/product.md §D12; the figures
 * are in bench/README.md, "editor-bench.ts"). That tooltip is loaded when a row's hint is first
 * wanted (row-tooltip.tsx), so the editor's first load has none of the UI library (ADR 203).
 */
import { toItemElementId } from '../core/item-element-id';
import { type ReactNode, Suspense, lazy, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Tooltip } from 'primereact/tooltip';
import { ADD_OPTION_LABEL, ADD_SUBJECT_LABEL } from '@bpa/domain/constants';
import { type Category, type Option, type Subject, displayName, isPlaceholderName, subjectHeading } from '@bpa/domain/contract';
import type { Mark, SeenChange } from '@bpa/domain/history';
import { MarkChips } from '../review/review';
import { MarkupText, toPlainName } from '../core/markup-text';
import { TABLE_WORDS_TOOLTIP_TARGET, TableWordsTag, tableWordsOfRow } from './table-words-tag';

export interface SubjectListProps {
  category: Category;
  expandedSubjects: ReadonlySet<string>;
  onToggleSubject: (subject: Subject) => void;
  onToggleOption: (subject: Subject, option: Option) => void;
  onExpand: (subjectId: string, isExpanded: boolean) => void;
  onEditSubject: (subject: Subject) => void;
  onEditOption: (subject: Subject, option: Option) => void;
  /** Opens the note of a subject (docs/agreement-format.md, "Notes"); no note button without it. */
  onEditNote?: (subject: Subject) => void;
  /** Shown read-only (a partner who may only view, docs/sharing.md §2): no ticking, no renaming, no new rows. */
  isReadOnly?: boolean;
  /** Review of a shared or saved agreement (docs/sharing.md §6-7): what others changed, the marks, marking. */
  review?: SubjectListReview;
}

/** What the rows show of the review (docs/sharing.md §6-7): highlights, marks, and the Agree-or-discuss button. */
export interface SubjectListReview {
  changed: ReadonlyMap<string, SeenChange>;
  marks: ReadonlyMap<string, Mark[]>;
  onMark: (item: { itemId: string; name: string }) => void;
  /** Show only subjects with an item marked "to discuss". */
  isOnlyToDiscuss: boolean;
}

/** Subjects grouped under their subcategory headings (a heading starts where the name changes). */
function groupBySubcategory(subjects: Subject[]): { heading: string; bold: boolean; italics: boolean; subjects: Subject[] }[] {
  const groups: { heading: string; bold: boolean; italics: boolean; subjects: Subject[] }[] = [];
  for (const subject of subjects) {
    const last = groups.at(-1);
    // User-added subjects sit under a "User added" heading (docs/product.md §16), as in the PDF.
    const heading = subjectHeading(subject);
    if (last && last.heading === heading) last.subjects.push(subject);
    else groups.push({ heading, bold: subject.subcategoryBold, italics: subject.subcategoryItalics, subjects: [subject] });
  }
  return groups;
}

function styleClasses(item: { bold: boolean; italics: boolean }): string {
  return `${item.bold ? ' is-bold' : ''}${item.italics ? ' is-italic' : ''}`;
}

export function SubjectList({
  category,
  expandedSubjects,
  onToggleSubject,
  onToggleOption,
  onExpand,
  onEditSubject,
  onEditOption,
  onEditNote,
  isReadOnly = false,
  review,
}: SubjectListProps) {
  // One set of callbacks for the whole list that never changes, so a row re-renders only when its
  // own subject changes (docs/product.md §D12: a tick re-rendered every row). They call the latest
  // props; the edits name their item by id and find it in the latest category, so a row's buttons
  // keep their callbacks when only its ticks change, and are not drawn again (Select All).
  const latest = useRef({ category, onToggleSubject, onToggleOption, onExpand, onEditSubject, onEditOption, onEditNote });
  useLayoutEffect(() => {
    latest.current = { category, onToggleSubject, onToggleOption, onExpand, onEditSubject, onEditOption, onEditNote };
  });
  const handlers = useMemo<RowHandlers>(() => {
    const subjectOf = (subjectId: string) => latest.current.category.subjects.find((s) => s._id === subjectId);
    return {
      toggleSubject: (subject) => latest.current.onToggleSubject(subject),
      toggleOption: (subject, option) => latest.current.onToggleOption(subject, option),
      expand: (subjectId, isExpanded) => latest.current.onExpand(subjectId, isExpanded),
      editSubject: (subjectId) => {
        const subject = subjectOf(subjectId);
        if (subject) latest.current.onEditSubject(subject);
      },
      editOption: (subjectId, optionId) => {
        const subject = subjectOf(subjectId);
        const option = subject?.options.find((o) => o._id === optionId);
        if (subject && option) latest.current.onEditOption(subject, option);
      },
      editNote: (subjectId) => {
        const subject = subjectOf(subjectId);
        if (subject) latest.current.onEditNote?.(subject);
      },
    };
  }, []);
  const isToDiscuss = (subject: Subject) =>
    [subject._id, ...subject.options.map((o) => o._id)].some((id) => review?.marks.get(id)?.some((mark) => mark.status === 'discuss'));
  const subjects = review?.isOnlyToDiscuss ? category.subjects.filter(isToDiscuss) : category.subjects;
  return (
    <RowTooltips>
      {review?.isOnlyToDiscuss && subjects.length === 0 && <p className="subjects-empty">Nothing to discuss in this category.</p>}
      {groupBySubcategory(subjects).map((group, groupIndex) => (
        <div key={`${String(groupIndex)}-${group.heading}`} className="subject-group">
          {group.heading !== '' && (
            <h3 className={`subcategory-heading${styleClasses(group)}`}>
              <MarkupText markup={group.heading} />
            </h3>
          )}
          <ul className="subject-list">
            {group.subjects.map((subject) => (
              <SubjectRow
                key={subject._id}
                subject={subject}
                isExpanded={expandedSubjects.has(subject._id)}
                handlers={handlers}
                isReadOnly={isReadOnly}
                hasNotes={onEditNote !== undefined}
                review={review}
              />
            ))}
          </ul>
        </div>
      ))}
    </RowTooltips>
  );
}

/** The selector of the rows' buttons and Alert tags that carry a tooltip (`data-pr-tooltip`, read by PrimeReact's Tooltip). */
const ROW_TOOLTIP_TARGET = `.item-action[data-pr-tooltip], ${TABLE_WORDS_TOOLTIP_TARGET}`;

/**
 * An icon-only button of a row: a native button with the UI library's classes (so it looks like
 * the other icon buttons, 44 px, docs/product.md §D6) and its tooltip text in `data-pr-tooltip`, which
 * the list's one `RowTooltips` shows. Memoised: its row passes callbacks that keep their identity
 * while the item's name and state do not change.
 * @param props.icon a PrimeIcons name, e.g. `pi-pencil`
 * @param props.label the accessible name (the tooltip is only a visual hint)
 */
const RowButton = memo(function RowButton({
  icon,
  label,
  tooltip,
  className = '',
  ...rest
}: {
  icon: string;
  label: string;
  tooltip: string;
  className?: string;
  id?: string;
  onClick: () => void;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}) {
  return (
    <button
      type="button"
      className={`item-action p-button p-component p-button-icon-only p-button-rounded p-button-text p-button-sm ${className}`}
      aria-label={label}
      data-pr-tooltip={tooltip}
      {...rest}
    >
      <span className={`p-button-icon p-c pi ${icon}`} aria-hidden="true" />
    </button>
  );
});

const LazyRowTooltip = lazy(() => import('./row-tooltip'));

/**
 * One PrimeReact Tooltip for every row button of the list (instead of one per button). Buttons
 * appear and disappear as subjects expand and categories change, so each is bound the first time
 * the pointer or the focus reaches it: the listeners run in the capture phase, before the
 * button's own `mouseenter` or `focus`, so the tooltip shows on that very first hover or focus.
 * The Tooltip itself is loaded then (row-tooltip.tsx); the buttons reached while it loads are bound
 * once it is there, and the one the pointer or focus is still on shows its hint at once.
 */
function RowTooltips({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const tooltip = useRef<Tooltip | null>(null);
  const waiting = useRef<HTMLElement[]>([]);
  const [isTooltipWanted, setIsTooltipWanted] = useState(false);
  const attachTooltip = useCallback((loaded: Tooltip | null) => {
    tooltip.current = loaded;
    if (!loaded) return;
    for (const button of waiting.current.splice(0)) {
      if (!button.isConnected) continue;
      loaded.updateTargetEvents(button);
      // The hover or focus that asked for the tooltip came before its listeners: replay it.
      if (button.matches(':hover')) button.dispatchEvent(new MouseEvent('mouseenter'));
      else if (document.activeElement === button) button.dispatchEvent(new FocusEvent('focus'));
    }
  }, []);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bound = new WeakSet<Element>();
    const bind = (event: Event) => {
      const button = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(ROW_TOOLTIP_TARGET) : null;
      if (!button || bound.has(button)) return;
      bound.add(button);
      if (tooltip.current) tooltip.current.updateTargetEvents(button);
      else {
        waiting.current.push(button);
        setIsTooltipWanted(true);
      }
    };
    element.addEventListener('pointerover', bind, true);
    element.addEventListener('focus', bind, true);
    return () => {
      element.removeEventListener('pointerover', bind, true);
      element.removeEventListener('focus', bind, true);
    };
  }, []);
  return (
    <div ref={container} className="subject-groups">
      {isTooltipWanted && (
        <Suspense fallback={null}>
          <LazyRowTooltip ref={attachTooltip} />
        </Suspense>
      )}
      {children}
    </div>
  );
}

/** What a row may ask the list to do; the same object for every row and every render. */
interface RowHandlers {
  toggleSubject: (subject: Subject) => void;
  toggleOption: (subject: Subject, option: Option) => void;
  expand: (subjectId: string, isExpanded: boolean) => void;
  editSubject: (subjectId: string) => void;
  editOption: (subjectId: string, optionId: string) => void;
  editNote: (subjectId: string) => void;
}

interface SubjectRowProps {
  subject: Subject;
  isExpanded: boolean;
  handlers: RowHandlers;
  isReadOnly: boolean;
  /** Offer the note button (the editor gives a way to write notes). */
  hasNotes: boolean;
  review: SubjectListReview | undefined;
}

/** The highlight and marks of one row (docs/sharing.md §6-7). */
function ReviewBits({ itemId, name, review }: { itemId: string; name: string; review: SubjectListReview | undefined }) {
  const onMark = useCallback(() => review?.onMark({ itemId, name }), [review, itemId, name]);
  if (!review) return null;
  const change = review.changed.get(itemId);
  return (
    <>
      {change && (
        <span className="change-badge">
          {change.kind} by {change.author}
        </span>
      )}
      <MarkChips marks={review.marks.get(itemId) ?? []} />
      <RowButton icon="pi-comments" label={`Agree or discuss: ${toPlainName(name)}`} tooltip="Agree or discuss" onClick={onMark} />
    </>
  );
}

/** One subject with its options; memoised: it renders again only when its own props change. */
const SubjectRow = memo(function SubjectRow({ subject, isExpanded, handlers, isReadOnly, hasNotes, review }: SubjectRowProps) {
  const onToggle = () => handlers.toggleSubject(subject);
  const subjectId = subject._id;
  const onEdit = useCallback(() => handlers.editSubject(subjectId), [handlers, subjectId]);
  const onEditNote = useCallback(() => handlers.editNote(subjectId), [handlers, subjectId]);
  const onExpand = useCallback(() => handlers.expand(subjectId, !isExpanded), [handlers, subjectId, isExpanded]);
  if (isPlaceholderName(subject.subjectName)) {
    if (isReadOnly) return null;
    return (
      <li className="subject-row is-placeholder">
        <Button
          id={toItemElementId('subject-add', subject._id)}
          type="button"
          label={ADD_SUBJECT_LABEL}
          icon="pi pi-plus"
          text
          size="small"
          className="add-button"
          onClick={onEdit}
        />
      </li>
    );
  }
  const name = displayName(subject);
  const plainName = toPlainName(name);
  const checkboxId = toItemElementId('subject-check', subject._id);
  const optionsId = toItemElementId('subject-options', subject._id);
  const realOptionCount = subject.options.filter((o) => !isPlaceholderName(o.optionName)).length;
  const tag = tableWordsOfRow(subject.key);
  const tagId = toItemElementId('subject-table-words', subject._id);
  return (
    <li className={`subject-row${subject.isSelected ? ' is-selected' : ''}${review?.changed.has(subject._id) ? ' is-changed' : ''}`}>
      <div className="item-line">
        <input
          id={checkboxId}
          type="checkbox"
          className="item-check"
          checked={subject.isSelected}
          disabled={subject.isLocked || isReadOnly}
          onChange={onToggle}
          aria-describedby={tag ? tagId : undefined}
        />
        <label htmlFor={checkboxId} className={`item-name${styleClasses(subject)}`}>
          <MarkupText markup={name} />
        </label>
        <TableWordsTag id={tagId} tag={tag} />
        {subject.isLocked ? (
          <span className="pi pi-lock item-lock" role="img" aria-label={`${plainName} is locked`} title="Locked: this subject cannot be changed" />
        ) : isReadOnly ? null : (
          <RowButton
            id={toItemElementId('subject-edit', subject._id)}
            icon="pi-pencil"
            label={`Edit name: ${plainName}`}
            tooltip="Edit name"
            onClick={onEdit}
          />
        )}
        {hasNotes && !isReadOnly && (
          <RowButton
            icon="pi-file-edit"
            label={`${subject.note ? 'Edit note' : 'Write a note'}: ${plainName}`}
            tooltip={subject.note ? 'Edit note' : 'Write a note'}
            onClick={onEditNote}
          />
        )}
        <ReviewBits itemId={subject._id} name={name} review={review} />
        <RowButton
          icon={isExpanded ? 'pi-chevron-up' : 'pi-chevron-down'}
          className="expand-button"
          label={`Options of ${plainName} (${String(realOptionCount)})`}
          tooltip={isExpanded ? 'Hide options' : 'Show options'}
          aria-expanded={isExpanded}
          aria-controls={optionsId}
          onClick={onExpand}
        />
      </div>
      {subject.note && <MarkupText markup={subject.note} className="item-note" />}
      {isExpanded && (
        <ul id={optionsId} className="option-list" aria-label={`Options of ${plainName}`}>
          {subject.options.map((option) => (
            <OptionRow key={option._id} option={option} subject={subject} isLocked={subject.isLocked || isReadOnly} handlers={handlers} review={review} />
          ))}
        </ul>
      )}
    </li>
  );
});

/** One option; memoised like its subject's row. */
const OptionRow = memo(function OptionRow({
  option,
  subject,
  isLocked,
  handlers,
  review,
}: {
  option: Option;
  subject: Subject;
  isLocked: boolean;
  handlers: RowHandlers;
  review: SubjectListReview | undefined;
}) {
  const onToggle = () => handlers.toggleOption(subject, option);
  const subjectId = subject._id;
  const optionId = option._id;
  const onEdit = useCallback(() => handlers.editOption(subjectId, optionId), [handlers, subjectId, optionId]);
  if (isPlaceholderName(option.optionName)) {
    if (isLocked) return null;
    return (
      <li className="option-row is-placeholder">
        <Button
          id={toItemElementId('option-add', option._id)}
          type="button"
          label={ADD_OPTION_LABEL}
          icon="pi pi-plus"
          text
          size="small"
          className="add-button"
          onClick={onEdit}
        />
      </li>
    );
  }
  const name = displayName(option);
  const plainName = toPlainName(name);
  const checkboxId = toItemElementId('option-check', option._id);
  const tag = tableWordsOfRow(subject.key, { key: option.key, name });
  const tagId = toItemElementId('option-table-words', option._id);
  return (
    <li className={`option-row${review?.changed.has(option._id) ? ' is-changed' : ''}`}>
      <div className="item-line">
        <input
          id={checkboxId}
          type="checkbox"
          className="item-check"
          checked={option.isSelected}
          disabled={isLocked}
          onChange={onToggle}
          aria-describedby={tag ? tagId : undefined}
        />
        <label htmlFor={checkboxId} className={`item-name${styleClasses(option)}`}>
          <MarkupText markup={name} />
        </label>
        <TableWordsTag id={tagId} tag={tag} />
        {!isLocked && (
          <RowButton id={toItemElementId('option-edit', option._id)} icon="pi-pencil" label={`Edit name: ${plainName}`} tooltip="Edit name" onClick={onEdit} />
        )}
        <ReviewBits itemId={option._id} name={name} review={review} />
      </div>
    </li>
  );
});
