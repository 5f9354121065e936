/**
 * Names under which a produced PDF is fetched:
 * `GET /api/v1/contracts/pdfviewer/{pathName}/{fileName}` (docs/product.md §D7).
 */
import { randomBytes } from 'node:crypto';
import { downloadName, safeFileName } from '../safe-file-name';

/** Random bytes in a path name: 192 bits, far beyond guessing (docs/product.md §D7: "unguessable names"). */
const PATH_NAME_BYTES = 24;

/** A fresh unguessable path name: 32 base64url characters (crypto random, 192 bits). */
export function makePathName(): string {
  return randomBytes(PATH_NAME_BYTES).toString('base64url');
}

/**
 * A safe file name for an agreement's PDF: the agreement name without colour markup, accents
 * folded, every run of other characters turned into one '-', at most 80 characters, `.pdf`
 * appended; 'agreement.pdf' when nothing is left. Matches PdfFileInfoSchema.fileName, and is safe
 * in a URL path and a Content-Disposition header without quoting.
 *
 * @example makePdfFileName('##c2#Partner### 1: Anna & Bob') === 'Partner-1-Anna-Bob.pdf'
 */
export function makePdfFileName(contractName: string): string {
  return safeFileName(contractName, 'pdf', 'agreement');
}

/** The name an agreement's PDF is saved under: the agreement name as written (`downloadName`). */
export function makePdfDownloadName(contractName: string): string {
  return downloadName(contractName, 'pdf', 'agreement');
}
