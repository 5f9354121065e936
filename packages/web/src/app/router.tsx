/**
 * The routes of docs/product.md §2: the public screens, the account screens, and the signed-in screens
 * behind the guards of docs/product.md §2 (login-guarded: /my/*, /im/home; admin-guarded: /my/admin). Every
 * page loads lazily through `loadChunk`, so a chunk that fails or takes longer than 120 s gives the
 * spec's load error in the route error page instead of a blank screen.
 */
import { PATHS, ROUTE_PATTERNS } from '@bpa/domain/paths';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/load-chunk';
import { PageSpinner } from '../components/ui/page-spinner';
import { AppLayout } from './app-layout';
import { RouteErrorPage } from './route-error-page';
import { RequireAdmin, RequireImpersonation, RequireLogin } from './guards';
import NotFoundPage from '../features/not-found/not-found-page';

/** A route's `lazy` that loads a page module (default export) as the named chunk. */
function lazyPage(chunkId: string, importPage: () => Promise<{ default: ComponentType }>): NonNullable<RouteObject['lazy']> {
  return async () => {
    const page = await loadChunk(chunkId, importPage);
    return { Component: page.default };
  };
}

/** The route table; exported so tests can build a memory router from it. */
export const routes: RouteObject[] = [
  {
    path: PATHS.landing,
    Component: AppLayout,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A pathless layer so a failing page shows its error inside the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: lazyPage('landing', () => import('./routes/landing-route')) },
          { path: PATHS.trial, lazy: lazyPage('trial', () => import('../features/trial/trial-page')) },
          { path: PATHS.instructions, lazy: lazyPage('instructions', () => import('../features/instructions/instructions-page')) },
          { path: PATHS.contact, lazy: lazyPage('contact', () => import('../features/contact/contact-page')) },
          { path: PATHS.pdfView, lazy: lazyPage('pdf-viewer', () => import('./routes/pdf-view-route')) },
          { path: PATHS.guestHome, lazy: lazyPage('guest-home', () => import('./routes/guest-home-route')) },
          { path: PATHS.guestContract, lazy: lazyPage('contract-editor', () => import('./routes/guest-contract-route')) },
          {
            path: PATHS.guestQuestionnaire,
            lazy: lazyPage('pass-the-phone', () => import('../features/agreement/questionnaire/pass-the-phone-page')),
          },
          { path: ROUTE_PATTERNS.login, lazy: lazyPage('login', () => import('../features/account/login-page')) },
          { path: PATHS.register, lazy: lazyPage('register', () => import('../features/account/register-page')) },
          { path: PATHS.registerPass, lazy: lazyPage('register-pass', () => import('../features/account/register-pass-page')) },
          { path: PATHS.registerFail, lazy: lazyPage('register-fail', () => import('../features/account/register-fail-page')) },
          { path: PATHS.forgotPassword, lazy: lazyPage('forgot-password', () => import('../features/account/forgot-password-page')) },
          { path: ROUTE_PATTERNS.resetPassword, lazy: lazyPage('reset-password', () => import('../features/account/reset-password-page')) },
          { path: ROUTE_PATTERNS.acceptInvite, lazy: lazyPage('accept-invite', () => import('../features/account/accept-invite-page')) },
          { path: ROUTE_PATTERNS.sharedLink, lazy: lazyPage('shared-link', () => import('../features/agreement/sharing/shared-link-page')) },
          { path: ROUTE_PATTERNS.unsubscribe, lazy: lazyPage('unsubscribe', () => import('../features/agreement/notices/unsubscribe-page')) },
          {
            Component: RequireLogin,
            children: [
              { path: PATHS.myHome, lazy: lazyPage('my-home', () => import('./routes/my-home-route')) },
              { path: PATHS.myInstructions, lazy: lazyPage('instructions', () => import('../features/instructions/instructions-page')) },
              { path: PATHS.myContact, lazy: lazyPage('contact', () => import('../features/contact/contact-page')) },
              { path: PATHS.myContract, lazy: lazyPage('my-contract', () => import('./routes/my-contract-route')) },
              { path: PATHS.myCompare, lazy: lazyPage('compare', () => import('../features/agreement/compare/compare-page')) },
              {
                path: PATHS.myQuestionnaires,
                lazy: lazyPage('questionnaire', () => import('../features/agreement/questionnaire/questionnaire-page')),
              },
              { path: PATHS.myPractice, lazy: lazyPage('practice', () => import('../features/agreement/practice/practice-page')) },
              { path: PATHS.myPdfView, lazy: lazyPage('my-pdf-viewer', () => import('./routes/my-pdf-view-route')) },
              { path: PATHS.myPdfFrame, lazy: lazyPage('my-pdf-frame', () => import('./routes/my-pdf-frame-route')) },
              { Component: RequireImpersonation, children: [{ path: PATHS.imHome, lazy: lazyPage('im-home', () => import('./routes/im-home-route')) }] },
              {
                Component: RequireAdmin,
                children: [{ path: PATHS.myAdmin, lazy: lazyPage('admin-panel', () => import('./routes/admin-panel-route')) }],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/** Builds the browser router of the app (one per page load). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
