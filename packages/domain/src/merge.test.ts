import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripMarkup } from './markup';
import { ContractDocumentSchema, type ContractDocument, isPlaceholderName } from './contract';
import { clearAllInCategory, createAgreementFromTemplate, renameOption, renameSubject, selectAllInCategory, toggleOption, toggleSubject } from './editing';
import { parseMasterCsv } from './master-csv';
import { type MergeResolutions, mergeAgreements } from './merge';
import { sampleTemplateCsv } from './sample-template';

let idCount = 0;
const nextId = () => `id-${++idCount}`;
const sample = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample', nextId);

/** One editing action, as the editor does them (domain editing functions). */
type Edit =
  | { kind: 'toggleSubject'; category: number; subject: number }
  | { kind: 'toggleOption'; category: number; subject: number; option: number }
  | { kind: 'renameSubject'; category: number; subject: number; name: string }
  | { kind: 'renameOption'; category: number; subject: number; option: number; name: string }
  | { kind: 'selectAll'; category: number }
  | { kind: 'clearAll'; category: number }
  | { kind: 'renameAgreement'; name: string };

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

function applyEdit(doc: ContractDocument, edit: Edit): ContractDocument {
  if (edit.kind === 'renameAgreement') return { ...doc, contractName: edit.name };
  const category = pick(doc.categories, edit.category)!;
  if (edit.kind === 'selectAll' || edit.kind === 'clearAll') return (edit.kind === 'selectAll' ? selectAllInCategory : clearAllInCategory)(doc, category._id);
  const subject = pick(category.subjects, edit.subject);
  if (!subject) return doc;
  if (edit.kind === 'toggleSubject') return toggleSubject(doc, category._id, subject._id);
  if (edit.kind === 'renameSubject') return renameSubject(doc, category._id, subject._id, edit.name, nextId);
  const option = pick(subject.options, edit.option);
  if (!option) return doc;
  if (edit.kind === 'toggleOption') return toggleOption(doc, category._id, subject._id, option._id);
  return renameOption(doc, category._id, subject._id, option._id, edit.name, nextId);
}

const index = fc.nat(50);
const name = fc.constantFrom('Stayman', 'Jacoby !h', '##c1#Red##c1#', 'Smolen', 'x');
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('toggleSubject' as const), category: index, subject: index }),
  fc.record({ kind: fc.constant('toggleOption' as const), category: index, subject: index, option: index }),
  fc.record({ kind: fc.constant('renameSubject' as const), category: index, subject: index, name }),
  fc.record({ kind: fc.constant('renameOption' as const), category: index, subject: index, option: index, name }),
  fc.record({ kind: fc.constantFrom('selectAll' as const, 'clearAll' as const), category: index }),
  fc.record({ kind: fc.constant('renameAgreement' as const), name }),
);
const editsArb = fc.array(editArb, { maxLength: 8 });
const edit = (doc: ContractDocument, edits: Edit[]) => edits.reduce(applyEdit, doc);

/** Every field a person can change, per item, as `key -> value` (the units of merging). */
function fields(doc: ContractDocument): Map<string, string> {
  const map = new Map<string, string>([['contractName', doc.contractName]]);
  for (const c of doc.categories) {
    for (const s of c.subjects) {
      const key = `c:${c._id}/s:${s._id}`;
      map.set(`${key}:selected`, String(s.isSelected));
      map.set(`${key}:name`, JSON.stringify([s.subjectName, s.isEdited, s.editedName]));
      for (const o of s.options) {
        map.set(`${key}/o:${o._id}:selected`, String(o.isSelected));
        map.set(`${key}/o:${o._id}:name`, JSON.stringify([o.optionName, o.isEdited, o.editedName]));
      }
    }
  }
  return map;
}

function expectWellFormed(doc: ContractDocument): void {
  expect(ContractDocumentSchema.safeParse(doc).success).toBe(true);
  for (const c of doc.categories) {
    const names = c.subjects.map((s) => s.subjectName);
    expect(names.slice(0, -1).some(isPlaceholderName)).toBe(false);
    for (const s of c.subjects) expect(s.options.slice(0, -1).some((o) => isPlaceholderName(o.optionName))).toBe(false);
  }
}

describe('mergeAgreements', () => {
  const base = sample();

  it('with one side unchanged, gives the other side', () => {
    fc.assert(
      fc.property(editsArb, (edits) => {
        const changed = edit(base, edits);
        const ours = mergeAgreements(base, base, changed);
        const theirs = mergeAgreements(base, changed, base);
        expect(ours).toEqual({ kind: 'merged', document: changed, theirChangeCount: 0 });
        expect(theirs.kind).toBe('merged');
        if (theirs.kind === 'merged') expect(theirs.document).toEqual(changed);
      }),
    );
  });

  it('combines disjoint changes, whichever side is which', () => {
    fc.assert(
      fc.property(editsArb, editsArb, (oursEdits, theirsEdits) => {
        const ours = edit(base, oursEdits);
        const theirs = edit(base, theirsEdits);
        const a = mergeAgreements(base, theirs, ours, {}, nextId);
        const b = mergeAgreements(base, ours, theirs, {}, nextId);
        expect(a.kind).toBe(b.kind);
        if (a.kind !== 'merged' || b.kind !== 'merged') return;
        // The same fields with the same values; only the order of rows both added may differ, and
        // so which of two rows added at the same "Add New …" row keeps that row's id.
        const fa = fields(a.document);
        const fb = fields(b.document);
        const baseFields = fields(base);
        const addRows = [...baseFields]
          .filter(([key, value]) => key.endsWith(':name') && isPlaceholderName((JSON.parse(value) as [string])[0]))
          .map(([key]) => key.slice(0, -':name'.length));
        const stable = (f: Map<string, string>) => [...f].filter(([k]) => baseFields.has(k) && !addRows.some((row) => k.startsWith(row))).sort();
        expect(stable(fa)).toEqual(stable(fb));
        expect(fa.size).toBe(fb.size);
      }),
    );
  });

  it('always gives a valid agreement with placeholders last, whatever is chosen', () => {
    fc.assert(
      fc.property(editsArb, editsArb, fc.constantFrom('mine' as const, 'theirs' as const), (oursEdits, theirsEdits, choice) => {
        const ours = edit(base, oursEdits);
        const theirs = edit(base, theirsEdits);
        const first = mergeAgreements(base, theirs, ours, {}, nextId);
        const resolutions: MergeResolutions = first.kind === 'conflicts' ? Object.fromEntries(first.conflicts.map((c) => [c.key, choice])) : {};
        const result = mergeAgreements(base, theirs, ours, resolutions, nextId);
        expect(result.kind).toBe('merged');
        if (result.kind === 'merged') expectWellFormed(result.document);
      }),
    );
  });

  it('loses no edit of either side without reporting it as a conflict', () => {
    fc.assert(
      fc.property(editsArb, editsArb, (oursEdits, theirsEdits) => {
        const ours = edit(base, oursEdits);
        const theirs = edit(base, theirsEdits);
        const first = mergeAgreements(base, theirs, ours, {}, nextId);
        const conflicted = new Set(first.kind === 'conflicts' ? first.conflicts.map((c) => c.key) : []);
        const result = mergeAgreements(base, theirs, ours, Object.fromEntries([...conflicted].map((k) => [k, 'mine'])), nextId);
        if (result.kind !== 'merged') throw new Error(result.kind);
        const merged = fields(result.document);
        const original = fields(base);
        for (const [side, doc] of [
          ['ours', ours],
          ['theirs', theirs],
        ] as const) {
          for (const [key, value] of fields(doc)) {
            if (original.get(key) === value) continue; // not an edit of this side
            if (side === 'theirs' && conflicted.has(key)) continue; // reported, and ours chosen
            if (merged.get(key) === value) continue;
            // A row both sides added in the same place is kept under a new id: find its name.
            const isAddedRow = !original.has(key) || JSON.parse(original.get(key.replace(/:selected$/, ':name')) ?? '["button"]')[0].startsWith('button');
            if (isAddedRow && [...merged.values()].includes(value)) continue;
            throw new Error(`${side} edit of ${key} (${value}) is lost: merged has ${merged.get(key)}`);
          }
        }
      }),
    );
  });

  it('reports a real conflict with both values, and settles it by the choice made', () => {
    const overcalls = base.categories[8]!;
    const subject = overcalls.subjects[0]!;
    const ours = renameSubject(base, overcalls._id, subject._id, 'Michaels');
    const theirs = renameSubject(toggleSubject(base, overcalls._id, overcalls.subjects[1]!._id), overcalls._id, subject._id, 'Ghestem');
    const result = mergeAgreements(base, theirs, ours);
    expect(result.kind).toBe('conflicts');
    if (result.kind !== 'conflicts') return;
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        field: 'name',
        mine: 'Michaels',
        theirs: 'Ghestem',
        // Named as both sides knew it before, and that value given too (not by one side's new name).
        place: ['Overcalls', stripMarkup(subject.subjectName)],
        base: subject.subjectName,
        path: { categoryId: overcalls._id, subjectId: subject._id },
      }),
    ]);
    const [conflict] = result.conflicts;
    const mine = mergeAgreements(base, theirs, ours, { [conflict!.key]: 'mine' });
    if (mine.kind !== 'merged') throw new Error(mine.kind);
    const merged = mine.document.categories[8]!.subjects;
    expect(merged[0]!.editedName).toBe('Michaels');
    expect(merged[1]!.isSelected).toBe(true); // their tick of another subject is kept
    expect(mine.theirChangeCount).toBe(1);
  });

  it('keeps both rows when both partners add a subject in the same place', () => {
    const overcalls = base.categories[8]!;
    const placeholder = overcalls.subjects.at(-1)!;
    const ours = renameSubject(base, overcalls._id, placeholder._id, 'Michaels', nextId);
    const theirs = renameSubject(base, overcalls._id, placeholder._id, 'Unusual 2NT', nextId);
    const result = mergeAgreements(base, theirs, ours, {}, nextId);
    if (result.kind !== 'merged') throw new Error(result.kind);
    const names = result.document.categories[8]!.subjects.slice(-3).map((s) => s.editedName || s.subjectName);
    expect(names).toEqual(['Unusual 2NT', 'Michaels', 'buttonSubject']);
  });

  it("takes the player names from the side that changed them, and this save's when both did (docs/product.md §11)", () => {
    const base = sample();
    const ticked = toggleSubject(base, base.categories[0]!._id, base.categories[0]!.subjects[0]!._id);
    const theirs = { ...base, playerNames: ['Anna', 'Bob'] as [string, string] };
    const merged = mergeAgreements(base, theirs, ticked);
    expect(merged.kind === 'merged' && merged.document.playerNames).toEqual(['Anna', 'Bob']);
    expect(merged.kind === 'merged' && merged.theirChangeCount).toBe(1);
    const ours = { ...ticked, playerNames: ['Anna', 'Carl'] as [string, string] };
    const both = mergeAgreements(base, theirs, ours);
    expect(both.kind === 'merged' && both.document.playerNames).toEqual(['Anna', 'Carl']);
    const none = mergeAgreements(base, base, ticked);
    expect(none.kind === 'merged' && 'playerNames' in none.document).toBe(false);
  });

  it('is incompatible with an agreement reset to a template elsewhere', () => {
    const reset = sample();
    expect(mergeAgreements(base, reset, toggleSubject(base, base.categories[0]!._id, base.categories[0]!.subjects[0]!._id)).kind).toBe('incompatible');
  });
});
