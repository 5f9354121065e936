/**
 * The read-only page at the table (shared-link-page.tsx; docs/sharing.md §3): it opens on what
 * opponents ask first, found by catalogue key whatever the items are called, then an index that
 * jumps to each category shown. Real store and fetch, against the test server.
 */
import { screen, within } from '@testing-library/react';
import type { Category } from '@bpa/domain/contract';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { makeTestAgreement } from '../core/test-agreement';
import SharedLinkPage from './shared-link-page';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());

/** The test agreement with a keyed, ticked 1NT range (renamed by the partnership) and a ticked subject in two other categories. */
function categories(): Category[] {
  const agreement = makeTestAgreement();
  const result = structuredClone(agreement.categories);
  const notrump = result[1]!;
  notrump.subjects[0] = {
    ...notrump.subjects[0]!,
    key: 'nt.range',
    isSelected: true,
    isEdited: true,
    editedName: 'Our notrump',
    options: [{ _id: 'o1', key: 'nt.range.15-17', optionName: '15-17', isSelected: true, bold: false, italics: false, editedName: '', isEdited: false }],
  };
  result[0]!.subjects[0] = { ...result[0]!.subjects[0]!, isSelected: true };
  return result;
}

describe('SharedLinkPage', () => {
  it('opens on what opponents ask first, by key, then links to each category shown', async () => {
    server.answer('GET /api/v1/shared-links/tok', 200, {
      status: 'success',
      data: { contractName: 'With Anna', categories: categories(), revision: 3, updatedAt: '2026-11-27T10:00:00.000Z' },
    });
    renderWithApp(
      <Routes>
        <Route path="/shared/:token" element={<SharedLinkPage />} />
      </Routes>,
      '/shared/tok',
    );
    const table = await screen.findByRole('region', { name: 'At the table' });
    expect(within(table).getByText('1NT opening')).toBeTruthy();
    expect(table.textContent).toContain('Our notrump: 15-17');
    const index = screen.getByRole('navigation', { name: 'Categories' });
    const links = within(index).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href')).slice(0, 2)).toEqual(['#category-1', '#category-2']);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
  });
});
