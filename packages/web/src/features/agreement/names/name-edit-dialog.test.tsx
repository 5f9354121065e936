/**
 * The name dialog (name-edit-dialog.tsx) in jsdom with the real rich-text editor (loaded lazily,
 * as in the browser): what is typed
 * comes back exactly as typed (docs/product.md §15: literal `#` characters were once eaten), colour comes
 * only from the colour buttons, and an empty name is refused with a message.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { escapeMarkupText, stripMarkup } from '@bpa/domain/markup';
import { EMPTY_NAME_MESSAGE, NameEditDialog } from './name-edit-dialog';

function renderDialog(initialMarkup: string) {
  const onSave = vi.fn<(markup: string) => void>();
  const onCancel = vi.fn();
  render(<NameEditDialog target={{ key: 'k', title: 'Edit Subject Name', initialMarkup }} onSave={onSave} onCancel={onCancel} />);
  return { onSave, onCancel };
}

/** Waits for the field: its code (Tiptap) is loaded the first time the dialog opens. */
const findField = () => screen.findByRole('textbox');

describe('NameEditDialog', () => {
  it.each(['##c3#blue###', 'C##', '#'])('gives back a name typed as %s exactly as it was', async (typed) => {
    const { onSave } = renderDialog(escapeMarkupText(typed));
    expect(await screen.findByRole('dialog', { name: 'Edit Subject Name' })).toBeTruthy();
    expect((await findField()).textContent).toBe(typed);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(escapeMarkupText(typed));
    expect(stripMarkup(onSave.mock.calls[0]?.[0] ?? '')).toBe(typed);
  });

  it('keeps the colour of a coloured name', async () => {
    const { onSave } = renderDialog('##c2#Red### text');
    await findField();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('##c2#Red### text');
    expect(within(screen.getByRole('textbox')).getByText('Red').closest('[style]')?.getAttribute('style')).toContain('color');
  });

  it('refuses an empty name with a message, and Cancel changes nothing', async () => {
    const { onSave, onCancel } = renderDialog('');
    await findField();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(EMPTY_NAME_MESSAGE)).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
