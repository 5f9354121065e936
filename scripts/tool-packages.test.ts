/**
 * The tool packages e2e/ and bench/ (ADR 202) are installed apart from the workspaces, each from
 * its own lockfile, yet typechecked against the server's declarations, which use the root's Node.js
 * types. TypeScript takes two copies of `@types/node` of one version as one package, but two
 * versions as two, whose `ChildProcess` and `Worker` do not match: every tool lockfile must hold
 * the root's version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The version of a package at a lockfile's top level. */
function lockedVersion(folder: string, name: string): string | undefined {
  const lock = JSON.parse(readFileSync(join(ROOT, folder, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  return lock.packages[`node_modules/${name}`]?.version;
}

describe('tool packages (ADR 202)', () => {
  it.each(['e2e', 'bench'])("%s/ locks the root's @types/node", (folder) => {
    const root = lockedVersion('.', '@types/node');
    expect(root).toBeDefined();
    expect(lockedVersion(folder, '@types/node')).toBe(root);
  });

  it.each(['e2e', 'bench'])('%s/ is no workspace: npm ci of the root does not install its tools', (folder) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect(pkg.workspaces).not.toContain(folder);
    expect(lockedVersion('.', folder === 'e2e' ? '@playwright/test' : 'lighthouse')).toBeUndefined();
  });
});
