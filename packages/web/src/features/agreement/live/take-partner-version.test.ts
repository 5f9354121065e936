/** How a partner's version arriving live joins the editor (use-live-agreement.ts takePartnerVersion; docs/sharing.md §13). */
import { renameSubject, toggleSubject } from '@bpa/domain/editing';
import { describe, expect, it } from 'vitest';
import { makeTestAgreement } from '../core/test-agreement';
import { takePartnerVersion } from './use-live-agreement';

const loaded = { ...makeTestAgreement(), revision: 3 };
const subjectOf = (doc: typeof loaded, place: { subjectId: string }) => doc.categories.flatMap((c) => c.subjects).find((s) => s._id === place.subjectId)!;
/** Two subjects a tick changes (toggleSubject leaves some alone, e.g. a subject with no option to tick). */
const [first, second] = loaded.categories
  .flatMap((category) => category.subjects.map((subject) => ({ categoryId: category._id, subjectId: subject._id })))
  .filter((place) => subjectOf(toggleSubject(loaded, place.categoryId, place.subjectId), place).isSelected !== subjectOf(loaded, place).isSelected);
const saved = { revision: 3, document: loaded };

describe('a partner’s version arriving while the agreement is open', () => {
  const theirs = { ...toggleSubject(loaded, first!.categoryId, first!.subjectId), revision: 4 };

  it('is shown as it is when there are no unsaved edits', () => {
    expect(takePartnerVersion(theirs, { contract: loaded, isEdited: false, savedDocument: saved })).toEqual({
      kind: 'loaded',
      merged: theirs,
      isEdited: false,
    });
  });

  it('is merged under unsaved edits of other items: both changes shown, the edits still unsaved', () => {
    const mine = toggleSubject(loaded, second!.categoryId, second!.subjectId);
    const outcome = takePartnerVersion(theirs, { contract: mine, isEdited: true, savedDocument: saved });
    expect(outcome.kind).toBe('merged');
    if (outcome.kind !== 'merged') return;
    expect(subjectOf(outcome.merged as typeof loaded, first!).isSelected).toBe(subjectOf(theirs, first!).isSelected);
    expect(subjectOf(outcome.merged as typeof loaded, second!).isSelected).toBe(subjectOf(mine, second!).isSelected);
    expect(outcome.isEdited).toBe(true);
  });

  it('leaves the edits alone when both changed the same item differently, or when the version they started from is not known', () => {
    const mine = renameSubject(loaded, first!.categoryId, first!.subjectId, 'Renamed here');
    const theirsRenamed = { ...renameSubject(loaded, first!.categoryId, first!.subjectId, 'Renamed there'), revision: 4 };
    expect(takePartnerVersion(theirsRenamed, { contract: mine, isEdited: true, savedDocument: saved })).toEqual({ kind: 'conflict' });
    expect(takePartnerVersion(theirs, { contract: mine, isEdited: true, savedDocument: null })).toEqual({ kind: 'conflict' });
  });

  it('leaves nothing to save when the unsaved edit was the partner’s change too', () => {
    const outcome = takePartnerVersion(theirs, { contract: toggleSubject(loaded, first!.categoryId, first!.subjectId), isEdited: true, savedDocument: saved });
    expect(outcome).toMatchObject({ kind: 'merged', isEdited: false });
  });
});
