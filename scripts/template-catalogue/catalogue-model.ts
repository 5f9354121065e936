/**
 * The shape of the template catalogue and the small helpers the catalogue is written with.
 *
 * The catalogue (catalogue.ts) is the one list of categories, subjects and options that every
 * shipped template shares (docs/product.md §D6: all seven share one catalogue); a template differs only in
 * what it selects (selections/*.ts). Subjects and options carry stable keys so that a selection
 * names a key, never a display name: correcting a name is then one edit in the catalogue.
 *
 * Marks (docs/product.md §D6, docs/product.md §1):
 * - `acbl`: an item of the ACBL classic convention card (docs/bridge.md §1a), shown bold;
 * - `book`: a convention confirmed or probable in "25 Bridge Conventions You Should Know"
 *   (docs/bridge.md §2), shown italic.
 */

/** Why a subject or option is bold (`acbl`) or italic (`book`). */
export type Mark = 'acbl' | 'book';

/** The ACBL classic card mark: shown bold. */
export const ACBL: Mark = 'acbl';
/** The 25-conventions book mark: shown italic. */
export const BOOK: Mark = 'book';

/**
 * An option as written in the catalogue: a plain string is both key and name (ranges such as
 * '15-17'); a tuple gives a key, the name and any marks.
 */
export type OptionSpec = string | readonly [key: string, name: string, ...marks: Mark[]];

/** One choice under a subject, e.g. "15-17" under "1NT opening range (HCP)". */
export interface CatalogueOption {
  /** Stable key, unique within its subject; selections refer to it. */
  key: string;
  /** Display name in the markup of docs/product.md §D5 (`!s !h !d !c` for suit symbols). */
  name: string;
  isBold: boolean;
  isItalic: boolean;
}

/** One agreement line, e.g. "Stayman", with the options a player chooses among. */
export interface CatalogueSubject {
  /** Stable key, unique in the whole catalogue (e.g. 'nt.stayman'); selections refer to it. */
  key: string;
  name: string;
  isBold: boolean;
  isItalic: boolean;
  /** Locked subjects cannot be edited by users; none is locked unless there is a reason. */
  isLocked: boolean;
  options: CatalogueOption[];
  /**
   * Groups of option keys that exclude each other: a template may select at most one option of
   * each group (ADR 120), e.g. the ranges of "1NT opening range (HCP)". Empty when the
   * options combine freely. Set by `markExclusive`; checked by the generator.
   */
  exclusiveGroups: string[][];
}

/** A heading inside a category and the subjects under it ('' = no heading). */
export interface CatalogueSubcategory {
  heading: string;
  isBold: boolean;
  isItalic: boolean;
  subjects: CatalogueSubject[];
}

/** One of the 13 categories (docs/bridge.md §3), in catalogue order. */
export interface CatalogueCategory {
  /** Stable key, unique in the catalogue and the first part of its subjects' keys (e.g. 'nt'). */
  key: string;
  name: string;
  subcategories: CatalogueSubcategory[];
}

/**
 * Declares a subject.
 *
 * @param key stable key, unique in the catalogue (checked by `checkCatalogue`).
 * @param name display name (at most 500 characters; suits as `!s !h !d !c`).
 * @param options the choices, in the order players see them.
 * @param marks `ACBL` (bold) and/or `BOOK` (italic).
 */
export function subject(key: string, name: string, options: readonly OptionSpec[], ...marks: Mark[]): CatalogueSubject {
  return {
    key,
    name,
    isBold: marks.includes(ACBL),
    isItalic: marks.includes(BOOK),
    isLocked: false,
    options: options.map(toOption),
    exclusiveGroups: [],
  };
}

function toOption(spec: OptionSpec): CatalogueOption {
  if (typeof spec === 'string') return { key: spec, name: spec, isBold: false, isItalic: false };
  const [key, name, ...marks] = spec;
  return { key, name, isBold: marks.includes(ACBL), isItalic: marks.includes(BOOK) };
}

/**
 * Which options of a subject exclude each other: `'all'` (every option of the subject is an
 * alternative to every other, e.g. a range) or a list of groups of option keys, at most one of
 * each group selectable (e.g. `[['forcing', 'semi', 'nf'], ['6-10', '6-12']]`).
 */
export type ExclusiveSpec = 'all' | readonly (readonly string[])[];

/**
 * Marks mutually exclusive options (ADR 120) on a copy of the catalogue.
 *
 * @param categories the catalogue without exclusivity marks.
 * @param exclusive subject key -> its exclusive options (see ExclusiveSpec).
 * @returns the same categories with `exclusiveGroups` set on the subjects named.
 * @throws Error naming every subject key of `exclusive` that the catalogue does not have (a
 *   group naming an option the subject does not have is reported by `checkCatalogue`).
 */
export function markExclusive(categories: readonly CatalogueCategory[], exclusive: Readonly<Record<string, ExclusiveSpec>>): CatalogueCategory[] {
  const known = new Set(categories.flatMap(subjectsOf).map((entry) => entry.key));
  const unknown = Object.keys(exclusive).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`Exclusive options name unknown subjects: ${unknown.join(', ')}`);
  return categories.map((entry) => ({
    ...entry,
    subcategories: entry.subcategories.map((subcategory) => ({
      ...subcategory,
      subjects: subcategory.subjects.map((item) => {
        const spec = exclusive[item.key];
        if (spec === undefined) return item;
        const groups = spec === 'all' ? [item.options.map((option) => option.key)] : spec.map((group) => [...group]);
        return { ...item, exclusiveGroups: groups };
      }),
    })),
  }));
}

/** Declares a heading of a category and its subjects (headings are never marked). */
export function heading(name: string, ...subjects: CatalogueSubject[]): CatalogueSubcategory {
  return { heading: name, isBold: false, isItalic: false, subjects };
}

/**
 * Declares a category with its headings, in order.
 *
 * @param key stable key (docs/catalogue-keys.md), e.g. 'nt'; every subject key of the category starts with it and a dot.
 */
export function category(key: string, name: string, ...subcategories: CatalogueSubcategory[]): CatalogueCategory {
  return { key, name, subcategories };
}

/** All subjects of a category, in order, whatever their heading. */
export function subjectsOf(category: CatalogueCategory): CatalogueSubject[] {
  return category.subcategories.flatMap((subcategory) => subcategory.subjects);
}

/**
 * What a template selects: subject key -> keys of the selected options (an empty list selects
 * the subject alone). Subjects not named stay unselected.
 */
export type Selection = Readonly<Record<string, readonly string[]>>;

/** One shipped template: its file under templates/, its name and its selection. */
export interface TemplateDefinition {
  /** File name under templates/, e.g. 'lc-standard.csv'. */
  fileName: string;
  /** The template row's name, e.g. 'LC Standard' (shown to subscribers). */
  templateName: string;
  selection: Selection;
}
