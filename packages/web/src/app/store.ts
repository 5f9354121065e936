/**
 * The Redux store: the RTK Query cache plus one slice per state area of docs/product.md §3
 * (agreement state; the session and admin flags join with the accounts and admin features).
 */
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { agreementReducer } from '../features/agreement/core/agreement-slice';
import { sessionReducer } from '../features/account/session-slice';
import { type KeyValueStorage, getBrowserStorage, readGuestAgreement, startGuestPersistence } from '../features/agreement/core/guest-persistence';

/** Options of `makeStore`. */
export interface MakeStoreOptions {
  /**
   * Where a guest's trial agreement is kept between visits (docs/product.md §6: guests edit locally).
   * Defaults to the browser's localStorage; null (or no browser) keeps nothing.
   */
  storage?: KeyValueStorage | null;
}

/**
 * Builds a store; tests and the app each get their own. A guest agreement found in `storage` is
 * loaded back (validated, see guest-persistence.ts), and later guest changes are written to it.
 */
export function makeStore({ storage = getBrowserStorage() }: MakeStoreOptions = {}) {
  const guestAgreement = storage ? readGuestAgreement(storage) : undefined;
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      agreement: agreementReducer,
      session: sessionReducer,
    },
    preloadedState: guestAgreement ? { agreement: guestAgreement } : undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  if (storage) startGuestPersistence(storage, store.subscribe, () => store.getState().agreement);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
