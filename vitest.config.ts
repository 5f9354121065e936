import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository, one project per package. Browser tests are Playwright's
 * (e2e/), not Vitest's. `console.error` during a test fails it (vitest.setup.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'templates',
          include: ['scripts/**/*.test.ts', 'templates/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        // Component tests: React components rendered in jsdom with Testing Library (docs/conventions.md: "Components are tested as a user meets them").
        test: {
          name: 'web-components',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts', './packages/web/src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
