import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { MasterCsvError, UNKNOWN_SEPARATOR_MESSAGE, formatCsvIssue, parseMasterCsv, serialiseMasterCsv } from './master-csv';
import { SAMPLE_CATEGORY_NAMES, sampleTemplateCsv } from './sample-template';
import { createAgreementFromTemplate, renameSubject } from './editing';

let counter = 0;
const newId = () => `id${++counter}`;

/** Ids 1, 2, 3… so that two parses of one template compare equal. */
function counterId(): () => string {
  let n = 0;
  return () => String((n += 1));
}

function issuesOf(text: string) {
  try {
    parseMasterCsv(text);
  } catch (error) {
    if (error instanceof MasterCsvError) return error.issues;
    throw error;
  }
  throw new Error('expected the file to be rejected');
}

/** Replaces line `n` (1-based) of the sample file. */
function withLine(n: number, replacement: string | null): string {
  const lines = sampleTemplateCsv().split('\n');
  if (replacement === null) lines.splice(n - 1, 1);
  else lines[n - 1] = replacement;
  return lines.join('\n');
}

describe('parseMasterCsv (docs/product.md §D6)', () => {
  it('reads the template, its 13 categories in order, subcategories, subjects, options and flags', () => {
    const template = parseMasterCsv(sampleTemplateCsv('Basic Precision', { selected: true }), { newId });
    expect(template.templateName).toBe('Basic Precision');
    expect(template.categories.map((c) => c.categoryName)).toEqual([...SAMPLE_CATEGORY_NAMES]);
    expect(template.categories.map((c) => c.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const [first, second] = template.categories[0]!.subjects;
    expect(first).toMatchObject({
      subjectName: 'Subject 1.1 with 1!c',
      bold: true,
      italics: false,
      isSelected: true,
      subcategoryName: 'Basics 1',
      subcategoryBold: true,
    });
    expect(first!.options.map((o) => [o.optionName, o.isSelected])).toEqual([
      ['Option 1.1.1', true],
      ['Option 1.1.2', false],
    ]);
    expect(second).toMatchObject({ subjectName: 'Subject 1.2, ##c2#red### part', italics: true, bold: false });
  });

  it('reads a file saved by a spreadsheet program: BOM, CRLF, quoted commas and newlines, flag spellings', () => {
    const text =
      '\uFEFFlevel,name,bold,italic,selected,locked\r\n' +
      'template,Club Card,,,,\r\n' +
      SAMPLE_CATEGORY_NAMES.map((name, i) =>
        i === 0
          ? `category,${name},,,,\r\nsubject,"Strong club, artificial",TRUE,0,X,no\r\noption,"16+ HCP\r\nany shape",,,Yes,\r\n`
          : `category,${name},,,,\r\n`,
      ).join('');
    const template = parseMasterCsv(text);
    expect(template.templateName).toBe('Club Card');
    const subject = template.categories[0]!.subjects[0]!;
    expect(subject).toMatchObject({ subjectName: 'Strong club, artificial', bold: true, italics: false, isSelected: true, isLocked: false });
    expect(subject.options[0]!.optionName).toBe('16+ HCP\r\nany shape');
  });

  it('accepts the flag columns in any order and without optional ones', () => {
    const text = sampleTemplateCsv().replace('level,name,bold,italic,selected,locked', 'name,level,bold,italic,selected,locked');
    const swapped = text
      .split('\n')
      .map((line, i) => (i === 0 || line === '' ? line : line.replace(/^([a-z]+),("[^"]*"|[^,]*)/, '$2,$1')))
      .join('\n');
    expect(parseMasterCsv(swapped).categories).toHaveLength(13);
    const minimal = 'level,name\ntemplate,T\n' + SAMPLE_CATEGORY_NAMES.map((n) => `category,${n}`).join('\n');
    expect(parseMasterCsv(minimal).categories).toHaveLength(13);
  });

  it.each([
    ['an empty file', '', 1, undefined, 'The file is empty'],
    ['only white space', ' \n\n', 1, undefined, 'The file is empty'],
    ['an unknown level', withLine(5, 'subjet,Stayman,,,,'), 5, 1, 'Unknown level "subjet"'],
    ['an option before any subject', withLine(4, 'option,Orphan,,,,'), 4, 1, 'An option must come after a subject'],
    ['a bad flag', withLine(5, 'subject,Stayman,maybe,,,'), 5, 3, '"maybe" is not a flag value'],
    ['an over-long name', withLine(5, `subject,${'x'.repeat(501)},,,,`), 5, 2, 'the maximum is 500'],
    ['a placeholder name', withLine(5, 'subject,buttonX,,,,'), 5, 2, 'reserved for placeholder rows'],
    ['a second template row', withLine(3, 'template,Again,,,,'), 3, 1, 'Only one template row is allowed'],
    ['an unknown header', withLine(1, 'level,name,colour'), 1, 3, 'Unknown column "colour"'],
    ['too many fields', withLine(5, 'subject,Stayman,,,,,extra'), 5, 7, 'Too many fields'],
    ['a missing template row', withLine(2, null), 2, 1, 'The first row after the header must be the template row'],
  ])('rejects %s, naming line and column', (_, text, line, column, message) => {
    const issues = issuesOf(text);
    expect(issues[0]).toMatchObject({ line, ...(column ? { column } : {}) });
    expect(issues[0]!.message).toContain(message);
  });

  it('reads files saved with semicolons or tabs, as spreadsheet programs write them in some locales (docs/product.md §17)', () => {
    const rows = parse(sampleTemplateCsv(), { relax_column_count: true }) as string[][];
    const expected = parseMasterCsv(sampleTemplateCsv(), { newId: counterId() });
    for (const delimiter of [';', '\t']) {
      const text = stringify(rows, { delimiter, record_delimiter: 'windows' });
      expect(parseMasterCsv(`\uFEFF${text}`, { newId: counterId() })).toEqual(expected);
    }
    // A comma file keeps its commas even when names hold semicolons.
    const withSemicolons = sampleTemplateCsv().replace('Option 1.1.1', 'Option 1.1.1; or 2!c');
    expect(parseMasterCsv(withSemicolons).categories[0]!.subjects[0]!.options[0]!.optionName).toBe('Option 1.1.1; or 2!c');
  });

  it('refuses a file whose header uses no known separator with one clear message on line 1', () => {
    const text = sampleTemplateCsv().replace('level,name,bold,italic,selected,locked', 'level|name|bold|italic|selected|locked');
    expect(issuesOf(text)).toEqual([{ line: 1, message: UNKNOWN_SEPARATOR_MESSAGE }]);
  });

  it('rejects 12 or 14 categories and a file without the trial categories', () => {
    const twelve = sampleTemplateCsv()
      .split('\n')
      .filter((l, i, all) => !l.includes('Signals and Discards') && !(i > all.findIndex((x) => x.includes('Opening Leads')) + 5))
      .join('\n');
    expect(issuesOf(twelve).map((i) => i.message)).toContain('A template needs exactly 13 categories; this file has 12');
    const fourteen = `${sampleTemplateCsv()}category,Extra,,,,\n`;
    expect(issuesOf(fourteen).map((i) => i.message)).toContain('A template needs exactly 13 categories; this file has 14');
    const noOvercalls = sampleTemplateCsv().replace('category,Overcalls', 'category,Overcall');
    expect(issuesOf(noOvercalls).map((i) => i.message)).toContain('The category "Overcalls" is missing');
  });

  it('counts lines of quoted fields that span lines', () => {
    const text = withLine(5, 'subject,"two\nlines",,,,').replace('option,Option 1.1.1,,,,', 'option,Option 1.1.1,bad,,,');
    const issue = issuesOf(text)[0]!;
    expect(issue).toMatchObject({ line: 7, column: 3 });
    expect(formatCsvIssue(issue)).toMatch(/^Line 7, column 3: /);
  });

  it('rejects a file that is not text or not CSV', () => {
    expect(issuesOf('level,name\n\u0000\u0001binary')[0]!.message).toContain('not a CSV text file');
    expect(issuesOf('level,name\ntemplate,"unterminated\n')[0]!.message).toContain('not valid CSV');
  });
});

describe('serialiseMasterCsv (docs/product.md §D6)', () => {
  it('writes a template back to the same template', () => {
    const template = parseMasterCsv(sampleTemplateCsv('T', { selected: true }), { newId });
    const again = parseMasterCsv(serialiseMasterCsv(template), { newId });
    const strip = (t: typeof template) => JSON.stringify(t, (k, v) => (k === '_id' ? undefined : v));
    expect(strip(again)).toBe(strip(template));
  });

  it('exports an agreement without placeholders and with edited names', () => {
    const template = parseMasterCsv(sampleTemplateCsv(), { newId });
    let agreement = createAgreementFromTemplate(template, 'Partner 1', newId);
    const category = agreement.categories[0]!;
    agreement = renameSubject(agreement, category._id, category.subjects[0]!._id, 'Precision 1!c');
    const text = serialiseMasterCsv({ templateName: agreement.contractName, categories: agreement.categories });
    expect(text).not.toContain('button');
    expect(text).toContain('subject,Precision 1!c,yes,,yes,');
    expect(parseMasterCsv(text).categories).toHaveLength(13);
  });
});

describe("an agreement's CSV (docs/agreement-format.md)", () => {
  const agreement = () => {
    const doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv(), { newId }), 'Ours', newId);
    const category = doc.categories[0]!;
    return renameSubject(doc, category._id, category.subjects[0]!._id, 'Our name', newId);
  };

  it('adds the original column only when an item was edited; a template keeps the six columns', () => {
    expect(serialiseMasterCsv({ templateName: 'Sample', categories: parseMasterCsv(sampleTemplateCsv()).categories }).split('\n')[0]).toBe(
      'level,name,bold,italic,selected,locked',
    );
    const lines = serialiseMasterCsv({ templateName: 'Ours', categories: agreement().categories }).split('\n');
    expect(lines[0]).toBe('level,name,bold,italic,selected,locked,original');
    expect(lines).toContain('subject,Our name,yes,,yes,,Subject 1.1 with 1!c');
  });

  it('reads the original name back in an agreement; a template reads the name as shown and still needs the trial categories', () => {
    const text = serialiseMasterCsv({ templateName: 'Ours', categories: agreement().categories }).replace('category,Overcalls', 'category,Our overcalls');
    const subjectOf = (template: { categories: { subjects: unknown[] }[] }) => template.categories[0]!.subjects[0];
    expect(subjectOf(parseMasterCsv(text, { kind: 'agreement' }))).toMatchObject({
      subjectName: 'Subject 1.1 with 1!c',
      editedName: 'Our name',
      isEdited: true,
    });
    expect(issuesOf(text).map((issue) => issue.message)).toContain('The category "Overcalls" is missing');
    const template = parseMasterCsv(text.replace('category,Our overcalls', 'category,Overcalls'));
    expect(subjectOf(template)).toMatchObject({ subjectName: 'Our name', editedName: '', isEdited: false });
  });

  it('reads an older export (six columns, names as shown) with renamed categories as an agreement', () => {
    const older = sampleTemplateCsv().replace('category,Overcalls', 'category,Our overcalls').replace('category,Doubles and Redoubles', 'category,buttons');
    const read = parseMasterCsv(older, { kind: 'agreement' });
    expect(read.categories.map((category) => category.categoryName)).toContain('Our overcalls');
    expect(read.categories.map((category) => category.categoryName)).toContain('buttons');
  });

  it('refuses an original name on a row that is no subject or option, and an original name of a placeholder', () => {
    const issues = (text: string) => {
      try {
        parseMasterCsv(text, { kind: 'agreement' });
      } catch (error) {
        if (error instanceof MasterCsvError) return error.issues.map((issue) => issue.message);
        throw error;
      }
      return [];
    };
    const header = 'level,name,bold,italic,selected,locked,original';
    const base = sampleTemplateCsv().replace('level,name,bold,italic,selected,locked', header);
    expect(issues(base.replace('category,Overcalls,,,,', 'category,Overcalls,,,,,Old'))).toContain(
      'Only a subject or an option has an original name; leave it empty for a category',
    );
    expect(issues(base.replace('option,Option 1.1.1,,,,', 'option,Option 1.1.1,,,,,buttonOption'))).toContain(
      'Names may not start with "button" (reserved for placeholder rows)',
    );
  });
});
