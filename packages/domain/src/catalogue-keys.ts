/**
 * Catalogue keys (docs/catalogue-keys.md): the identity of every category, subject and option of the
 * template catalogue, carried by templates and agreements so that everything that reads what an
 * agreement says (Compare, the merge, History, the ACBL card, imports) can find an item whatever
 * its shown name.
 *
 * A key is dotted: a category's (`nt`), a subject's (`nt.stayman`: its category's key, a dot, a
 * word), an option's (`nt.stayman.regular`: its subject's key, a dot, a word). Keys are defined once, in
 * scripts/template-catalogue/catalogue.ts, and are a contract: a key is never reused for another
 * meaning, and renaming one is a migration, not an edit (docs/catalogue-keys.md, "Changing a key").
 *
 * This module is pure and small (no CSV code), so the web app may import it.
 */
import { z } from 'zod';
import { PLACEHOLDER_PREFIX, USER_ADDED_LABEL } from './constants';
// Types only: contract.ts imports this module's schema.
import type { Category, Option, Subject } from './contract';

/** Longest key, in characters (the longest catalogue key is about 50). */
export const MAX_CATALOGUE_KEY_LENGTH = 120;

/**
 * The form of a key: a lower-case word (the category), then at most two dot-separated words of
 * letters, digits, `-`, `_` or `+` (the subject, then the option), e.g. `nt.range.15-17`.
 */
export const CATALOGUE_KEY_PATTERN = /^[a-z][a-z0-9]*(\.[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/** A catalogue key as stored in a template or an agreement (docs/catalogue-keys.md). */
export const CatalogueKeySchema = z
  .string()
  .max(MAX_CATALOGUE_KEY_LENGTH, `A catalogue key may be at most ${MAX_CATALOGUE_KEY_LENGTH} characters long`)
  .regex(CATALOGUE_KEY_PATTERN, 'A catalogue key is a lower-case word and up to two dotted words, e.g. nt.stayman.regular');

/** The level a key names, read from its number of parts. */
export type KeyLevel = 'category' | 'subject' | 'option';

/**
 * The level of a key: one part is a category's, two a subject's, three an option's.
 *
 * @param key a key of CATALOGUE_KEY_PATTERN's form (not checked again).
 */
export function keyLevel(key: string): KeyLevel {
  const dots = key.split('.').length - 1;
  return dots === 0 ? 'category' : dots === 1 ? 'subject' : 'option';
}

/** The key of an option: its subject's key, a dot and the option's own word, e.g. `nt.stayman.regular`. */
export function optionKeyOf(subjectKey: string, optionWord: string): string {
  return `${subjectKey}.${optionWord}`;
}

/** The key of the subject an option key belongs to (`nt.stayman.regular` -> `nt.stayman`). */
export function subjectKeyOfOption(optionKey: string): string {
  return optionKey.slice(0, optionKey.lastIndexOf('.'));
}

/**
 * True when an item was added by a user rather than taken from a template: its original name is
 * "User added" (docs/product.md §9). Such items have no key; they keep their `_id`.
 */
export function isUserAdded(item: Subject | Option): boolean {
  return ('subjectName' in item ? item.subjectName : item.optionName) === USER_ADDED_LABEL;
}

/** True for rows that are neither placeholders nor user-added: the items a catalogue key can name. */
export function isCatalogueItem(item: Subject | Option): boolean {
  return !isUserAdded(item) && !('subjectName' in item ? item.subjectName : item.optionName).startsWith(PLACEHOLDER_PREFIX);
}

/** Every key a document carries, with the level it is found at; keys found twice are listed once each time. */
export function keysIn(categories: readonly Category[]): { key: string; level: KeyLevel }[] {
  const keys: { key: string; level: KeyLevel }[] = [];
  for (const category of categories) {
    if (category.key) keys.push({ key: category.key, level: 'category' });
    for (const subject of category.subjects) {
      if (subject.key) keys.push({ key: subject.key, level: 'subject' });
      for (const option of subject.options) if (option.key) keys.push({ key: option.key, level: 'option' });
    }
  }
  return keys;
}

type Keyed = { _id: string; key?: string | undefined; subjectName?: string; optionName?: string };

/** What pairs a row in `alignIdsByKey`: its key, or for the "Add New …" placeholder row that ends a list, that role. */
function alignmentKey(row: Keyed): string | undefined {
  if (row.key) return row.key;
  const name = row.subjectName ?? row.optionName;
  return name !== undefined && name.startsWith(PLACEHOLDER_PREFIX) ? '\u0000placeholder' : undefined;
}

/** `items` with the ids of `reference`'s items of the same key where the ids differ (see alignIdsByKey). */
function alignRows<T extends Keyed, R extends Keyed>(items: readonly T[], reference: readonly R[], inner?: (item: T, match: R) => T): T[] {
  // The same ids in the same order (a save of a document made from the stored one, nearly always):
  // each row pairs with the one at its place and no id changes here, only perhaps below.
  if (items.length === reference.length && items.every((item, index) => item._id === reference[index]!._id)) {
    if (!inner) return items as T[];
    let changedBelow = false;
    const pairedInPlace = items.map((item, index) => {
      const next = inner(item, reference[index]!);
      if (next !== item) changedBelow = true;
      return next;
    });
    return changedBelow ? pairedInPlace : (items as T[]);
  }
  const referenceIds = new Set(reference.map((row) => row._id));
  const ownIds = new Set(items.map((row) => row._id));
  const byKey = new Map<string, R>();
  for (const row of reference) {
    const key = alignmentKey(row);
    if (key && !ownIds.has(row._id) && !byKey.has(key)) byKey.set(key, row);
  }
  const referenceById = new Map(reference.map((row) => [row._id, row]));
  let changed = false;
  const aligned = items.map((item) => {
    let next = item;
    let match = referenceById.get(item._id);
    const key = alignmentKey(item);
    if (!referenceIds.has(item._id) && key) {
      const byKeyMatch = byKey.get(key);
      if (byKeyMatch) {
        byKey.delete(key);
        next = { ...item, _id: byKeyMatch._id };
        match = byKeyMatch;
      }
    }
    if (match && inner) next = inner(next, match);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? aligned : (items as T[]);
}

/**
 * The document with the `_id` of each category, subject and option replaced by the `_id` of the
 * item of `reference` with the same catalogue key, where the ids differ (docs/catalogue-keys.md): so
 * that a document made again from a template, or imported, pairs item for item with the one it
 * replaces in the merge (merge.ts) and in History (history.ts), and keeps its item marks.
 * The placeholder rows ("Add New …", which have no key) of items paired so pair too. Items without
 * a key, items whose id `reference` has, and keys `reference` has under an id this document also
 * uses are left alone; no id is given twice at one level.
 *
 * Cost: every save runs this; a level whose ids are already those of `reference`, in order (a
 * document made from the stored one), is checked row by row without building maps: 0.05 ms for
 * the largest template where the maps took 0.65 ms.
 *
 * @param doc the document to align (not changed).
 * @param reference the document whose ids win.
 * @returns `doc` itself when nothing changed, else a copy sharing every unchanged part.
 */
export function alignIdsByKey<D extends { categories: Category[] }>(doc: D, reference: { categories: readonly Category[] }): D {
  const categories = alignRows(doc.categories, reference.categories, (category, match) => {
    const subjects = alignRows(category.subjects, match.subjects, (subject, matchSubject) => {
      const options = alignRows(subject.options, matchSubject.options);
      return options === subject.options ? subject : { ...subject, options };
    });
    return subjects === category.subjects ? category : { ...category, subjects };
  });
  return categories === doc.categories ? doc : { ...doc, categories };
}
