/**
 * Download names made from user text (agreement and template names).
 */
import { expandSuits, stripMarkup } from '@bpa/domain/markup';

/**
 * Longest file name stem, in characters. A file name is a URL path segment of the PDF viewer
 * route, and the router refuses a segment over 100 characters with 404 (docs/pdf.md §4): 80 and
 * the extension stay well below it.
 */
export const MAX_FILE_STEM_LENGTH = 80;
/** Longest download name stem (the name the browser saves the file under), in characters. */
export const MAX_DOWNLOAD_STEM_LENGTH = 120;

/**
 * A safe file name: the name without colour markup, accents folded, every run of other characters
 * turned into one '-', at most MAX_FILE_STEM_LENGTH (80) characters, the extension appended; `fallback` when nothing is
 * left. Safe in a URL path and, unquoted, in a Content-Disposition header.
 *
 * @param name user text, possibly with colour markup
 * @param extension without the dot, e.g. 'pdf'
 * @param fallback stem to use when the name has no safe characters
 * @example safeFileName('##c2#Partner### 1: Anna & Bob', 'pdf', 'agreement') === 'Partner-1-Anna-Bob.pdf'
 */
export function safeFileName(name: string, extension: string, fallback: string): string {
  const stem = stripMarkup(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, MAX_FILE_STEM_LENGTH)
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${stem === '' ? fallback : stem}.${extension}`;
}

/** Control characters and the characters file systems refuse in a name (built from code points: no control characters in the source). */
const FILE_SYSTEM_REFUSES = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}/\\\\:*?"<>|]+`, 'g');

/**
 * The name a download is saved under, as the user wrote it: colour markup removed, suit shorthand
 * as suit symbols (♠ ♥ ♦ ♣), letters of every alphabet kept; only what a file system refuses
 * (control characters, / \\ : * ? " < > |) becomes a space; white space collapsed; at most
 * MAX_DOWNLOAD_STEM_LENGTH characters (whole characters, never half an emoji); the extension appended.
 * Sent as `filename*` (RFC 6266) beside the ASCII `safeFileName` (docs/pdf.md §4).
 *
 * @example downloadName('##c2#Ånna### & Bøb: 1!c', 'pdf', 'agreement') === 'Ånna & Bøb 1♣.pdf'
 */
export function downloadName(name: string, extension: string, fallback: string): string {
  const cleaned = expandSuits(stripMarkup(name)).normalize('NFC').replace(FILE_SYSTEM_REFUSES, ' ').replace(/\s+/g, ' ').trim();
  const stem = Array.from(cleaned)
    .slice(0, MAX_DOWNLOAD_STEM_LENGTH)
    .join('')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${stem === '' ? fallback : stem}.${extension}`;
}
