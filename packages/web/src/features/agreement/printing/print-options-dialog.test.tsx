/** The Print options dialog (print-options-dialog.tsx) in jsdom: choices by label, Save and Cancel. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_STORED_PRINT_OPTIONS } from './print-options';
import { PrintOptionsDialog } from './print-options-dialog';

describe('PrintOptionsDialog', () => {
  it('shows the remembered options and gives back the new ones', async () => {
    const onSave = vi.fn();
    render(<PrintOptionsDialog isOpen options={DEFAULT_STORED_PRINT_OPTIONS} onSave={onSave} onCancel={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Print options' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Letter/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Detailed/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /A4/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Large print/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Four-colour suits/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /legend/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use these options' }));
    expect(onSave).toHaveBeenCalledWith({ pageSize: 'a4', layout: 'large', fourColourSuits: true, legend: false });
  });

  it('changes nothing on Cancel', async () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<PrintOptionsDialog isOpen options={DEFAULT_STORED_PRINT_OPTIONS} onSave={onSave} onCancel={onCancel} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Compact/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
