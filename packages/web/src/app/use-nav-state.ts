/**
 * The state the top navigation depends on (docs/product.md §2 "Top navigation (by state)"): whether someone is
 * logged in and their role (the session slice of the account feature), and whether an agreement
 * is loaded (the agreement slice).
 */
import { useMemo } from 'react';
import { useAppSelector } from './hooks';
import { selectAgreement, selectIsSubscriber } from '../features/agreement/core/agreement-slice';
import { selectIsLoggedIn, selectIsSessionKnown, selectRole } from '../features/account/session-slice';
import type { NavState } from './nav-links';

/** The navigation state from the store; a stable object while nothing it reads changes. */
export function useNavState(): NavState {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const isSessionKnown = useAppSelector(selectIsSessionKnown);
  const role = useAppSelector(selectRole);
  // Only a subscriber's agreement counts: the trial's, left in the browser from a visit before
  // signing in, opens nothing in the subscriber's editor (docs/product.md §17).
  const hasLoadedAgreement = useAppSelector((state) => selectAgreement(state) !== null && selectIsSubscriber(state));
  return useMemo(() => ({ isLoggedIn, role: role ?? undefined, hasLoadedAgreement, isSessionKnown }), [isLoggedIn, role, hasLoadedAgreement, isSessionKnown]);
}
