/**
 * The top navigation by state and path: docs/product.md §2, "Top navigation (by state)", as ONE table.
 * The accounts and admin features only provide the state (`NavState`); the links come from here.
 */

import { PATHS } from '@bpa/domain/paths';

/** What the navigation depends on (docs/product.md §3: user session; agreement state). */
export interface NavState {
  isLoggedIn: boolean;
  /** The user's role; 'admin' gets the admin navigation (docs/product.md §6). */
  role?: string;
  /** An agreement is loaded in the editor (changes the /my/instructions links). */
  hasLoadedAgreement?: boolean;
  /**
   * False while the session of an earlier visit is being looked up (the app's start); true or
   * absent once it is known. On a signed-in page the navigation then waits (ADR 209).
   */
  isSessionKnown?: boolean;
}

/** One link of the top navigation. */
export interface NavLink {
  label: string;
  to: string;
}

/** Label of the Logout entry: the navigation renders it as an action that ends the session, then goes to `to` (docs/product.md §2). */
export const LOGOUT_LABEL = 'Logout';

// Every link of the table, with its target (docs/product.md §2 and the routes of docs/product.md §2).
const HOME: NavLink = { label: 'Home', to: PATHS.landing };
const SIGN_IN: NavLink = { label: 'Sign In', to: PATHS.login };
const SIGN_UP: NavLink = { label: 'Sign Up', to: PATHS.register };
const CONTACT: NavLink = { label: 'Contact Us', to: PATHS.contact };
const INSTRUCTIONS: NavLink = { label: 'Instructions', to: PATHS.instructions };
const FREE_TRIAL: NavLink = { label: 'Free Trial', to: PATHS.trial };
const GUEST_DASHBOARD: NavLink = { label: 'Go To Dashboard', to: PATHS.guestHome };
const MY_CONTACT: NavLink = { label: 'Contact Us', to: PATHS.myContact };
const MY_INSTRUCTIONS: NavLink = { label: 'Instructions', to: PATHS.myInstructions };
const MY_DASHBOARD: NavLink = { label: 'Go To Dashboard', to: PATHS.myHome };
const MY_EDITOR: NavLink = { label: 'Go To Agreement Editor', to: PATHS.myContract };
const LOGOUT: NavLink = { label: LOGOUT_LABEL, to: PATHS.landing };
const ADMIN_PANEL: NavLink = { label: 'Admin Panel', to: PATHS.myAdmin };

/** Logged out, "other paths" of the table. */
const FULL_LOGGED_OUT: readonly NavLink[] = [HOME, INSTRUCTIONS, FREE_TRIAL, CONTACT, SIGN_IN, SIGN_UP];

/** Logged out, by path (docs/product.md §2). */
const LOGGED_OUT_BY_PATH: Readonly<Record<string, readonly NavLink[]>> = {
  [PATHS.landing]: [SIGN_IN, SIGN_UP, CONTACT],
  [PATHS.trial]: [HOME, INSTRUCTIONS, CONTACT],
  [PATHS.instructions]: [HOME, FREE_TRIAL, SIGN_IN, SIGN_UP],
  [PATHS.login]: [HOME, INSTRUCTIONS, FREE_TRIAL, CONTACT, SIGN_UP],
  [PATHS.register]: [HOME, INSTRUCTIONS, FREE_TRIAL, CONTACT, SIGN_IN],
  [PATHS.guestHome]: [HOME, INSTRUCTIONS, CONTACT],
  [PATHS.guestContract]: [GUEST_DASHBOARD, INSTRUCTIONS, CONTACT],
};

/** Logged in, not admin, by path (docs/product.md §2); /my/instructions depends on a loaded agreement. */
const LOGGED_IN_BY_PATH: Readonly<Record<string, readonly NavLink[]>> = {
  [PATHS.myHome]: [MY_INSTRUCTIONS, MY_CONTACT, LOGOUT],
  [PATHS.myContact]: [MY_DASHBOARD, MY_EDITOR, MY_INSTRUCTIONS, LOGOUT],
  [PATHS.myPdfView]: [MY_DASHBOARD, MY_INSTRUCTIONS, MY_CONTACT, LOGOUT],
  [PATHS.myContract]: [MY_DASHBOARD, MY_INSTRUCTIONS, MY_CONTACT, LOGOUT],
};

/**
 * Logged in, not admin, on a path the table does not list. The spec gives "the full logged-out
 * list" here; its Home link goes to /, whose load signs out, so a signed-in user lost their session
 * by following it (docs/product.md §17). Signed-in users get this signed-in list instead (ADR 110).
 */
const LOGGED_IN_OTHERWISE: readonly NavLink[] = [MY_DASHBOARD, MY_INSTRUCTIONS, MY_CONTACT, LOGOUT];

/** Admin, on every path (docs/product.md §2). */
const ADMIN_LINKS: readonly NavLink[] = [MY_DASHBOARD, MY_INSTRUCTIONS, LOGOUT, ADMIN_PANEL];

/**
 * The path as the table reads it: no trailing slash, and the login screens with a token
 * (`/login/changed`, `/login/{token}`) count as `/login` since they show the same login form (docs/product.md §2).
 */
function toTablePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  return trimmed.startsWith(`${PATHS.login}/`) ? PATHS.login : trimmed;
}

/**
 * The links of the top navigation, in order, for a session state and the current path.
 *
 * Implements the whole table of docs/product.md §2 "Top navigation (by state)": logged out (per path,
 * else the full list), logged in non-admin (per path, /my/instructions with or without a loaded
 * agreement, else a signed-in list: ADR 110) and admin (the same four links everywhere).
 * Logged-in targets of Instructions and Contact Us are /my/instructions and /my/contact.
 *
 * @param state session state (role 'admin' only counts when logged in)
 * @param path the location's pathname, e.g. '/trial'
 * @returns a fresh array; `LOGOUT_LABEL` marks the Logout action
 */
export function getNavLinks(state: NavState, path: string): NavLink[] {
  const tablePath = toTablePath(path);
  if (isWaitingOnSignedInPage(state, tablePath)) return [];
  if (!state.isLoggedIn) return [...(LOGGED_OUT_BY_PATH[tablePath] ?? FULL_LOGGED_OUT)];
  if (state.role === 'admin') return [...ADMIN_LINKS];
  if (tablePath === PATHS.myInstructions) {
    return state.hasLoadedAgreement === true ? [MY_DASHBOARD, MY_EDITOR, LOGOUT] : [MY_DASHBOARD, LOGOUT];
  }
  return [...(LOGGED_IN_BY_PATH[tablePath] ?? LOGGED_IN_OTHERWISE)];
}

/**
 * Where the logo goes: the dashboard when logged in, the landing page otherwise (docs/product.md §2);
 * the dashboard too on a signed-in page while the session is looked up (ADR 209: the landing page
 * signs out, so no link there may lead to it before the session is known).
 *
 * @param path the location's pathname; without it, only the session counts
 */
export function getLogoLink(state: Pick<NavState, 'isLoggedIn' | 'isSessionKnown'>, path?: string): string {
  if (state.isLoggedIn || (path !== undefined && isWaitingOnSignedInPage(state, toTablePath(path)))) return PATHS.myHome;
  return PATHS.landing;
}

/**
 * True on a page of the signed-in app (/my/…, /im/…) while the session is being looked up: its
 * navigation waits rather than showing the logged-out links, whose Home would sign the user out
 * (ADR 110) and which the page, rendered at build time for a signed-in browser, does not show
 * either (ADR 209).
 */
function isWaitingOnSignedInPage(state: Pick<NavState, 'isSessionKnown'>, tablePath: string): boolean {
  return state.isSessionKnown === false && (tablePath.startsWith('/my/') || tablePath.startsWith('/im/'));
}
