/**
 * Entry of the web app: styles (PrimeReact theme, PrimeIcons, Bootstrap 5 grid, ours), one store,
 * one router, and the React root. Loaded by index.html as an external module (strict CSP: no inline script).
 *
 * Over a page rendered at build time (`/guest/contract`, lib/prerendered-app-page.ts; a signed-in
 * page's first view, ADR 209) the app renders once the route's chunk is loaded, so it replaces the
 * page with the same page (or the visitor's own agreement) and never with the loading spinner.
 *
 * Once the page is idle, the files its `<meta name="prefetch-after-load">` names are fetched into
 * the browser's cache (lib/prefetch-after-load.ts, ADR 207).
 */
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles';
import { App } from './app/app';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';
import { prefetchAfterLoad } from './lib/prefetch-after-load';
import { isPrerenderedPage, whenRouterReady } from './lib/prerendered-app-page';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const store = makeStore();
const router = createAppRouter();
const render = () =>
  createRoot(rootElement).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
if (isPrerenderedPage(rootElement)) void whenRouterReady(router).then(render);
else render();
// The code of the step the page leads to (Edit Agreement, Make PDF), fetched once the page is idle (ADR 207).
prefetchAfterLoad();
