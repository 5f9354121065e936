/**
 * The frame of every page: skip link, the site header (the caller's TopNav), the page in a Bootstrap
 * container inside <main>, and the footer. Shared by the app's layout (app-layout.tsx) and by the
 * pages rendered to HTML at build time (scripts/prerender.tsx), so both look alike to the letter.
 */
import type { ReactNode, Ref } from 'react';
import { PRODUCT_TITLE } from '@bpa/domain/constants';

export interface PageFrameProps {
  /** The site header (TopNav). */
  header: ReactNode;
  /** What goes between the header and <main> (dialogs, the route progress bar). */
  beforeMain?: ReactNode;
  /** <main>, which the app focuses after a route change. */
  mainRef?: Ref<HTMLElement>;
  children: ReactNode;
}

export function PageFrame({ header, beforeMain, mainRef, children }: PageFrameProps) {
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      {header}
      {beforeMain}
      <main id="main-content" ref={mainRef} tabIndex={-1} className="container site-main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p className="mb-0">{PRODUCT_TITLE}: personal partnership agreements (convention cards) for bridge players.</p>
        </div>
      </footer>
    </>
  );
}
