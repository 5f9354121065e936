/**
 * The site header: the logo (product title, to /my/home when logged in, / otherwise) and the links
 * of `getNavLinks` (docs/product.md §2). On phones (below the 768 px breakpoint) the links fold into a menu
 * button with aria-expanded; Escape closes the open menu and gives focus back to the button.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import { LOGOUT_LABEL, type NavLink } from './nav-links';

export interface TopNavProps {
  links: NavLink[];
  logoTo: string;
  /** When given, Logout calls it instead of following its link (logout while impersonating asks first). */
  onLogout?: (() => void) | undefined;
}

export function TopNav({ links, logoTo, onLogout }: TopNavProps) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const closeMenu = () => setMenuOpen(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isMenuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="site-header">
      <div className="container site-header-bar">
        <Link to={logoTo} className="site-logo" onClick={closeMenu}>
          <span className="site-logo-suits" aria-hidden="true">
            ♠<span className="suit-red">♥</span>
            <span className="suit-red">♦</span>♣
          </span>
          <span className="site-logo-title">{PRODUCT_TITLE}</span>
        </Link>
        <nav aria-label="Main" className="site-nav" onKeyDown={closeOnEscape}>
          <button
            ref={toggleRef}
            type="button"
            className="site-nav-toggle"
            aria-expanded={isMenuOpen}
            aria-controls={listId}
            onClick={() => setMenuOpen((isOpen) => !isOpen)}
          >
            <MenuIcon />
            <span>Menu</span>
          </button>
          <ul id={listId} className={isMenuOpen ? 'site-nav-list is-open' : 'site-nav-list'}>
            {links.map((link) => (
              <li key={`${link.label}-${link.to}`}>
                {/* Logout is a link to /: the landing route signs out when it loads (docs/product.md §2), so the
                    editor's leave warning can still stop it while edits are unsaved. */}
                <RouterNavLink
                  to={link.to}
                  end
                  className="site-nav-link"
                  onClick={(event) => {
                    closeMenu();
                    if (onLogout && link.label === LOGOUT_LABEL) {
                      event.preventDefault();
                      onLogout();
                    }
                  }}
                >
                  {link.label}
                </RouterNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * The menu button's icon, three bars or, while the menu is open, a cross (app.css shows the one
 * that matches the button's `aria-expanded`, so the pages rendered at build time need no script for
 * it). Drawn inline: the first view of every page shows it, and as a glyph of the icon font it made
 * a phone fetch that font (33 KB) beside the page's style sheets and scripts before anything else on
 * the page needed it (docs/product.md §D12).
 */
function MenuIcon() {
  return (
    <svg className="site-nav-toggle-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path className="site-nav-toggle-bars" d="M2 4h12M2 8h12M2 12h12" />
      <path className="site-nav-toggle-cross" d="M3 3l10 10M13 3L3 13" />
    </svg>
  );
}
