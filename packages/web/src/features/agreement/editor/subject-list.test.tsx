/**
 * The editor's subject rows (subject-list.tsx), rendered in jsdom: their buttons keep their
 * callbacks while only the ticks change (so Select All does not draw them again), and still act on
 * the item as it is now.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { SubjectList, type SubjectListProps } from './subject-list';

const CSV = [
  'level,name,bold,italic,selected,locked',
  'template,Rows,,,,',
  'category,Notrump Openings,,,,',
  'subject,Stayman,yes,,,',
  'option,2!c Stayman,,,,',
  'subject,Jacoby transfers,yes,,,',
  'option,2!d transfer to !h,,,,',
  ...['Overcalls', 'Doubles and Redoubles', ...Array.from({ length: 10 }, (_, index) => `Category ${String(index + 4)}`)].map(
    (name) => `category,${name},,,,\nsubject,A subject,,,,`,
  ),
].join('\n');

function agreement() {
  let id = 0;
  return createAgreementFromTemplate(parseMasterCsv(CSV), 'Rows', () => `r-${String(++id)}`);
}

describe('the subject rows of the editor', () => {
  it('edit a name or a note of the item as it is after Select All, not as it was drawn first', async () => {
    const before = agreement();
    const category = before.categories[0]!;
    const stayman = category.subjects[0]!;
    const handlers = {
      onToggleSubject: vi.fn(),
      onToggleOption: vi.fn(),
      onExpand: vi.fn(),
      onEditSubject: vi.fn(),
      onEditOption: vi.fn(),
      onEditNote: vi.fn(),
    } satisfies Partial<SubjectListProps>;
    const props = (shown: Category): SubjectListProps => ({ category: shown, expandedSubjects: new Set([stayman._id]), ...handlers });
    const { rerender } = render(<SubjectList {...props(category)} />);
    const after = selectAllInCategory(before, category._id).categories[0]!;
    rerender(<SubjectList {...props(after)} />);
    expect((screen.getByRole('checkbox', { name: 'Stayman' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Edit name: Stayman' }));
    expect(handlers.onEditSubject).toHaveBeenCalledWith(after.subjects[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Write a note: Stayman' }));
    expect(handlers.onEditNote).toHaveBeenCalledWith(after.subjects[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name: 2♣ Stayman' }));
    expect(handlers.onEditOption).toHaveBeenCalledWith(after.subjects[0], after.subjects[0]!.options[0]);
    expect(after.subjects[0]!.options[0]!.isSelected).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /^Options of Stayman/ }));
    expect(handlers.onExpand).toHaveBeenCalledWith(stayman._id, false);
  });
});
