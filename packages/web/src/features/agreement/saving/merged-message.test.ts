/** The status line after a save was merged with changes saved elsewhere (docs/sharing.md §5). */
import { describe, expect, it } from 'vitest';
import { mergedMessage } from './merge-conflict-dialog';

describe('mergedMessage', () => {
  const savedAt = '2026-11-27T10:32:00.000Z';
  it('counts the items taken from the other save', () => {
    expect(mergedMessage({ itemCount: 3, authors: ['Anna'], savedAt })).toMatch(/^Merged with Anna’s changes from .+: 3 items\.$/);
    expect(mergedMessage({ itemCount: 1, authors: [], savedAt })).toMatch(/^Merged with changes saved elsewhere from .+: 1 item\.$/);
  });

  it('says no "0 items" when the other changes were all the same as these', () => {
    const message = mergedMessage({ itemCount: 0, authors: ['Anna'], savedAt });
    expect(message).toMatch(/^Merged with Anna’s changes from .+\.$/);
    expect(message).not.toMatch(/items?\.$/);
  });
});
