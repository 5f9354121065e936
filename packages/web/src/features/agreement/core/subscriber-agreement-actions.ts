/**
 * Loading a subscriber's agreement into the editor's draft, shared by the dashboard (/my/home) and
 * the editor (/my/contract). The draft is the browser's own state (agreement-slice.ts, ADR 152), so
 * these fetch once through the RTK Query endpoints of agreement-api.ts, always fresh from the
 * server (another tab or device may have saved since), without keeping a cache entry.
 */
import type { Contract } from '@bpa/domain/contract';
import type { AppDispatch } from '../../../lib/hooks';
import { agreementApi } from './agreement-api';
import { agreementLoaded } from './agreement-slice';
import { rememberOpenAgreement } from './subscriber-agreement-memory';

/** Fetch options: no cache entry is kept or reused, every call asks the server. */
const FRESH = { subscribe: false, forceRefetch: true } as const;

/**
 * Loads one of the subscriber's agreements into the editor (GET /api/v1/contracts/my/{id}; docs/product.md §4
 * "Loading an agreement sets the contract, selects its id, clears the edited flag, resets category
 * to none, records the subscriber flag") and remembers it for a reload of this tab.
 * @throws the RTK Query error of the call (404 when it is not the caller's), for `toErrorMessage`
 */
export async function openSubscriberAgreement(dispatch: AppDispatch, id: string): Promise<Contract> {
  const contract = await dispatch(agreementApi.endpoints.getSubscriberContract.initiate(id, FRESH)).unwrap();
  dispatch(agreementLoaded({ contract, isSubscriber: true }));
  rememberOpenAgreement(contract._id);
  return contract;
}

/**
 * The agreement as stored now (GET /api/v1/contracts/{id}/latest), after a save was refused as
 * stale; nothing in the store changes until the user chooses what to do with it.
 * @throws the RTK Query error of the call
 */
export async function fetchLatestAgreement(dispatch: AppDispatch, id: string): Promise<Contract> {
  return dispatch(agreementApi.endpoints.getLatestContract.initiate(id, FRESH)).unwrap();
}
