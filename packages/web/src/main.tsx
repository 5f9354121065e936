/**
 * Entry of the web app: styles (PrimeReact theme, PrimeIcons, Bootstrap 5 grid, ours), one store,
 * one router, and the React root. Loaded by index.html as an external module (strict CSP: no inline script).
 */
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles';
import { App } from './app/app';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <App store={makeStore()} router={createAppRouter()} />
  </StrictMode>,
);
