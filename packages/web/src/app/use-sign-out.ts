/**
 * Ending a session where the features meet: the session (account feature), the loaded agreements
 * (agreement feature) and the RTK Query cache are cleared together (docs/product.md §4: "Logout: any result,
 * success or failure, leads to logged out; data cleared"; "Clearing or logout empties everything").
 */
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { api } from '../lib/api';
import { clearAgreement } from '../features/agreement/core/agreement-slice';
import { logOut } from '../features/account/session-thunks';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

/** Forgets everything loaded for a signed-in user: agreements and cached answers (not the session). */
export function useClearUserData(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(clearAgreement());
    dispatch(api.util.resetApiState());
  }, [dispatch]);
}

/**
 * Signs out: clears the session, the agreements and the cache at once and calls POST
 * /api/v1/users/logout (its result does not matter; the thunk empties the cache before the call,
 * since emptying it during the call would drop the call). Navigation is the caller's (the Logout
 * link goes to /).
 */
export function useSignOut(): () => void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  return useCallback(() => {
    // A guest's trial agreement stays (docs/product.md §14; ADR 100): it lives in this browser until
    // the guest chooses Start over. A subscriber's agreement is cleared with the session.
    if (store.getState().agreement.isSubscriber) dispatch(clearAgreement());
    void dispatch(logOut());
  }, [dispatch, store]);
}
