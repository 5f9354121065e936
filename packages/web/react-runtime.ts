/**
 * The app is written against React's API and, once built, runs on Preact's implementation of it
 * (`preact/compat`; docs/decisions/208-react-api-on-preact.md). These aliases, applied by
 * vite.config.ts, send every import of React in the build, ours and the libraries', to Preact.
 * The component tests and the pages rendered at build time run React (ADR 208 says why); the
 * browser tests (e2e/) run the built app.
 */
export const REACT_TO_PREACT: { find: RegExp; replacement: string }[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
