/**
 * A small but complete master template for tests and examples: 13 categories (the names of
 * docs/bridge.md §3) with a few subjects each, so tests of the parser, the server and the
 * PDF can build agreements without reading the shipped templates.
 */
import { CATEGORY_COUNT } from './constants';

/** The 13 category names of the shipped catalogue, in order (docs/bridge.md §3). */
export const SAMPLE_CATEGORY_NAMES = [
  'General Approach',
  'Notrump Openings',
  'Major Openings',
  'Minor Openings',
  'Two-Level Openings',
  'Preempts',
  'Constructive Bidding',
  'Slam Bidding',
  'Overcalls',
  'Doubles and Redoubles',
  'Defensive Bidding vs Their Openings',
  'Opening Leads',
  'Signals and Discards',
] as const;

/**
 * Writes a sample template CSV.
 *
 * @param templateName the template row's name.
 * @param options.selected tick every subject and its first option (default false).
 * @returns CSV text in the format of docs/product.md §D6 (LF line ends).
 */
export function sampleTemplateCsv(templateName = 'Sample', options: { selected?: boolean } = {}): string {
  const tick = options.selected ? 'yes' : '';
  const lines = ['level,name,bold,italic,selected,locked', `template,${templateName},,,,`];
  SAMPLE_CATEGORY_NAMES.slice(0, CATEGORY_COUNT).forEach((category, index) => {
    lines.push(`category,${category},,,,`);
    lines.push(`subcategory,Basics ${index + 1},yes,,,`);
    lines.push(`subject,Subject ${index + 1}.1 with 1!c,yes,,${tick},`);
    lines.push(`option,Option ${index + 1}.1.1,,,${tick},`);
    lines.push(`option,Option ${index + 1}.1.2,,,,`);
    lines.push(`subject,"Subject ${index + 1}.2, ##c2#red### part",,yes,,`);
    lines.push(`option,Option ${index + 1}.2.1,,,,`);
  });
  return `${lines.join('\n')}\n`;
}
