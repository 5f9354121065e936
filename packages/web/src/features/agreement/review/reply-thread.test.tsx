/** The replies under an item to discuss (review.tsx ReplyThread, docs/sharing.md §7): what is shown, what is sent, and who may change a reply. Real store and fetch, against the test server. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reply } from '@bpa/domain/history';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { ReplyThread } from './review';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const theirs: Reply = {
  id: 'r1',
  itemId: 'i1',
  author: 'Bob White',
  isMine: false,
  text: 'Only 5-5 <b>',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const mine: Reply = {
  id: 'r2',
  itemId: 'i1',
  author: 'Anna Gray',
  isMine: true,
  text: 'Agreed if not vulnerable',
  createdAt: '2026-11-27T11:00:00.000Z',
  updatedAt: '2026-11-27T11:05:00.000Z',
};

describe('ReplyThread', () => {
  it('shows each reply with its author, marks an edited one, escapes what was typed, and lets only the author change theirs', () => {
    renderWithApp(<ReplyThread contractId="c1" itemId="i1" itemName="Michaels cuebid" replies={[theirs, mine]} />);
    const list = screen.getByRole('list', { name: 'Replies on Michaels cuebid' });
    expect(list.textContent).toContain('Bob White');
    expect(list.textContent).toContain('Only 5-5 <b>');
    expect(list.textContent).toContain('You');
    expect(list.textContent).toContain('(edited)');
    expect(screen.getAllByRole('button', { name: 'Edit your reply' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Remove your reply' })).toHaveLength(1);
  });

  it('sends a reply and empties the field', async () => {
    server.answer('POST /api/v1/contracts/c1/marks/i1/replies', 200, { status: 'success', data: [theirs] });
    renderWithApp(<ReplyThread contractId="c1" itemId="i1" itemName="Michaels cuebid" replies={[]} />);
    const field = screen.getByLabelText('Reply on Michaels cuebid');
    expect(screen.getByRole('button', { name: 'Reply' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, 'Both majors');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    const sent = server.received.filter((request) => request.path === '/api/v1/contracts/c1/marks/i1/replies');
    expect(JSON.parse(sent[0]!.body)).toEqual({ text: 'Both majors' });
  });

  it('edits the author’s own reply in place', async () => {
    server.answer('PATCH /api/v1/contracts/c1/replies/r2', 200, { status: 'success', data: [{ ...mine, text: 'Agreed' }] });
    renderWithApp(<ReplyThread contractId="c1" itemId="i1" itemName="Michaels cuebid" replies={[mine]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit your reply' }));
    const field = screen.getByLabelText('Your reply');
    await userEvent.clear(field);
    await userEvent.type(field, 'Agreed');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(screen.queryByLabelText('Your reply')).toBeNull());
    expect(JSON.parse(server.received.find((request) => request.method === 'PATCH')!.body)).toEqual({ text: 'Agreed' });
  });
});
