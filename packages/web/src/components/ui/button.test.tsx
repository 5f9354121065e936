/** The native button drawn with the theme's classes (button.tsx), rendered in jsdom. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a button named by its label, with the theme classes of its variant and size, and answers clicks', async () => {
    const onClick = vi.fn();
    render(<Button label="Save" icon="pi pi-save" outlined size="small" severity="danger" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className.split(' ')).toEqual(['p-button', 'p-component', 'p-button-outlined', 'p-button-sm', 'p-button-danger']);
    expect(button.querySelector('.p-button-icon')?.className).toBe('p-button-icon p-c p-button-icon-left pi pi-save');
    expect(button.querySelector('.p-button-icon')?.getAttribute('aria-hidden')).toBe('true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is icon-only without a label, named by its aria-label, its tooltip as its title', () => {
    render(<Button icon="pi pi-pencil" text rounded aria-label="Edit the agreement name" tooltip="Edit the agreement name" />);
    const button = screen.getByRole('button', { name: 'Edit the agreement name' });
    expect(button.classList.contains('p-button-icon-only')).toBe(true);
    expect(button.getAttribute('title')).toBe('Edit the agreement name');
  });

  it('while loading, is disabled and shows a spinner in place of its icon', async () => {
    const onClick = vi.fn();
    render(<Button type="submit" label="Save" icon="pi pi-save" loading onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.classList.contains('p-button-loading')).toBe(true);
    expect(button.querySelector('.pi-spinner')).not.toBeNull();
    expect(button.querySelector('.pi-save')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('marks an autofocused button for the dialogs, and lets aria-label name it over its label', () => {
    render(<Button label="Remove" aria-label="Remove the reply" autoFocus />);
    const button = screen.getByRole('button', { name: 'Remove the reply' });
    expect(button.getAttribute('data-pc-autofocus')).toBe('true');
    expect(document.activeElement).toBe(button);
  });
});
