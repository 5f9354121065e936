/**
 * Loading the shipped master templates (docs/product.md §D6): on start every `templates/*.csv` is parsed and
 * stored when no template of that name exists yet. Templates already stored are left untouched,
 * so an administrator's upload of a newer version is never overwritten by a restart.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import type { MasterTemplate } from '@bpa/domain/contract';
import { MasterCsvError, formatCsvIssue, parseMasterCsv } from '@bpa/domain/master-csv';
import type { Database } from '../../db/database';
import { templates } from '../../db/schema/templates';

/** A template file that cannot be loaded: the message names the file, line and column. */
export class TemplateFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TemplateFileError';
  }
}

/** What `loadTemplates` did, by template name, in file-name order. */
export interface LoadTemplatesResult {
  inserted: string[];
  existing: string[];
}

/** How many problems of one file are listed in the error message (the rest are counted). */
const MAX_LISTED_ISSUES = 10;

/**
 * Parses every `*.csv` file of a folder as a master template and stores the ones whose name is
 * not in the database yet. The Free Trial Agreement is stored hidden (docs/product.md §3).
 *
 * All files are parsed before anything is stored, so a bad file stores nothing. Safe to run twice
 * and from two servers at once: the template name is unique and inserts skip existing names.
 *
 * @param templatesDir absolute folder path; a missing folder counts as empty
 * @returns the names inserted and the names that were already stored
 * @throws TemplateFileError naming the file, line and column of each problem, e.g.
 *   `The template file /…/templates/x.csv is invalid:` followed by lines such as
 *   `Line 5, column 1: Unknown level "subjet"`; or when two files share a template name
 */
export async function loadTemplates(db: Database, templatesDir: string): Promise<LoadTemplatesResult> {
  const parsed = await readTemplateFiles(templatesDir);
  const result: LoadTemplatesResult = { inserted: [], existing: [] };
  for (const { template } of parsed) {
    const rows = await db
      .insert(templates)
      .values({
        templateName: template.templateName,
        isHidden: template.templateName === FREE_TRIAL_TEMPLATE_NAME,
        content: template.categories,
      })
      .onConflictDoNothing({ target: templates.templateName })
      .returning({ id: templates.id });
    (rows.length > 0 ? result.inserted : result.existing).push(template.templateName);
  }
  return result;
}

async function readTemplateFiles(templatesDir: string): Promise<{ file: string; template: MasterTemplate }[]> {
  let fileNames: string[];
  try {
    fileNames = (await readdir(templatesDir)).filter((name) => name.toLowerCase().endsWith('.csv')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed: { file: string; template: MasterTemplate }[] = [];
  for (const fileName of fileNames) {
    const file = join(templatesDir, fileName);
    const text = await readFile(file, 'utf8');
    let template: MasterTemplate;
    try {
      template = parseMasterCsv(text);
    } catch (error) {
      if (!(error instanceof MasterCsvError)) throw error;
      const listed = error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `  ${formatCsvIssue(issue)}`);
      const more = error.issues.length > MAX_LISTED_ISSUES ? [`  … and ${error.issues.length - MAX_LISTED_ISSUES} more`] : [];
      throw new TemplateFileError(`The template file ${file} is invalid:\n${[...listed, ...more].join('\n')}`, { cause: error });
    }
    const twin = parsed.find((p) => p.template.templateName === template.templateName);
    if (twin) {
      throw new TemplateFileError(`The template files ${twin.file} and ${file} both define the template "${template.templateName}"`);
    }
    parsed.push({ file, template });
  }
  return parsed;
}
