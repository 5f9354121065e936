/**
 * Route `/`: spec 2 "On load it logs the user out and clears loaded contracts". The landing feature
 * only shows the page; the agreement state is cleared here, where features meet.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '../hooks';
import { clearAgreement } from '../../features/agreement/agreement-slice';
import LandingPage from '../../features/landing/landing-page';

export default function LandingRoute() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // The accounts issue adds the logout call here.
    dispatch(clearAgreement());
  }, [dispatch]);
  return <LandingPage />;
}
