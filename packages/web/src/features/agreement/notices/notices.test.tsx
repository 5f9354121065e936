/** The email notices on the web (docs/sharing.md §12): the unsubscribe page asks before it stops anything, and the editor's dialog saves each choice. Real store and fetch, against the test server. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE } from '@bpa/domain/api-notices';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { EmailNoticesDialog } from './email-notices-dialog';
import UnsubscribePage from './unsubscribe-page';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const TOKEN = 'T'.repeat(43);
const page = (kind: string) =>
  renderWithApp(
    <Routes>
      <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
    </Routes>,
    `/unsubscribe/${TOKEN}?kind=${kind}`,
  );

describe('the unsubscribe page', () => {
  it('changes nothing until asked, then stops the kind of its link and says so', async () => {
    server.answer('POST /api/v1/notices/unsubscribe', 200, {
      status: 'success',
      data: { contractName: 'Anna & Bob', settings: { digest: false, discussion: true } },
    });
    page('digest');
    expect(screen.getByText('Stop the daily digest of partners’ changes of this agreement?')).toBeTruthy();
    expect(server.received.filter((request) => request.path === '/api/v1/notices/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop the daily digest of partners’ changes' }));
    expect(await screen.findByText('Done: you will no longer get the daily digest of partners’ changes of “Anna & Bob”.')).toBeTruthy();
    const sent = server.received.filter((request) => request.path === '/api/v1/notices/unsubscribe');
    expect(JSON.parse(sent[0]!.body)).toEqual({ token: TOKEN, kind: 'digest' });
  });

  it('can stop every notice of the agreement, and says when the link no longer matches', async () => {
    server.answer('POST /api/v1/notices/unsubscribe', 404, { status: 'fail', message: UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE });
    page('discussion');
    await userEvent.click(screen.getByRole('button', { name: 'Stop every notice of this agreement' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE);
    const sent = server.received.filter((request) => request.path === '/api/v1/notices/unsubscribe');
    expect(JSON.parse(sent[0]!.body)).toEqual({ token: TOKEN, kind: 'all' });
  });
});

describe('the Email notices dialog', () => {
  it('shows the member’s settings and saves a change at once', async () => {
    server.answer('GET /api/v1/contracts/c1/notices', 200, { status: 'success', data: { digest: true, discussion: true } });
    server.answer('PUT /api/v1/contracts/c1/notices', 200, { status: 'success', data: { digest: false, discussion: true } });
    renderWithApp(<EmailNoticesDialog contractId="c1" onClose={() => undefined} />);
    const digest = await screen.findByRole('checkbox', { name: 'Daily digest of partners’ changes' });
    expect((digest as HTMLInputElement).checked).toBe(true);
    await userEvent.click(digest);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved: you will no longer get these emails.'));
    const sent = server.received.filter((request) => request.path === '/api/v1/contracts/c1/notices' && request.method === 'PUT');
    expect(JSON.parse(sent[0]!.body)).toEqual({ digest: false, discussion: true });
  });
});
