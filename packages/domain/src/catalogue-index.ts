/**
 * Keys by name (docs/catalogue-keys.md, "Keys by name"): an index of the catalogue's names, built
 * from a keyed template (the server uses templates/blank.csv, every catalogue item), and the
 * functions that give an unkeyed template or agreement its keys and move the ticks of retired keys.
 *
 * Pure and synchronous. Nothing but `key` fields is added, and nothing is removed but the rows of
 * retired options (their ticks, names and notes moved first).
 */
import { isCatalogueItem, subjectKeyOfOption } from './catalogue-keys';
import { type Category, type Option, type Subject, displayName, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';
import { type NewId, randomId } from './ids';
import { RETIRED_OPTIONS } from './retired-keys';

/** The catalogue's names and keys, for matching (build with `buildCatalogueIndex`). */
export interface CatalogueIndex {
  /** Category name -> key. */
  categoryKeys: Map<string, string>;
  /** `categoryKey \0 subject name` -> subject key. */
  subjectKeys: Map<string, string>;
  /** Subject name -> its keys (one unless two categories share the name). */
  subjectKeysByName: Map<string, string[]>;
  /** `subjectKey \0 option name` -> option key (retired options included). */
  optionKeys: Map<string, string>;
  /** Every key of the catalogue, retired ones excluded. */
  keys: Set<string>;
}

/**
 * Builds the index from a template whose items carry keys (docs/catalogue-keys.md). Items without a
 * key are skipped. The retired options (retired-keys.ts) are added under their old names.
 *
 * @param template categories of a keyed template, e.g. the parsed templates/blank.csv.
 * @returns the index; `keys` holds every key found.
 */
export function buildCatalogueIndex(template: { categories: readonly Category[] }): CatalogueIndex {
  const index: CatalogueIndex = { categoryKeys: new Map(), subjectKeys: new Map(), subjectKeysByName: new Map(), optionKeys: new Map(), keys: new Set() };
  for (const category of template.categories) {
    if (!category.key) continue;
    index.categoryKeys.set(category.categoryName, category.key);
    index.keys.add(category.key);
    for (const subject of category.subjects) {
      if (!subject.key) continue;
      index.keys.add(subject.key);
      index.subjectKeys.set(`${category.key}\u0000${subject.subjectName}`, subject.key);
      index.subjectKeysByName.set(subject.subjectName, [...(index.subjectKeysByName.get(subject.subjectName) ?? []), subject.key]);
      for (const option of subject.options) {
        if (!option.key) continue;
        index.keys.add(option.key);
        index.optionKeys.set(`${subject.key}\u0000${option.optionName}`, option.key);
      }
    }
  }
  for (const retired of RETIRED_OPTIONS) {
    const subjectKey = subjectKeyOfOption(retired.key);
    if (!index.optionKeys.has(`${subjectKey}\u0000${retired.names[2]}`)) index.optionKeys.set(`${subjectKey}\u0000${retired.names[2]}`, retired.key);
  }
  return index;
}

/** How many items a keying matched and which it could not. */
export interface KeyingReport {
  /** Items that carried a key already. */
  alreadyKeyed: number;
  /** Items given a key by their names. */
  matched: number;
  /** Items no catalogue item matched (placeholders and user-added items are not counted). */
  unmatched: number;
  /** Up to `maxExamples` unmatched items, as "Category › Subject › Option" in plain text. */
  unmatchedExamples: string[];
}

/** An empty report, to add others to (`addReports`). */
export function emptyKeyingReport(): KeyingReport {
  return { alreadyKeyed: 0, matched: 0, unmatched: 0, unmatchedExamples: [] };
}

/** The sum of two reports, keeping at most `maxExamples` examples. */
export function addReports(a: KeyingReport, b: KeyingReport, maxExamples = 20): KeyingReport {
  return {
    alreadyKeyed: a.alreadyKeyed + b.alreadyKeyed,
    matched: a.matched + b.matched,
    unmatched: a.unmatched + b.unmatched,
    unmatchedExamples: [...a.unmatchedExamples, ...b.unmatchedExamples.filter((example) => !a.unmatchedExamples.includes(example))].slice(0, maxExamples),
  };
}

/**
 * Gives every category, subject and option without a key the key of the catalogue item with the
 * same names (docs/catalogue-keys.md, "Keys by name"): a category by name; a subject by its
 * category's key and original name, else by an original name only one catalogue subject has; an
 * option by its subject's key and original name. Keys already there are kept; a key is never
 * given twice in one document (the later item stays unkeyed and is reported).
 *
 * @param categories the document's or template's categories (not changed).
 * @param index the catalogue (`buildCatalogueIndex`).
 * @param maxExamples how many unmatched items the report lists.
 * @returns new categories (unchanged objects where nothing was added) and the report.
 */
export function assignCatalogueKeys(
  categories: readonly Category[],
  index: CatalogueIndex,
  maxExamples = 20,
): { categories: Category[]; report: KeyingReport } {
  const report = emptyKeyingReport();
  const used = new Set<string>();
  for (const category of categories) {
    if (category.key) used.add(category.key);
    for (const subject of category.subjects) {
      if (subject.key) used.add(subject.key);
      for (const option of subject.options) if (option.key) used.add(option.key);
    }
  }
  const miss = (path: string[]) => {
    report.unmatched += 1;
    if (report.unmatchedExamples.length < maxExamples) report.unmatchedExamples.push(path.map(stripMarkup).join(' › '));
  };
  const take = (key: string | undefined): string | undefined => {
    if (key === undefined || used.has(key)) return undefined;
    used.add(key);
    return key;
  };
  const result = categories.map((category): Category => {
    let categoryKey = category.key;
    if (categoryKey) report.alreadyKeyed += 1;
    else {
      categoryKey = take(index.categoryKeys.get(category.categoryName));
      if (categoryKey) report.matched += 1;
      else miss([category.categoryName]);
    }
    const subjects = category.subjects.map((subject): Subject => {
      if (!isCatalogueItem(subject)) return subject;
      let subjectKey = subject.key;
      if (subjectKey) report.alreadyKeyed += 1;
      else {
        const byName = index.subjectKeysByName.get(subject.subjectName);
        subjectKey = take(
          (categoryKey ? index.subjectKeys.get(`${categoryKey}\u0000${subject.subjectName}`) : undefined) ?? (byName?.length === 1 ? byName[0] : undefined),
        );
        if (subjectKey) report.matched += 1;
        else miss([category.categoryName, displayName(subject)]);
      }
      const options = subject.options.map((option): Option => {
        if (!isCatalogueItem(option)) return option;
        if (option.key) {
          report.alreadyKeyed += 1;
          return option;
        }
        const optionKey = subjectKey ? take(index.optionKeys.get(`${subjectKey}\u0000${option.optionName}`)) : undefined;
        if (!optionKey) {
          miss([category.categoryName, displayName(subject), displayName(option)]);
          return option;
        }
        report.matched += 1;
        return { ...option, key: optionKey };
      });
      const changed = subjectKey !== subject.key || options.some((option, i) => option !== subject.options[i]);
      return changed ? { ...subject, ...(subjectKey ? { key: subjectKey } : {}), options } : subject;
    });
    const changed = categoryKey !== category.key || subjects.some((subject, i) => subject !== category.subjects[i]);
    return changed ? { ...category, ...(categoryKey ? { key: categoryKey } : {}), subjects } : category;
  });
  return { categories: result, report };
}

/** What `moveRetiredOptions` did: one line per retired option found, e.g. for a migration's report. */
export interface RetiredMove {
  key: string;
  wasSelected: boolean;
  into: string[];
}

/**
 * Moves what the retired options of a document held onto the options that now record the same
 * agreement (docs/catalogue-keys.md, "Merged duplicates"; retired-keys.ts): a ticked retired option
 * (under a ticked subject) ticks each replacement option and its subject; an edited name passes to
 * a replacement shown under its original name. The retired option rows are then removed. A
 * replacement the document does not have (an old template) is added, unticked unless the retired
 * one was ticked, under its subject when the document has that subject.
 *
 * @param categories keyed categories (`assignCatalogueKeys` first).
 * @param catalogue the keyed catalogue (for the names of replacement options the document lacks).
 * @param newId id maker for added replacement options (default: random UUIDs).
 * @returns new categories (the same array when no retired option was found) and what moved.
 */
export function moveRetiredOptions(
  categories: readonly Category[],
  catalogue: { categories: readonly Category[] },
  newId: NewId = randomId,
): { categories: Category[]; moves: RetiredMove[] } {
  const retiredByKey = new Map(RETIRED_OPTIONS.map((retired) => [retired.key, retired]));
  const moves: RetiredMove[] = [];
  // Which replacement option keys get a tick or a name.
  const ticks = new Set<string>();
  const names = new Map<string, string>();
  for (const category of categories) {
    for (const subject of category.subjects) {
      for (const option of subject.options) {
        const retired = option.key ? retiredByKey.get(option.key) : undefined;
        if (!retired) continue;
        const wasSelected = option.isSelected && subject.isSelected;
        moves.push({ key: retired.key, wasSelected, into: [...retired.into] });
        for (const target of retired.into) {
          if (wasSelected) ticks.add(target);
          if (option.isEdited && option.editedName !== '' && retired.into.length === 1) names.set(target, option.editedName);
        }
      }
    }
  }
  if (moves.length === 0) return { categories: [...categories], moves };
  const catalogueOptions = new Map<string, Option>();
  for (const category of catalogue.categories)
    for (const subject of category.subjects) for (const option of subject.options) if (option.key) catalogueOptions.set(option.key, option);
  const targets = new Set(RETIRED_OPTIONS.flatMap((retired) => [...retired.into]));
  const result = categories.map((category) => ({
    ...category,
    subjects: category.subjects.map((subject) => {
      let options = subject.options.filter((option) => !(option.key && retiredByKey.has(option.key)));
      // Replacements this subject should hold but does not (made from an older template).
      const missing = [...targets].filter((key) => subject.key && subjectKeyOfOption(key) === subject.key && !options.some((option) => option.key === key));
      for (const key of missing) {
        const model = catalogueOptions.get(key);
        if (!model) continue;
        const placeholderAt = options.findIndex((option) => isPlaceholderName(option.optionName));
        const added: Option = { ...model, _id: newId(), isSelected: false };
        options = placeholderAt < 0 ? [...options, added] : [...options.slice(0, placeholderAt), added, ...options.slice(placeholderAt)];
      }
      let isSelected = subject.isSelected;
      options = options.map((option) => {
        if (!option.key) return option;
        let next = option;
        if (ticks.has(option.key) && !option.isSelected) next = { ...next, isSelected: true };
        if (ticks.has(option.key)) isSelected = true;
        const name = names.get(option.key);
        if (name !== undefined && !option.isEdited) next = { ...next, editedName: name, isEdited: true };
        return next;
      });
      return { ...subject, isSelected, options };
    }),
  }));
  return { categories: result, moves };
}
