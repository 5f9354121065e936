/**
 * The print options of Make PDF (docs/product.md §11), remembered per browser: page
 * size, layout, four-colour suits and the legend. Stored in localStorage under one key, read back
 * through the domain's schema, so a damaged or older entry gives the defaults instead of an error.
 */
import type { z } from 'zod';
import { DEFAULT_PRINT_OPTIONS, PageSizeSchema, PrintOptionsSchema } from '@bpa/domain/api';
import type { KeyValueStorage } from '../core/guest-persistence';

/** What the Print options dialog sets: the PDF's page size and its print options. */
export const StoredPrintOptionsSchema = PrintOptionsSchema.extend({ pageSize: PageSizeSchema.default('letter') });
export type StoredPrintOptions = z.infer<typeof StoredPrintOptionsSchema>;

export const DEFAULT_STORED_PRINT_OPTIONS: StoredPrintOptions = { ...DEFAULT_PRINT_OPTIONS, pageSize: 'letter' };

/** The localStorage key. */
export const PRINT_OPTIONS_KEY = 'bpa.printOptions';

/**
 * The remembered options, or the defaults when none are stored, storage is unavailable or the
 * entry does not read.
 */
export function readPrintOptions(storage: KeyValueStorage | null): StoredPrintOptions {
  try {
    const raw = storage?.getItem(PRINT_OPTIONS_KEY);
    if (!raw) return DEFAULT_STORED_PRINT_OPTIONS;
    const parsed = StoredPrintOptionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_STORED_PRINT_OPTIONS;
  } catch {
    return DEFAULT_STORED_PRINT_OPTIONS;
  }
}

/** Remembers the options; a full or refused storage only loses the memory, never the PDF. */
export function writePrintOptions(storage: KeyValueStorage | null, options: StoredPrintOptions): void {
  try {
    storage?.setItem(PRINT_OPTIONS_KEY, JSON.stringify(options));
  } catch {
    // Private browsing or a full storage: the options apply to this page only.
  }
}

/** One line for under Make PDF: "Letter · Large print · four-colour suits · legend". */
export function describePrintOptions(options: StoredPrintOptions): string {
  const layout = { detailed: 'Detailed', compact: 'Compact', large: 'Large print' }[options.layout];
  return [options.pageSize === 'a4' ? 'A4' : 'Letter', layout, options.fourColourSuits ? 'four-colour suits' : null, options.legend ? 'legend' : 'no legend']
    .filter((part) => part !== null)
    .join(' · ');
}
