/**
 * The layout of every route: the page frame (page-frame.tsx: skip link, header with the top
 * navigation, <main>, footer) with the session's navigation, dialogs and notices. After a route change the window scrolls to
 * the top and focus moves to <main>, so keyboard and screen-reader users start at the new page.
 *
 * Session (docs/product.md §3, 4): on start the session of an earlier visit is looked up once (GET
 * /api/v1/users/session; guarded routes wait for it, see guards.tsx), and again after a call was
 * refused with 403. A notice a guard sends along (`navigate(to, { state: { notice } })`) shows
 * above the page. The Logout link signs out and
 * clears the user's data. While an administrator impersonates a user, every page but /im/home
 * (which has it in its body) shows the impersonation banner (docs/product.md §D8), and Logout first asks
 * whether to return to the administrator's account or sign out of both (docs/product.md §17, ADR 110).
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { ImpersonationBanner } from '../features/account/impersonation-banner';
import { ImpersonationLogoutDialog } from '../features/account/impersonation-logout-dialog';
import { selectSession } from '../features/account/session-slice';
import { restoreSession } from '../features/account/session-thunks';
import { useAppDispatch, useAppSelector } from './hooks';
import { getLogoLink, getNavLinks } from './nav-links';
import { PageFrame } from './page-frame';
import { TopNav } from './top-nav';
import { useNavState } from './use-nav-state';
import { useClearUserData } from './use-sign-out';
import { PATHS } from '@bpa/domain/paths';

export function AppLayout() {
  const navState = useNavState();
  const location = useLocation();
  const { pathname } = location;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const clearUserData = useClearUserData();
  const { isLoggedIn, email, impersonatedBy, sessionCheck, signOutNotice } = useAppSelector(selectSession);
  const routeNotice = (location.state as { notice?: unknown } | null)?.notice;
  const mainRef = useRef<HTMLElement>(null);
  const [isLogoutDialogOpen, setLogoutDialogOpen] = useState(false);
  const previousPathRef = useRef(pathname);

  useEffect(() => {
    // Once per page load, and again when a call was refused (sessionCheck 'stale'); the thunk
    // skips itself once a login or logout has decided the session (e.g. by opening `/`).
    if (sessionCheck === 'unchecked' || sessionCheck === 'stale') void dispatch(restoreSession());
  }, [dispatch, sessionCheck]);

  useEffect(() => {
    // The server ended the session (ADR 110): nothing of the user stays in the page.
    if (!isLoggedIn && signOutNotice !== null) clearUserData();
  }, [isLoggedIn, signOutNotice, clearUserData]);

  useEffect(() => {
    if (previousPathRef.current === pathname) return;
    previousPathRef.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <PageFrame
        header={
          <TopNav
            links={getNavLinks(navState, pathname)}
            logoTo={getLogoLink(navState, pathname)}
            onLogout={isLoggedIn && impersonatedBy !== null ? () => setLogoutDialogOpen(true) : undefined}
          />
        }
        beforeMain={
          <>
            {isLoggedIn && impersonatedBy !== null && (
              <ImpersonationLogoutDialog
                isOpen={isLogoutDialogOpen}
                email={email}
                administrator={impersonatedBy}
                onCancel={() => setLogoutDialogOpen(false)}
                onReturned={() => {
                  setLogoutDialogOpen(false);
                  clearUserData();
                  void navigate(PATHS.myAdmin);
                }}
                onSignOut={() => {
                  setLogoutDialogOpen(false);
                  void navigate(PATHS.landing);
                }}
              />
            )}
            <div className={navigation.state === 'loading' ? 'route-progress is-active' : 'route-progress'} aria-hidden="true" />
          </>
        }
        mainRef={mainRef}
      >
        {isLoggedIn && impersonatedBy !== null && pathname !== PATHS.imHome && (
          <ImpersonationBanner
            email={email}
            onReturned={() => {
              clearUserData();
              void navigate(PATHS.myAdmin);
            }}
          />
        )}
        {typeof routeNotice === 'string' && (
          <p className="route-notice" role="status">
            {routeNotice}
          </p>
        )}
        <Outlet />
      </PageFrame>
      <ScrollRestoration />
    </>
  );
}
