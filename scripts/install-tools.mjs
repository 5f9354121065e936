// Installs the tool packages that only the tests and the benchmarks need (README.md, "Test it";
// docs/decisions/202-tools-installed-when-used.md): the browser tests' Playwright and axe (e2e/)
// and the benchmarks' Lighthouse, autocannon and the rest (bench/). They are not workspaces, so
// `npm ci && npm start` does not install them; each has its own package-lock.json.
//
// Usage: node scripts/install-tools.mjs [e2e] [bench]   (both when none is named)
// A package whose node_modules was installed from its current lockfile is left as it is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOLS = ['e2e', 'bench'];
const STAMP = '.installed-from-lock';

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !TOOLS.includes(name));
if (unknown.length > 0) {
  console.error(`install-tools: no tool package ${unknown.join(', ')} (known: ${TOOLS.join(', ')})`);
  process.exit(2);
}
for (const tool of asked.length > 0 ? asked : TOOLS) {
  const folder = join(ROOT, tool);
  const lock = createHash('sha256')
    .update(readFileSync(join(folder, 'package-lock.json')))
    .digest('hex');
  const stamp = join(folder, 'node_modules', STAMP);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) continue;
  console.log(`install-tools: npm ci in ${tool}/`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`install-tools: npm ci in ${tool}/ failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, lock);
}
