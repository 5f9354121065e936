/**
 * The state the top navigation depends on (spec 2 "Top navigation (by state)"). It is the one
 * place to swap in the session: the accounts issue reads `isLoggedIn` and `role` from its session
 * slice here; until then every visitor is logged out.
 */
import { useMemo } from 'react';
import { useAppSelector } from './hooks';
import { selectContract } from '../features/agreement/agreement-slice';
import type { NavState } from './nav-links';

/** The navigation state from the store; a stable object while nothing it reads changes. */
export function useNavState(): NavState {
  const hasLoadedAgreement = useAppSelector((state) => selectContract(state) !== null);
  return useMemo(() => ({ isLoggedIn: false, hasLoadedAgreement }), [hasLoadedAgreement]);
}
