/**
 * Three-way merge of agreements (docs/sharing.md §5; ADR 170): two partners who saved the same agreement
 * from the same revision get one document with both sets of changes, and only changes to the same
 * item with different results are conflicts for a person to settle.
 *
 * - `base`: the revision the editor loaded; `theirs`: the revision stored now (saved by someone
 *   else since); `ours`: what the editor sends.
 * - Items are matched by `_id` (categories, subjects, options; ids are stable across revisions of
 *   one agreement). The items a person can change, and so the units of merging, are:
 *   the agreement name; per subject and per option, whether it is ticked (`selected`) and its name
 *   (`name`: the original name, `isEdited` and `editedName` together, so a placeholder turned into a
 *   user-added row is one change); and added subjects and options.
 * - A field changed on one side only takes that side's value; changed on both sides to the same
 *   value, that value; to different values, it is a **conflict**, unless `resolutions` settles it
 *   ('mine' = ours, 'theirs').
 * - Added rows: each side's additions are kept, theirs first, then ours, before the placeholder row
 *   that ends every list. When both sides turned the SAME placeholder row into different user-added
 *   rows, both are kept: theirs under the row's id, ours as a new row (a fresh id).
 * - A row present in `base` but removed on one side (only a reset to a template removes rows, and a
 *   reset replaces every id, which makes the documents `incompatible`) is removed, or reported as a
 *   `presence` conflict when the other side changed it.
 * - Notes on subjects and categories merge like ticks: one value per item (`note`).
 * - Which field is which is read from the field table (agreement-fields.ts): everything a person
 *   cannot change in the editor (category names, bold, italics, locks, subcategory headings) is
 *   marked `theirs` there and taken from `theirs`.
 *
 * Result: `merged` (a document that satisfies ContractDocumentSchema, placeholders last, with the
 * number of items taken from `theirs`), `conflicts` (each with a key for `resolutions`), or
 * `incompatible` (the agreement was reset to a template elsewhere: its categories are not the same
 * ones; the person chooses the whole document, theirs or ours). Pure; no input is modified.
 */
import { alignIdsByKey } from './catalogue-keys';
import { valueFields } from './agreement-fields';
import { CATEGORY_COUNT, MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from './constants';
import { type Category, type ContractDocument, type Option, type Subject, displayName, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';

/** Which value a person chose for a conflict. */
export type ConflictChoice = 'mine' | 'theirs';

/** Choices per conflict key (MergeConflict.key). */
export type MergeResolutions = Readonly<Record<string, ConflictChoice>>;

/** What a conflict is about. */
export type ConflictField = 'contractName' | 'selected' | 'note' | 'name' | 'presence';

/** One item changed on both sides with different results. */
export interface MergeConflict {
  /** Stable key of the item and field, e.g. `c:<id>/s:<id>/o:<id>:selected`; used in resolutions. */
  key: string;
  field: ConflictField;
  /** Where it is, for people: category name, subject name, option name (plain text, no markup). */
  place: string[];
  /** The two values as people read them: a name (colour markup kept), "ticked", "not ticked", "removed". */
  mine: string;
  theirs: string;
  /** The value both sides started from (the loaded revision's), read the same way. */
  base: string;
  /** Where the item is, by id (to find the revision that last changed it, or to scroll to it). */
  path: { categoryId?: string; subjectId?: string; optionId?: string };
}

/** The outcome of mergeAgreements. */
export type MergeResult =
  { kind: 'merged'; document: ContractDocument; theirChangeCount: number } | { kind: 'conflicts'; conflicts: MergeConflict[] } | { kind: 'incompatible' };

/** Makes ids for rows that need a new one (a both-sides addition). */
export type NewId = () => string;

/** Label of a value of a `selected` field. */
export const TICKED_LABEL = 'ticked';
export const NOT_TICKED_LABEL = 'not ticked';
/** Label of an empty note in a conflict. */
export const NO_NOTE_LABEL = 'no note';
/** Label of a row removed on one side. */
export const REMOVED_LABEL = 'removed';

/** Incompatible structure found while merging: the caller answers `incompatible`. */
class Incompatible extends Error {}

interface MergeContext {
  resolutions: MergeResolutions;
  conflicts: MergeConflict[];
  theirChangeCount: number;
  newId: NewId;
}

type Row = Subject | Option;

function originalName(row: Row): string {
  return 'subjectName' in row ? row.subjectName : row.optionName;
}

function nameKey(row: Row): string {
  return JSON.stringify([originalName(row), row.isEdited, row.editedName]);
}

function plain(markup: string): string {
  return stripMarkup(markup).trim();
}

/**
 * Merges one field. `equal` compares values; `label` writes one for a conflict.
 * Returns the merged value, or `undefined` after recording a conflict (the caller keeps theirs).
 */
function mergeField<V>(
  context: MergeContext,
  values: { base: V; theirs: V; ours: V },
  equal: (a: V, b: V) => boolean,
  conflict: Omit<MergeConflict, 'mine' | 'theirs' | 'base'> & { label: (v: V) => string },
): V {
  const { base, theirs, ours } = values;
  if (equal(ours, base)) {
    if (!equal(theirs, base)) context.theirChangeCount += 1;
    return theirs;
  }
  if (equal(theirs, base) || equal(theirs, ours)) return ours;
  const choice = context.resolutions[conflict.key];
  if (choice === 'mine') return ours;
  if (choice === 'theirs') return theirs;
  const { label, ...rest } = conflict;
  context.conflicts.push({ ...rest, mine: label(ours), theirs: label(theirs), base: label(base) });
  return theirs;
}

const same = <V>(a: V, b: V) => a === b;
const tickLabel = (selected: boolean) => (selected ? TICKED_LABEL : NOT_TICKED_LABEL);

/** How a conflict shows a value of a `value` field. */
function valueLabel(field: 'selected' | 'note', value: unknown): string {
  if (field === 'selected') return tickLabel(value === true);
  return typeof value === 'string' && value !== '' ? value : NO_NOTE_LABEL;
}

/** A note's value for comparing (absent and '' are the same: no note). */
function comparable(value: unknown): unknown {
  return value === undefined ? '' : value;
}

/**
 * The `value` fields of a row or category (agreement-fields.ts: ticks, notes) merged one by one.
 *
 * @returns the fields to set on the merged item; a note merged to '' is left out (no note)
 */
function mergeValues<T extends object>(
  context: MergeContext,
  level: 'category' | 'subject' | 'option',
  items: { base: T; theirs: T; ours: T },
  key: string,
  place: string[],
  path: MergeConflict['path'],
): Partial<T> {
  const merged: Record<string, unknown> = {};
  for (const [field, conflictField] of valueFields(level)) {
    const read = (item: T) => comparable((item as Record<string, unknown>)[field]);
    const value = mergeField(context, { base: read(items.base), theirs: read(items.theirs), ours: read(items.ours) }, same, {
      key: `${key}:${conflictField}`,
      field: conflictField,
      place,
      path,
      label: (v) => valueLabel(conflictField, v),
    });
    merged[field] = value;
  }
  return merged as Partial<T>;
}

/** Sets merged values on an item; an empty note is removed rather than stored as ''. */
function withValues<T extends object>(item: T, values: Partial<T>): T {
  const result = { ...item, ...values } as Record<string, unknown>;
  if (result.note === '') delete result.note;
  return result as T;
}

/** A row's fields merged: its `value` fields (ticks, notes) and `name`; options by mergeRows (subjects). */
function mergeRow<R extends Row>(context: MergeContext, base: R, theirs: R, ours: R, key: string, place: string[], path: MergeConflict['path']): R {
  const level = 'subjectName' in theirs ? 'subject' : 'option';
  const values = mergeValues<Row>(context, level, { base, theirs, ours }, key, place, path);
  const name = mergeField(context, { base, theirs, ours }, (a, b) => nameKey(a) === nameKey(b), {
    key: `${key}:name`,
    field: 'name',
    place,
    path,
    label: (row) => displayName(row as Subject),
  });
  const named = withValues({ ...theirs, isEdited: name.isEdited, editedName: name.editedName } as Row, values);
  if ('subjectName' in named) {
    const subject = named as Subject;
    subject.subjectName = (name as Subject).subjectName;
    subject.options = mergeRows(
      context,
      (base as Subject).options,
      (theirs as Subject).options,
      (ours as Subject).options,
      MAX_OPTIONS_PER_SUBJECT,
      (option) => ({ key: `${key}/o:${option._id}`, place: [...place, plain(displayName(option))], path: { ...path, optionId: option._id } }),
    );
    return subject as R;
  }
  (named as Option).optionName = (name as Option).optionName;
  return named as R;
}

/** True when a row (and its options) differs between two versions. */
function rowChanged(a: Row, b: Row): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Merges a list of rows (a category's subjects or a subject's options), matched by id.
 *
 * @param limit the most rows the list may hold (ContractDocumentSchema)
 * @throws Incompatible when the merged list holds more real rows than `limit`
 */
function mergeRows<R extends Row>(
  context: MergeContext,
  base: R[],
  theirs: R[],
  ours: R[],
  limit: number,
  where: (row: R) => { key: string; place: string[]; path: MergeConflict['path'] },
): R[] {
  const baseById = new Map(base.map((row) => [row._id, row]));
  const oursById = new Map(ours.map((row) => [row._id, row]));
  const theirIds = new Set(theirs.map((row) => row._id));
  const merged: R[] = [];
  const extra: R[] = [];

  for (const their of theirs) {
    const b = baseById.get(their._id);
    const our = oursById.get(their._id);
    if (!b || !our) {
      // Added by them (or removed by us, which the editor never does): theirs as it is.
      merged.push(their);
      continue;
    }
    // Named as both sides knew it before their changes (a new row by the name it was given).
    const { key, place, path } = where(isPlaceholderName(originalName(b)) ? our : b);
    const bothAdded = isPlaceholderName(originalName(b)) && !isPlaceholderName(originalName(their)) && !isPlaceholderName(originalName(our));
    if (bothAdded && nameKey(their) !== nameKey(our)) {
      // Both turned the same "Add New…" row into a row of their own: keep both.
      merged.push(their);
      extra.push({ ...our, _id: context.newId() });
      continue;
    }
    merged.push(mergeRow(context, b, their, our, key, place, path));
  }

  for (const b of base) {
    if (theirIds.has(b._id)) continue;
    // Removed by them: kept only when we changed it and chose to keep it.
    const our = oursById.get(b._id);
    if (!our || !rowChanged(b, our)) continue;
    // Named as both sides knew it before their changes (a new row by the name it was given).
    const { key, place, path } = where(isPlaceholderName(originalName(b)) ? our : b);
    const choice = context.resolutions[`${key}:presence`];
    if (choice === 'mine') merged.push(our);
    else if (choice === undefined)
      context.conflicts.push({
        key: `${key}:presence`,
        field: 'presence',
        place,
        path,
        mine: plain(displayName(our as Subject)),
        theirs: REMOVED_LABEL,
        base: plain(displayName(b as Subject)),
      });
  }

  for (const our of ours) {
    if (!baseById.has(our._id) && !theirIds.has(our._id)) extra.push(our); // added by us
  }

  const rows = [...merged, ...extra];
  const real = rows.filter((row) => !isPlaceholderName(originalName(row)));
  if (real.length > limit) throw new Incompatible();
  const placeholder = rows.find((row) => isPlaceholderName(originalName(row)));
  return placeholder && real.length < limit ? [...real, placeholder] : real;
}

/** Merges one category: its `value` fields (the note) and its subjects; its other fields are theirs. */
function mergeCategory(context: MergeContext, base: Category, theirs: Category, ours: Category): Category {
  const categoryKey = `c:${theirs._id}`;
  const categoryName = plain(theirs.categoryName);
  const values = mergeValues<Category>(context, 'category', { base, theirs, ours }, categoryKey, [categoryName], { categoryId: theirs._id });
  return {
    ...withValues(theirs, values),
    subjects: mergeRows(context, base.subjects, theirs.subjects, ours.subjects, MAX_SUBJECTS_PER_CATEGORY, (subject) => ({
      key: `${categoryKey}/s:${subject._id}`,
      place: [categoryName, plain(displayName(subject))],
      path: { categoryId: theirs._id, subjectId: subject._id },
    })),
  };
}

/**
 * Merges two agreements that both started from `base` (see the file comment for the rules).
 *
 * @param base the document the editor loaded (a stored revision)
 * @param theirs the document stored now
 * @param ours the document the editor sends
 * @param resolutions choices for conflicts reported by an earlier call (keys of MergeConflict)
 * @param newId makes an id for a row both sides added in the same place (default: random UUID)
 * @returns merged document and how many items came from `theirs`; or the conflicts still open;
 *   or `incompatible` when the three do not hold the same 13 categories, by id or by catalogue key
 */
export function mergeAgreements(
  base: ContractDocument,
  theirs: ContractDocument,
  ours: ContractDocument,
  resolutions: MergeResolutions = {},
  newId: NewId = () => crypto.randomUUID(),
): MergeResult {
  // Where ids differ but catalogue keys agree (theirs was made again from a template or imported),
  // the three pair by key (docs/catalogue-keys.md): base and ours take theirs' ids.
  base = alignIdsByKey(base, theirs);
  ours = alignIdsByKey(ours, theirs);
  const ids = (doc: ContractDocument) => doc.categories.map((c) => c._id).join(',');
  if (base.categories.length !== CATEGORY_COUNT || ids(base) !== ids(theirs) || ids(base) !== ids(ours)) return { kind: 'incompatible' };

  const context: MergeContext = { resolutions, conflicts: [], theirChangeCount: 0, newId };
  try {
    const contractName = mergeField(context, { base: base.contractName, theirs: theirs.contractName, ours: ours.contractName }, same, {
      key: 'contractName',
      field: 'contractName',
      place: [],
      path: {},
      label: (name) => name,
    });
    const categories = theirs.categories.map((their, index) => mergeCategory(context, base.categories[index]!, their, ours.categories[index]!));
    if (context.conflicts.length > 0) return { kind: 'conflicts', conflicts: context.conflicts };
    const playerNames = mergePlayerNames(context, base.playerNames, theirs.playerNames, ours.playerNames);
    return { kind: 'merged', document: { contractName, categories, ...(playerNames ? { playerNames } : {}) }, theirChangeCount: context.theirChangeCount };
  } catch (error) {
    if (error instanceof Incompatible) return { kind: 'incompatible' };
    throw error;
  }
}

/**
 * The player names after a merge (docs/product.md §11): whichever side changed them; when both did, this
 * save's (the names are one field the partners rarely edit at once, and the other version stays
 * in History).
 */
function mergePlayerNames(
  context: MergeContext,
  base: ContractDocument['playerNames'],
  theirs: ContractDocument['playerNames'],
  ours: ContractDocument['playerNames'],
): ContractDocument['playerNames'] {
  const key = (names: ContractDocument['playerNames']) => JSON.stringify(names ?? ['', '']);
  if (key(ours) !== key(base)) return ours;
  if (key(theirs) !== key(base)) context.theirChangeCount += 1;
  return theirs;
}
