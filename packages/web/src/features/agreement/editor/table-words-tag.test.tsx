/** The editor rows' Alert and Announce tags (table-words-tag.tsx, docs/bridge.md §1c), rendered in jsdom. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { SubjectList } from './subject-list';
import { tableWordsOfRow } from './table-words-tag';

/** A template whose Notrump category holds keyed items: flagged (1NT range, Jacoby, Jacoby 2NT) and not (Stayman, a user-added subject). */
const CSV = [
  'level,name,bold,italic,selected,locked,key',
  'template,Alert tags,,,,,',
  'category,Notrump Openings,,,,,nt',
  'subject,1NT opening range (HCP),yes,,,,nt.range',
  'option,15-17,,,yes,,nt.range.15-17',
  'option,12-14,,,,,nt.range.12-14',
  'subject,Jacoby transfers,yes,,,,nt.jacoby',
  'option,2!d transfer to !h,yes,,,,nt.jacoby.2d',
  'option,"Transfer, then 2NT: invitational",,,,,nt.jacoby.inv2nt',
  'subject,Stayman,yes,,,,nt.stayman',
  'option,2!c Stayman,yes,,,,nt.stayman.regular',
  'subject,Jacoby 2NT,yes,,,,mj.jacoby2nt',
  'subject,Our own relay,,,,,',
  // The other twelve categories (the two trial categories by name, as every template has them).
  ...['Overcalls', 'Doubles and Redoubles', ...Array.from({ length: 10 }, (_, index) => `Category ${String(index + 4)}`)].map(
    (name) => `category,${name},,,,,\nsubject,A subject,,,,,`,
  ),
].join('\n');

function notrump() {
  let id = 0;
  const agreement = createAgreementFromTemplate(parseMasterCsv(CSV), 'Tags', () => `t-${String(++id)}`);
  return agreement.categories[0]!;
}

/** The text a screen reader reads of an element: its text without what is `aria-hidden`. */
function readText(element: Element | null): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** What a screen reader reads as an element's description: the text of the elements `aria-describedby` names. */
function description(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-describedby');
  return ids === null
    ? null
    : ids
        .split(' ')
        .map((id) => readText(document.getElementById(id)))
        .join(' ');
}

function renderList(expanded: string[]) {
  const category = notrump();
  const ids = new Set(category.subjects.filter((subject) => expanded.includes(subject.subjectName)).map((subject) => subject._id));
  const noop = () => undefined;
  render(
    <SubjectList
      category={category}
      expandedSubjects={ids}
      onToggleSubject={noop}
      onToggleOption={noop}
      onExpand={noop}
      onEditSubject={noop}
      onEditOption={noop}
    />,
  );
}

describe('the Alert and Announce tags of the editor', () => {
  it('tags a flagged subject and each flagged option, with what to say, and nothing else', () => {
    renderList(['1NT opening range (HCP)', 'Jacoby transfers', 'Stayman']);
    // The subjects: the range and Jacoby are announced, Jacoby 2NT Alerted; Stayman and a user-added subject have no tag.
    expect(screen.getAllByText('Announce')).toHaveLength(5);
    expect(screen.getAllByText('Alert')).toHaveLength(1);
    const range = screen.getByRole('checkbox', { name: '15-17' });
    expect(description(range)).toBe('Announce: 15 to 17');
    expect(description(screen.getByRole('checkbox', { name: '12-14' }))).toBe('Announce: 12 to 14');
    expect(description(screen.getByRole('checkbox', { name: /^2\s*♦\s*transfer to\s*♥$/ }))).toBe('Announce: Hearts');
    expect(description(screen.getByRole('checkbox', { name: 'Jacoby 2NT' }))).toBe('Alert');
    expect(description(screen.getByRole('checkbox', { name: 'Transfer, then 2NT: invitational' }))).toBeNull();
    expect(description(screen.getByRole('checkbox', { name: 'Stayman' }))).toBeNull();
    expect(description(screen.getByRole('checkbox', { name: /^2♣\s*Stayman$/ }))).toBeNull();
    expect(description(screen.getByRole('checkbox', { name: 'Our own relay' }))).toBeNull();
  });

  it('gives an announcement a keyboard-reachable tooltip and an Alert none (the tag says it all)', async () => {
    renderList(['1NT opening range (HCP)']);
    const option = screen.getByRole('checkbox', { name: '15-17' }).closest('li')!;
    const tag = within(option).getByText('Announce').parentElement!;
    expect(tag.getAttribute('data-pr-tooltip')).toBe('Announce: 15 to 17');
    expect([...tag.classList]).toEqual(['table-words', 'is-announce']);
    // Read in one piece: the visible label is hidden from screen readers, the hidden text says it all.
    expect(within(tag).getByText('Announce').getAttribute('aria-hidden')).toBe('true');
    expect(within(tag).getByText('Announce: 15 to 17').className).toBe('visually-hidden');
    await userEvent.click(screen.getByRole('checkbox', { name: '15-17' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(tag);
    const alert = screen.getByText('Alert');
    expect(alert.classList.contains('is-alert')).toBe(true);
    expect(alert.hasAttribute('tabindex')).toBe(false);
    expect(alert.hasAttribute('data-pr-tooltip')).toBe(false);
  });

  it('has no tag for an item without a key, or an option key of another subject', () => {
    expect(tableWordsOfRow(undefined)).toBeUndefined();
    expect(tableWordsOfRow('nt.range', { key: undefined, name: '15-17' })).toBeUndefined();
    expect(tableWordsOfRow('nt.stayman', { key: 'nt.range.15-17', name: '15-17' })).toBeUndefined();
    expect(tableWordsOfRow('nt.range', { key: 'nt.range.15-17', name: '14-16' })).toEqual({ kind: 'announce', label: 'Announce', words: 'Announce: 14 to 16' });
  });
});
