/**
 * Compare benchmark (docs/sharing.md §9): time to compare the two largest templates with everything selected
 * (`compareAgreements` from the domain package, the code the Compare screen runs in the browser's
 * main thread). Target: under 20 ms, so the comparison never drops a frame budget of its own
 * twice over. Prints a table; asserts nothing.
 *
 * Run: `npx tsx bench/compare-bench.ts` (or `npm run bench`). COMPARE_BENCH_RUNS sets the timed
 * runs (default 50, after 10 warm-up runs).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareAgreements } from '@bpa/domain/compare';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';

const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const WARM_UP_RUNS = 10;
const RUNS = Number(process.env.COMPARE_BENCH_RUNS ?? 50);
const TARGET_MS = 20;

/** The agreement made from a template file with every subject and option ticked. */
function everythingSelected(file: string): ContractDocument {
  const doc = createAgreementFromTemplate(parseMasterCsv(readFileSync(file, 'utf8')), file);
  return {
    ...doc,
    categories: doc.categories.map((category) => ({
      ...category,
      subjects: category.subjects.map((subject) => ({
        ...subject,
        isSelected: true,
        options: subject.options.map((option) => ({ ...option, isSelected: true })),
      })),
    })),
  };
}

const files = readdirSync(TEMPLATES_DIR)
  .filter((name) => name.endsWith('.csv'))
  .map((name) => join(TEMPLATES_DIR, name))
  .sort((a, b) => statSync(b).size - statSync(a).size)
  .slice(0, 2);
if (files.length < 2) throw new Error(`compare-bench needs two templates in ${TEMPLATES_DIR}`);
const asShipped = files.map((file) => createAgreementFromTemplate(parseMasterCsv(readFileSync(file, 'utf8')), file)) as [ContractDocument, ContractDocument];
const everything = files.map(everythingSelected) as [ContractDocument, ContractDocument];

/** Median and worst time of comparing two agreements, in ms, and the differences found. */
function measure([left, right]: [ContractDocument, ContractDocument]): { median: number; worst: number; differenceCount: number } {
  for (let i = 0; i < WARM_UP_RUNS; i++) compareAgreements(left, right);
  const times: number[] = [];
  let differenceCount = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    differenceCount = compareAgreements(left, right).differenceCount;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)!, differenceCount };
}

const count = (doc: ContractDocument) => doc.categories.reduce((n, c) => n + c.subjects.length, 0);
console.log(
  `Compare benchmark: ${files.map((f) => f.split('/').at(-1)).join(' vs ')} (${count(everything[0])} and ${count(everything[1])} subjects), ${RUNS} runs`,
);
console.log('agreements              differences  median ms  max ms  target');
for (const [label, pair] of [
  ['everything selected', everything],
  ['as shipped', asShipped],
] as const) {
  const { median, worst, differenceCount } = measure(pair);
  console.log(
    `${label.padEnd(22)}  ${String(differenceCount).padStart(11)}  ${median.toFixed(2).padStart(9)}  ${worst.toFixed(2).padStart(6)}  < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}`,
  );
}
