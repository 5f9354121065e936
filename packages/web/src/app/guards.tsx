/**
 * Route guards (docs/product.md §2 "Route guards"): login-guarded screens render only when the user is logged
 * in, admin-guarded screens only when the role is admin. Until the session of an earlier visit has
 * been looked up (GET /users/session on start, see app-layout.tsx) a spinner shows, so a reload of a
 * signed-in page stays on it.
 *
 * Where a guard sends a visitor away (docs/product.md §17; ADR 110, "No sign-out by
 * surprise"): a visitor nobody is signed in as goes to / as the spec says, or to /login when the
 * server has just ended the session (the sign-in page says why); a signed-in user who may not open
 * a screen goes to the dashboard with a notice, never to / (whose load signs out).
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { selectIsAdmin, selectIsLoggedIn, selectIsSessionKnown, selectSession, selectSignOutNotice } from '../features/account/session-slice';
import { useAppSelector } from './hooks';
import { PATHS } from '@bpa/domain/paths';

/** Label of the spinner shown while the session is looked up. */
export const CHECKING_SESSION_LABEL = 'Checking your sign-in…';
/** Notice on the dashboard for a signed-in user who opened the Admin Panel without the right. */
export const ADMIN_ONLY_NOTICE = 'The Admin Panel is for administrators. Here is your dashboard.';
/** The same while impersonating (in this tab or another): the Admin Panel needs the administrator's own session. */
export const ADMIN_WHILE_IMPERSONATING_NOTICE =
  'You are signed in as another user (impersonating). Return to your account with the button in the banner to open the Admin Panel.';
/** Notice for /im/home opened without an impersonation (docs/product.md §17, ADR 110). */
export const NOT_IMPERSONATING_NOTICE = 'You are not impersonating anybody. Here is your dashboard.';

/** Where a visitor who is not signed in goes: / (docs/product.md §2), or /login when the server just ended the session. */
function SignedOutRedirect() {
  const signOutNotice = useAppSelector(selectSignOutNotice);
  return <Navigate to={signOutNotice === null ? PATHS.landing : PATHS.login} replace />;
}

/** Layout route: its child routes need a logged-in user. */
export function RequireLogin() {
  const isKnown = useAppSelector(selectIsSessionKnown);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (!isKnown) return <PageSpinner label={CHECKING_SESSION_LABEL} />;
  return isLoggedIn ? <Outlet /> : <SignedOutRedirect />;
}

/** Layout route: its child routes need the admin role (docs/product.md §6). */
export function RequireAdmin() {
  const isKnown = useAppSelector(selectIsSessionKnown);
  const isAdmin = useAppSelector(selectIsAdmin);
  const { isLoggedIn, impersonatedBy } = useAppSelector(selectSession);
  if (!isKnown) return <PageSpinner label={CHECKING_SESSION_LABEL} />;
  if (isAdmin) return <Outlet />;
  if (!isLoggedIn) return <SignedOutRedirect />;
  return <Navigate to={PATHS.myHome} replace state={{ notice: impersonatedBy === null ? ADMIN_ONLY_NOTICE : ADMIN_WHILE_IMPERSONATING_NOTICE }} />;
}

/** Navigation state of the Admin Panel's Impersonate: the store takes the user's session only once /im/home shows. */
export const IMPERSONATION_STARTING = 'impersonation-starting';

/**
 * Layout route: /im/home shows an impersonation (ADR 110). Without one, an administrator goes to
 * the Admin Panel, where impersonations start, and anybody else to the dashboard with a notice.
 * The Admin Panel's Impersonate arrives with IMPERSONATION_STARTING, before the store holds the
 * impersonated session (admin-panel-route.tsx). Return to my account goes to the Admin Panel too,
 * so this guard and the banner's navigation agree whichever the renderer runs first.
 */
export function RequireImpersonation() {
  const { impersonatedBy } = useAppSelector(selectSession);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isStarting = (useLocation().state as { step?: unknown } | null)?.step === IMPERSONATION_STARTING;
  if (impersonatedBy !== null || isStarting) return <Outlet />;
  if (isAdmin) return <Navigate to={PATHS.myAdmin} replace />;
  return <Navigate to={PATHS.myHome} replace state={{ notice: NOT_IMPERSONATING_NOTICE }} />;
}
