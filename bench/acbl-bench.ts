/**
 * Convention card benchmark (docs/pdf.md §7): the time to draw the ACBL-style card of the largest
 * template with everything selected, beside the agreement PDF of the same agreement, warm (median
 * of ACBL_BENCH_RUNS after 5 warm-up runs) and cold (the first render of the process). Target:
 * the card under 50 ms warm. Prints a table; asserts nothing.
 *
 * Run: `npx tsx bench/acbl-bench.ts` (or `npm run bench`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { renderAcblCard } from '../packages/server/src/pdf/render-acbl-card';
import { renderAgreementPdf } from '../packages/server/src/pdf/render-agreement-pdf';

const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const RUNS = Number(process.env.ACBL_BENCH_RUNS ?? 30);
const TARGET_MS = 50;

const largest = readdirSync(TEMPLATES_DIR)
  .filter((file) => file.endsWith('.csv'))
  .map((file) => join(TEMPLATES_DIR, file))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
let agreement: ContractDocument = {
  ...createAgreementFromTemplate(parseMasterCsv(readFileSync(largest, 'utf8')), 'Bench'),
  playerNames: ['Anna Smith', 'Bob Jones'],
};
for (const category of agreement.categories) agreement = selectAllInCategory(agreement, category._id);

/** Cold time, then the median of RUNS warm runs, in ms, and the file's size in KB. */
async function measure(render: () => Promise<Buffer>): Promise<{ cold: number; median: number; kb: number }> {
  let started = performance.now();
  const first = await render();
  const cold = performance.now() - started;
  for (let i = 0; i < 5; i += 1) await render();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { cold, median: times[Math.floor(times.length / 2)]!, kb: first.length / 1024 };
}

const card = await measure(async () => (await renderAcblCard(agreement)).pdf);
const pdf = await measure(() => renderAgreementPdf(agreement, { attachment: agreement }));
const row = (name: string, figures: { cold: number; median: number; kb: number }, goal: string) =>
  `${name.padEnd(30)}${figures.median.toFixed(1).padStart(10)}${figures.cold.toFixed(1).padStart(10)}${figures.kb.toFixed(1).padStart(9)}  ${goal}`;
console.log(`Convention card benchmark: ${largest.split('/').at(-1)} with everything selected, ${RUNS} warm runs`);
console.log(`${'output'.padEnd(30)}${'median ms'.padStart(10)}${'cold ms'.padStart(10)}${'size KB'.padStart(9)}  goal`);
console.log(row('convention card (ACBL layout)', card, `< ${TARGET_MS} ms warm: ${card.median < TARGET_MS ? 'met' : 'NOT met'}`));
console.log(row('agreement PDF (with attachment)', pdf, ''));
