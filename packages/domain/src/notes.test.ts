/**
 * Notes on subjects and categories (docs/agreement-format.md, "Notes") through the domain: editing,
 * the schema's bound, merging two partners' notes, History's summary, changes since a visit, and
 * Compare.
 */
import { describe, expect, it } from 'vitest';
import { compareAgreements } from './compare';
import { ContractDocumentSchema, type ContractDocument } from './contract';
import { MAX_NOTE_LENGTH } from './constants';
import { createAgreementFromTemplate, setCategoryNote, setSubjectNote } from './editing';
import { listItemChanges, summariseChange } from './history';
import { parseMasterCsv } from './master-csv';
import { mergeAgreements } from './merge';
import { sampleTemplateCsv } from './sample-template';

let idCount = 0;
const sample = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample', () => `id-${++idCount}`);
const where = (doc: ContractDocument) => {
  const category = doc.categories.find((c) => c.subjects.length > 2)!;
  return { categoryId: category._id, subjectId: category.subjects[0]!._id, otherId: category.subjects[1]!._id };
};

describe('notes', () => {
  it('are written, changed and removed; an empty note is no note; line ends become LF', () => {
    const doc = sample();
    const { categoryId, subjectId } = where(doc);
    const noted = setSubjectNote(doc, categoryId, subjectId, 'Only with !s5 \r\nnot vulnerable  ');
    const subject = noted.categories.find((c) => c._id === categoryId)!.subjects.find((s) => s._id === subjectId)!;
    expect(subject.note).toBe('Only with !s5 \nnot vulnerable');
    const removed = setSubjectNote(noted, categoryId, subjectId, '   ');
    expect('note' in removed.categories.find((c) => c._id === categoryId)!.subjects.find((s) => s._id === subjectId)!).toBe(false);
    expect(setSubjectNote(doc, categoryId, subjectId, '')).toBe(doc);
    expect(setCategoryNote(doc, categoryId, 'We play this in every seat').categories.find((c) => c._id === categoryId)!.note).toBe(
      'We play this in every seat',
    );
  });

  it(`are refused by the schema beyond ${MAX_NOTE_LENGTH} characters, and read from documents without notes`, () => {
    const doc = sample();
    const { categoryId, subjectId } = where(doc);
    expect(ContractDocumentSchema.safeParse(doc).success).toBe(true);
    expect(ContractDocumentSchema.safeParse(setSubjectNote(doc, categoryId, subjectId, 'x'.repeat(MAX_NOTE_LENGTH))).success).toBe(true);
    const long = ContractDocumentSchema.safeParse(setSubjectNote(doc, categoryId, subjectId, 'x'.repeat(MAX_NOTE_LENGTH + 1)));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toContain(`at most ${MAX_NOTE_LENGTH} characters`);
  });

  it("merge item by item: both partners' notes on different subjects are kept, the same subject is a conflict", () => {
    const base = sample();
    const { categoryId, subjectId, otherId } = where(base);
    const theirs = setCategoryNote(setSubjectNote(base, categoryId, subjectId, 'Theirs'), categoryId, 'Category, theirs');
    const ours = setSubjectNote(base, categoryId, otherId, 'Ours');
    const merged = mergeAgreements(base, theirs, ours);
    expect(merged.kind).toBe('merged');
    if (merged.kind !== 'merged') return;
    const category = merged.document.categories.find((c) => c._id === categoryId)!;
    expect(category.note).toBe('Category, theirs');
    expect(category.subjects.find((s) => s._id === subjectId)!.note).toBe('Theirs');
    expect(category.subjects.find((s) => s._id === otherId)!.note).toBe('Ours');

    const clash = mergeAgreements(base, theirs, setSubjectNote(base, categoryId, subjectId, 'Mine'));
    expect(clash.kind).toBe('conflicts');
    if (clash.kind !== 'conflicts') return;
    expect(clash.conflicts).toEqual([expect.objectContaining({ field: 'note', key: `c:${categoryId}/s:${subjectId}:note`, mine: 'Mine', theirs: 'Theirs' })]);
    const settled = mergeAgreements(base, theirs, setSubjectNote(base, categoryId, subjectId, 'Mine'), { [`c:${categoryId}/s:${subjectId}:note`]: 'mine' });
    expect(settled.kind === 'merged' && settled.document.categories.find((c) => c._id === categoryId)!.subjects.find((s) => s._id === subjectId)!.note).toBe(
      'Mine',
    );
  });

  it('are counted in History and listed in the changes since a visit', () => {
    const before = sample();
    const { categoryId, subjectId } = where(before);
    const after = setCategoryNote(setSubjectNote(before, categoryId, subjectId, 'A note'), categoryId, 'Another');
    expect(summariseChange(before, after)).toMatch(/^noted 2 in /);
    const changes = listItemChanges(before, after);
    expect(changes.map((c) => [c.itemId, c.kind])).toEqual([
      [categoryId, 'noted'],
      [subjectId, 'noted'],
    ]);
  });

  it('are compared: the same subject played alike with different notes, and a category note', () => {
    const left = sample();
    const { categoryId, subjectId } = where(left);
    const played = {
      ...left,
      categories: left.categories.map((c) =>
        c._id === categoryId ? { ...c, subjects: c.subjects.map((s) => (s._id === subjectId ? { ...s, isSelected: true } : s)) } : c,
      ),
    };
    const right = setCategoryNote(setSubjectNote(played, categoryId, subjectId, 'Weak only'), categoryId, 'Ours');
    const comparison = compareAgreements(played, right);
    const category = comparison.categories.find((c) => c.key === categoryId)!;
    expect(category.isSame).toBe(false);
    expect(category.note).toEqual({ left: '', right: 'Ours' });
    expect(category.differences).toEqual([
      expect.objectContaining({ kind: 'note', left: expect.objectContaining({ note: '' }), right: expect.objectContaining({ note: 'Weak only' }) }),
    ]);
    expect(comparison.differenceCount).toBe(2);
  });
});
