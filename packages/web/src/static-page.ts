/**
 * The script of the pages rendered at build time (`/` and `/trial`, scripts/prerender.tsx; docs/product.md §D12:
 * the first page a visitor sees needs neither React nor the UI library), and of `/guest/contract`
 * for a visitor whose browser holds no trial agreement (its page script loads it instead of the app,
 * ADR 184). It does, without a framework, the little those pages do in the app:
 *
 * - `/` signs out on load (docs/product.md §2 "On load it logs the user out and clears loaded
 *   contracts"): POST /api/v1/users/logout, whose result does not matter, and the agreement this
 *   tab had open is forgotten. A guest's trial stays (ADR 100).
 * - The phone menu button opens and closes the navigation (as top-nav.tsx: aria-expanded, Escape
 *   closes it and gives focus back to the button).
 *
 * A request for `/trial` that carries a session cookie gets the app instead (the server decides):
 * a signed-in user sees their own navigation there, not a visitor's. Every link is an ordinary link: following one loads the app.
 */
import './styles';
import { PATHS } from '@bpa/domain/paths';
import { OPEN_AGREEMENT_STORAGE_KEY } from './features/agreement/core/subscriber-agreement-memory';

if (window.location.pathname === PATHS.landing) {
  try {
    window.sessionStorage.removeItem(OPEN_AGREEMENT_STORAGE_KEY);
  } catch {
    // No storage (blocked): nothing was remembered.
  }
  void fetch('/api/v1/users/logout', { method: 'POST', credentials: 'include', keepalive: true }).catch(() => undefined);
}

const toggle = document.querySelector<HTMLButtonElement>('.site-nav-toggle');
const list = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null;
if (toggle && list) {
  const setOpen = (isOpen: boolean) => {
    toggle.setAttribute('aria-expanded', String(isOpen));
    list.classList.toggle('is-open', isOpen);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  toggle.closest('nav')?.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
}
