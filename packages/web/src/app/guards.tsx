/**
 * Route guards (spec 2 "Route guards"): login-guarded screens render only when the user is logged
 * in, admin-guarded screens only when the role is admin; otherwise the visitor goes to /.
 * Until the session of an earlier visit has been looked up (GET /users/me on start, see
 * app-layout.tsx) a spinner shows, so a reload of a signed-in page stays on it.
 */
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { selectIsAdmin, selectIsLoggedIn, selectIsSessionKnown } from '../features/account/session-slice';
import { useAppSelector } from './hooks';

/** Label of the spinner shown while the session is looked up. */
export const CHECKING_SESSION_LABEL = 'Checking your sign-in…';

/** Layout route: its child routes need a logged-in user. */
export function RequireLogin() {
  const isKnown = useAppSelector(selectIsSessionKnown);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (!isKnown) return <PageSpinner label={CHECKING_SESSION_LABEL} />;
  return isLoggedIn ? <Outlet /> : <Navigate to="/" replace />;
}

/** Layout route: its child routes need the admin role (spec 6). */
export function RequireAdmin() {
  const isKnown = useAppSelector(selectIsSessionKnown);
  const isAdmin = useAppSelector(selectIsAdmin);
  if (!isKnown) return <PageSpinner label={CHECKING_SESSION_LABEL} />;
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
