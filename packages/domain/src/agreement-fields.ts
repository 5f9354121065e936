/**
 * The agreement's fields, one table (ARCHITECTURE.md, "Add a field to the agreement"): for every
 * field of the document, a category, a subject and an option, how a three-way merge treats it,
 * what History counts when it changes, what Compare says of it, and whether the agreement PDF
 * prints it. merge.ts, history.ts, compare.ts and the outline read this table, so a new field is
 * one row here plus its schema; `AgreementFieldTable` makes the compiler refuse a table that
 * misses a schema key or names one the schema does not have, and agreement-fields.test.ts checks
 * the zod schemas themselves.
 */
import type { Category, ContractDocument, Option, Subject } from './contract';

/**
 * How a three-way merge (merge.ts, ADR 170) treats a field:
 * - `value`: a person edits it; each side's change is kept, different changes to the same item
 *   are a conflict of kind `conflict`;
 * - `name`: part of the item's name (original name, `isEdited`, `editedName` merge as one unit);
 * - `rows`: a list merged row by row (categories, subjects, options);
 * - `theirs`: nobody edits it in the editor (ids, order, typography, locks, headings): the stored
 *   version's value is kept;
 * - `players`: the player names (one unit; this save's change wins, the other stays in History).
 */
export type MergeUnit = 'value' | 'name' | 'rows' | 'theirs' | 'players';

/** What History counts when the field changes (history.ts `ChangeCounts`); null: not counted there. */
export type HistoryCount = 'ticked' | 'renamed' | 'noted' | null;

/** What Compare reports of the field (compare.ts); null: not compared. */
export type CompareAspect = 'played' | 'options' | 'name' | 'note' | null;

/** One row of the table. */
export interface AgreementFieldRule {
  merge: MergeUnit;
  /** For `value` fields: the conflict's `field` and the suffix of its key (`c:<id>/s:<id>:note`). */
  conflict?: 'selected' | 'note';
  history: HistoryCount;
  compare: CompareAspect;
  /** Printed in the agreement PDF (the card prints its own selection: acbl-card.ts). */
  printed: boolean;
}

/** The table's shape: every key of each level's type, and no other. */
export type AgreementFieldTable = {
  document: Record<keyof ContractDocument, AgreementFieldRule>;
  category: Record<keyof Category, AgreementFieldRule>;
  subject: Record<keyof Subject, AgreementFieldRule>;
  option: Record<keyof Option, AgreementFieldRule>;
};

/** The levels of the agreement document. */
export type AgreementLevel = keyof AgreementFieldTable;

const identity: AgreementFieldRule = { merge: 'theirs', history: null, compare: null, printed: false };
const typography: AgreementFieldRule = { merge: 'theirs', history: null, compare: null, printed: true };
const nameField: AgreementFieldRule = { merge: 'name', history: 'renamed', compare: 'name', printed: true };
const ticked: AgreementFieldRule = { merge: 'value', conflict: 'selected', history: 'ticked', compare: 'played', printed: true };
const note: AgreementFieldRule = { merge: 'value', conflict: 'note', history: 'noted', compare: 'note', printed: true };

/** Every field of the agreement document and how each part of the product treats it. */
export const AGREEMENT_FIELDS = {
  document: {
    contractName: { merge: 'value', history: null, compare: null, printed: true },
    categories: { merge: 'rows', history: null, compare: null, printed: true },
    playerNames: { merge: 'players', history: null, compare: null, printed: true },
  },
  category: {
    _id: identity,
    key: identity,
    order: identity,
    categoryName: typography,
    bold: typography,
    italics: typography,
    subjects: { merge: 'rows', history: null, compare: null, printed: true },
    note,
  },
  subject: {
    _id: identity,
    key: identity,
    subjectName: nameField,
    subcategoryName: typography,
    subcategoryBold: typography,
    subcategoryItalics: typography,
    bold: typography,
    italics: typography,
    isSelected: ticked,
    isLocked: identity,
    options: { merge: 'rows', history: null, compare: 'options', printed: true },
    editedName: nameField,
    isEdited: nameField,
    note,
  },
  option: {
    _id: identity,
    key: identity,
    optionName: nameField,
    isSelected: ticked,
    bold: typography,
    italics: typography,
    editedName: nameField,
    isEdited: nameField,
  },
} as const satisfies AgreementFieldTable;

/**
 * The `value` fields of a level, with their conflict kinds: what merge.ts merges field by field.
 *
 * @returns e.g. for `subject`: [['isSelected', 'selected'], ['note', 'note']]
 */
export function valueFields<L extends AgreementLevel>(level: L): [keyof AgreementFieldTable[L] & string, 'selected' | 'note'][] {
  const rules = AGREEMENT_FIELDS[level] as Record<string, AgreementFieldRule>;
  return Object.entries(rules)
    .filter(([, rule]) => rule.merge === 'value' && rule.conflict !== undefined)
    .map(([key, rule]) => [key as keyof AgreementFieldTable[L] & string, rule.conflict!]);
}

/** The fields of a level that History counts as `kind` (history.ts). */
export function fieldsCountedAs(level: AgreementLevel, kind: Exclude<HistoryCount, null>): string[] {
  const rules = AGREEMENT_FIELDS[level] as Record<string, AgreementFieldRule>;
  return Object.entries(rules)
    .filter(([, rule]) => rule.history === kind)
    .map(([key]) => key);
}

/**
 * True when a field History counts as `kind` differs between two versions of one item (an absent
 * note and '' are the same).
 *
 * @param level the item's level in the document
 * @param kind the History count (agreement-fields.ts `HistoryCount`)
 */
export function isCountedChange(level: AgreementLevel, kind: Exclude<HistoryCount, null>, before: object, after: object): boolean {
  const read = (item: object, key: string) => (item as Record<string, unknown>)[key] ?? '';
  return fieldsCountedAs(level, kind).some((key) => read(before, key) !== read(after, key));
}
