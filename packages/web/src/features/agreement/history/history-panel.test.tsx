/**
 * The History panel's pages (history-panel.tsx; docs/sharing.md §4): Older asks for the page below
 * the last version shown (keyset paging), Newer goes back, and the page number follows. Real store
 * and fetch, against the test server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { makeTestAgreement } from '../core/test-agreement';
import { HistoryPanel } from './history-panel';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A page of the list: versions `from` down to `to`. */
function page(from: number, to: number, pageNumber: number) {
  const revisions = [];
  for (let revision = from; revision >= to; revision--) {
    revisions.push({
      revision,
      kind: 'save',
      author: 'anna@example.org',
      createdAt: '2026-11-27T10:00:00.000Z',
      change: { counts: { ticked: 1 }, categories: ['Overcalls'], moreCategories: 0 },
      isCurrent: revision === 44,
    });
  }
  return { status: 'success', data: { revisions, total: 45, page: pageNumber, pageSize: 20 } };
}

describe('History panel', () => {
  it('asks for each older page below the last version shown, and comes back', async () => {
    const contract = { ...makeTestAgreement(), revision: 44 };
    const base = `/api/v1/contracts/${contract._id}/revisions`;
    server.answer(`GET ${base}?page=1`, 200, page(44, 25, 1));
    server.answer(`GET ${base}?page=2&before=25`, 200, page(24, 5, 2));
    server.answer(`GET ${base}?page=3&before=5`, 200, page(4, 0, 3));
    const noop = () => undefined;
    renderWithApp(
      <HistoryPanel
        contract={contract}
        isOpen
        canRestore={false}
        hasUnsavedChanges={false}
        isRestoring={false}
        isMakingPdf={false}
        onRestore={noop}
        onDownloadPdf={noop}
        onClose={noop}
      />,
    );
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByText('Version 24')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('Version 0')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(server.received.map((request) => request.path)).toEqual([
      `${base}?page=1`,
      `${base}?page=2&before=25`,
      `${base}?page=3&before=5`,
      `${base}?page=2&before=25`,
    ]);
  });
});
