/**
 * An agreement as a CSV in the master-template format (docs/agreement-format.md, "CSV";
 * docs/product.md §D6): export and import. Kept apart from agreement-file.ts because the CSV
 * reader (csv-parse) runs in Node only; the server imports both.
 */
import { AgreementFileError, withPlaceholderRows } from './agreement-file';
import type { ContractDocument } from './contract';
import { MasterCsvError, formatCsvIssue, parseMasterCsv, serialiseMasterCsv } from './master-csv';

/**
 * The agreement as a CSV in the master-template format (docs/agreement-format.md, "CSV"): its name on
 * the template row, names as shown, the catalogue keys in the `key` column, the original names of
 * edited items in the `original` column and every item's `_id` in the `id` column.
 */
export function toAgreementCsv(document: ContractDocument): string {
  return serialiseMasterCsv({ templateName: document.contractName, categories: document.categories }, { ids: true });
}

/**
 * Reads an agreement from a CSV in the master-template format, as an agreement (parseMasterCsv's
 * `kind: 'agreement'`: categories may be renamed, edited items carry their original names): the
 * template row's name becomes the agreement's name, each item keeps the id of the `id` column (a new
 * one where the file has none), and the editor's placeholder rows are added (docs/product.md §D4,
 * docs/agreement-format.md). A CSV written by `toAgreementCsv` gives back the same agreement but for
 * its player names; older exports, without the `key`, `original` or `id` columns, still read.
 *
 * @throws AgreementFileError with the CSV's problems by line
 */
export function readAgreementCsv(text: string): ContractDocument {
  try {
    const template = parseMasterCsv(text, { kind: 'agreement' });
    return withPlaceholderRows({ contractName: template.templateName, categories: template.categories });
  } catch (error) {
    if (!(error instanceof MasterCsvError)) throw error;
    throw new AgreementFileError(
      `The CSV file cannot be imported: ${error.message}`,
      error.issues.map((issue) => ({ line: issue.line, message: formatCsvIssue(issue) })),
    );
  }
}
