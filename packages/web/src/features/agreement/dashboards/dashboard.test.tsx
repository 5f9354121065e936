/**
 * The Dashboard (dashboard.tsx) in jsdom: its rows, the inline rename with Save and Cancel
 * (docs/product.md §4 "Contract names edit inline with cancel"), a refused rename that keeps what
 * was typed, the badges, and Load a Template refused in the trial.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { Dashboard, EMPTY_AGREEMENT_NAME_MESSAGE, TEMPLATES_FULL_PROGRAM_TEXT, UNSAVED_CHANGES_NOTE } from './dashboard';

const agreements = [
  { _id: 'p1', contractName: '##c2#With Pat###' },
  { _id: 'p2', contractName: 'Club night' },
];

describe('Dashboard', () => {
  it('lists the agreements with their coloured names, badges and unsaved mark', () => {
    renderWithApp(
      <Dashboard variant="subscriber" agreements={agreements} changeCounts={new Map([['p2', 3]])} unsavedAgreementId="p1" onLoadTemplate={() => undefined} />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('With Pat').closest('[style]')?.getAttribute('style')).toContain('color');
    expect(within(rows[0]!).getByText(UNSAVED_CHANGES_NOTE)).toBeTruthy();
    expect(within(rows[1]!).getByText('3 changes by partners')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load a Template: Club night' })).toBeTruthy();
  });

  it('renames inline: Save sends the typed name, Cancel sends nothing', async () => {
    const onRename = vi.fn();
    renderWithApp(<Dashboard variant="subscriber" agreements={agreements} onRenameAgreement={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Name: Club night' }));
    const field = screen.getByLabelText('New name for Club night');
    await userEvent.clear(field);
    await userEvent.type(field, 'Tuesday club');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onRename).toHaveBeenCalledWith('p2', 'Tuesday club');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Name: With Pat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the row in edit mode with what was typed when the rename is refused, and refuses an empty name', async () => {
    const onRename = vi.fn().mockRejectedValue(new Error('refused'));
    renderWithApp(<Dashboard variant="subscriber" agreements={agreements} onRenameAgreement={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Name: Club night' }));
    const field = screen.getByLabelText('New name for Club night');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EMPTY_AGREEMENT_NAME_MESSAGE)).toBeTruthy();
    expect(onRename).not.toHaveBeenCalled();
    await userEvent.type(field, 'Kept');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onRename).toHaveBeenCalledWith('p2', 'Kept');
    // Once the refusal is handled (Cancel is enabled again), the row is still being edited.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false));
    expect((screen.getByLabelText('New name for Club night') as HTMLInputElement).value).toBe('Kept');
  });

  it('refuses Load a Template in the trial and says why', () => {
    renderWithApp(<Dashboard variant="guest" agreements={[{ _id: 'g', contractName: 'Trial' }]} />);
    expect(screen.getByText((_text, element) => element?.tagName === 'P' && (element.textContent ?? '').includes(TEMPLATES_FULL_PROGRAM_TEXT))).toBeTruthy();
    expect(screen.getByRole('button', { name: /Load a Template/ }).hasAttribute('disabled')).toBe(true);
  });
});
