/**
 * Share with partner (share-dialog.tsx; ADR 172, "Amended") as an owner meets it: partners by the
 * address typed, "invited" until they open what was shared, then by name; what a share says when
 * its email went, and when it did not and why. Real store and fetch, against the test server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_ALREADY_SENT_MESSAGE, type Sharing } from '@bpa/domain/api-sharing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../test/test-api-server';
import { PARTNER_INVITED_LABEL, ShareDialog } from './share-dialog';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const SHARES_ROUTE = '/api/v1/contracts/my/p1/shares';
const target = { id: 'p1', contractName: 'Partner 1' };
const invited: Sharing['partners'][number] = { userId: 'u1', email: 'ben@example.org', userName: 'ben@example.org', access: 'edit', status: 'invited' };
const active: Sharing['partners'][number] = { userId: 'u2', email: 'cleo@example.org', userName: 'Cleo', access: 'view', status: 'active' };

describe('ShareDialog', () => {
  it('shows an invited partner by the address typed, and an active one by name', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [invited, active], linkToken: null } });
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.share-partner-name')?.textContent)).toEqual([
      `ben@example.org · ${PARTNER_INVITED_LABEL}`,
      'Cleo (cleo@example.org)',
    ]);
  });

  it('says when a share went without its email, and why', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [], linkToken: null } });
    server.answer(`POST ${SHARES_ROUTE}`, 201, {
      status: 'success',
      data: { partners: [invited], linkToken: null, isInvitationSent: false, invitationMessage: INVITATION_ALREADY_SENT_MESSAGE },
    });
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    await screen.findByText('Not shared with anyone yet.');
    await userEvent.type(screen.getByLabelText('Partner’s email'), 'ben@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByText(`Partner 1 is shared with ben@example.org. ${INVITATION_ALREADY_SENT_MESSAGE}`)).toBeTruthy());
  });

  it('says the partner will get an email when it went', async () => {
    server.answer(`GET ${SHARES_ROUTE}`, 200, { status: 'success', data: { partners: [], linkToken: null } });
    server.answer(`POST ${SHARES_ROUTE}`, 201, { status: 'success', data: { partners: [invited], linkToken: null, isInvitationSent: true } });
    renderWithApp(<ShareDialog target={target} onClose={() => undefined} />);
    await screen.findByText('Not shared with anyone yet.');
    await userEvent.type(screen.getByLabelText('Partner’s email'), 'ben@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByText('Partner 1 is shared with ben@example.org. They will get an email with a link to it.')).toBeTruthy());
  });
});
