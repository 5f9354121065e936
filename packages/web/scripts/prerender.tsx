/**
 * Renders the first pages a visitor sees to HTML at build time (issue 15: the first paint needs no
 * script): `/` (landing.html) and `/trial` (trial.html), each in the page frame with the visitors'
 * navigation, from the same React components the app renders on those routes. Run after
 * `vite build` (npm run build): it fills the build's `static.html` (the template with the style
 * sheets and `src/static-page.ts`), writes each page with its `.br` and `.gz` copies, and removes
 * the template. The server sends these files for their paths (server plugins/web-app.ts).
 *
 * Usage: tsx scripts/prerender.tsx [dist folder, default ./dist]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { getLogoLink, getNavLinks } from '../src/app/nav-links';
import { PageFrame } from '../src/app/page-frame';
import { TopNav } from '../src/app/top-nav';
import LandingPage from '../src/features/landing/landing-page';
import TrialPage, { TRIAL_PAGE_TITLE } from '../src/features/trial/trial-page';
import { toDocumentTitle } from '../src/lib/use-document-title';

/** The template's file name in the build, and its two markers. */
const TEMPLATE = 'static.html';
const TITLE_MARKER = '<!--page-title-->';
const HTML_MARKER = '<!--page-html-->';

/** The pages rendered at build time; the server's list (PRERENDERED_PAGES) must name the same files. */
const PAGES: Array<{ path: string; file: string; title: string; Page: ComponentType }> = [
  { path: PATHS.landing, file: 'landing.html', title: toDocumentTitle(), Page: LandingPage },
  { path: PATHS.trial, file: 'trial.html', title: toDocumentTitle(TRIAL_PAGE_TITLE), Page: TrialPage },
];

/** Escapes text for an HTML element's content (the title). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const dist = resolve(process.argv[2] ?? 'dist');
const template = readFileSync(join(dist, TEMPLATE), 'utf8');
if (!template.includes(TITLE_MARKER) || !template.includes(HTML_MARKER)) throw new Error(`${TEMPLATE} has lost its markers`);

for (const { path, file, title, Page } of PAGES) {
  const visitor = { isLoggedIn: false };
  const body = renderToStaticMarkup(
    <StaticRouter location={path}>
      <PageFrame header={<TopNav links={getNavLinks(visitor, path)} logoTo={getLogoLink(visitor)} />}>
        <Page />
      </PageFrame>
    </StaticRouter>,
  );
  const html = template.replace(TITLE_MARKER, escapeText(title)).replace(HTML_MARKER, body);
  writeFileSync(join(dist, file), html);
  writeFileSync(join(dist, `${file}.gz`), gzipSync(html, { level: 9 }));
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  console.log(`prerendered ${path} -> ${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
for (const name of [TEMPLATE, `${TEMPLATE}.gz`, `${TEMPLATE}.br`]) rmSync(join(dist, name), { force: true });
