/**
 * Zod without its eval probe (ADR 133): by default zod v4 tries `new Function('')` to see
 * whether it may compile fast parsers, and under our strict Content-Security-Policy (no
 * 'unsafe-eval') the browser reports that try as a CSP violation on every page. Imported first by
 * main.tsx and built into the zod chunk (vite.config.ts), so it runs before any schema is made.
 */
import { z } from 'zod';

z.config({ jitless: true });
