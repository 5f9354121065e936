/**
 * Runs every benchmark script of bench/, one after another, each in its own Node process (so one
 * benchmark's warm caches and garbage do not skew the next). Used by `npm run bench` (docs/product.md §D10).
 * Add a script by appending it to BENCHMARKS. Exits non-zero when a script fails to run; the
 * figures themselves are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Benchmark scripts, relative to this folder, in the order they run. */
const BENCHMARKS: readonly string[] = [
  'pdf-bench.ts',
  'api-bench.ts',
  'pdf-pressure.ts',
  'mixed-load-bench.ts',
  'bundle-bench.ts',
  'lighthouse-bench.ts',
  'editor-bench.ts',
  'phone-flows-bench.ts',
  'compare-bench.ts',
  'questionnaire-bench.ts',
  'history-bench.ts',
  'acbl-bench.ts',
  'storage-bench.ts',
  'availability-bench.ts',
  'scale-bench.ts',
];

let failures = 0;
for (const script of BENCHMARKS) {
  const path = fileURLToPath(new URL(script, import.meta.url));
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path], { stdio: 'inherit' });
  if (result.status !== 0) {
    failures += 1;
    console.log(`${script} failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`})`);
  }
}
process.exitCode = failures > 0 ? 1 : 0;
