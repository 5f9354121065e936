/**
 * Master template CSV: parse and serialise (docs/product.md §D6).
 *
 * Format: RFC 4180, UTF-8 with or without BOM, LF or CRLF, header row required:
 * `level,name,bold,italic,selected,locked`. Levels: `template` (first data row, exactly once),
 * `category`, `subcategory` (heading for the following subjects of the current category; an
 * empty name ends it), `subject`, `option` (belongs to the last subject). Flags accept
 * empty/0/no/false and 1/yes/true/x, case-insensitive. A template has exactly 13 categories,
 * among them Overcalls and Doubles and Redoubles (docs/product.md §1); names are at most 500 characters.
 * Errors name the line and column and reject the whole file.
 *
 * An agreement's CSV (docs/agreement-format.md, "CSV") is read with `kind: 'agreement'`: it may
 * have a seventh column, `original`, holding the original name of a subject or option whose name
 * was edited (`name` is the name shown), so that an export gives back the same agreement; its
 * categories may have any names, and a category or the agreement may have a name starting with
 * `button` (only subjects and options are placeholder rows). A template file is read as before:
 * the `original` column, when there, is ignored.
 *
 * Formula protection (ADR 132, OWASP "CSV injection"): a spreadsheet runs a cell starting
 * with `=`, `+`, `-`, `@`, tab or carriage return as a formula. Downloads therefore write such a
 * name with a leading apostrophe (`'=SUM(A1)`), and a name that itself starts with an apostrophe
 * gets a second one, so the escaping is reversible; the parser drops one leading apostrophe from
 * every name. An upload of a downloaded file gives back exactly the same template.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CATEGORY_COUNT, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, TRIAL_CATEGORY_NAMES } from './constants';
import { type Category, type MasterTemplate, type Option, type Subject, MAX_ID_LENGTH, displayName, isPlaceholderName } from './contract';
import { CATALOGUE_KEY_PATTERN, keyLevel, subjectKeyOfOption } from './catalogue-keys';
import { type NewId, randomId } from './ids';

/** The header row, in the order the serialiser writes it. */
export const MASTER_CSV_HEADER = ['level', 'name', 'bold', 'italic', 'selected', 'locked'] as const;
/**
 * The optional column after them: the original name of a subject or option whose name was edited
 * (docs/agreement-format.md, "CSV"); empty for an item shown under its original name.
 */
export const ORIGINAL_NAME_COLUMN = 'original';
/**
 * The optional column after `original`: the note of a category or a subject (docs/agreement-format.md,
 * "Notes"), written only when the agreement has notes; read from agreements, ignored in templates.
 */
export const NOTE_COLUMN = 'note';
/**
 * The optional catalogue key column (docs/catalogue-keys.md): the key of a category, subject or
 * option; empty for headings, the template row and user-added items. Read from templates and agreements.
 */
export const KEY_COLUMN = 'key';
/**
 * The optional id column of an agreement's CSV (docs/agreement-format.md, "CSV"): each category's,
 * subject's and option's `_id`, so that a user-added item is the same item after a round trip.
 * Ignored in templates, which get fresh ids.
 */
export const ID_COLUMN = 'id';
const COLUMNS = [...MASTER_CSV_HEADER, KEY_COLUMN, ORIGINAL_NAME_COLUMN, NOTE_COLUMN, ID_COLUMN] as const;
type Column = (typeof COLUMNS)[number];

/**
 * What a file is read as: a `template` (uploaded or shipped; docs/product.md §D6) or an exported
 * `agreement` (docs/agreement-format.md), whose categories may be renamed and whose items may
 * carry their original names.
 */
export type MasterCsvKind = 'template' | 'agreement';

/** One problem found in a file: 1-based line and column (column omitted when the whole row is meant). */
export interface CsvIssue {
  line: number;
  column?: number;
  message: string;
}

/** Thrown by `parseMasterCsv`; `issues` lists every problem found (at most 50), in file order. */
export class MasterCsvError extends Error {
  readonly issues: CsvIssue[];
  constructor(issues: CsvIssue[]) {
    const first = issues[0];
    super(first ? `${formatCsvIssue(first)}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}` : 'Invalid template file');
    this.name = 'MasterCsvError';
    this.issues = issues;
  }
}

/** "Line 4, column 1: Unknown level "subjet"" — the form shown to administrators. */
export function formatCsvIssue(issue: CsvIssue): string {
  return `Line ${issue.line}${issue.column ? `, column ${issue.column}` : ''}: ${issue.message}`;
}

const MAX_ISSUES = 50;
const TRUE_FLAGS = new Set(['1', 'yes', 'true', 'x']);
const FALSE_FLAGS = new Set(['', '0', 'no', 'false']);
const LEVELS = new Set(['template', 'category', 'subcategory', 'subject', 'option']);

/** Column separators a master CSV may use: what spreadsheet programs write in different locales. */
const DELIMITERS = [',', ';', '\t'] as const;

/**
 * Line 1's message when its columns are separated by none of `DELIMITERS` (docs/product.md §17: a
 * spreadsheet saved with another separator must not give a confusing message about columns).
 */
export const UNKNOWN_SEPARATOR_MESSAGE =
  'The header row must list the columns level, name, bold, italic, selected, locked, separated by commas (semicolons or tabs also work). ' +
  'If a spreadsheet program saved the file, save it again as "CSV (comma delimited)".';

/**
 * The column separator of a master CSV, read from its header row: the first of `DELIMITERS` that
 * splits the header into cells among which are "level" and "name" (a comma file's names may
 * contain semicolons, so the data rows cannot decide it).
 *
 * @returns the separator, or undefined when no separator gives such a header
 */
function detectDelimiter(text: string): (typeof DELIMITERS)[number] | undefined {
  const header = (
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? ''
  ).toLowerCase();
  return DELIMITERS.find((delimiter) => {
    const cells = header.split(delimiter).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    return cells.includes('level') && cells.includes('name');
  });
}

/**
 * Parses a master template file.
 *
 * @param text the file's content (a leading BOM is allowed); columns separated by commas, or by
 *   semicolons or tabs as spreadsheet programs write them in some locales (read from the header).
 * @param options.newId id maker for categories, subjects and options (default: random UUIDs).
 * @param options.kind `template` (default): the two trial categories must be there, and the
 *   `original` column is ignored; `agreement`: any category names, and an item with an `original`
 *   name gets it back as its name, with the shown name as its edited name.
 * @returns the template: its name and 13 categories in file order, `order` 1..13.
 * @throws MasterCsvError with every problem found (line and column numbered); nothing is returned
 *   for a file with any problem.
 */
export function parseMasterCsv(text: string, options: { newId?: NewId; kind?: MasterCsvKind } = {}): MasterTemplate {
  const newId = options.newId ?? randomId;
  const isAgreement = options.kind === 'agreement';
  const issues: CsvIssue[] = [];
  const fail = (issue: CsvIssue) => {
    if (issues.length < MAX_ISSUES) issues.push(issue);
  };

  if (text.replace(/^\uFEFF/, '').trim() === '') throw new MasterCsvError([{ line: 1, message: 'The file is empty' }]);
  if (text.includes('\u0000')) throw new MasterCsvError([{ line: 1, message: 'The file is not a CSV text file' }]);

  const delimiter = detectDelimiter(text);
  if (delimiter === undefined) {
    throw new MasterCsvError([{ line: 1, message: UNKNOWN_SEPARATOR_MESSAGE }]);
  }
  let rows: { record: string[]; line: number }[];
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
    rows = parsed.map(({ record, info, raw }) => ({
      record,
      // info.lines is the line the record ends on; a quoted field may span several lines.
      line: info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0),
    }));
  } catch (error) {
    const line = typeof error === 'object' && error !== null && 'lines' in error && typeof error.lines === 'number' ? error.lines : 1;
    const message = error instanceof Error ? error.message.replace(/^Invalid (.*?): /, 'Invalid $1: ') : String(error);
    throw new MasterCsvError([{ line, message: `The file is not valid CSV (${message})` }]);
  }

  const headerRow = rows.shift();
  if (!headerRow) throw new MasterCsvError([{ line: 1, message: 'The file is empty' }]);
  const columns = readHeader(headerRow, fail);
  if (!columns) throw new MasterCsvError(issues);

  let templateName: string | undefined;
  const categories: Category[] = [];
  // Keys are unique in a file (docs/catalogue-keys.md); ids are unique in an agreement.
  const keyLines = new Map<string, number>();
  const idsSeen = new Set<string>();
  const idOf = (cellValue: string): string => {
    const id = cellValue.trim();
    if (!isAgreement || id === '' || id.length > MAX_ID_LENGTH || idsSeen.has(id) || !/^[\x21-\x7e]+$/.test(id)) return newId();
    idsSeen.add(id);
    return id;
  };
  let subcategory = { name: '', bold: false, italics: false };
  let subject: Subject | undefined;

  for (const { record, line } of rows) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (record[index] ?? '');
    };
    const columnOf = (column: Column) => (columns.get(column) ?? 0) + 1;
    if (record.length > columns.size) {
      fail({ line, column: columns.size + 1, message: `Too many fields: expected ${columns.size}, found ${record.length}` });
      continue;
    }
    const level = cell('level').trim().toLowerCase();
    const name = readCsvName(cell('name').trim());
    // The name the item had before it was edited; '' when it was not (or in a template).
    const original = isAgreement ? readCsvName(cell(ORIGINAL_NAME_COLUMN).trim()) : '';
    // A note is free text: kept as written (line breaks too) but for the formula escape and trailing blanks.
    const note = isAgreement ? readCsvName(cell(NOTE_COLUMN)).replace(/\r\n?/g, '\n').trimEnd() : '';
    const noted = note === '' ? {} : { note };
    const flag = (column: Column): boolean => {
      const value = cell(column).trim().toLowerCase();
      if (TRUE_FLAGS.has(value)) return true;
      if (!FALSE_FLAGS.has(value)) fail({ line, column: columnOf(column), message: `"${cell(column)}" is not a flag value (use yes or leave it empty)` });
      return false;
    };
    const [bold, italics, isSelected, isLocked] = [flag('bold'), flag('italic'), flag('selected'), flag('locked')];

    if (!LEVELS.has(level)) {
      fail({ line, column: columnOf('level'), message: `Unknown level "${cell('level')}" (expected template, category, subcategory, subject or option)` });
      continue;
    }
    if (name.length > MAX_NAME_LENGTH) {
      fail({ line, column: columnOf('name'), message: `Name is ${name.length} characters long; the maximum is ${MAX_NAME_LENGTH}` });
      continue;
    }
    if (original.length > MAX_NAME_LENGTH) {
      fail({ line, column: columnOf(ORIGINAL_NAME_COLUMN), message: `Name is ${original.length} characters long; the maximum is ${MAX_NAME_LENGTH}` });
      continue;
    }
    if (note.length > MAX_NOTE_LENGTH) {
      fail({ line, column: columnOf(NOTE_COLUMN), message: `Note is ${note.length} characters long; the maximum is ${MAX_NOTE_LENGTH}` });
      continue;
    }
    if (note !== '' && level !== 'category' && level !== 'subject') {
      fail({ line, column: columnOf(NOTE_COLUMN), message: `Only a category or a subject has a note; leave it empty for a ${level}` });
      continue;
    }
    const isItem = level === 'subject' || level === 'option';
    const key = cell(KEY_COLUMN).trim();
    if (key !== '') {
      const keyProblem = checkKey(key, level, level === 'option' ? subject?.key : undefined, keyLines.get(key));
      if (keyProblem) {
        fail({ line, column: columnOf(KEY_COLUMN), message: keyProblem });
        continue;
      }
      keyLines.set(key, line);
    }
    const keyed = key === '' ? {} : { key };
    if (original !== '' && !isItem) {
      fail({ line, column: columnOf(ORIGINAL_NAME_COLUMN), message: `Only a subject or an option has an original name; leave it empty for a ${level}` });
      continue;
    }
    if (name === '' && level !== 'subcategory') {
      fail({ line, column: columnOf('name'), message: `A ${level} needs a name` });
      continue;
    }
    // Only subjects and options are placeholder rows; what decides is an edited item's original name.
    if (isPlaceholderName(original === '' ? name : original) && (isItem || !isAgreement)) {
      fail({
        line,
        column: columnOf(original === '' ? 'name' : ORIGINAL_NAME_COLUMN),
        message: `Names may not start with "button" (reserved for placeholder rows)`,
      });
      continue;
    }
    if (templateName === undefined && level !== 'template') {
      fail({ line, column: columnOf('level'), message: 'The first row after the header must be the template row' });
      templateName = '';
    }

    switch (level) {
      case 'template':
        if (templateName !== undefined) fail({ line, column: columnOf('level'), message: 'Only one template row is allowed' });
        else templateName = name;
        break;
      case 'category':
        categories.push({ _id: idOf(cell(ID_COLUMN)), ...keyed, order: categories.length + 1, categoryName: name, bold, italics, subjects: [], ...noted });
        subcategory = { name: '', bold: false, italics: false };
        subject = undefined;
        break;
      case 'subcategory':
        if (!categories.at(-1)) fail({ line, column: columnOf('level'), message: 'A subcategory must come after a category' });
        subcategory = { name, bold, italics };
        break;
      case 'subject': {
        const category = categories.at(-1);
        if (!category) {
          fail({ line, column: columnOf('level'), message: 'A subject must come after a category' });
          break;
        }
        subject = {
          _id: idOf(cell(ID_COLUMN)),
          ...keyed,
          subcategoryName: subcategory.name,
          subcategoryBold: subcategory.bold,
          subcategoryItalics: subcategory.italics,
          bold,
          italics,
          isSelected,
          isLocked,
          options: [],
          ...(original === '' ? { subjectName: name, editedName: '', isEdited: false } : { subjectName: original, editedName: name, isEdited: true }),
          ...noted,
        };
        category.subjects.push(subject);
        break;
      }
      case 'option':
        if (!subject) {
          fail({ line, column: columnOf('level'), message: 'An option must come after a subject' });
          break;
        }
        subject.options.push({
          _id: idOf(cell(ID_COLUMN)),
          ...keyed,
          isSelected,
          bold,
          italics,
          ...(original === '' ? { optionName: name, editedName: '', isEdited: false } : { optionName: original, editedName: name, isEdited: true }),
        });
        break;
    }
  }

  const lastLine = rows.at(-1)?.line ?? headerRow.line;
  if (templateName === undefined) fail({ line: lastLine, message: 'The file has no template row' });
  if (categories.length !== CATEGORY_COUNT) {
    fail({ line: lastLine, message: `A template needs exactly ${CATEGORY_COUNT} categories; this file has ${categories.length}` });
  }
  // The trial opens these two categories of its template (docs/product.md §1); an agreement may rename them.
  for (const required of isAgreement ? [] : TRIAL_CATEGORY_NAMES) {
    if (!categories.some((c) => c.categoryName === required)) fail({ line: lastLine, message: `The category "${required}" is missing` });
  }
  if (issues.length > 0) throw new MasterCsvError(issues.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0)));
  return { templateName: templateName ?? '', categories };
}

/**
 * What is wrong with a row's key (docs/catalogue-keys.md), or undefined when it is sound: its form,
 * its level (a category's key on a category row, and so on; headings and the template row have
 * none), an option's key under its subject's, and a key used twice.
 */
function checkKey(key: string, level: string, subjectKey: string | undefined, usedOnLine: number | undefined): string | undefined {
  if (level !== 'category' && level !== 'subject' && level !== 'option') return `A ${level} row has no key; leave it empty`;
  if (!CATALOGUE_KEY_PATTERN.test(key) || keyLevel(key) !== level) return `"${key}" is not a well-formed ${level} key (e.g. ${KEY_EXAMPLES[level]})`;
  if (level === 'option' && subjectKey !== undefined && subjectKeyOfOption(key) !== subjectKey)
    return `The option key "${key}" does not start with its subject's key "${subjectKey}."`;
  if (usedOnLine !== undefined) return `The key "${key}" is already used on line ${usedOnLine}`;
  return undefined;
}

const KEY_EXAMPLES = { category: 'nt', subject: 'nt.stayman', option: 'nt.stayman.regular' } as const;

function readHeader(header: { record: string[]; line: number }, fail: (issue: CsvIssue) => void): Map<Column, number> | undefined {
  const columns = new Map<Column, number>();
  header.record.forEach((raw, index) => {
    const name = raw.trim().toLowerCase() as Column;
    if (!(COLUMNS as readonly string[]).includes(name)) {
      fail({
        line: header.line,
        column: index + 1,
        message: `Unknown column "${raw}" (expected ${MASTER_CSV_HEADER.join(',')}, and ${ORIGINAL_NAME_COLUMN} in an agreement)`,
      });
    } else if (columns.has(name)) {
      fail({ line: header.line, column: index + 1, message: `Column "${raw}" appears twice` });
    } else {
      columns.set(name, index);
    }
  });
  for (const required of ['level', 'name'] as const) {
    if (!columns.has(required))
      fail({ line: header.line, message: `The header row must name the columns ${MASTER_CSV_HEADER.join(',')}; "${required}" is missing` });
  }
  return columns.has('level') && columns.has('name') && columns.size === header.record.length ? columns : undefined;
}

const yes = (value: boolean) => (value ? 'yes' : '');

/** A subject's or option's original name, when its name was edited ('' otherwise): the `original` column. */
function originalNameOf(item: Subject | Option): string {
  if (!item.isEdited) return '';
  return 'subjectName' in item ? item.subjectName : item.optionName;
}

/**
 * Writes a template or an agreement as a master CSV (docs/product.md §D6): placeholders are left out, names
 * are display names (an edited name replaces the original), subcategory rows are written where
 * the heading changes. Optional columns follow the six, each written only when some row fills it:
 * `key` (catalogue keys, docs/catalogue-keys.md), `original` (an edited item's original name),
 * `note` (docs/agreement-format.md, "Notes") and, when `options.ids` is set, `id` (each item's `_id`,
 * so that user-added items survive a round trip; docs/agreement-format.md, "CSV").
 *
 * @param options.ids write the `id` column (agreement exports; a template's ids mean nothing).
 * @returns the file's text, LF line ends, no BOM; parses back with `parseMasterCsv` (an agreement's
 *   with `kind: 'agreement'`, which gives back the same agreement, its ids too when written)
 */
export function serialiseMasterCsv(template: { templateName: string; categories: readonly Category[] }, options: { ids?: boolean } = {}): string {
  type Row = Record<Column, string>;
  const row = (values: Partial<Row>): Row => ({
    level: '',
    name: '',
    bold: '',
    italic: '',
    selected: '',
    locked: '',
    key: '',
    original: '',
    note: '',
    id: '',
    ...values,
  });
  const idOf = (item: { _id: string }) => (options.ids ? item._id : '');
  const rows: Row[] = [row({ level: 'template', name: template.templateName })];
  for (const category of template.categories) {
    rows.push(
      row({
        level: 'category',
        name: category.categoryName,
        bold: yes(category.bold),
        italic: yes(category.italics),
        key: category.key ?? '',
        note: category.note ?? '',
        id: idOf(category),
      }),
    );
    let heading = { name: '', bold: false, italics: false };
    for (const subject of category.subjects) {
      if (isPlaceholderName(subject.subjectName)) continue;
      const next = { name: subject.subcategoryName, bold: subject.subcategoryBold, italics: subject.subcategoryItalics };
      if (next.name !== heading.name || next.bold !== heading.bold || next.italics !== heading.italics) {
        rows.push(row({ level: 'subcategory', name: next.name, bold: yes(next.bold), italic: yes(next.italics) }));
        heading = next;
      }
      rows.push(
        row({
          level: 'subject',
          name: displayName(subject),
          bold: yes(subject.bold),
          italic: yes(subject.italics),
          selected: yes(subject.isSelected),
          locked: yes(subject.isLocked),
          key: subject.key ?? '',
          original: originalNameOf(subject),
          note: subject.note ?? '',
          id: idOf(subject),
        }),
      );
      for (const option of subject.options as Option[]) {
        if (isPlaceholderName(option.optionName)) continue;
        rows.push(
          row({
            level: 'option',
            name: displayName(option),
            bold: yes(option.bold),
            italic: yes(option.italics),
            selected: yes(option.isSelected),
            key: option.key ?? '',
            original: originalNameOf(option),
            id: idOf(option),
          }),
        );
      }
    }
  }
  const optional = [KEY_COLUMN, ORIGINAL_NAME_COLUMN, NOTE_COLUMN, ID_COLUMN] as const;
  const header: Column[] = [...MASTER_CSV_HEADER, ...optional.filter((column) => rows.some((values) => values[column] !== ''))];
  const isName = (column: Column) => column === 'name' || column === ORIGINAL_NAME_COLUMN || column === NOTE_COLUMN;
  return stringify([header, ...rows.map((values) => header.map((column) => (isName(column) ? protectCsvName(values[column]) : values[column])))], {
    record_delimiter: '\n',
  });
}

/** First characters that make a spreadsheet treat a cell as a formula, plus the escape itself. */
const FORMULA_OR_ESCAPE_START = /^[=+\-@\t\r']/;

/**
 * A name as a download writes it (formula protection, see the file comment): `'` before a name
 * starting with `=`, `+`, `-`, `@`, tab, carriage return or `'`; any other name unchanged.
 */
export function protectCsvName(name: string): string {
  return FORMULA_OR_ESCAPE_START.test(name) ? `'${name}` : name;
}

/** A name as read from a file: one leading apostrophe dropped (the reverse of `protectCsvName`). */
export function readCsvName(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
