/** The editor's Categories list (category-nav.tsx), rendered in jsdom. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isTrialCategory } from '@bpa/domain/editing';
import { CategoryNav, FULL_PROGRAM_TEXT } from './category-nav';
import { makeTestAgreement } from '../core/test-agreement';

describe('CategoryNav', () => {
  const { categories } = makeTestAgreement();
  const overcallsIndex = categories.findIndex((category) => category.categoryName === 'Overcalls');

  it('lists every category with its Roman numeral and marks the open one', () => {
    render(<CategoryNav categories={categories} selectedIndex={overcallsIndex} canOpen={() => true} onOpen={() => undefined} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(13);
    expect(buttons[0]?.textContent).toMatch(/^I\.\s*General Approach/);
    expect(buttons[overcallsIndex]?.getAttribute('aria-current')).toBe('true');
    expect(buttons.filter((button) => button.getAttribute('aria-current') === 'true')).toHaveLength(1);
    expect(screen.queryByText(FULL_PROGRAM_TEXT)).toBeNull();
  });

  it('marks the categories a guest may not open, and still reports their clicks', async () => {
    const onOpen = vi.fn();
    render(<CategoryNav categories={categories} selectedIndex={-1} canOpen={isTrialCategory} onOpen={onOpen} />);
    expect(screen.getAllByText(FULL_PROGRAM_TEXT)).toHaveLength(11);
    const general = screen.getByRole('button', { name: /General Approach/ });
    expect(general.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(general);
    expect(onOpen).toHaveBeenCalledWith(0, categories[0]);
    await userEvent.click(screen.getByRole('button', { name: /Overcalls/ }));
    expect(onOpen).toHaveBeenLastCalledWith(overcallsIndex, categories[overcallsIndex]);
  });
});
