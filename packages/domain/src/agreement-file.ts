/**
 * The agreement file (docs/product.md §12, docs/agreement-format.md): how an agreement leaves the product
 * and comes back. Export writes a versioned JSON document, or a CSV in the master-template format
 * (docs/product.md §D6; agreement-csv.ts); every PDF the product makes carries the JSON as an
 * attachment named `agreement.json`. Import reads any of the three back into one agreement, and says
 * what is wrong, by field or line, when it cannot.
 *
 * This module holds the JSON format and what every format shares, without the CSV reader (a
 * Node-only parser), so the web app can write an agreement file too.
 */
import { z } from 'zod';
import { stripMarkup } from './markup';
import { type ContractDocument, ContractDocumentSchema, isPlaceholderName } from './contract';
import { MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from './constants';
import { makePlaceholderOption, makePlaceholderSubject, withPlaceholderRow } from './editing';

/** The `format` of every agreement file. */
export const AGREEMENT_FILE_FORMAT = 'bridge-partnership-agreement';
/** The newest version of the format this code writes and reads. Older ones are read as well. */
export const AGREEMENT_FILE_VERSION = 3;
/** The name of the JSON attachment of every PDF. */
export const AGREEMENT_ATTACHMENT_NAME = 'agreement.json';

/**
 * The agreement file (docs/agreement-format.md): `agreement` is the document (name, the 13
 * categories, player names) exactly as the product stores it (docs/product.md §3), ids included, so
 * an import gives back the same agreement. Version 2 added notes on subjects and categories,
 * version 3 the catalogue keys of categories, subjects and options (docs/catalogue-keys.md); older
 * files are read by the same schema (they have neither, and get keys on import by name).
 */
export const AgreementFileSchema = z.object({
  format: z.literal(AGREEMENT_FILE_FORMAT),
  version: z.number().int().min(1).max(AGREEMENT_FILE_VERSION),
  /** When the file was written, ISO 8601. */
  exportedAt: z.string().max(40),
  agreement: ContractDocumentSchema,
});
export type AgreementFile = z.infer<typeof AgreementFileSchema>;

/** One problem of a file: where (a field path, or a line of a CSV) and what. */
export interface AgreementFileIssue {
  field?: string;
  line?: number;
  message: string;
}

/** Thrown when a file cannot be imported; `message` is for the user, `issues` say where. */
export class AgreementFileError extends Error {
  readonly issues: AgreementFileIssue[];
  constructor(message: string, issues: AgreementFileIssue[] = []) {
    super(message);
    this.name = 'AgreementFileError';
    this.issues = issues;
  }
}

export const NOT_AN_AGREEMENT_FILE_MESSAGE =
  'This file is not an agreement: choose a .json or .csv file exported by Bridge Partnership Agreements, or a PDF it made.';
export const PDF_WITHOUT_AGREEMENT_MESSAGE =
  'This PDF holds no agreement to import: only PDFs made by Bridge Partnership Agreements since November 2026 carry one.';

/** The message for a file written by a newer version of the product. */
export function newerVersionMessage(version: number): string {
  return `This file was written by a newer version of Bridge Partnership Agreements (format version ${version}; this one reads up to version ${AGREEMENT_FILE_VERSION}). Nothing was changed.`;
}

/**
 * The fields of the agreement document, every one `ContractDocumentSchema` declares (name,
 * categories, player names, and any field added later), without what else the object carries (an
 * API answer's `_id`, `revision`, `access`).
 */
function documentFields(document: ContractDocument): ContractDocument {
  const fields = Object.keys(ContractDocumentSchema.shape) as (keyof ContractDocument)[];
  return Object.fromEntries(fields.filter((field) => document[field] !== undefined).map((field) => [field, document[field]])) as ContractDocument;
}

/**
 * The file of an agreement, for export and for the PDF attachment: the whole document
 * (docs/agreement-format.md), so a JSON or PDF import gives back the same agreement.
 *
 * @param document the agreement: name, 13 categories, player names when set
 * @param exportedAt when it is written (`exportedAt`, ISO 8601)
 * @returns the file, to write with `JSON.stringify`
 */
export function toAgreementFile(document: ContractDocument, exportedAt: Date): AgreementFile {
  return {
    format: AGREEMENT_FILE_FORMAT,
    version: AGREEMENT_FILE_VERSION,
    exportedAt: exportedAt.toISOString(),
    agreement: documentFields(document),
  };
}

/** "agreement.categories.3.subjects.2.subjectName" from a zod issue path. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Where a zod issue's path is, in words, read in the whole file's JSON (`agreement.…` paths from the agreement). */
function placeInFile(file: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== 'agreement') return path.length === 0 ? 'the file' : `the file's ${path.map(String).join('.')}`;
  const agreement = typeof file === 'object' && file !== null ? (file as { agreement?: unknown }).agreement : undefined;
  return describeFieldPath(agreement, path.slice(1));
}

/** What a player calls the fields of an item, in an import error. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  categoryName: 'name',
  subjectName: 'name',
  optionName: 'name',
  editedName: 'edited name',
  isEdited: 'edited mark',
  isSelected: 'tick',
  isLocked: 'lock',
  subcategoryName: 'heading',
  note: 'note',
  _id: 'id',
};

/**
 * Where a field is, as a player reads the agreement, from its path in a file's JSON: categories,
 * subjects and options counted from 1 and named as shown (colour marks removed, at most 40
 * characters), e.g. `category 2
 * "Notrump Openings", subject 1 "Stayman", option 5 "Garbage": tick` for
 * `agreement.categories.1.subjects.0.options.4.isSelected` (docs/agreement-format.md, "Import").
 *
 * @param file the file's parsed JSON, to read the names from (any value: names missing are left out)
 */
export function describeFieldPath(file: unknown, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let node: unknown = file;
  const read = (value: unknown, key: PropertyKey) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined);
  for (let index = 0; index < path.length; index++) {
    const key = path[index]!;
    const next = read(node, key);
    const level = { categories: 'category', subjects: 'subject', options: 'option' }[String(path[index - 1])];
    if (level && typeof key === 'number') {
      const edited = read(next, 'isEdited') === true ? read(next, 'editedName') : undefined;
      const name = edited ?? read(next, `${level}Name`);
      const plain = typeof name === 'string' ? stripMarkup(name).trim() : '';
      // A long name (the very one refused, say) is cut: the place is enough to find it.
      const shown = plain.length > 40 ? `${plain.slice(0, 39)}…` : plain;
      parts.push(`${level} ${key + 1}${shown === '' ? '' : ` "${shown}"`}`);
    } else if (index === path.length - 1 && key !== 'categories' && key !== 'subjects' && key !== 'options') {
      parts.push(`: ${FIELD_WORDS[String(key)] ?? String(key)}`);
    } else if (index === path.length - 1) {
      parts.push(`: the ${String(key)}`);
    }
    node = next;
  }
  const text = parts.join(', ').replace(/, : /g, ': ');
  return text.startsWith(': ') ? `the agreement's ${text.slice(2)}` : text === '' ? 'the file' : text;
}

/** The line (1-based) of character `position` in `text`. */
function lineAt(text: string, position: number): number {
  return text.slice(0, position).split('\n').length;
}

const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Where text that `JSON.parse` refused first breaks JSON's grammar (RFC 8259): the offset of the
 * first wrong character, or the text's length when it ends too early. Node's messages name a
 * position for some mistakes only ("Unexpected token 'o', ... is not valid JSON" names none), so the
 * line of an import error (docs/agreement-format.md, Import) is found here instead.
 *
 * @returns the offset (0-based, UTF-16 units), or undefined for text too deeply nested to scan
 */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(String(at));
  };
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
  };
  const expect = (char: string) => {
    skipSpace();
    if (text[at] !== char) fail();
    at += 1;
  };
  const string = () => {
    expect('"');
    for (;;) {
      const char = text[at];
      if (char === undefined || char < ' ') fail();
      if (char === '"') return void (at += 1);
      if (char === '\\') {
        JSON_ESCAPE.lastIndex = at;
        if (!JSON_ESCAPE.test(text)) fail();
        at = JSON_ESCAPE.lastIndex;
      } else at += 1;
    }
  };
  const list = (close: string, item: () => void) => {
    at += 1;
    skipSpace();
    if (text[at] === close) return void (at += 1);
    for (;;) {
      item();
      skipSpace();
      if (text[at] === close) return void (at += 1);
      if (text[at] !== ',') fail();
      at += 1;
    }
  };
  const value = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      return list('}', () => {
        string();
        expect(':');
        value();
      });
    }
    if (char === '[') return list(']', value);
    if (char === '"') return string();
    const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, at));
    if (literal) return void (at += literal.length);
    JSON_NUMBER.lastIndex = at;
    if (!JSON_NUMBER.test(text)) fail();
    at = JSON_NUMBER.lastIndex;
  };
  try {
    value();
    skipSpace();
    return at < text.length ? at : undefined;
  } catch (error) {
    // A RangeError: nested deeper than the stack allows; no line then.
    return error instanceof SyntaxError ? Number(error.message) : undefined;
  }
}

/**
 * Reads an agreement file (JSON).
 *
 * @returns the agreement document, as exported
 * @throws AgreementFileError: not JSON (with the line where it breaks), not an agreement file, a
 *   newer version, or fields that break the agreement's rules (each named by its path)
 */
export function readAgreementJson(text: string): ContractDocument {
  let value: unknown;
  const json = text.replace(/^\uFEFF/, '');
  try {
    value = JSON.parse(json);
  } catch (error) {
    const position = jsonSyntaxErrorOffset(json);
    const line = position === undefined ? undefined : lineAt(json, position);
    throw new AgreementFileError(`The file is not valid JSON${line === undefined ? '' : ` (line ${line})`}.`, [
      { ...(line === undefined ? {} : { line }), message: (error as Error).message },
    ]);
  }
  const envelope = z.object({ format: z.string(), version: z.number() }).safeParse(value);
  if (!envelope.success || envelope.data.format !== AGREEMENT_FILE_FORMAT) throw new AgreementFileError(NOT_AN_AGREEMENT_FILE_MESSAGE);
  if (envelope.data.version > AGREEMENT_FILE_VERSION) throw new AgreementFileError(newerVersionMessage(envelope.data.version));
  const parsed = AgreementFileSchema.safeParse(value);
  const issues = parsed.success
    ? duplicateIdIssues(parsed.data.agreement)
    : parsed.error.issues.slice(0, 20).map((issue) => ({ field: fieldOf(issue.path), message: `${placeInFile(value, issue.path)}: ${issue.message}` }));
  const first = issues[0];
  if (!parsed.success || first) {
    throw new AgreementFileError(`The agreement in the file is not valid: ${first?.message ?? ''}`, issues);
  }
  return withPlaceholderRows(parsed.data.agreement);
}

/**
 * The agreement with the placeholder rows the editor needs (docs/product.md §D4: every category
 * ends with an "Add New Subject" row, every subject with an "Add New Option" row, unless full to its
 * limit), added where a file written by hand or by another tool left them out; a file the product
 * wrote has them all and comes back unchanged.
 */
export function withPlaceholderRows(agreement: ContractDocument): ContractDocument {
  const endsWithPlaceholder = (names: string[]) => names.length > 0 && isPlaceholderName(names[names.length - 1]!);
  return {
    ...agreement,
    categories: agreement.categories.map((category) => {
      const subjects = category.subjects.map((subject) =>
        isPlaceholderName(subject.subjectName) || endsWithPlaceholder(subject.options.map((option) => option.optionName))
          ? subject
          : { ...subject, options: withPlaceholderRow(subject.options, MAX_OPTIONS_PER_SUBJECT, makePlaceholderOption) },
      );
      const ended = endsWithPlaceholder(subjects.map((subject) => subject.subjectName));
      return { ...category, subjects: ended ? subjects : withPlaceholderRow(subjects, MAX_SUBJECTS_PER_CATEGORY, makePlaceholderSubject) };
    }),
  };
}

/**
 * The ids a file uses twice (a subject copied by hand into a JSON file, say): the editor finds
 * every category, subject and option by its id, so each must be unique in the agreement
 * (docs/agreement-format.md). At most 20, each named by its field path.
 */
function duplicateIdIssues(agreement: ContractDocument): AgreementFileIssue[] {
  const seen = new Map<string, PropertyKey[]>();
  const issues: AgreementFileIssue[] = [];
  const check = (id: string, path: PropertyKey[]) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, path);
    else if (issues.length < 20)
      issues.push({
        field: fieldOf(['agreement', ...path]),
        message: `${describeFieldPath(agreement, path)}: the id "${id}" is used twice (first at ${describeFieldPath(agreement, first)}); each item needs its own`,
      });
  };
  agreement.categories.forEach((category, c) => {
    check(category._id, ['categories', c, '_id']);
    category.subjects.forEach((subject, s) => {
      check(subject._id, ['categories', c, 'subjects', s, '_id']);
      subject.options.forEach((option, o) => check(option._id, ['categories', c, 'subjects', s, 'options', o, '_id']));
    });
  });
  return issues;
}

/** What a file is, by its first bytes: a PDF, JSON, or else CSV text. */
export function detectAgreementFileKind(bytes: Uint8Array): 'pdf' | 'json' | 'csv' {
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 16))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('%PDF-')) return 'pdf';
  if (start.startsWith('{')) return 'json';
  return 'csv';
}
