/**
 * The shipped system templates as the server loads them (templates/*.csv, parsed), by a short name,
 * for the tests of their contents (template-corrections.test.ts, template-completion-competitive.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MasterTemplate } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { TEMPLATES_DIR } from './generate-templates';

/** Each shipped template's file, by the short name the tests use. */
export const SHIPPED_TEMPLATE_FILES = {
  precision: 'basic-precision.csv',
  msa: 'modern-standard-american.csv',
  twoOverOne: 'basic-2-over-1-game-forcing.csv',
  bws: 'bridge-world-standard.csv',
  lc: 'lc-standard.csv',
  blank: 'blank.csv',
} as const;
export type System = keyof typeof SHIPPED_TEMPLATE_FILES;

/** Every shipped template, parsed from its generated CSV file. */
export function readShippedTemplates(): Record<System, MasterTemplate> {
  return Object.fromEntries(
    Object.entries(SHIPPED_TEMPLATE_FILES).map(([system, fileName]) => [system, parseMasterCsv(readFileSync(join(TEMPLATES_DIR, fileName), 'utf8'))]),
  ) as Record<System, MasterTemplate>;
}
