/**
 * Editing rules of an agreement (docs/product.md §4 "Editing", docs/product.md §D4), as pure functions.
 *
 * Each function takes an agreement document and returns a new one, or the same object when
 * nothing changes (a locked subject, an unknown id), so callers can compare by reference.
 * Locked subjects and their options can be neither toggled nor renamed.
 */
import { MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY, TRIAL_CATEGORY_NAMES, USER_ADDED_LABEL } from './constants';
import { type Category, type ContractDocument, type MasterTemplate, type Option, type Subject, displayName, isPlaceholderName } from './contract';
import { type NewId, randomId } from './ids';

/** Original name of placeholder subjects ("Add New Subject" rows; docs/product.md §3, 9). */
export const PLACEHOLDER_SUBJECT_NAME = 'buttonSubject';
/** Original name of placeholder options ("Add New Option" rows; docs/product.md §3, 9). */
export const PLACEHOLDER_OPTION_NAME = 'buttonOption';

/** A placeholder option: the "Add New Option" row that ends every subject. */
export function makePlaceholderOption(newId: NewId = randomId): Option {
  return { _id: newId(), optionName: PLACEHOLDER_OPTION_NAME, isSelected: false, bold: false, italics: false, editedName: '', isEdited: false };
}

/** A placeholder subject: the "Add New Subject" row that ends every category. */
export function makePlaceholderSubject(newId: NewId = randomId): Subject {
  return {
    _id: newId(),
    subjectName: PLACEHOLDER_SUBJECT_NAME,
    subcategoryName: '',
    subcategoryBold: false,
    subcategoryItalics: false,
    bold: false,
    italics: false,
    isSelected: false,
    isLocked: false,
    options: [],
    editedName: '',
    isEdited: false,
  };
}

/**
 * The rows with a placeholder row added at the end, unless they are at `limit` already: a full
 * category or subject has no "Add New …" row, as in the editor (renameSubject, renameOption).
 */
export function withPlaceholderRow<T>(rows: T[], limit: number, makePlaceholder: () => T): T[] {
  return rows.length < limit ? [...rows, makePlaceholder()] : rows;
}

/**
 * Makes a new agreement from a template (docs/product.md §D4): fresh ids everywhere, every subject ends with
 * a placeholder option and every category with a placeholder subject, except a subject or category
 * full to its limit (docs/product.md §9). Placeholders already in the template are dropped first, so
 * applying this to an agreement makes a clean copy.
 *
 * @param template name and 13 categories (as `parseMasterCsv` returns them).
 * @param contractName the new agreement's name.
 */
export function createAgreementFromTemplate(template: MasterTemplate, contractName: string, newId: NewId = randomId): ContractDocument {
  return {
    contractName,
    categories: template.categories.map((category, index) => ({
      ...category,
      _id: newId(),
      order: index + 1,
      subjects: withPlaceholderRow(
        category.subjects
          .filter((s) => !isPlaceholderName(s.subjectName))
          .map((subject) => ({
            ...subject,
            _id: newId(),
            options: withPlaceholderRow(
              subject.options.filter((o) => !isPlaceholderName(o.optionName)).map((option) => ({ ...option, _id: newId() })),
              MAX_OPTIONS_PER_SUBJECT,
              () => makePlaceholderOption(newId),
            ),
          })),
        MAX_SUBJECTS_PER_CATEGORY,
        () => makePlaceholderSubject(newId),
      ),
    })),
  };
}

/** Replaces one category, keeping the document's identity when the category did not change. */
function updateCategory<T extends { categories: Category[] }>(doc: T, categoryId: string, update: (c: Category) => Category): T {
  let changed = false;
  const categories = doc.categories.map((category) => {
    if (category._id !== categoryId) return category;
    const next = update(category);
    if (next !== category) changed = true;
    return next;
  });
  return changed ? { ...doc, categories } : doc;
}

function updateSubject(category: Category, subjectId: string, update: (s: Subject) => Subject): Category {
  let changed = false;
  const subjects = category.subjects.map((subject) => {
    if (subject._id !== subjectId) return subject;
    const next = update(subject);
    if (next !== subject) changed = true;
    return next;
  });
  return changed ? { ...category, subjects } : category;
}

/**
 * Ticks or unticks a subject (docs/product.md §4: flips isSelected). A locked subject or a placeholder row is
 * left as it is. The UI expands the options row of a subject that becomes ticked.
 */
export function toggleSubject<T extends { categories: Category[] }>(doc: T, categoryId: string, subjectId: string): T {
  return updateCategory(doc, categoryId, (category) =>
    updateSubject(category, subjectId, (subject) =>
      subject.isLocked || isPlaceholderName(subject.subjectName) ? subject : { ...subject, isSelected: !subject.isSelected },
    ),
  );
}

/**
 * A note with its line ends made LF and its trailing blanks gone; '' when only blanks remain
 * (docs/agreement-format.md, "Notes").
 */
export function normaliseNote(note: string): string {
  return note.replace(/\r\n?/g, '\n').trimEnd();
}

/** Sets `item.note`, or removes it for '' (an empty note is no note). */
function withNote<I extends { note?: string | undefined }>(item: I, note: string): I {
  const text = normaliseNote(note);
  if ((item.note ?? '') === text) return item;
  const { note: _old, ...rest } = item;
  return (text === '' ? rest : { ...rest, note: text }) as I;
}

/**
 * Writes, changes or removes ('') a subject's note (docs/agreement-format.md, "Notes"). Placeholder
 * rows take no note; a locked subject does (a note explains, it does not change what is played).
 *
 * @param note the text as typed: colour markup and suit shorthand allowed; the schema bounds its
 *   length (MAX_NOTE_LENGTH), so the editor refuses a longer one before it gets here
 */
export function setSubjectNote<T extends { categories: Category[] }>(doc: T, categoryId: string, subjectId: string, note: string): T {
  return updateCategory(doc, categoryId, (category) =>
    updateSubject(category, subjectId, (subject) => (isPlaceholderName(subject.subjectName) ? subject : withNote(subject, note))),
  );
}

/** Writes, changes or removes ('') a category's own note (docs/agreement-format.md, "Notes"). */
export function setCategoryNote<T extends { categories: Category[] }>(doc: T, categoryId: string, note: string): T {
  return updateCategory(doc, categoryId, (category) => withNote(category, note));
}

/**
 * Ticks or unticks an option (docs/product.md §4); ticking an option also ticks its subject.
 * Options of locked subjects and placeholder rows are left as they are.
 */
export function toggleOption<T extends { categories: Category[] }>(doc: T, categoryId: string, subjectId: string, optionId: string): T {
  return updateCategory(doc, categoryId, (category) =>
    updateSubject(category, subjectId, (subject) => {
      if (subject.isLocked) return subject;
      const option = subject.options.find((o) => o._id === optionId);
      if (!option || isPlaceholderName(option.optionName)) return subject;
      const isSelected = !option.isSelected;
      return {
        ...subject,
        isSelected: isSelected || subject.isSelected,
        options: subject.options.map((o) => (o._id === optionId ? { ...o, isSelected } : o)),
      };
    }),
  );
}

/**
 * Ticks every subject and option of a category (docs/product.md §4 "select all"), except locked ones and placeholders.
 * A subject or option that was ticked already keeps its identity, so the editor's memoised rows of
 * what did not change are not drawn again (docs/product.md §D12); the same document when nothing changes.
 */
export function selectAllInCategory<T extends { categories: Category[] }>(doc: T, categoryId: string): T {
  const isOptionDone = (o: Option) => o.isSelected || isPlaceholderName(o.optionName);
  const isSubjectDone = (s: Subject) => s.isLocked || isPlaceholderName(s.subjectName) || (s.isSelected && s.options.every(isOptionDone));
  return updateCategory(doc, categoryId, (category) => {
    if (category.subjects.every(isSubjectDone)) return category;
    return {
      ...category,
      subjects: category.subjects.map((s) =>
        isSubjectDone(s) ? s : { ...s, isSelected: true, options: s.options.map((o) => (isOptionDone(o) ? o : { ...o, isSelected: true })) },
      ),
    };
  });
}

/**
 * Unticks every subject and option of a category (the editor's Clear all, docs/product.md §15), except
 * locked ones; placeholders are never ticked. Returns the same document when nothing was ticked.
 */
export function clearAllInCategory<T extends { categories: Category[] }>(doc: T, categoryId: string): T {
  return updateCategory(doc, categoryId, (category) => {
    const isTicked = (s: Subject) => !s.isLocked && (s.isSelected || s.options.some((o) => o.isSelected));
    if (!category.subjects.some(isTicked)) return category;
    return {
      ...category,
      subjects: category.subjects.map((s) =>
        isTicked(s) ? { ...s, isSelected: false, options: s.options.map((o) => (o.isSelected ? { ...o, isSelected: false } : o)) } : s,
      ),
    };
  });
}

/**
 * The text a name edit starts from (docs/product.md §4: "a temporary name, empty if the name begins with
 * button"): '' for placeholder rows, else the displayed name (with its colour markup).
 */
export function initialEditName(item: Subject | Option): string {
  const original = 'subjectName' in item ? item.subjectName : item.optionName;
  return isPlaceholderName(original) ? '' : displayName(item);
}

/**
 * Saves a subject's name edit (docs/product.md §4). On a placeholder row it makes a user-added subject (original
 * name "User added", the typed name as edited name, ticked, one placeholder option) and appends a
 * new placeholder subject; on any other subject it sets the edited name and ticks it. A locked
 * subject, an unknown id or a blank name change nothing.
 *
 * @param name the new name (colour markup allowed; paragraph breaks are removed).
 */
export function renameSubject<T extends { categories: Category[] }>(doc: T, categoryId: string, subjectId: string, name: string, newId: NewId = randomId): T {
  const editedName = removeParagraphBreaks(name);
  if (editedName.trim() === '') return doc;
  return updateCategory(doc, categoryId, (category) => {
    const subject = category.subjects.find((s) => s._id === subjectId);
    if (!subject || subject.isLocked) return category;
    if (!isPlaceholderName(subject.subjectName)) {
      return updateSubject(category, subjectId, (s) => ({ ...s, editedName, isEdited: true, isSelected: true }));
    }
    const userAdded: Subject = {
      ...subject,
      subjectName: USER_ADDED_LABEL,
      editedName,
      isEdited: true,
      isSelected: true,
      options: [makePlaceholderOption(newId)],
    };
    const subjects = category.subjects.map((s) => (s._id === subjectId ? userAdded : s));
    // At the limit the placeholder row is not renewed: no one types a subject that cannot be saved.
    return { ...category, subjects: subjects.length < MAX_SUBJECTS_PER_CATEGORY ? [...subjects, makePlaceholderSubject(newId)] : subjects };
  });
}

/**
 * Saves an option's name edit (docs/product.md §4). On a placeholder row it makes a user-added option (ticked)
 * and appends a new placeholder option; otherwise it sets the edited name and ticks the option.
 * Either way the subject is ticked too, as with `toggleOption`. Locked subjects are left alone.
 */
export function renameOption<T extends { categories: Category[] }>(
  doc: T,
  categoryId: string,
  subjectId: string,
  optionId: string,
  name: string,
  newId: NewId = randomId,
): T {
  const editedName = removeParagraphBreaks(name);
  if (editedName.trim() === '') return doc;
  return updateCategory(doc, categoryId, (category) =>
    updateSubject(category, subjectId, (subject) => {
      const option = subject.options.find((o) => o._id === optionId);
      if (!option || subject.isLocked) return subject;
      const isPlaceholder = isPlaceholderName(option.optionName);
      const saved: Option = { ...option, optionName: isPlaceholder ? USER_ADDED_LABEL : option.optionName, editedName, isEdited: true, isSelected: true };
      const options = subject.options.map((o) => (o._id === optionId ? saved : o));
      const renewPlaceholder = isPlaceholder && options.length < MAX_OPTIONS_PER_SUBJECT;
      return { ...subject, isSelected: true, options: renewPlaceholder ? [...options, makePlaceholderOption(newId)] : options };
    }),
  );
}

/** Removes paragraph and line breaks from an edited name (docs/product.md §5), joining lines with one space. */
export function removeParagraphBreaks(markup: string): string {
  return markup.replace(/\s*(?:\r\n|\r|\n|\u2028|\u2029)+\s*/g, ' ').trim();
}

/** True for the two categories a guest may open: Overcalls, Doubles and Redoubles (docs/product.md §1). */
export function isTrialCategory(category: Pick<Category, 'categoryName'>): boolean {
  return (TRIAL_CATEGORY_NAMES as readonly string[]).includes(category.categoryName);
}

/**
 * The agreement as a guest PDF request carries it (ADR 130): all 13 categories, as the schema
 * wants, but the non-trial ones without subjects. The server prints only the trial categories
 * anyway (docs/product.md §D4), and this keeps the request within GUEST_PDF_BODY_LIMIT_BYTES.
 */
export function emptyNonTrialCategories<T extends { categories: Category[] }>(doc: T): T {
  return { ...doc, categories: doc.categories.map((category) => (isTrialCategory(category) ? category : { ...category, subjects: [] })) };
}
