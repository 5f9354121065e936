/**
 * Shared with me (shared-with-me.tsx) as a partner meets it: Export for a "can view" share, Export
 * or import for "can edit", and an offered agreement with Accept and Decline. Real store and fetch,
 * against the test server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { OFFERED_TEXT, SharedWithMe } from './shared-with-me';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('Shared with me', () => {
  it('offers Export for an agreement the user may only view, and Export or import for one they may edit', async () => {
    server.answer('GET /api/v1/contracts/changes-waiting', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/shared', 200, {
      status: 'success',
      data: [
        { _id: 's1', contractName: 'With Ann', ownerName: 'Ann', access: 'edit', isPausedByOwner: false, isPending: false },
        { _id: 's2', contractName: 'With Bob', ownerName: 'Bob', access: 'view', isPausedByOwner: false, isPending: false },
        { _id: 's3', contractName: 'With Cy', ownerName: 'Cy', access: 'edit', isPausedByOwner: true, isPending: false },
      ],
    });
    renderWithApp(<SharedWithMe isOnlyList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export: With Bob' }));
    const viewOnly = await screen.findByRole('dialog', { name: 'Export' });
    expect(viewOnly.querySelector('a[href="/api/v1/contracts/s2/export?format=json"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    // Editing paused by the owner's lapsed subscription: the server would refuse an import too.
    expect(screen.getByRole('button', { name: 'Export: With Cy' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export or import: With Ann' }));
    await screen.findByRole('dialog', { name: 'Export or import' });
    expect(screen.getByLabelText('File to import into With Ann')).toBeTruthy();
  });

  it('offers an agreement not accepted yet with Accept and Decline only, and opens it once accepted', async () => {
    const offered = { _id: 's4', contractName: 'With Di', ownerName: 'Di', access: 'edit', isPausedByOwner: false, isPending: true };
    server.answer('GET /api/v1/contracts/changes-waiting', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/shared', 200, { status: 'success', data: [offered] });
    renderWithApp(<SharedWithMe isOnlyList />);
    expect(await screen.findByText(OFFERED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Agreement: With Di' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export or import: With Di' })).toBeNull();
    server.answer('POST /api/v1/contracts/shared/s4/accept', 200, { status: 'success', data: [{ ...offered, isPending: false }] });
    server.answer('GET /api/v1/contracts/shared', 200, { status: 'success', data: [{ ...offered, isPending: false }] });
    await userEvent.click(screen.getByRole('button', { name: 'Accept: With Di' }));
    expect(await screen.findByRole('button', { name: 'Edit Agreement: With Di' })).toBeTruthy();
    expect(server.received.some((request) => request.method === 'POST' && request.path === '/api/v1/contracts/shared/s4/accept')).toBe(true);
  });

  it('tells the route that an agreement is being opened before its answer arrives, so the editor loads meanwhile', async () => {
    server.answer('GET /api/v1/contracts/changes-waiting', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/shared', 200, {
      status: 'success',
      data: [{ _id: 's1', contractName: 'With Ann', ownerName: 'Ann', access: 'edit', isPausedByOwner: false, isPending: false }],
    });
    let openings = 0;
    renderWithApp(<SharedWithMe isOnlyList onOpeningEditor={() => (openings += 1)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Agreement: With Ann' }));
    // Told at the click, whatever the agreement's answer (none here: the test server answers 404).
    expect(openings).toBe(1);
  });
});
