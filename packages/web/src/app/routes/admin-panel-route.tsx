/**
 * Route `/my/admin` (docs/product.md §2 "Admin Panel", admin only): the admin feature's panel, with
 * impersonation joined here to the account feature's session (features meet in route files).
 *
 * Impersonation (docs/product.md §4: "logs in as the chosen user then goes to /im/home"; docs/product.md §D8): the server
 * switches the session (POST /users/im/login), the app goes to /im/home, and only once this admin
 * route has left the screen does the store take the user's session (`sessionStarted`). In the
 * other order the admin guard around this route would see a non-administrator first and send
 * the browser to `/`, which signs out. The administrator's cached lists are dropped at the same
 * moment, so nothing of theirs is shown to, or sent as, the impersonated user.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@bpa/domain/api-users';
import { AdminPanel } from '../../features/admin/admin-panel';
import { accountApi } from '../../features/account/account-api';
import { sessionStarted } from '../../features/account/session-slice';
import { IMPERSONATION_STARTING } from '../guards';
import { useAppDispatch } from '../hooks';
import { useClearUserData } from '../use-sign-out';
import { PATHS } from '@bpa/domain/paths';

export default function AdminPanelRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const clearUserData = useClearUserData();
  const switchedUserRef = useRef<CurrentUser | null>(null);

  // A layout-effect clean-up runs as this route is removed, before the browser paints /im/home,
  // so the banner shows the impersonated user's email from the first frame.
  useLayoutEffect(
    () => () => {
      const user = switchedUserRef.current;
      if (user === null) return;
      switchedUserRef.current = null;
      clearUserData();
      dispatch(sessionStarted(user));
    },
    [clearUserData, dispatch],
  );

  const impersonate = useCallback(
    async (email: string) => {
      // Rejects with the server's error (404 no such user, 403 an administrator); the panel shows it.
      const result = await dispatch(accountApi.endpoints.impersonate.initiate({ email }, { track: false })).unwrap();
      switchedUserRef.current = result.user;
      await navigate(PATHS.imHome, { state: { step: IMPERSONATION_STARTING } });
    },
    [dispatch, navigate],
  );

  return <AdminPanel onImpersonate={impersonate} />;
}
