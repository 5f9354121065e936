import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository, one project per package. Browser tests are Playwright's
 * (e2e/), not Vitest's. `console.error` during a test fails it (vitest.setup.ts).
 *
 * Every project sets its time limits: they are there to end a test that hangs, never to fail a
 * slow one, so they are several times what a test takes on the 2-core machine with both cores
 * busy (docs/conventions.md: "Tests hold on a loaded machine").
 */
/** `expect.poll` waits up to 30 s instead of Vitest's 1 s (vi.waitFor and Testing Library's findBy are set likewise where they are used). */
const expect = { poll: { timeout: 30_000 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          expect,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'templates',
          include: ['scripts/**/*.test.ts', 'templates/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          expect,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          // One migrated database per run, copied by every test file (packages/server/src/test/global-setup.ts).
          globalSetup: ['./packages/server/src/test/global-setup.ts'],
          expect,
          // A test that creates a PGlite cluster in a folder (backups, CLI) takes 20-40 s with both
          // cores busy.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          expect,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Component tests: React components rendered in jsdom with Testing Library (docs/conventions.md: "Components are tested as a user meets them").
        test: {
          name: 'web-components',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts', './packages/web/src/test/setup-dom.ts'],
          expect,
          // Typing into the rich-text editor in jsdom takes seconds when the machine is busy.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
