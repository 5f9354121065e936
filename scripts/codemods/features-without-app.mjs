// Codemod: web features stop importing app/ (lint rule in eslint.config.js). Rewrites, in
// packages/web/src/features/**/*.{ts,tsx} except tests:
//   from '../../app/hooks'                          -> from '../../lib/hooks'
//   import type { AppDispatch } from '../../app/store' -> from '../../lib/hooks' (only when every
//   imported name is AppDispatch or RootState, which lib/hooks.ts re-exports as types)
// Idempotent; prints the files it changed. Run from the repository root after merging branches:
//   node scripts/codemods/features-without-app.mjs
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = 'packages/web/src/features';

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

let changed = 0;
for (const file of walk(root)) {
  const before = readFileSync(file, 'utf8');
  const after = before
    .replace(/from '((?:\.\.\/)+)app\/hooks'/g, "from '$1lib/hooks'")
    .replace(/import type \{([^}]*)\} from '((?:\.\.\/)+)app\/store';/g, (whole, names, up) =>
      names.split(',').every((name) => ['AppDispatch', 'RootState', ''].includes(name.trim())) ? `import type {${names}} from '${up}lib/hooks';` : whole,
    );
  if (after !== before) {
    writeFileSync(file, after);
    changed += 1;
    console.log(`features-without-app: ${file}`);
  }
}
console.log(`features-without-app: ${changed} file(s) changed`);
