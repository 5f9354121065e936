/**
 * Writes the shipped master templates, templates/*.csv, from the one catalogue
 * (scripts/template-catalogue/catalogue.ts) and each template's selection
 * (scripts/template-catalogue/selections/*.ts). Run with `npm run templates` (docs/product.md §D6).
 *
 * The CSV format is docs/product.md §D6, written by the domain package's `serialiseMasterCsv`, so
 * the files read back with the same `parseMasterCsv` the server and the admin upload use.
 * Generation fails loudly, naming every problem, when the catalogue breaks a rule (duplicate key
 * or name, a name too long, a wrong category list) or a selection names a subject or option that
 * does not exist.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATALOGUE_KEY_PATTERN, keyLevel, optionKeyOf } from '@bpa/domain/catalogue-keys';
import { RETIRED_OPTIONS } from '@bpa/domain/retired-keys';
import { CATEGORY_COUNT, MAX_NAME_LENGTH, PLACEHOLDER_PREFIX, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import type { Category, MasterTemplate, Option, Subject } from '@bpa/domain/contract';
import { serialiseMasterCsv } from '@bpa/domain/master-csv';
import { subjectsOf, type CatalogueCategory, type TemplateDefinition } from './template-catalogue/catalogue-model';
import { CATALOGUE } from './template-catalogue/catalogue';
import { TEMPLATE_DEFINITIONS } from './template-catalogue/templates';

/** Folder the CSV files are written to: templates/ at the repository root. */
export const TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'templates');

/** Keys that may never be used again (docs/catalogue-keys.md, "The contract"). */
const RETIRED_KEYS = new Set(RETIRED_OPTIONS.map((retired) => retired.key));

/** Thrown when the catalogue or a selection is wrong; `problems` lists every one found. */
export class TemplateCatalogueError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The template catalogue has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
    this.name = 'TemplateCatalogueError';
    this.problems = problems;
  }
}

/**
 * Checks the catalogue's own rules.
 *
 * @returns the problems found, empty when the catalogue is sound: 13 categories with the trial
 *   categories among them (docs/product.md §1), subject keys unique in the catalogue, option keys unique in
 *   their subject, no duplicate subject name in a category nor option name in a subject, names
 *   non-empty, at most 500 characters (docs/product.md §D6) and not starting with the placeholder prefix;
 *   keys of their level's form, a subject's under its category's, category keys unique, no retired
 *   key used again (docs/catalogue-keys.md);
 *   every exclusive group names two or more of its subject's options (ADR 120).
 */
export function checkCatalogue(catalogue: readonly CatalogueCategory[]): string[] {
  const problems: string[] = [];
  const checkName = (name: string, where: string) => {
    if (name.trim() === '') problems.push(`${where}: empty name`);
    if (name !== name.trim()) problems.push(`${where}: name has leading or trailing spaces`);
    if (name.length > MAX_NAME_LENGTH) problems.push(`${where}: name is ${name.length} characters (maximum ${MAX_NAME_LENGTH})`);
    if (name.startsWith(PLACEHOLDER_PREFIX)) problems.push(`${where}: name starts with "${PLACEHOLDER_PREFIX}" (reserved for placeholders)`);
  };

  if (catalogue.length !== CATEGORY_COUNT) problems.push(`expected ${CATEGORY_COUNT} categories, found ${catalogue.length}`);
  for (const trialName of TRIAL_CATEGORY_NAMES) {
    if (!catalogue.some((category) => category.name === trialName)) problems.push(`the trial category "${trialName}" is missing`);
  }

  const subjectKeys = new Set<string>();
  const categoryNames = new Set<string>();
  const categoryKeys = new Set<string>();
  // docs/catalogue-keys.md: a category key is one word; a subject's starts with its category's.
  const checkKey = (key: string, level: 'category' | 'subject' | 'option', where: string) => {
    if (!CATALOGUE_KEY_PATTERN.test(key) || keyLevel(key) !== level)
      problems.push(`${where}: "${key}" is not a well-formed ${level} key (docs/catalogue-keys.md)`);
  };
  for (const category of catalogue) {
    checkName(category.name, `category "${category.name}"`);
    checkKey(category.key, 'category', `category "${category.name}"`);
    if (categoryKeys.has(category.key)) problems.push(`category "${category.name}": key "${category.key}" used twice`);
    categoryKeys.add(category.key);
    if (categoryNames.has(category.name)) problems.push(`category "${category.name}" appears twice`);
    categoryNames.add(category.name);
    for (const subcategory of category.subcategories) {
      if (subcategory.heading !== '') checkName(subcategory.heading, `heading "${subcategory.heading}" in "${category.name}"`);
    }
    const subjects = subjectsOf(category);
    if (subjects.length === 0) problems.push(`category "${category.name}" has no subjects`);
    const subjectNames = new Set<string>();
    for (const subject of subjects) {
      const where = `subject ${subject.key} ("${subject.name}")`;
      checkName(subject.name, where);
      checkKey(subject.key, 'subject', where);
      if (!subject.key.startsWith(`${category.key}.`)) problems.push(`${where}: key does not start with its category's key "${category.key}."`);
      if (subjectKeys.has(subject.key)) problems.push(`${where}: key used twice`);
      subjectKeys.add(subject.key);
      if (subjectNames.has(subject.name)) problems.push(`${where}: name used twice in "${category.name}"`);
      subjectNames.add(subject.name);
      if (subject.options.length === 0) problems.push(`${where}: no options`);
      const optionKeys = new Set<string>();
      const optionNames = new Set<string>();
      for (const option of subject.options) {
        const optionWhere = `option ${subject.key}/${option.key} ("${option.name}")`;
        checkName(option.name, optionWhere);
        checkKey(optionKeyOf(subject.key, option.key), 'option', optionWhere);
        if (RETIRED_KEYS.has(optionKeyOf(subject.key, option.key)))
          problems.push(`${optionWhere}: the key is retired and may not be used again (docs/catalogue-keys.md)`);
        if (optionKeys.has(option.key)) problems.push(`${optionWhere}: key used twice in its subject`);
        optionKeys.add(option.key);
        if (optionNames.has(option.name)) problems.push(`${optionWhere}: name used twice in its subject`);
        optionNames.add(option.name);
      }
      for (const group of subject.exclusiveGroups) {
        if (group.length < 2) problems.push(`${where}: an exclusive group needs two options or more (${group.join(', ')})`);
        for (const optionKey of group) {
          if (!optionKeys.has(optionKey)) problems.push(`${where}: the exclusive group names the unknown option "${optionKey}"`);
        }
      }
    }
  }
  return problems;
}

/**
 * Finds the options a template selects together although the catalogue marks them as excluding
 * each other (ADR 120: "mutually exclusive options of one subject cannot be ticked
 * together in templates").
 *
 * @returns one problem per subject and exclusive group with two or more selected options; empty
 *   when the selection is consistent. Unknown subject keys are ignored here (reported by
 *   `buildMasterTemplate`).
 */
export function exclusiveConflicts(definition: TemplateDefinition, catalogue: readonly CatalogueCategory[] = CATALOGUE): string[] {
  const problems: string[] = [];
  const subjectsByKey = new Map(catalogue.flatMap(subjectsOf).map((subject) => [subject.key, subject] as const));
  for (const [subjectKey, optionKeys] of Object.entries(definition.selection)) {
    const subject = subjectsByKey.get(subjectKey);
    if (!subject) continue;
    for (const group of subject.exclusiveGroups) {
      const together = optionKeys.filter((optionKey) => group.includes(optionKey));
      if (together.length > 1) {
        problems.push(
          `${definition.fileName}: ${subjectKey} ("${subject.name}") selects ${together.map((key) => `"${key}"`).join(' and ')}, which exclude each other`,
        );
      }
    }
  }
  return problems;
}

/**
 * Builds one master template: every category, heading, subject and option of the catalogue, in
 * order, selected as the definition says. Ids are deterministic (`c1`, `c1s3`, `c1s3o2`) so
 * that generating twice gives the same objects.
 *
 * @throws TemplateCatalogueError naming every selected subject key or option key that the
 *   catalogue does not have, and every pair of selected options that exclude each other.
 */
export function buildMasterTemplate(definition: TemplateDefinition, catalogue: readonly CatalogueCategory[] = CATALOGUE): MasterTemplate {
  const problems: string[] = [];
  const subjectsByKey = new Map(catalogue.flatMap(subjectsOf).map((subject) => [subject.key, subject] as const));
  for (const [subjectKey, optionKeys] of Object.entries(definition.selection)) {
    const subject = subjectsByKey.get(subjectKey);
    if (!subject) {
      problems.push(`${definition.fileName}: selects the unknown subject "${subjectKey}"`);
      continue;
    }
    if (new Set(optionKeys).size !== optionKeys.length) problems.push(`${definition.fileName}: ${subjectKey} names an option twice`);
    for (const optionKey of optionKeys) {
      if (!subject.options.some((option) => option.key === optionKey)) {
        problems.push(`${definition.fileName}: ${subjectKey} ("${subject.name}") has no option "${optionKey}"`);
      }
    }
  }
  problems.push(...exclusiveConflicts(definition, catalogue));
  if (problems.length > 0) throw new TemplateCatalogueError(problems);

  const categories: Category[] = catalogue.map((category, categoryIndex) => {
    const categoryId = `c${categoryIndex + 1}`;
    const subjects: Subject[] = category.subcategories
      .flatMap((subcategory) =>
        subcategory.subjects.map((entry) => {
          const selectedOptions = definition.selection[entry.key];
          return { entry, subcategory, isSelected: selectedOptions !== undefined, selectedOptions: new Set(selectedOptions ?? []) };
        }),
      )
      .map(({ entry, subcategory, isSelected, selectedOptions }, subjectIndex) => {
        const subjectId = `${categoryId}s${subjectIndex + 1}`;
        const options: Option[] = entry.options.map((option, optionIndex) => ({
          _id: `${subjectId}o${optionIndex + 1}`,
          key: optionKeyOf(entry.key, option.key),
          optionName: option.name,
          isSelected: selectedOptions.has(option.key),
          bold: option.isBold,
          italics: option.isItalic,
          editedName: '',
          isEdited: false,
        }));
        return {
          _id: subjectId,
          key: entry.key,
          subjectName: entry.name,
          subcategoryName: subcategory.heading,
          subcategoryBold: subcategory.isBold,
          subcategoryItalics: subcategory.isItalic,
          bold: entry.isBold,
          italics: entry.isItalic,
          isSelected,
          isLocked: entry.isLocked,
          options,
          editedName: '',
          isEdited: false,
        };
      });
    return { _id: categoryId, key: category.key, order: categoryIndex + 1, categoryName: category.name, bold: false, italics: false, subjects };
  });
  return { templateName: definition.templateName, categories };
}

/**
 * Renders every shipped template to CSV text, in memory.
 *
 * @returns file name (e.g. 'lc-standard.csv') -> CSV text, in TEMPLATE_DEFINITIONS order.
 * @throws TemplateCatalogueError when the catalogue or any selection is wrong (all problems of
 *   all templates are listed together).
 */
export function renderTemplateCsvs(
  definitions: readonly TemplateDefinition[] = TEMPLATE_DEFINITIONS,
  catalogue: readonly CatalogueCategory[] = CATALOGUE,
): Record<string, string> {
  const problems = checkCatalogue(catalogue);
  const files: Record<string, string> = {};
  for (const definition of definitions) {
    try {
      files[definition.fileName] = serialiseMasterCsv(buildMasterTemplate(definition, catalogue));
    } catch (error) {
      if (!(error instanceof TemplateCatalogueError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new TemplateCatalogueError(problems);
  return files;
}

/**
 * Writes the CSV files into `dir` and removes any other .csv file there, so that a template
 * dropped from TEMPLATE_DEFINITIONS does not linger.
 *
 * @returns the names of the files written.
 */
export function writeTemplateCsvs(dir: string = TEMPLATES_DIR): string[] {
  const files = renderTemplateCsvs();
  mkdirSync(dir, { recursive: true });
  for (const stale of readdirSync(dir).filter((name) => name.endsWith('.csv') && !(name in files))) rmSync(join(dir, stale));
  for (const [fileName, text] of Object.entries(files)) writeFileSync(join(dir, fileName), text, 'utf8');
  return Object.keys(files);
}

const isCli = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isCli) {
  try {
    const written = writeTemplateCsvs();
    console.log(`Wrote ${written.length} templates to ${TEMPLATES_DIR}: ${written.join(', ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
