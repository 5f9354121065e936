/**
 * The read-only link in Share with partner (share-dialog.tsx; ADR 172) as an owner meets it: a
 * link just made is shown with Copy link, once; reopened, the dialog says a link is active, when it
 * was made, and that it was shown once, with Replace link and Revoke. Real store and fetch,
 * against the test server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../test/test-api-server';
import { LINK_NOT_SHOWN_AGAIN_TEXT, LINK_SHOWN_ONCE_TEXT, ShareDialog } from './share-dialog';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const SHARES = 'GET /api/v1/contracts/my/p2/shares';
const LINK = 'POST /api/v1/contracts/my/p2/link';
const target = { id: 'p2', contractName: 'Partner 2' };
const TOKEN = 'A'.repeat(43);
const made = { createdAt: '2026-11-27T10:00:00.000Z' };
const sharing = (link: typeof made | null) => ({ status: 'success', data: { partners: [], link } });

describe('ShareDialog, the read-only link', () => {
  it('shows a link just made with Copy link, saying it is shown once; the sharing answered afterwards has no token', async () => {
    server.answer(SHARES, 200, sharing(null));
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    const create = await screen.findByRole('button', { name: 'Create a read-only link' });
    server.answer(LINK, 200, { status: 'success', data: { partners: [], link: made, linkToken: TOKEN } });
    server.answer(SHARES, 200, sharing(made));
    await userEvent.click(create);
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Read-only link' });
    expect(field.value).toBe(`${window.location.origin}/shared/${TOKEN}`);
    expect(screen.getByText(LINK_SHOWN_ONCE_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    // After the sharing is fetched again (without the token), the link stays shown in this dialog.
    await waitFor(() => expect(server.received.filter((request) => `${request.method} ${request.path}` === SHARES).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Read-only link' }).value).toContain(TOKEN);
  });

  it('reopened, says a link is active and was shown once, with Replace link and Revoke, and shows no link', async () => {
    server.answer(SHARES, 200, sharing(made));
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    expect(await screen.findByText(/A read-only link is active \(made /)).toBeTruthy();
    expect(screen.getByText(new RegExp(LINK_NOT_SHOWN_AGAIN_TEXT.replace(/[().]/g, '\\$&')))).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Read-only link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke the read-only link' })).toBeTruthy();

    server.answer(LINK, 200, { status: 'success', data: { partners: [], link: made, linkToken: TOKEN } });
    await userEvent.click(screen.getByRole('button', { name: 'Replace link' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Read-only link' })).value).toContain(TOKEN);
  });

  it('revoked, offers to create a link again', async () => {
    server.answer(SHARES, 200, sharing(made));
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    const revoke = await screen.findByRole('button', { name: 'Revoke the read-only link' });
    server.answer('DELETE /api/v1/contracts/my/p2/link', 200, sharing(null));
    server.answer(SHARES, 200, sharing(null));
    await userEvent.click(revoke);
    expect(await screen.findByRole('button', { name: 'Create a read-only link' })).toBeTruthy();
  });
});
