/**
 * Route `/`: docs/product.md §2 "On load it logs the user out and clears loaded contracts". The landing feature
 * only shows the page; the session and the agreement state are cleared here, where features meet.
 */
import { useEffect } from 'react';
import LandingPage from '../../features/landing/landing-page';
import { useSignOut } from '../use-sign-out';

export default function LandingRoute() {
  const signOut = useSignOut();
  useEffect(() => {
    // Always asks the server, also when the store thinks nobody is signed in: the session cookie of
    // an earlier visit may still be valid (its start-up lookup is skipped once this has run).
    signOut();
  }, [signOut]);
  return <LandingPage />;
}
