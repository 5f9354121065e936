/**
 * The conflict dialog of a save (merge-conflict-dialog.tsx; docs/sharing.md §5): each item named as
 * both partners knew it, with what it was before either change, and both changes to choose from.
 */
import { render, screen, within } from '@testing-library/react';
import type { SaveConflict } from '@bpa/domain/api-contracts';
import { describe, expect, it } from 'vitest';
import { MergeConflictDialog } from './merge-conflict-dialog';

const conflict: SaveConflict = {
  key: 'c:1/s:2:name',
  field: 'name',
  place: ['Overcalls', 'Michaels cuebid'],
  mine: 'Ghestem',
  theirs: '##c3#Michaels###',
  base: 'Michaels cuebid',
  theirAuthor: 'Anna',
  theirSavedAt: '2026-11-27T10:00:00.000Z',
};

describe('MergeConflictDialog', () => {
  it('shows the value both sides started from beside the two changes', async () => {
    render(<MergeConflictDialog conflicts={[conflict]} isSaving={false} onSave={() => undefined} onCancel={() => undefined} />);
    // The dialog's library loads when it is first shown (components/ui/lazy-primereact.tsx).
    const item = await screen.findByRole('group', { name: 'Overcalls › Michaels cuebid' });
    expect(within(item).getByText(/^Before:/).textContent).toBe('Before: Michaels cuebid');
    expect(item.textContent).toContain('Mine: Ghestem');
    expect(item.textContent).toContain('Anna');
  });
});
