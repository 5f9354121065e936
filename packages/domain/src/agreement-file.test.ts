import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_FILE_FORMAT,
  AGREEMENT_FILE_VERSION,
  AgreementFileError,
  NOT_AN_AGREEMENT_FILE_MESSAGE,
  detectAgreementFileKind,
  jsonSyntaxErrorOffset,
  newerVersionMessage,
  readAgreementJson,
  toAgreementFile,
} from './agreement-file';
import { readAgreementCsv, toAgreementCsv } from './agreement-csv';
import { MAX_NAME_LENGTH, MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from './constants';
import { type ContractDocument, ContractDocumentSchema, isPlaceholderName } from './contract';
import {
  clearAllInCategory,
  createAgreementFromTemplate,
  removeParagraphBreaks,
  renameOption,
  renameSubject,
  selectAllInCategory,
  setCategoryNote,
  setSubjectNote,
  toggleOption,
  toggleSubject,
} from './editing';
import { parseMasterCsv, serialiseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

// Every shipped template goes through the same round trips in the server's agreement-files.test.ts
// (the domain reads no files); here the sample template, selected and not.
const templateFiles = ['sample', 'sample-selected'];

function agreementFrom(file: string): ContractDocument {
  const template = parseMasterCsv(sampleTemplateCsv('Sample', { selected: file === 'sample-selected' }));
  let agreement = createAgreementFromTemplate(template, `With ##c3#Pat### !h ${file}`);
  // Something ticked in every category, so the flags travel too.
  for (const category of agreement.categories.slice(0, 3)) agreement = selectAllInCategory(agreement, category._id);
  return agreement;
}

/** The document without its ids (a CSV import gives fresh ones). */
function withoutIds(document: ContractDocument): unknown {
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === '_id' ? undefined : value)));
}

function errorOf(action: () => unknown): AgreementFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof AgreementFileError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('agreement files (docs/product.md §12)', () => {
  it.each(templateFiles)('gives back the same agreement through JSON: %s', (file) => {
    const agreement = agreementFrom(file);
    const text = JSON.stringify(toAgreementFile(agreement, new Date('2026-11-25T10:00:00Z')));
    expect(readAgreementJson(text)).toEqual(agreement);
  });

  it('carries the whole document: the player names, and every field the document schema declares', () => {
    const agreement: ContractDocument = { ...agreementFrom('sample'), playerNames: ['Anna Smith', 'Bob Jones'] };
    const file = toAgreementFile(agreement, new Date('2026-11-25T10:00:00Z'));
    // A field added to the document later must travel too: give the sample a value for it here.
    expect(Object.keys(file.agreement).sort()).toEqual(Object.keys(ContractDocumentSchema.shape).sort());
    expect(readAgreementJson(JSON.stringify(file))).toEqual(agreement);
  });

  it('leaves out what is not the document: the id, revision and access of an API answer', () => {
    const agreement = agreementFrom('sample');
    const answer = { ...agreement, _id: '0b8f2f39-4d2c-4a8e-9a51-5f0d6b1f8d11', revision: 7, access: 'owner' };
    expect(toAgreementFile(answer, new Date()).agreement).toEqual(agreement);
  });

  it.each(templateFiles)('gives back the same agreement through CSV, its ids too (the id column) but for the placeholder rows: %s', (file) => {
    const agreement = agreementFrom(file);
    const back = readAgreementCsv(toAgreementCsv(agreement));
    expect(withoutIds(back)).toEqual(withoutIds(agreement));
    const realIds = (doc: ContractDocument) =>
      doc.categories.flatMap((c) => [
        c._id,
        ...c.subjects
          .filter((s) => !isPlaceholderName(s.subjectName))
          .flatMap((s) => [s._id, ...s.options.filter((o) => !isPlaceholderName(o.optionName)).map((o) => o._id)]),
      ]);
    expect(realIds(back)).toEqual(realIds(agreement));
    // Without the id column (an older export), every item gets a new id.
    const older = readAgreementCsv(serialiseMasterCsv({ templateName: agreement.contractName, categories: agreement.categories }));
    expect(older.categories[0]?._id).not.toBe(agreement.categories[0]?._id);
  });

  it('names the line of a file that is not JSON', () => {
    const error = errorOf(() => readAgreementJson('{\n  "format": "bridge-partnership-agreement",\n  "version": 1,\n  oops\n}'));
    expect(error.message).toBe('The file is not valid JSON (line 4).');
  });

  it.each([
    ['a word where a value belongs', '{\n  "format": "bridge-partnership-agreement",\n  "version": tru\n}', 3],
    ['a comma before a closing bracket', '{\n  "agreement": {\n    "categories": [\n      1,\n    ]\n  }\n}', 5],
    ['a quote missing', '{\n  "format": "bridge-partnership-agreement,\n  "version": 1\n}', 2],
    ['a file cut short', '{\n  "format": "bridge-partnership-agreement",\n  "version": 1,\n', 4],
    ['something after the end', '{ "version": 1 }\n\n}', 3],
  ])('names the line of JSON with %s', (_case, text, line) => {
    expect(errorOf(() => readAgreementJson(text)).message).toBe(`The file is not valid JSON (line ${line}).`);
  });

  it('finds a JSON syntax error exactly when JSON.parse refuses the text', () => {
    const accepts = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((text) => text.slice(0, Math.floor(text.length / 2))),
      fc.stringMatching(/^[\s{}[\]",:0-9eE.+\-truefalsn\\]{0,30}$/),
    );
    fc.assert(
      fc.property(jsonish, (text) => (jsonSyntaxErrorOffset(text) === undefined) === accepts(text)),
      { numRuns: 2000 },
    );
  });

  it('refuses JSON that is not an agreement file, and a newer version, with clear messages', () => {
    expect(errorOf(() => readAgreementJson('{"name": "something else"}')).message).toBe(NOT_AN_AGREEMENT_FILE_MESSAGE);
    const newer = JSON.stringify({ format: AGREEMENT_FILE_FORMAT, version: AGREEMENT_FILE_VERSION + 1, exportedAt: '', agreement: {} });
    expect(errorOf(() => readAgreementJson(newer)).message).toBe(newerVersionMessage(AGREEMENT_FILE_VERSION + 1));
  });

  it('names the field that breaks the rules', () => {
    const agreement = agreementFrom('sample');
    const file = toAgreementFile(agreement, new Date());
    (file.agreement.categories[2]!.subjects[1] as { subjectName: string }).subjectName = 'x'.repeat(600);
    const error = errorOf(() => readAgreementJson(JSON.stringify(file)));
    expect(error.issues[0]?.field).toBe('agreement.categories.2.subjects.1.subjectName');
    // Said as a player reads the agreement: counted from 1, named as shown.
    const category = file.agreement.categories[2]!;
    expect(error.message).toContain(`category 3 "${category.categoryName}", subject 2 "${'x'.repeat(39)}…": name: A name may be at most 500`);
    const fresh = toAgreementFile(agreementFrom('sample'), new Date());
    const short = { ...fresh, agreement: { ...fresh.agreement, categories: fresh.agreement.categories.slice(0, 12) } };
    expect(errorOf(() => readAgreementJson(JSON.stringify(short))).issues[0]?.field).toBe('agreement.categories');
  });

  it('names an option by its place and name, and a field of the file itself', () => {
    const file = toAgreementFile(agreementFrom('sample'), new Date());
    const category = file.agreement.categories.find((c) => c.subjects.some((subject) => subject.options.length > 1))!;
    const c = file.agreement.categories.indexOf(category);
    const s = category.subjects.findIndex((subject) => subject.options.length > 1);
    const option = category.subjects[s]!.options[1]!;
    (option as { isSelected: unknown }).isSelected = 'yes';
    const error = errorOf(() => readAgreementJson(JSON.stringify(file)));
    expect(error.issues[0]?.message).toMatch(
      new RegExp(`^category ${c + 1} "[^"]+", subject ${s + 1} "[^"]+", option 2 "${option.optionName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": tick: `),
    );
  });

  it('refuses an id used twice (a subject copied by hand), naming the copy', () => {
    const file = toAgreementFile(agreementFrom('sample'), new Date());
    const subjects = file.agreement.categories[4]!.subjects;
    subjects.splice(1, 0, structuredClone(subjects[0]!));
    const error = errorOf(() => readAgreementJson(JSON.stringify(file)));
    expect(error.issues[0]?.field).toBe('agreement.categories.4.subjects.1._id');
    const copied = subjects[0]!;
    const name = copied.isEdited ? copied.editedName : copied.subjectName;
    expect(error.message).toContain(`(first at category 5 "${file.agreement.categories[4]!.categoryName}", subject 1 "${name}": id)`);
    // The copy's options repeat too, each named.
    expect(error.issues.map((issue) => issue.field)).toContain('agreement.categories.4.subjects.1.options.0._id');
  });

  it('adds the placeholder rows a hand-written file leaves out, and keeps the rest as written', () => {
    const agreement = agreementFrom('sample');
    const file = structuredClone(toAgreementFile(agreement, new Date()));
    const category = file.agreement.categories[5]!;
    category.subjects = category.subjects.filter((subject) => !isPlaceholderName(subject.subjectName));
    category.subjects[0]!.options = category.subjects[0]!.options.filter((option) => !isPlaceholderName(option.optionName));
    const read = readAgreementJson(JSON.stringify(file));
    const subjects = read.categories[5]!.subjects;
    expect(subjects.map((subject) => subject.subjectName)).toEqual(agreement.categories[5]!.subjects.map((subject) => subject.subjectName));
    expect(subjects[0]!.options.map((option) => option.optionName)).toEqual(agreement.categories[5]!.subjects[0]!.options.map((option) => option.optionName));
    expect(new Set([subjects.at(-1)!._id, subjects[0]!.options.at(-1)!._id, ...agreement.categories.map((c) => c._id)]).size).toBe(15);
    // Everything else as written, ids included.
    expect({ ...read, categories: read.categories.filter((_, index) => index !== 5) }).toEqual({
      ...agreement,
      categories: agreement.categories.filter((_, index) => index !== 5),
    });
  });

  it('names the lines of a CSV that cannot be read', () => {
    const error = errorOf(() => readAgreementCsv('level,name,bold,italic,selected,locked\ntemplate,Mine,,,,\nsubjet,Stayman,,,,\n'));
    expect(error.issues.some((issue) => issue.line === 3)).toBe(true);
    expect(error.message).toMatch(/^The CSV file cannot be imported: Line 3/);
  });

  it('tells a PDF, JSON and CSV apart by their first bytes', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(detectAgreementFileKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectAgreementFileKind(bytes('\uFEFF  {"format"'))).toBe('json');
    expect(detectAgreementFileKind(bytes('level,name,bold'))).toBe('csv');
  });
});

/** One change an agreement can get: the editor's rules (editing.ts), and the names a save or a JSON import may give. */
type Edit =
  | { kind: 'toggleSubject' | 'toggleOption' | 'renameSubject' | 'renameOption'; category: number; subject: number; option: number; name: string }
  | { kind: 'selectAll'; category: number }
  | { kind: 'clearAll'; category: number }
  | { kind: 'renameCategory'; category: number; name: string }
  | { kind: 'renameAgreement'; name: string };

let idCount = 0;
const nextId = () => `id-${++idCount}`;

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

function applyEdit(doc: ContractDocument, edit: Edit): ContractDocument {
  if (edit.kind === 'renameAgreement') return { ...doc, contractName: edit.name };
  const category = pick(doc.categories, edit.category)!;
  // No editor rule renames a category, but a save or a JSON import can (docs/agreement-format.md).
  if (edit.kind === 'renameCategory') return { ...doc, categories: doc.categories.map((c) => (c === category ? { ...c, categoryName: edit.name } : c)) };
  if (edit.kind === 'selectAll') return selectAllInCategory(doc, category._id);
  if (edit.kind === 'clearAll') return clearAllInCategory(doc, category._id);
  // The last subject and option are the "Add New …" rows: renaming one adds an item.
  const subject = pick(category.subjects, edit.subject)!;
  if (edit.kind === 'toggleSubject') return toggleSubject(doc, category._id, subject._id);
  if (edit.kind === 'renameSubject') return renameSubject(doc, category._id, subject._id, edit.name, nextId);
  const option = pick(subject.options, edit.option);
  if (!option) return doc;
  if (edit.kind === 'toggleOption') return toggleOption(doc, category._id, subject._id, option._id);
  return renameOption(doc, category._id, subject._id, option._id, edit.name, nextId);
}

/**
 * Names as people type them: markup and suit shorthand, what a spreadsheet would run as a formula,
 * CSV's own characters, names that look like placeholders or "User added", any text, the longest.
 */
const nameArb = fc
  .oneof(
    fc.constantFrom(
      '##c2#Red### !h',
      'Jacoby 2NT over 1!s, 1!h',
      '\\#1 \\\\ back',
      '=SUM(A1)',
      "'quoted",
      '-1 and +2',
      '@home',
      'a, "b"; c',
      'buttonless',
      'User added',
      'Overcalls',
      'line\nbreak',
    ),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.string({ minLength: 1, maxLength: 3 }).map((start) => start.repeat(MAX_NAME_LENGTH).slice(0, MAX_NAME_LENGTH)),
  )
  // What the editor and a save keep of a name: one line, trimmed (editing.ts removeParagraphBreaks), at most 500 characters.
  .map(removeParagraphBreaks)
  .filter((name) => name !== '' && name.length <= MAX_NAME_LENGTH);

const index = fc.nat(40);
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('toggleSubject' as const, 'toggleOption' as const, 'renameSubject' as const, 'renameOption' as const),
    category: index,
    subject: index,
    option: index,
    name: nameArb,
  }),
  fc.record({ kind: fc.constantFrom('selectAll' as const, 'clearAll' as const), category: index }),
  fc.record({ kind: fc.constant('renameCategory' as const), category: index, name: nameArb }),
  fc.record({ kind: fc.constant('renameAgreement' as const), name: nameArb }),
);

describe('CSV export and import (docs/agreement-format.md)', () => {
  const base = agreementFrom('sample');

  // Bounded: 80 agreements of up to 12 changes, well under a second of CPU.
  it('gives back every agreement the editor can make, except for ids: renamed categories, renamed and added items, any name', () => {
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 12 }), (edits) => {
        const agreement = edits.reduce(applyEdit, base);
        expect(ContractDocumentSchema.safeParse(agreement).success).toBe(true);
        const back = readAgreementCsv(toAgreementCsv(agreement));
        expect(withoutIds(back)).toEqual(withoutIds(agreement));
      }),
      { numRuns: 80 },
    );
  });

  it('gives back a category and a subject full to the limit, which have no "Add New …" row left, as they are', () => {
    let agreement = base;
    const category = agreement.categories[0]!;
    while (agreement.categories[0]!.subjects.length < MAX_SUBJECTS_PER_CATEGORY || isPlaceholderName(agreement.categories[0]!.subjects.at(-1)!.subjectName)) {
      const last = agreement.categories[0]!.subjects.at(-1)!;
      agreement = renameSubject(agreement, category._id, last._id, `Added ${agreement.categories[0]!.subjects.length}`, nextId);
    }
    const subject = agreement.categories[0]!.subjects[0]!;
    while (!agreement.categories[0]!.subjects[0]!.options.every((option) => !isPlaceholderName(option.optionName))) {
      const last = agreement.categories[0]!.subjects[0]!.options.at(-1)!;
      agreement = renameOption(agreement, category._id, subject._id, last._id, 'x'.repeat(MAX_NAME_LENGTH), nextId);
    }
    expect(agreement.categories[0]!.subjects).toHaveLength(MAX_SUBJECTS_PER_CATEGORY);
    expect(agreement.categories[0]!.subjects[0]!.options).toHaveLength(MAX_OPTIONS_PER_SUBJECT);
    const back = readAgreementCsv(toAgreementCsv(agreement));
    expect(ContractDocumentSchema.safeParse(back).success).toBe(true);
    expect(withoutIds(back)).toEqual(withoutIds(agreement));
    expect(withoutIds(readAgreementJson(JSON.stringify(toAgreementFile(agreement, new Date()))))).toEqual(withoutIds(agreement));
  });
});

describe('notes in the agreement files (docs/agreement-format.md, "Notes")', () => {
  const noted = () => {
    const doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Noted');
    const category = doc.categories.find((c) => c.subjects.length > 1)!;
    const subject = category.subjects[0]!;
    const withSubject = setSubjectNote(doc, category._id, subject._id, '- only with !s5\nnot in third seat, "quoted", =1+1');
    return { doc: setCategoryNote(withSubject, category._id, 'Over their 1NT: the same'), categoryId: category._id, subjectId: subject._id };
  };

  it('come back from a JSON export, which is version 3; a version 1 file is still read', () => {
    const { doc } = noted();
    const file = toAgreementFile(doc, new Date(0));
    expect(file.version).toBe(3);
    expect(readAgreementJson(JSON.stringify(file))).toEqual(doc);
    const older = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Older');
    expect(readAgreementJson(JSON.stringify({ ...toAgreementFile(older, new Date(0)), version: 1 }))).toEqual(older);
  });

  it('come back from a CSV export in the note column, line breaks and formula-like text included', () => {
    const { doc, categoryId, subjectId } = noted();
    const csv = toAgreementCsv(doc);
    expect(csv.split('\n')[0]).toBe('level,name,bold,italic,selected,locked,note,id');
    const back = readAgreementCsv(csv);
    const category = back.categories.find((c) => c.categoryName === doc.categories.find((d) => d._id === categoryId)!.categoryName)!;
    expect(category.note).toBe('Over their 1NT: the same');
    const subjectName = doc.categories.find((c) => c._id === categoryId)!.subjects.find((s) => s._id === subjectId)!.subjectName;
    expect(category.subjects.find((s) => s.subjectName === subjectName)!.note).toBe('- only with !s5\nnot in third seat, "quoted", =1+1');
    expect(toAgreementCsv(createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Plain')).split('\n')[0]).toBe(
      'level,name,bold,italic,selected,locked,id',
    );
  });

  it('refuses a note on an option row of a CSV, naming the line and column', () => {
    const { doc } = noted();
    const lines = toAgreementCsv(doc).split('\n');
    const optionLine = lines.findIndex((line) => line.startsWith('option,'));
    // The note column is the 7th here (no keys, no edited names): level,…,locked,note,id.
    const cells = lines[optionLine]!.split(',');
    cells[6] = 'A note';
    lines[optionLine] = cells.join(',');
    expect(() => readAgreementCsv(lines.join('\n'))).toThrow(/column 7: Only a category or a subject has a note/);
  });
});
