/**
 * The Messages tab's calls (docs/product.md §7): a deletion replaces the cached list from its answer;
 * a deletion the server answers 404 (another administrator deleted the message first) shows the
 * server's sentence and reloads the list, so the gone message leaves the table. Real store and
 * fetch, against the test server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { toErrorMessage } from '../../lib/error-message';
import { type TestApiServer, startTestApiServer } from '../../test/test-api-server';
import { adminApi } from './admin-api';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const message = (id: string) => ({ _id: id, mailName: 'Ann', mailEmail: 'ann@example.org', mailMessage: `Message ${id}`, sentAt: '2026-11-25T10:00:00.000Z' });
const list = (...ids: string[]) => ({ status: 'success', data: ids.map(message) });
const idsOf = (store: ReturnType<typeof makeStore>) =>
  adminApi.endpoints.getMessages
    .select()(store.getState())
    .data?.map((row) => row._id);

describe('deleting a contact message (docs/product.md §7)', () => {
  it('takes the list from the answer of a deletion, without another request', async () => {
    const store = makeStore({ storage: null });
    server.answer('GET /api/v1/messages', 200, list('m1', 'm2'));
    const subscription = store.dispatch(adminApi.endpoints.getMessages.initiate());
    await subscription;
    server.answer('DELETE /api/v1/messages/m1', 200, list('m2'));
    await store.dispatch(adminApi.endpoints.deleteMessage.initiate('m1')).unwrap();
    await expect.poll(() => idsOf(store)).toEqual(['m2']);
    expect(server.received.filter((request) => request.method === 'GET')).toHaveLength(1);
    subscription.unsubscribe();
  });

  it("shows the server's sentence for a message that is gone, and reloads the list without it", async () => {
    const store = makeStore({ storage: null });
    server.answer('GET /api/v1/messages', 200, list('m1', 'm2'));
    const subscription = store.dispatch(adminApi.endpoints.getMessages.initiate());
    await subscription;
    const gone = 'There is no such message: it may have been deleted already. The list shows the messages there are now.';
    server.answer('DELETE /api/v1/messages/m1', 404, { status: 'fail', code: 'not_found', message: gone });
    server.answer('GET /api/v1/messages', 200, list('m2'));
    const failure = await store
      .dispatch(adminApi.endpoints.deleteMessage.initiate('m1'))
      .unwrap()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(toErrorMessage(failure)).toBe(gone);
    await expect.poll(() => idsOf(store)).toEqual(['m2']);
    subscription.unsubscribe();
  });
});
