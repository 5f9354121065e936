/**
 * toDocumentChanges (document-changes.ts): applied to the saved version the changes give the edited
 * agreement; they carry the checks that make them fail on another version; nothing changed gives
 * none; too many gives null (send the whole agreement).
 */
import { describe, expect, it } from 'vitest';
import { applyPatch, type Operation } from 'fast-json-patch';
import { renameSubject, selectAllInCategory, toggleOption, toggleSubject } from '@bpa/domain/editing';
import type { ContractDocument } from '@bpa/domain/contract';
import { MAX_CHANGES_JSON_LENGTH, toDocumentChanges, toStoredDocument } from './document-changes';
import { OVERCALLS_INDEX, makeTestAgreement } from '../core/test-agreement';

/** The saved version with the changes applied, as the server does it. */
function applied(saved: ContractDocument, changes: readonly unknown[]): ContractDocument {
  return applyPatch(structuredClone(toStoredDocument(saved)), changes as Operation[], true, true, true).newDocument;
}

describe('toDocumentChanges', () => {
  const saved = makeTestAgreement();
  const category = saved.categories[OVERCALLS_INDEX]!;
  const subject = category.subjects[0]!;

  it('gives the edited agreement when applied to the saved one: ticks, a new subject, a rename, player names', () => {
    let edited = toggleSubject(saved, category._id, subject._id);
    edited = toggleOption(edited, category._id, subject._id, subject.options[0]!._id);
    const placeholder = edited.categories[OVERCALLS_INDEX]!.subjects.at(-1)!;
    edited = renameSubject(edited, category._id, placeholder._id, 'Our defence to a strong club');
    edited = { ...edited, playerNames: ['Anna', 'Bob'] };
    const changes = toDocumentChanges(saved, edited);
    expect(changes).not.toBeNull();
    expect(applied(saved, changes!)).toEqual(toStoredDocument(edited));
    expect(JSON.stringify(changes).length).toBeLessThan(JSON.stringify(toStoredDocument(edited)).length / 4);
  });

  it('checks the _id of each item it reaches into, so it fails on a version where another item is there', () => {
    const edited = toggleSubject(saved, category._id, subject._id);
    const changes = toDocumentChanges(saved, edited)!;
    expect(changes).toContainEqual({ op: 'test', path: `/categories/${OVERCALLS_INDEX}/_id`, value: category._id });
    expect(changes).toContainEqual({ op: 'test', path: `/categories/${OVERCALLS_INDEX}/subjects/0/_id`, value: subject._id });
    const reordered: ContractDocument = {
      ...saved,
      categories: saved.categories.map((c, index) => (index === OVERCALLS_INDEX ? { ...c, subjects: [...c.subjects].reverse() } : c)),
    };
    expect(() => applied(reordered, changes)).toThrow();
  });

  it('gives no change when nothing changed, and null (the whole agreement) when the changes are too large', () => {
    expect(toDocumentChanges(saved, { ...saved })).toEqual([]);
    const renamedEverywhere = { ...saved, categories: saved.categories.map((c) => ({ ...c, categoryName: 'x'.repeat(MAX_CHANGES_JSON_LENGTH / 10) })) };
    expect(toDocumentChanges(saved, renamedEverywhere)).toBeNull();
    expect(toDocumentChanges(saved, selectAllInCategory(saved, category._id))).not.toBeNull();
  });
});
