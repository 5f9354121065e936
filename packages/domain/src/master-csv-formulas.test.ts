/**
 * Formula protection of master CSV downloads (ADR 132): no cell a spreadsheet would run, and
 * an upload of a downloaded file gives back exactly the same template.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, TRIAL_CATEGORY_NAMES } from './constants';
import { type MasterTemplate, isPlaceholderName } from './contract';
import { parseMasterCsv, protectCsvName, readCsvName, serialiseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Every cell of a CSV text, as a spreadsheet reads it. */
function cellsOf(csv: string): string[] {
  return (parse(csv, { relax_column_count: true }) as string[][]).flat();
}

/** A template with ids replaced by positions, so two parses of the same file compare equal. */
function withoutIds(template: MasterTemplate) {
  return {
    ...template,
    categories: template.categories.map(({ _id: _c, ...category }) => ({
      ...category,
      subjects: category.subjects.map(({ _id: _s, ...subject }) => ({ ...subject, options: subject.options.map(({ _id: _o, ...option }) => option) })),
    })),
  };
}

/** Names as a parsed template has them: trimmed, not empty, not a placeholder, within the limit. */
const nameArbitrary = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('=SUM(A1:A9)', '+1', '-2 HCP', '@cmd', "'quoted", "''twice", '=HYPERLINK("http://x","y")', "'=already", '\t=1', '\r+1'),
    fc.tuple(fc.constantFrom('=', '+', '-', '@', "'", '\t', '\r'), fc.string({ maxLength: 30 })).map(([start, rest]) => `${start}${rest}`),
  )
  .map((name) => name.trim())
  .filter((name) => name !== '' && !isPlaceholderName(name) && name.length <= MAX_NAME_LENGTH && !name.includes('\u0000'));

describe('master CSV formula protection', () => {
  it('writes a leading apostrophe before risky names and reads it back off', () => {
    expect(protectCsvName('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(protectCsvName('-1 to 2')).toBe("'-1 to 2");
    expect(protectCsvName("'Tis")).toBe("''Tis");
    expect(protectCsvName('Stayman')).toBe('Stayman');
    for (const name of ['=SUM(A1)', '+1', '-x', '@x', '\tx', '\rx', "'x", "''x", 'x']) expect(readCsvName(protectCsvName(name))).toBe(name);
  });

  // Each run fills the sample template's 80 or so names from 40 generated ones, and costs a
  // serialise, two parses and a deep comparison whatever the names: 40 runs check as many names as
  // 200 runs of 8 did, in a fifth of the time, so the test holds on a loaded machine
  // (docs/conventions.md).
  it('never writes a cell a spreadsheet would run, and an upload of the download is the same template (property)', () => {
    const base = parseMasterCsv(sampleTemplateCsv());
    fc.assert(
      fc.property(fc.array(nameArbitrary, { minLength: 40, maxLength: 40 }), (names) => {
        let i = 0;
        const next = () => names[i++ % names.length]!;
        const template: MasterTemplate = {
          templateName: next(),
          categories: base.categories.map((category, index) => ({
            ...category,
            // The two trial categories keep their names (a template needs them); the rest take generated names.
            categoryName: (TRIAL_CATEGORY_NAMES as readonly string[]).includes(category.categoryName) ? category.categoryName : `${next()} ${index}`,
            subjects: category.subjects.map((subject) => ({
              ...subject,
              subjectName: next(),
              subcategoryName: subject.subcategoryName === '' ? '' : next(),
              options: subject.options.map((option) => ({ ...option, optionName: next() })),
            })),
          })),
        };
        const csv = serialiseMasterCsv(template);
        expect(cellsOf(csv).filter((cell) => FORMULA_START.test(cell))).toEqual([]);
        const uploaded = parseMasterCsv(csv);
        expect(withoutIds(uploaded)).toEqual(withoutIds(template));
        // And once more: download -> upload -> download gives the same file.
        expect(serialiseMasterCsv(uploaded)).toBe(csv);
      }),
      { numRuns: 40 },
    );
  });
});
