/**
 * The Redux store: the RTK Query cache plus one slice per state area of spec section 3
 * (agreement state; the session and admin flags join with the accounts and admin features).
 */
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { agreementReducer } from '../features/agreement/agreement-slice';

/** Builds a store; tests and the app each get their own. */
export function makeStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      agreement: agreementReducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
