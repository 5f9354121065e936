/**
 * The page frame of every route: skip link, header with the top navigation, the page in a
 * Bootstrap container inside <main>, and the footer. After a route change the window scrolls to
 * the top and focus moves to <main>, so keyboard and screen-reader users start at the new page.
 */
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import { getLogoLink, getNavLinks } from './nav-links';
import { TopNav } from './top-nav';
import { useNavState } from './use-nav-state';

export function AppLayout() {
  const navState = useNavState();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPathRef = useRef(pathname);

  useEffect(() => {
    if (previousPathRef.current === pathname) return;
    previousPathRef.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <TopNav links={getNavLinks(navState, pathname)} logoTo={getLogoLink(navState)} />
      <div className={navigation.state === 'loading' ? 'route-progress is-active' : 'route-progress'} aria-hidden="true" />
      <main id="main-content" ref={mainRef} tabIndex={-1} className="container site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p className="mb-0">
            {PRODUCT_TITLE}: personal partnership agreements (convention cards) for bridge players.
          </p>
        </div>
      </footer>
      <ScrollRestoration />
    </>
  );
}
