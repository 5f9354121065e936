/**
 * The keyed catalogue on the server (docs/catalogue-keys.md, "Keys by name"): read once from
 * `config.catalogueFile` (templates/blank.csv, every catalogue item with its key), and what the
 * server does with it: key an uploaded template or an imported agreement that came without keys,
 * and move the ticks of retired keys.
 */
import { readFileSync } from 'node:fs';
import { type CatalogueIndex, type KeyingReport, assignCatalogueKeys, buildCatalogueIndex, moveRetiredOptions } from '@bpa/domain/catalogue-index';
import type { Category, MasterTemplate } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';

/** The catalogue as a keyed template and its index. */
export interface Catalogue {
  template: MasterTemplate;
  index: CatalogueIndex;
}

const loaded = new Map<string, Catalogue>();

/**
 * The catalogue in a template file, read and indexed once per file (a few milliseconds).
 *
 * @param file absolute path of a keyed template CSV (docs/product.md §D6 with the `key` column).
 * @throws Error when the file cannot be read, is not a valid template, or carries no keys.
 */
export function loadCatalogue(file: string): Catalogue {
  const known = loaded.get(file);
  if (known) return known;
  const template = parseMasterCsv(readFileSync(file, 'utf8'));
  const index = buildCatalogueIndex(template);
  if (index.keys.size === 0) throw new Error(`The catalogue file ${file} has no key column (docs/catalogue-keys.md); run npm run templates`);
  const catalogue = { template, index };
  loaded.set(file, catalogue);
  return catalogue;
}

/**
 * Gives an agreement's or template's categories the catalogue's keys where they have none, then
 * moves what retired keys held onto their replacements (docs/catalogue-keys.md).
 *
 * @returns the keyed categories and the keying report (how many matched, which did not).
 */
export function keyCategories(categories: readonly Category[], catalogue: Catalogue): { categories: Category[]; report: KeyingReport } {
  const keyed = assignCatalogueKeys(categories, catalogue.index);
  return { categories: moveRetiredOptions(keyed.categories, catalogue.template).categories, report: keyed.report };
}
