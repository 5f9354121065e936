/**
 * Share with partner (share-dialog.tsx; ADR 172) as an owner meets it: partners by the address
 * typed, "invited" until they open what was shared, then by name; what a share says when its email
 * went, and when it did not and why; the read-only link, shown once with Copy link when made, and
 * afterwards said to be active with Replace link and Revoke. Real store and fetch, against the
 * test server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_ALREADY_SENT_MESSAGE, type Sharing } from '@bpa/domain/api-sharing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { LINK_NOT_SHOWN_AGAIN_TEXT, LINK_SHOWN_ONCE_TEXT, PARTNER_INVITED_LABEL, ShareDialog } from './share-dialog';

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

const SHARES_ROUTE = '/api/v1/contracts/my/p1/shares';
const partnersTarget = { id: 'p1', contractName: 'Partner 1' };
const invited: Sharing['partners'][number] = { userId: 'u1', email: 'ben@example.org', userName: 'ben@example.org', access: 'edit', status: 'invited' };
const active: Sharing['partners'][number] = { userId: 'u2', email: 'cleo@example.org', userName: 'Cleo', access: 'view', status: 'active' };

describe('ShareDialog, partners', () => {
  it('shows an invited partner by the address typed, and an active one by name', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [invited, active], link: null } });
    renderWithApp(<ShareDialog target={partnersTarget} onClose={() => undefined} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.share-partner-name')?.textContent)).toEqual([
      `ben@example.org · ${PARTNER_INVITED_LABEL}`,
      'Cleo (cleo@example.org)',
    ]);
  });

  it('says when a share went without its email, and why', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [], link: null } });
    server.answer(`POST ${SHARES_ROUTE}`, 201, {
      status: 'success',
      data: { partners: [invited], link: null, isInvitationSent: false, invitationMessage: INVITATION_ALREADY_SENT_MESSAGE },
    });
    renderWithApp(<ShareDialog target={partnersTarget} onClose={() => undefined} />);
    await screen.findByText('Not shared with anyone yet.');
    await userEvent.type(screen.getByLabelText('Partner’s email'), 'ben@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByText(`Partner 1 is shared with ben@example.org. ${INVITATION_ALREADY_SENT_MESSAGE}`)).toBeTruthy());
  });

  it('says the partner will get an email when it went', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [], link: null } });
    server.answer(`POST ${SHARES_ROUTE}`, 201, { status: 'success', data: { partners: [invited], link: null, isInvitationSent: true } });
    renderWithApp(<ShareDialog target={partnersTarget} onClose={() => undefined} />);
    await screen.findByText('Not shared with anyone yet.');
    await userEvent.type(screen.getByLabelText('Partner’s email'), 'ben@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByText('Partner 1 is shared with ben@example.org. They will get an email with a link to it.')).toBeTruthy());
  });

  it('says an address is not valid in a sentence, before sending anything', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [], link: null } });
    renderWithApp(<ShareDialog target={partnersTarget} onClose={() => undefined} />);
    await screen.findByText('Not shared with anyone yet.');
    await userEvent.type(screen.getByLabelText('Partner’s email'), 'ben at example');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
    expect(server.received.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says an address is already a partner, and changes their access only when asked to', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [invited], link: null } });
    renderWithApp(<ShareDialog target={partnersTarget} onClose={() => undefined} />);
    await screen.findAllByRole('listitem');
    const field = screen.getByLabelText('Partner’s email');
    // The same access: nothing to do, and it says so.
    await userEvent.type(field, 'Ben@Example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ben@example.org is already a partner who can edit.');
    // Other access: asked first; "Keep their access" changes nothing.
    await userEvent.selectOptions(screen.getByLabelText('Access'), 'view');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('ben@example.org is already a partner who can edit. Change it so that they can only view?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep their access' }));
    expect(server.received.some((request) => request.method !== 'GET')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    server.answer(`PATCH ${SHARES_ROUTE}/u1`, 200, { status: 'success', data: { partners: [{ ...invited, access: 'view' }], link: null } });
    await userEvent.click(await screen.findByRole('button', { name: 'Change access' }));
    await waitFor(() => expect(JSON.parse(server.received.find((request) => request.method === 'PATCH')?.body ?? '{}')).toEqual({ access: 'view' }));
    expect(server.received.some((request) => request.method === 'POST')).toBe(false);
  });
});
