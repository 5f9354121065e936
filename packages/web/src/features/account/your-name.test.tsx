/** "Your name, as partners see it" (your-name.tsx, docs/sharing.md §11): what is sent, what the page then says, and a refused name. Real store and fetch, against the test server. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../test/test-api-server';
import { sessionStarted } from './session-slice';
import { YourName } from './your-name';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const ROUTE = 'PATCH /api/v1/users/me/name';
const user = { email: 'anna@example.org', userName: 'anna@example.org', role: 'subscriber' as const, subscriberStatus: 'active' as const };

describe('YourName', () => {
  it('sends the name, then says how partners see the account and keeps it in the session', async () => {
    server.answer(ROUTE, 200, { status: 'success', data: { data: { ...user, userName: 'Anna Gray' } } });
    const { store } = renderWithApp(<YourName />);
    act(() => {
      store.dispatch(sessionStarted(user));
    });
    const field = screen.getByLabelText('Your name, as partners see it');
    expect((field as HTMLInputElement).value).toBe('');
    await userEvent.type(field, 'Anna Gray');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Partners now see you as Anna Gray.')).toBeTruthy();
    const sent = server.received.filter((request) => `${request.method} ${request.path}` === ROUTE);
    expect(JSON.parse(sent[0]!.body)).toEqual({ userName: 'Anna Gray' });
    await waitFor(() => expect(store.getState().session.userName).toBe('Anna Gray'));
  });

  it('shows a refused name’s reason and keeps what was typed', async () => {
    server.answer(ROUTE, 400, { status: 'fail', code: 'bad_request', message: 'A name may not hold line breaks or the characters < and >.' });
    const { store } = renderWithApp(<YourName />);
    act(() => {
      store.dispatch(sessionStarted(user));
    });
    const field = screen.getByLabelText('Your name, as partners see it');
    await userEvent.type(field, 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A name may not hold line breaks');
    expect((field as HTMLInputElement).value).toBe('Anna');
  });
});
