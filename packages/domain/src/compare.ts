/**
 * Meaningful differences between two agreements (docs/sharing.md §9): what a partnership needs to
 * talk about, not a raw field-by-field diff.
 *
 * Either side may be an agreement, a template made into an agreement, or a revision of one. Items
 * are matched by identity, never by position:
 * - first by catalogue key (docs/catalogue-keys.md): two agreements made from templates, or one
 *   exported and imported, pair item for item whatever their names and ids;
 * - then by `_id` (two revisions of one agreement share ids; so do an agreement and its imported
 *   copy, user-added items included);
 * - then categories by name, then by order; subjects and options by their original name, and
 *   user-added items, whose original name is the generic "User added", by the name the user gave
 *   them. Repeated names pair in order.
 *
 * Per subject the comparison tells apart:
 * - a subject played (ticked) on one side and **not recorded** (present, unticked) on the other,
 *   from one that is **absent** there (e.g. added by the user on one side only);
 * - a subject played on both sides with **different options** ("Count: standard | upside-down");
 * - a **renamed** item (same item, different display names) from different items;
 * - the same subject played alike with a different **note**; and a category's own note.
 * A subject unticked on both sides is in neither agreement and is never listed. Placeholder rows
 * ("Add New Subject") are ignored. Categories with no difference are reported as `same` so the
 * screen can collapse them to one line ("Doubles and Redoubles: same").
 *
 * Pure and synchronous: runs in the browser's main thread and on the server (target < 20 ms for
 * the two largest templates with everything selected; `bench/compare-bench.ts`).
 */
import { type Category, type Option, type Subject, displayName, isPlaceholderName, noteOf } from './contract';
import { USER_ADDED_LABEL } from './constants';

/** Which column of a comparison. */
export type Side = 'left' | 'right';

/** How a subject stands on one side of a comparison. */
export type SubjectPresence = 'played' | 'notRecorded' | 'absent';

/** One side's view of a compared subject. */
export interface SubjectSideView {
  /** `played`: ticked; `notRecorded`: present but unticked; `absent`: no such subject. */
  presence: SubjectPresence;
  /** Display name in colour markup ('' when absent). */
  name: string;
  /** Display names (colour markup) of the selected options, in document order. */
  options: string[];
  /** The subject's note (colour markup; '' for none or when absent). */
  note: string;
}

/** A compared option that is selected on both sides under a different display name. */
export interface RenamedOption {
  left: string;
  right: string;
}

/** One subject that differs between the two agreements. */
export interface SubjectDifference {
  /** Stable key of the matched pair (for React lists and scrolling to the item). */
  key: string;
  /** The subcategory heading it sits under (left's when present, else right's). */
  heading: string;
  /**
   * - `onlyLeft` / `onlyRight`: played on that side only (the other side is `notRecorded` or `absent`);
   * - `options`: played on both sides with different selected options;
   * - `renamed`: played on both sides with the same options, but the subject or one of its
   *   selected options is named differently;
   * - `note`: played on both sides alike, but with different notes (agreement-fields.ts: notes are compared).
   */
  kind: 'onlyLeft' | 'onlyRight' | 'options' | 'renamed' | 'note';
  /** True when the subject's display names differ (also possible with `options`). */
  isRenamed: boolean;
  /** Options selected on both sides whose display names differ. */
  renamedOptions: RenamedOption[];
  left: SubjectSideView;
  right: SubjectSideView;
}

/** One category of a comparison. */
export interface CategoryComparison {
  key: string;
  /** The category's name on each side (they differ only for uploaded templates that renamed it). */
  name: { left: string; right: string };
  /** The category's own note on each side (colour markup; '' for none). */
  note: { left: string; right: string };
  /** True when nothing in this category differs, its note included. */
  isSame: boolean;
  differences: SubjectDifference[];
}

/** The whole comparison: every category of the left agreement in its order, then any extra. */
export interface AgreementComparison {
  categories: CategoryComparison[];
  /** Number of subject differences over all categories. */
  differenceCount: number;
}

/** What `compareAgreements` reads of a document: its categories (name and ids are not compared). */
export interface ComparableAgreement {
  categories: readonly Category[];
}

/**
 * Compares two agreements as a partnership reads them.
 *
 * @param left the agreement shown in the left (first) column.
 * @param right the agreement shown in the right (second) column.
 * @returns the categories of both, matched by identity; differences listed per category in the
 *   left's document order, then right-only subjects in the right's order. Swapping the arguments
 *   swaps the columns (`onlyLeft` <-> `onlyRight`, `left` <-> `right`) and nothing else.
 *   Comparing an agreement with itself gives `differenceCount` 0.
 * @throws never; any two documents satisfying the agreement schema can be compared.
 */
export function compareAgreements(left: ComparableAgreement, right: ComparableAgreement): AgreementComparison {
  const categoryPairs = pairItems(
    left.categories,
    right.categories,
    (c) => c.key,
    (c) => c._id,
    categoryNameKey,
    (c, index) => `order:${c.order}:${index}`,
  );
  const categories: CategoryComparison[] = categoryPairs.map(([l, r], index) => {
    const differences = compareCategory(l, r);
    const note = { left: l ? noteOf(l) : '', right: r ? noteOf(r) : '' };
    return {
      key: l?._id ?? r?._id ?? String(index),
      name: { left: l?.categoryName ?? '', right: r?.categoryName ?? '' },
      note,
      isSame: differences.length === 0 && note.left === note.right,
      differences,
    };
  });
  const noteDifferences = categories.filter((c) => c.note.left !== c.note.right).length;
  return { categories, differenceCount: categories.reduce((n, c) => n + c.differences.length, 0) + noteDifferences };
}

/**
 * The matching key of a subject or option beyond its id: its original name, or for user-added
 * items (original name "User added", docs/product.md §9) the name the user gave it.
 */
function itemNameKey(item: Subject | Option): string {
  const original = 'subjectName' in item ? item.subjectName : item.optionName;
  if (original === USER_ADDED_LABEL) return `user:${displayName(item)}`;
  return 'subjectName' in item ? `name:${item.subcategoryName}\u0000${original}` : `name:${original}`;
}

function categoryNameKey(category: Category): string {
  return category.categoryName;
}

/**
 * Pairs the items of two lists: first by catalogue key (items without one wait for the next
 * passes), then by id, then by name key, then (optionally) by a last-resort key; repeated keys
 * pair in order. Returns pairs in the left's order, then the right's unpaired items in their order.
 */
function pairItems<T>(
  left: readonly T[],
  right: readonly T[],
  catalogueKeyOf: (item: T) => string | undefined,
  idOf: (item: T) => string,
  nameKeyOf: (item: T) => string,
  lastKeyOf?: (item: T, index: number) => string,
): Array<[T | undefined, T | undefined]> {
  const partnerOfLeft = new Map<number, number>();
  const rightTaken = new Set<number>();
  const pass = (keyOf: (item: T, index: number) => string | undefined) => {
    const waiting = new Map<string, number[]>();
    right.forEach((item, index) => {
      if (rightTaken.has(index)) return;
      const key = keyOf(item, index);
      if (key === undefined) return;
      const list = waiting.get(key);
      if (list) list.push(index);
      else waiting.set(key, [index]);
    });
    left.forEach((item, index) => {
      if (partnerOfLeft.has(index)) return;
      const key = keyOf(item, index);
      const match = key === undefined ? undefined : waiting.get(key)?.shift();
      if (match === undefined) return;
      partnerOfLeft.set(index, match);
      rightTaken.add(match);
    });
  };
  pass(catalogueKeyOf);
  pass(idOf);
  pass(nameKeyOf);
  if (lastKeyOf) pass(lastKeyOf);
  const pairs: Array<[T | undefined, T | undefined]> = left.map((item, index) => {
    const match = partnerOfLeft.get(index);
    return [item, match === undefined ? undefined : right[match]];
  });
  right.forEach((item, index) => {
    if (!rightTaken.has(index)) pairs.push([undefined, item]);
  });
  return pairs;
}

function realSubjects(category: Category | undefined): Subject[] {
  return category ? category.subjects.filter((s) => !isPlaceholderName(s.subjectName)) : [];
}

function selectedOptions(subject: Subject | undefined): Option[] {
  return subject ? subject.options.filter((o) => o.isSelected && !isPlaceholderName(o.optionName)) : [];
}

function sideView(subject: Subject | undefined): SubjectSideView {
  if (!subject) return { presence: 'absent', name: '', options: [], note: '' };
  return {
    presence: subject.isSelected ? 'played' : 'notRecorded',
    name: displayName(subject),
    options: subject.isSelected ? selectedOptions(subject).map((o) => displayName(o)) : [],
    note: noteOf(subject),
  };
}

function compareCategory(left: Category | undefined, right: Category | undefined): SubjectDifference[] {
  const differences: SubjectDifference[] = [];
  for (const [l, r] of pairItems(
    realSubjects(left),
    realSubjects(right),
    (s) => s.key,
    (s) => s._id,
    itemNameKey,
  )) {
    const difference = compareSubject(l, r);
    if (difference) differences.push(difference);
  }
  return differences;
}

function compareSubject(left: Subject | undefined, right: Subject | undefined): SubjectDifference | null {
  const isLeftPlayed = left?.isSelected === true;
  const isRightPlayed = right?.isSelected === true;
  if (!isLeftPlayed && !isRightPlayed) return null;
  const base = {
    key: `${left?._id ?? ''}|${right?._id ?? ''}`,
    heading: (left ?? right)?.subcategoryName ?? '',
    left: sideView(left),
    right: sideView(right),
  };
  if (!isLeftPlayed || !isRightPlayed) {
    return { ...base, kind: isLeftPlayed ? 'onlyLeft' : 'onlyRight', isRenamed: false, renamedOptions: [] };
  }
  const isRenamed = base.left.name !== base.right.name;
  let hasOptionDifference = false;
  const renamedOptions: RenamedOption[] = [];
  for (const [l, r] of pairItems(
    selectedOptions(left),
    selectedOptions(right),
    (o) => o.key,
    (o) => o._id,
    itemNameKey,
  )) {
    if (!l || !r) {
      hasOptionDifference = true;
      continue;
    }
    const leftName = displayName(l);
    const rightName = displayName(r);
    if (leftName !== rightName) renamedOptions.push({ left: leftName, right: rightName });
  }
  if (hasOptionDifference) return { ...base, kind: 'options', isRenamed, renamedOptions };
  if (isRenamed || renamedOptions.length > 0) return { ...base, kind: 'renamed', isRenamed, renamedOptions };
  if (base.left.note !== base.right.note) return { ...base, kind: 'note', isRenamed: false, renamedOptions: [] };
  return null;
}

/** The two columns' names, e.g. the agreement names or "Modern Standard American (template)". */
export interface ComparisonLabels {
  left: string;
  right: string;
}

/** How one side of a difference reads on the sheet. */
function describeSide(side: SubjectSideView, isRenamed: boolean): string {
  if (side.presence === 'absent') return 'not in this agreement';
  if (side.presence === 'notRecorded') return 'not recorded';
  const named = isRenamed ? `as "${side.name}"` : '';
  const options = side.options.length > 0 ? side.options.join(', ') : 'played';
  return [named, options].filter((part) => part !== '').join(': ');
}

/**
 * The comparison as a document the agreement PDF prints (docs/sharing.md §9: "What's different with this
 * partner", laid out like the agreement PDF): one category per category that differs, one ticked
 * subject per difference, with two ticked options saying what each side has ("Anna: standard",
 * "Template: upside-down"); then a last category "Same in both" naming the identical categories.
 * Pure; the server renders it with the agreement PDF renderer.
 *
 * @param comparison what compareAgreements answered
 * @param labels the two columns' names (colour markup allowed)
 * @returns a name and categories (as many as needed, not 13) for `renderAgreementPdf`
 */
export function comparisonSheet(comparison: AgreementComparison, labels: ComparisonLabels): { contractName: string; categories: Category[] } {
  const option = (id: string, name: string): Option => ({
    _id: id,
    optionName: name,
    isSelected: true,
    bold: false,
    italics: false,
    editedName: '',
    isEdited: false,
  });
  const subject = (id: string, name: string, heading: string, options: Option[]): Subject => ({
    _id: id,
    subjectName: name,
    subcategoryName: heading,
    subcategoryBold: false,
    subcategoryItalics: false,
    bold: false,
    italics: false,
    isSelected: true,
    isLocked: false,
    options,
    editedName: '',
    isEdited: false,
  });
  const differing = comparison.categories.filter((category) => !category.isSame);
  const categories: Category[] = differing.map((category, index) => ({
    _id: category.key,
    order: index + 1,
    categoryName: category.name.left || category.name.right,
    bold: false,
    italics: false,
    subjects: category.differences.map((difference) =>
      subject(difference.key, difference.left.name || difference.right.name, difference.heading, [
        option(`${difference.key}:left`, `${labels.left}: ${describeSide(difference.left, difference.isRenamed)}`),
        option(`${difference.key}:right`, `${labels.right}: ${describeSide(difference.right, difference.isRenamed)}`),
      ]),
    ),
  }));
  const same = comparison.categories.filter((category) => category.isSame);
  const sameNames = same.map((category) => category.name.left || category.name.right);
  const closing = differing.length === 0 ? ['The two agreements say the same.'] : sameNames;
  if (closing.length > 0) {
    categories.push({
      _id: 'same',
      order: categories.length + 1,
      categoryName: 'Same in both',
      bold: false,
      italics: false,
      subjects: closing.map((name, index) => subject(`same-${index}`, name, '', [])),
    });
  }
  return { contractName: `What's different: ${labels.left} | ${labels.right}`, categories };
}
