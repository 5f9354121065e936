/**
 * Download names made from user text (agreement and template names).
 */
import { stripMarkup } from '@bpa/domain/markup';

/** Longest file name stem, in characters. */
const MAX_FILE_STEM_LENGTH = 100;

/**
 * A safe file name: the name without colour markup, accents folded, every run of other characters
 * turned into one '-', at most 100 characters, the extension appended; `fallback` when nothing is
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
