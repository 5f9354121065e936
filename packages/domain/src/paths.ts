/**
 * The web app's addresses (docs/product.md §2), in one place for everything that names them: the
 * router, the navigation table, the pages' links and redirects, and the server's email links.
 * A path here is what the browser's address bar shows; `ROUTE_PATTERNS` are the router's patterns
 * for the addresses that carry a parameter.
 */

/** Every fixed address of the web app (docs/product.md §2). */
export const PATHS = {
  landing: '/',
  trial: '/trial',
  instructions: '/instructions',
  contact: '/contact',
  /** The trial's PDF viewer. */
  pdfView: '/pdfview',
  guestHome: '/guest/home',
  guestContract: '/guest/contract',
  /** "Do we agree?" on one phone, on the trial agreement (docs/questionnaire.md §9). */
  guestQuestionnaire: '/guest/agree',
  login: '/login',
  /** Sign In after a password change succeeded ("changed") or failed ("notchanged"). */
  loginChanged: '/login/changed',
  loginNotChanged: '/login/notchanged',
  register: '/register',
  registerPass: '/register-pass',
  registerFail: '/register-fail',
  forgotPassword: '/forgot-password',
  myHome: '/my/home',
  myInstructions: '/my/instructions',
  myContact: '/my/contact',
  myContract: '/my/contract',
  myCompare: '/my/compare',
  /** "Do we agree?": an agreement's questionnaires, `?id=` the agreement, `&questionnaire=` one of them (docs/questionnaire.md). */
  myQuestionnaires: '/my/agree',
  /** Practice ("Know our card"): `?id=` the agreement (docs/questionnaire.md §8). */
  myPractice: '/my/practice',
  /** The subscriber's PDF viewer, and the frame page it embeds. */
  myPdfView: '/my/pdfview',
  myPdfFrame: '/my/pdfview2',
  myAdmin: '/my/admin',
  /** An administrator's view while impersonating a user. */
  imHome: '/im/home',
} as const;

/** A fixed address of the web app. */
export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** The router's patterns for the addresses with a parameter (docs/product.md §2). */
export const ROUTE_PATTERNS = {
  /** Sign In, optionally with an email-confirmation token (or the words changed / notchanged). */
  login: '/login/:token?',
  resetPassword: '/reset-password/:token',
  acceptInvite: '/accept-invite/:token',
  sharedLink: '/shared/:token',
  /** A notice's unsubscribe page (docs/sharing.md §12), `?kind=digest|discussion`. */
  unsubscribe: '/unsubscribe/:token',
} as const;

/** The address part of a link that carries a one-time or read-only token. */
export type TokenRoute = 'login' | 'reset-password' | 'accept-invite' | 'shared' | 'unsubscribe';

/**
 * The path of a token link, the token URL-encoded: `/reset-password/<token>` and so on.
 *
 * @param route which page the token opens (docs/product.md §2)
 * @param token the token as issued (any text; it is encoded here)
 */
export function tokenPath(route: TokenRoute, token: string): string {
  return `/${route}/${encodeURIComponent(token)}`;
}
