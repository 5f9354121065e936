/**
 * The style sheets of every page, in cascade order: the PrimeReact theme and base, PrimeIcons, the
 * Bootstrap 5 grid, then ours. Imported by the app (main.tsx) and by the pages rendered at build
 * time (static-page.ts), so the build writes them once, shared by both.
 */
import 'primereact/resources/themes/tailwind-light/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import 'bootstrap/dist/css/bootstrap-grid.min.css';
import './app.css';
