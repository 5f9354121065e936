/**
 * A subscriber's agreement names as server data (ADR 152): RTK Query holds them with
 * their count; a rename or a template load replaces the cached list from its answer (no second
 * request) and empties the loaded agreement (docs/product.md §4); a save makes the list stale; a
 * malformed answer is an ordinary failure with one sentence (lib/api.ts). Real store and fetch,
 * against the test server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { UNEXPECTED_ANSWER_MESSAGE } from '../../../lib/api';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { agreementApi } from './agreement-api';
import { agreementLoaded, selectAgreement, subjectToggled } from './agreement-slice';
import { makeTestAgreement } from './test-agreement';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const names = (count: number, ...rows: [string, string][]) => ({ status: 'success', count, data: rows.map(([_id, contractName]) => ({ _id, contractName })) });
const namesOf = (store: ReturnType<typeof makeStore>) => agreementApi.endpoints.getSubscriberContractNames.select()(store.getState()).data;

/** A store showing the dashboard (names subscribed) with Partner 1 loaded and changed in the editor. */
async function dashboardStore() {
  const store = makeStore({ storage: null });
  server.answer('GET /api/v1/contracts/my', 200, names(2, ['p1', 'Partner 1'], ['p2', 'Partner 2']));
  const subscription = store.dispatch(agreementApi.endpoints.getSubscriberContractNames.initiate());
  await subscription;
  const contract = { ...makeTestAgreement(), _id: 'p1', contractName: 'Partner 1', revision: 3 };
  store.dispatch(agreementLoaded({ contract, isSubscriber: true }));
  const category = contract.categories.find((candidate) => candidate.subjects.length > 0);
  if (!category?.subjects[0]) throw new Error('the test agreement has no subject');
  store.dispatch(subjectToggled({ categoryId: category._id, subjectId: category.subjects[0]._id }));
  return { store, subscription };
}

describe('subscriber agreement names (docs/product.md §4, ADR 152)', () => {
  it('holds the names with the count of the answer', async () => {
    const { store, subscription } = await dashboardStore();
    expect(namesOf(store)).toEqual({
      contractNames: [
        { _id: 'p1', contractName: 'Partner 1' },
        { _id: 'p2', contractName: 'Partner 2' },
      ],
      count: 2,
    });
    subscription.unsubscribe();
  });

  it.each([
    [
      'a rename',
      'PATCH /api/v1/contracts/my/p2/name',
      (store: ReturnType<typeof makeStore>) => store.dispatch(agreementApi.endpoints.renameSubscriberContract.initiate({ id: 'p2', contractName: 'With Pat' })),
    ],
    [
      'a template load',
      'PATCH /api/v1/contracts/my/p2/template',
      (store: ReturnType<typeof makeStore>) => store.dispatch(agreementApi.endpoints.resetSubscriberContract.initiate({ id: 'p2', templateId: 't1' })),
    ],
  ])('after %s: takes the names from the answer and empties the loaded agreement', async (_case, route, act) => {
    const { store, subscription } = await dashboardStore();
    server.answer(route, 200, names(2, ['p1', 'Partner 1'], ['p2', 'With Pat']));
    await act(store).unwrap();
    await expect.poll(() => namesOf(store)?.contractNames.map((row) => row.contractName)).toEqual(['Partner 1', 'With Pat']);
    expect(selectAgreement(store.getState())).toBeNull();
    expect(store.getState().agreement.isContractEdited).toBe(false);
    expect(server.received.filter((request) => request.method === 'GET')).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('empties the loaded agreement when a file is imported into it, and keeps it for an import into another', async () => {
    const { store, subscription } = await dashboardStore();
    const imported = { status: 'success', data: { _id: 'p2', contractName: 'Imported', revision: 1 } };
    server.answer('POST /api/v1/contracts/p2/import', 200, imported);
    await store.dispatch(agreementApi.endpoints.importAgreement.initiate({ id: 'p2', fileName: 'a.json', data: 'e30=' })).unwrap();
    expect(selectAgreement(store.getState())?._id).toBe('p1');
    expect(store.getState().agreement.isContractEdited).toBe(true);
    server.answer('POST /api/v1/contracts/p1/import', 200, { ...imported, data: { ...imported.data, _id: 'p1' } });
    await store.dispatch(agreementApi.endpoints.importAgreement.initiate({ id: 'p1', fileName: 'a.json', data: 'e30=' })).unwrap();
    expect(selectAgreement(store.getState())).toBeNull();
    expect(store.getState().agreement.isContractEdited).toBe(false);
    subscription.unsubscribe();
  });

  it('keeps the loaded agreement and the list when a rename fails', async () => {
    const { store, subscription } = await dashboardStore();
    server.answer('PATCH /api/v1/contracts/my/p2/name', 400, { status: 'fail', code: 'bad_request', message: 'A name may be at most 500 characters long' });
    await expect(store.dispatch(agreementApi.endpoints.renameSubscriberContract.initiate({ id: 'p2', contractName: 'x' })).unwrap()).rejects.toMatchObject({
      status: 400,
    });
    expect(selectAgreement(store.getState())?._id).toBe('p1');
    expect(namesOf(store)?.contractNames.map((row) => row.contractName)).toEqual(['Partner 1', 'Partner 2']);
    subscription.unsubscribe();
  });

  it('asks for the names again after a save, for the saved name', async () => {
    const { store, subscription } = await dashboardStore();
    const contract = selectAgreement(store.getState());
    if (!contract) throw new Error('nothing loaded');
    server.answer('PATCH /api/v1/contracts/my/p1', 200, { status: 'success', data: { _id: 'p1', contractName: 'Saved name', revision: 4 } });
    server.answer('GET /api/v1/contracts/my', 200, names(2, ['p1', 'Saved name'], ['p2', 'Partner 2']));
    await store
      .dispatch(
        agreementApi.endpoints.saveSubscriberContract.initiate({
          id: 'p1',
          body: { contractName: 'Saved name', categories: contract.categories, revision: 3 },
        }),
      )
      .unwrap();
    await expect.poll(() => namesOf(store)?.contractNames[0]?.contractName).toBe('Saved name');
    subscription.unsubscribe();
  });

  it('turns an answer of the wrong shape into one readable failure', async () => {
    const store = makeStore({ storage: null });
    server.answer('GET /api/v1/contracts/my', 200, { status: 'success', rows: [] });
    const result = await store.dispatch(agreementApi.endpoints.getSubscriberContractNames.initiate(undefined, { subscribe: false }));
    expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: UNEXPECTED_ANSWER_MESSAGE });
  });
});
