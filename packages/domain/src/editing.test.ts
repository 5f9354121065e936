import { describe, expect, it } from 'vitest';
import { ContractDocumentSchema, type ContractDocument, type Option, type Subject, displayName, isPlaceholderName } from './contract';
import {
  clearAllInCategory,
  PLACEHOLDER_OPTION_NAME,
  PLACEHOLDER_SUBJECT_NAME,
  createAgreementFromTemplate,
  initialEditName,
  isTrialCategory,
  removeParagraphBreaks,
  renameOption,
  renameSubject,
  selectAllInCategory,
  toggleOption,
  toggleSubject,
} from './editing';
import { parseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

function makeAgreement(): ContractDocument {
  let n = 0;
  return createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Partner 1', () => `id${++n}`);
}
const first = (doc: ContractDocument) => {
  const category = doc.categories[0]!;
  return { category, subject: category.subjects[0]!, option: category.subjects[0]!.options[0]! };
};
function lockFirstSubject(doc: ContractDocument): ContractDocument {
  const { category, subject } = first(doc);
  return {
    ...doc,
    categories: doc.categories.map((c) => (c === category ? { ...c, subjects: c.subjects.map((s) => (s === subject ? { ...s, isLocked: true } : s)) } : c)),
  };
}

describe('createAgreementFromTemplate (docs/product.md §D4)', () => {
  it('ends every category with a placeholder subject and every subject with a placeholder option', () => {
    const doc = makeAgreement();
    expect(ContractDocumentSchema.parse(doc)).toEqual(doc);
    for (const category of doc.categories) {
      expect(category.subjects.at(-1)!.subjectName).toBe(PLACEHOLDER_SUBJECT_NAME);
      for (const subject of category.subjects.slice(0, -1)) expect(subject.options.at(-1)!.optionName).toBe(PLACEHOLDER_OPTION_NAME);
    }
  });
  it('gives every item a fresh, unique id', () => {
    const doc = makeAgreement();
    const ids = doc.categories.flatMap((c) => [c._id, ...c.subjects.flatMap((s) => [s._id, ...s.options.map((o) => o._id)])]);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('does not add a second placeholder when copied again', () => {
    const doc = makeAgreement();
    const copy = createAgreementFromTemplate({ templateName: 'x', categories: doc.categories }, 'Copy');
    expect(copy.categories[0]!.subjects.filter((s) => isPlaceholderName(s.subjectName))).toHaveLength(1);
  });
});

describe('toggling (docs/product.md §4)', () => {
  it('flips a subject and leaves the rest of the document shared', () => {
    const doc = makeAgreement();
    const { category, subject } = first(doc);
    const next = toggleSubject(doc, category._id, subject._id);
    expect(first(next).subject.isSelected).toBe(true);
    expect(next.categories[1]).toBe(doc.categories[1]);
    expect(first(toggleSubject(next, category._id, subject._id)).subject.isSelected).toBe(false);
  });
  it('selecting an option selects its subject; unselecting keeps the subject', () => {
    const doc = makeAgreement();
    const { category, subject, option } = first(doc);
    const on = toggleOption(doc, category._id, subject._id, option._id);
    expect(first(on).option.isSelected).toBe(true);
    expect(first(on).subject.isSelected).toBe(true);
    const off = toggleOption(on, category._id, subject._id, option._id);
    expect(first(off).option.isSelected).toBe(false);
    expect(first(off).subject.isSelected).toBe(true);
  });
  it('cannot toggle or rename a locked subject or its options', () => {
    const doc = lockFirstSubject(makeAgreement());
    const { category, subject, option } = first(doc);
    expect(toggleSubject(doc, category._id, subject._id)).toBe(doc);
    expect(toggleOption(doc, category._id, subject._id, option._id)).toBe(doc);
    expect(renameSubject(doc, category._id, subject._id, 'New')).toBe(doc);
    expect(renameOption(doc, category._id, subject._id, option._id, 'New')).toBe(doc);
  });
  it('ignores placeholder rows and unknown ids', () => {
    const doc = makeAgreement();
    const category = doc.categories[0]!;
    const placeholder = category.subjects.at(-1)!;
    expect(toggleSubject(doc, category._id, placeholder._id)).toBe(doc);
    expect(toggleSubject(doc, 'nope', 'nope')).toBe(doc);
    const subject = category.subjects[0]!;
    expect(toggleOption(doc, category._id, subject._id, subject.options.at(-1)!._id)).toBe(doc);
  });
  it('select all ticks every subject and option of the category except locked ones and placeholders', () => {
    const doc = lockFirstSubject(makeAgreement());
    const category = doc.categories[0]!;
    const next = selectAllInCategory(doc, category._id);
    const [locked, open, placeholder] = next.categories[0]!.subjects;
    expect(locked!.isSelected).toBe(false);
    expect(open!.isSelected).toBe(true);
    expect(open!.options.filter((o) => !isPlaceholderName(o.optionName)).every((o) => o.isSelected)).toBe(true);
    expect(open!.options.at(-1)!.isSelected).toBe(false);
    expect(placeholder!.isSelected).toBe(false);
    expect(next.categories[1]).toBe(doc.categories[1]);
    expect(selectAllInCategory(next, category._id)).toBe(next);
  });
  it('select all keeps the subjects and options that were ticked already, for the editor rows memoised on them', () => {
    const doc = makeAgreement();
    const category = doc.categories[0]!;
    const [partly, done] = category.subjects;
    const tickOptions = (d: ContractDocument, subject: Subject, options: Option[]) =>
      options.reduce((next, o) => toggleOption(next, category._id, subject._id, o._id), d);
    const realOptions = (subject: Subject) => subject.options.filter((o) => !isPlaceholderName(o.optionName));
    expect(realOptions(partly!).length).toBeGreaterThan(1);
    const before = tickOptions(tickOptions(doc, done!, realOptions(done!)), partly!, realOptions(partly!).slice(0, 1));
    const [partlyBefore, doneBefore] = before.categories[0]!.subjects;
    const [partlyAfter, doneAfter] = selectAllInCategory(before, category._id).categories[0]!.subjects;
    expect(doneAfter).toBe(doneBefore);
    expect(partlyAfter).not.toBe(partlyBefore);
    expect(partlyAfter!.options[0]).toBe(partlyBefore!.options[0]);
    expect(realOptions(partlyAfter!).every((o) => o.isSelected)).toBe(true);
  });
});

describe('name edits (docs/product.md §4)', () => {
  it('starts from an empty name on placeholders and from the displayed name elsewhere', () => {
    const { subject } = first(makeAgreement());
    expect(initialEditName(subject)).toBe('Subject 1.1 with 1!c');
    expect(initialEditName(subject.options.at(-1)!)).toBe('');
    expect(initialEditName({ ...subject, isEdited: true, editedName: '##c2#Mine' })).toBe('##c2#Mine');
  });
  it('saving a subject name sets the edited name and selects it', () => {
    const doc = makeAgreement();
    const { category, subject } = first(doc);
    const next = renameSubject(doc, category._id, subject._id, '##c3#Stayman###');
    expect(first(next).subject).toMatchObject({ subjectName: 'Subject 1.1 with 1!c', editedName: '##c3#Stayman###', isEdited: true, isSelected: true });
    expect(displayName(first(next).subject)).toBe('##c3#Stayman###');
  });
  it('saving a placeholder subject adds a user-added subject with one placeholder option and a new placeholder', () => {
    const doc = makeAgreement();
    const category = doc.categories[0]!;
    const placeholder = category.subjects.at(-1)!;
    const next = renameSubject(doc, category._id, placeholder._id, 'Our own\nconvention', () => 'fresh');
    const subjects = next.categories[0]!.subjects;
    expect(subjects).toHaveLength(category.subjects.length + 1);
    expect(subjects.at(-2)).toMatchObject({ subjectName: 'User added', editedName: 'Our own convention', isEdited: true, isSelected: true });
    expect(subjects.at(-2)!.options.map((o) => o.optionName)).toEqual([PLACEHOLDER_OPTION_NAME]);
    expect(subjects.at(-1)!.subjectName).toBe(PLACEHOLDER_SUBJECT_NAME);
  });
  it('saving a placeholder option adds a user-added option, a new placeholder, and selects the subject', () => {
    const doc = makeAgreement();
    const { category, subject } = first(doc);
    const placeholder = subject.options.at(-1)!;
    const next = renameOption(doc, category._id, subject._id, placeholder._id, '10-12 HCP');
    const after = first(next).subject;
    expect(after.isSelected).toBe(true);
    expect(after.options).toHaveLength(subject.options.length + 1);
    expect(after.options.at(-2)).toMatchObject({ optionName: 'User added', editedName: '10-12 HCP', isSelected: true, isEdited: true });
    expect(after.options.at(-1)!.optionName).toBe(PLACEHOLDER_OPTION_NAME);
  });
  it('saving an existing option keeps its original name', () => {
    const doc = makeAgreement();
    const { category, subject, option } = first(doc);
    const after = first(renameOption(doc, category._id, subject._id, option._id, 'Mine')).option;
    expect(after).toMatchObject({ optionName: 'Option 1.1.1', editedName: 'Mine', isEdited: true, isSelected: true });
  });
  it('a blank name changes nothing (cancel is simply not saving)', () => {
    const doc = makeAgreement();
    const { category, subject } = first(doc);
    expect(renameSubject(doc, category._id, subject._id, ' \n ')).toBe(doc);
  });
  it('removes paragraph breaks from rich-text edits (docs/product.md §5)', () => {
    expect(removeParagraphBreaks('one\r\ntwo\n\nthree\u2029four ')).toBe('one two three four');
  });
});

describe('clearAllInCategory (docs/product.md §15)', () => {
  it('unticks every subject and option of the category, leaves other categories and locked subjects, and is a no-op when nothing is ticked', () => {
    const doc = makeAgreement();
    const [first, second] = doc.categories;
    const ticked = selectAllInCategory(selectAllInCategory(doc, first!._id), second!._id);
    const cleared = clearAllInCategory(ticked, first!._id);
    const flags = (category: (typeof doc.categories)[number]) => category.subjects.flatMap((s) => [s.isSelected, ...s.options.map((o) => o.isSelected)]);
    expect(flags(cleared.categories[0]!).some(Boolean)).toBe(false);
    expect(cleared.categories[1]).toBe(ticked.categories[1]);
    expect(clearAllInCategory(cleared, first!._id)).toBe(cleared);
  });
});

describe('trial categories (docs/product.md §1, docs/product.md §D4)', () => {
  it('keeps only Overcalls and Doubles and Redoubles', () => {
    const doc = makeAgreement();
    expect(doc.categories.filter(isTrialCategory).map((c) => c.categoryName)).toEqual(['Overcalls', 'Doubles and Redoubles']);
  });
});
