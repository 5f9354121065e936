/**
 * Official card benchmark (docs/official-cards.md §5, ADR 197): the time to draw the largest
 * template with everything selected on each official ACBL card (the worst case of size, but the
 * same agreement every run, so every cache is hot), the classic card of every shipped template in
 * turn (what a server meets: a new agreement each time), and each file's size, beside the
 * agreement PDF of the same agreement and beside filling the classic form's own fields with
 * pdf-lib and flattening them, as a user of that library would (the other way ADR 197 weighed: the
 * form's Helvetica cannot print ♠♥♦♣, so suits are written as letters there). Warm is the median of
 * ACBL_BENCH_RUNS after 5 warm-up runs; cold the first render of the process. Goals: a card in at
 * most 50 ms warm and at most 600 KB. Prints a table; asserts nothing.
 *
 * Run: `npx tsx bench/acbl-bench.ts` (or `npm run bench`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { PDFCheckBox, PDFDocument, PDFTextField } from '@cantoo/pdf-lib';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import { fillOfficialCard } from '@bpa/domain/official-card';
import { stripMarkup } from '@bpa/domain/markup';
import { OFFICIAL_CARD_FILES, renderOfficialCard } from '../packages/server/src/pdf/render-official-card';
import { renderAgreementPdf } from '../packages/server/src/pdf/render-agreement-pdf';

const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const RUNS = Number(process.env.ACBL_BENCH_RUNS ?? 30);
const TARGET_MS = 50;
const TARGET_KB = 600;

const templateFiles = readdirSync(TEMPLATES_DIR)
  .filter((file) => file.endsWith('.csv'))
  .map((file) => join(TEMPLATES_DIR, file));
const largest = [...templateFiles].sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
/**
 * Every shipped template as a player keeps it, each with its own text: rendered in turn, one card
 * after another never repeats the previous agreement, so the font subset cache (ADR 183) and the
 * shaped texts meet what a server meets, not one agreement over and over.
 */
const everyTemplate: ContractDocument[] = templateFiles.map((file, index) => ({
  ...createAgreementFromTemplate(parseMasterCsv(readFileSync(file, 'utf8')), `Bench ${index}`),
  playerNames: [`Player ${index}a`, `Player ${index}b`],
}));
let turn = 0;
const nextAgreement = () => everyTemplate[turn++ % everyTemplate.length]!;
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

/** The other way (ADR 197): the classic form's own fields filled and flattened with pdf-lib, text in the form's Helvetica. */
const formBytes = readFileSync(OFFICIAL_CARD_FILES.classic);
async function fillFormFields(): Promise<Buffer> {
  const form = await PDFDocument.load(formBytes);
  const fields = form.getForm();
  for (const [name, value] of fillOfficialCard(agreement, ACBL_CLASSIC_CARD).fields) {
    const field = fields.getField(name);
    if (value.kind === 'tick' && field instanceof PDFCheckBox) field.check();
    // WinAnsi has no suit symbols: "3S", "2H".
    if (value.kind === 'text' && field instanceof PDFTextField)
      field.setText(
        stripMarkup(value.text)
          .replace(/!([cdhs])/gi, (_, suit: string) => suit.toUpperCase())
          .replace(/[^\x20-\x7e]/g, '?'),
      );
  }
  fields.flatten();
  return Buffer.from(await form.save());
}

const goal = (figures: { median: number; kb: number }) =>
  `<= ${TARGET_MS} ms warm: ${figures.median <= TARGET_MS ? 'met' : 'NOT met'}; <= ${TARGET_KB} KB: ${figures.kb <= TARGET_KB ? 'met' : 'NOT met'}`;
const classic = await measure(async () => (await renderOfficialCard(agreement, 'classic', { revision: 1 })).pdf);
const card2022 = await measure(async () => (await renderOfficialCard(agreement, '2022', { revision: 1 })).pdf);
const classicInTurn = await measure(async () => (await renderOfficialCard(nextAgreement(), 'classic', { revision: 1 })).pdf);
const filledForm = await measure(fillFormFields);
const pdf = await measure(() => renderAgreementPdf(agreement, { attachment: agreement }));
const row = (name: string, figures: { cold: number; median: number; kb: number }, goalText: string) =>
  `${name.padEnd(38)}${figures.median.toFixed(1).padStart(10)}${figures.cold.toFixed(1).padStart(10)}${figures.kb.toFixed(1).padStart(9)}  ${goalText}`;
console.log(`Official card benchmark: ${largest.split('/').at(-1)} with everything selected, ${RUNS} warm runs`);
console.log(`${'output'.padEnd(38)}${'median ms'.padStart(10)}${'cold ms'.padStart(10)}${'size KB'.padStart(9)}  goal`);
console.log(row('classic card (form as background)', classic, goal(classic)));
console.log(row('2022 card (form as background)', card2022, goal(card2022)));
console.log(row(`classic card, ${everyTemplate.length} templates in turn`, classicInTurn, goal(classicInTurn)));
console.log(row('classic form fields filled (pdf-lib)', filledForm, `${goal(filledForm)}; no suit symbols`));
console.log(row('agreement PDF (with attachment)', pdf, ''));
