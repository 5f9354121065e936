/**
 * PDF benchmark (docs/product.md §D10): time to render the largest template with everything selected, with
 * our renderer (its own PDF writer, ADR 194) and, in the same run, with headless Chromium printing an HTML rendering of
 * the same agreement (the usual alternative). Then the same comparison over varied agreements:
 * every template of templates/ as it is shipped (its own ticks) and with everything ticked, so
 * that the figure does not rest on one agreement. Prints tables; asserts nothing.
 *
 * Run: `npx tsx bench/pdf-bench.ts` (or `npm run bench`). Chromium is found at CHROMIUM_PATH or
 * /usr/bin/chromium; without one its column is skipped. Environment knobs: PDF_BENCH_RUNS
 * (runs of ours, default 30), PDF_BENCH_CHROMIUM_RUNS (default 10), PDF_BENCH_SAVE_DIR (write
 * both PDFs there, to compare them by eye) and PDF_BENCH_VARIED_RUNS (runs of ours per varied
 * agreement, default 10; Chromium prints each three times; 0 skips them).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Category, Option, Subject } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { escapeHtml, renderMarkupHtml } from '@bpa/domain/markup';
import { outlineAgreement } from '@bpa/domain/outline';
import { renderAgreementPdf } from '@bpa/server/pdf/render-agreement-pdf';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CHROMIUM_ARGS } from './support/cpu-profile';

const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const WARM_UP_RUNS = 5;
const OUR_RUNS = Number(process.env.PDF_BENCH_RUNS ?? 30);
const CHROMIUM_RUNS = Number(process.env.PDF_BENCH_CHROMIUM_RUNS ?? 10);
const VARIED_RUNS = Number(process.env.PDF_BENCH_VARIED_RUNS ?? 10);
const VARIED_CHROMIUM_RUNS = 3;

interface Agreement {
  contractName: string;
  categories: Category[];
}

interface Measurement {
  medianMs: number;
  bytes: number;
  pages: number;
  runs: number;
}

/** Writes a produced PDF to PDF_BENCH_SAVE_DIR when set. */
function savePdf(name: string, pdf: Uint8Array): void {
  const directory = process.env.PDF_BENCH_SAVE_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, name), pdf);
}

/** The largest CSV in templates/ (by bytes), or undefined when there is none. */
function findLargestTemplate(): string | undefined {
  if (!existsSync(TEMPLATES_DIR)) return undefined;
  const files = readdirSync(TEMPLATES_DIR)
    .filter((name) => name.toLowerCase().endsWith('.csv'))
    .map((name) => join(TEMPLATES_DIR, name));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** Ticks every subject and option of a template's categories. */
function selectEverything(categories: readonly Category[]): Category[] {
  return categories.map((category) => ({
    ...category,
    subjects: category.subjects.map((subject) => ({
      ...subject,
      isSelected: true,
      options: subject.options.map((option) => ({ ...option, isSelected: true })),
    })),
  }));
}

const VOCABULARY = [
  'Stayman',
  'Jacoby transfers',
  'Texas',
  'Smolen',
  'Lebensohl',
  'natural',
  'forcing',
  'invitational',
  'game forcing',
  'weak',
  'strong',
  '15-17 HCP',
  '10-12 HCP',
  'one round',
  '4-card majors',
  '5-card majors',
  'better minor',
  '!h',
  '!s',
  '!d',
  '!c',
  'Michaels',
  'Unusual 2NT',
  'negative double',
  'responsive double',
  'support double',
  'RKCB 1430',
  'Gerber',
  'splinter',
  'Drury',
  'cue-bid',
  '##c2#alert###',
  '##c3#systems on###',
  '##c4#by agreement###',
  'takeout',
  'penalty',
];

/** ~300 subjects with 4 options each, names of bridge terms of realistic length, some coloured. */
function buildSyntheticAgreement(): Agreement {
  let seed = 20_240_601;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const phrase = (words: number) => Array.from({ length: words }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
  let nextId = 0;
  const id = () => `id-${(nextId += 1)}`;
  const categories = Array.from({ length: 13 }, (_, categoryIndex): Category => ({
    _id: id(),
    order: categoryIndex + 1,
    categoryName: `Category ${categoryIndex + 1}`,
    bold: false,
    italics: false,
    subjects: Array.from({ length: 23 }, (_, subjectIndex): Subject => ({
      _id: id(),
      subjectName: phrase(2 + Math.floor(random() * 4)),
      subcategoryName: subjectIndex < 8 ? '' : subjectIndex < 16 ? 'Responses' : 'In competition',
      subcategoryBold: true,
      subcategoryItalics: false,
      bold: random() < 0.3,
      italics: random() < 0.15,
      isSelected: true,
      isLocked: false,
      editedName: '',
      isEdited: false,
      options: Array.from({ length: 4 }, (): Option => ({
        _id: id(),
        optionName: phrase(1 + Math.floor(random() * 5)),
        isSelected: true,
        bold: false,
        italics: random() < 0.1,
        editedName: '',
        isEdited: false,
      })),
    })),
  }));
  return { contractName: 'Benchmark agreement', categories };
}

/** The agreement as an HTML page for Chromium, laid out like the PDF (two columns, keep-together). */
function renderAgreementHtml(agreement: Agreement): string {
  const body = outlineAgreement(agreement)
    .map((entry) => {
      const subcategories = entry.subcategories
        .map((subcategory) => {
          const heading = subcategory.heading === '' ? '' : `<h3>${renderMarkupHtml(subcategory.heading)}</h3>`;
          const subjects = subcategory.subjects
            .map((item) => {
              const subjectClass = `${item.subject.bold ? 'b' : ''} ${item.subject.italics ? 'i' : ''}`;
              const options = item.options
                .map((option) => `<li class="${option.option.bold ? 'b' : ''} ${option.option.italics ? 'i' : ''}">${renderMarkupHtml(option.name)}</li>`)
                .join('');
              return `<div class="subject"><div class="${subjectClass}">${renderMarkupHtml(item.name)}</div><ul>${options}</ul></div>`;
            })
            .join('');
          return heading + subjects;
        })
        .join('');
      return `<h2>${escapeHtml(entry.label)}. ${renderMarkupHtml(entry.category.categoryName)}</h2>${subcategories}`;
    })
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(agreement.contractName)}</title><style>
    body { font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; line-height: 1.27; margin: 0; color: #111; }
    p { margin: 0; display: inline; }
    h1 { font-size: 17pt; margin: 0 0 12pt; border-bottom: 1.2pt solid #1f4e79; }
    main { column-count: 2; column-gap: 22pt; column-rule: 0.5pt solid #d3dbe4; }
    h2 { font-size: 10.5pt; background: #e4ecf5; border-left: 2.2pt solid #1f4e79; margin: 9pt 0 3pt; padding: 3pt 5pt; break-after: avoid; }
    h3 { font-size: 8.5pt; color: #1f4e79; margin: 5pt 0 1pt; break-after: avoid; }
    .subject { break-inside: avoid; margin-top: 3pt; }
    ul { margin: 0; padding-left: 12pt; font-size: 8.5pt; }
    .b { font-weight: bold; } .i { font-style: italic; }
  </style></head><body><h1>${renderMarkupHtml(agreement.contractName)}</h1><main>${body}</main></body></html>`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Pages of a PDF, counted from its page objects (good enough for both producers). */
/** Pages of a PDF, as PDF.js reads them (our files keep their page dictionaries in compressed object streams). */
async function countPages(pdf: Buffer): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages = document.numPages;
  await document.destroy();
  return pages;
}

/** Times one call, in milliseconds. */
async function time<T>(action: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await action();
  return { ms: performance.now() - start, result };
}

/** A Chromium tab that prints the agreement's HTML; `print` sets the content anew each time. */
async function openChromium(agreement: Agreement): Promise<{ print: () => Promise<Buffer>; close: () => Promise<void> } | string> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `Chromium not found at ${executablePath}: its column is skipped`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const html = renderAgreementHtml(agreement);
  const footerTemplate = `<div style="font-family: 'DejaVu Sans', sans-serif; font-size: 7.5pt; color: #5b6b7c; width: 100%; margin: 0 40pt; display: flex; justify-content: space-between;"><span>${escapeHtml(agreement.contractName)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
  const inches = (points: number) => `${(points / 72).toFixed(4)}in`;
  const print = async () => {
    await page.setContent(html);
    return page.pdf({
      format: 'Letter',
      margin: { top: inches(40), bottom: inches(52), left: inches(40), right: inches(40) },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate,
      printBackground: true,
    });
  };
  return { print, close: () => browser.close() };
}

/**
 * Measures both renderers in one loop: each round renders with ours a few times and prints
 * with Chromium once, so that both see the same machine load (the machine may be shared).
 */
async function measure(
  agreement: Agreement,
  runs: { ours: number; chromium: number; save: boolean } = { ours: OUR_RUNS, chromium: CHROMIUM_RUNS, save: true },
): Promise<{ ours: Measurement; oursFirstMs: number; chromium: Measurement | string }> {
  const { ours: OUR_RUNS, chromium: CHROMIUM_RUNS } = runs;
  // The first render also reads and parses the fonts and fills the shaping and line caches; it
  // runs before Chromium starts, whose start-up would slow it down.
  const first = await time(() => renderAgreementPdf(agreement));
  const chromium = await openChromium(agreement);
  try {
    let oursPdf: Buffer = first.result;
    let chromiumPdf: Buffer | undefined;
    for (let run = 1; run < WARM_UP_RUNS; run += 1) oursPdf = await renderAgreementPdf(agreement);
    if (typeof chromium !== 'string') for (let run = 0; run < 2; run += 1) chromiumPdf = await chromium.print();

    const oursTimes: number[] = [];
    const chromiumTimes: number[] = [];
    const rounds = Math.max(OUR_RUNS, CHROMIUM_RUNS);
    for (let round = 0; round < rounds; round += 1) {
      if (round < OUR_RUNS) {
        const { ms, result } = await time(() => renderAgreementPdf(agreement));
        oursTimes.push(ms);
        oursPdf = result;
      }
      // Chromium's runs spread evenly over ours.
      const isChromiumRound = Math.floor(((round + 1) * CHROMIUM_RUNS) / rounds) > Math.floor((round * CHROMIUM_RUNS) / rounds);
      if (typeof chromium !== 'string' && isChromiumRound) {
        const { ms, result } = await time(() => chromium.print());
        chromiumTimes.push(ms);
        chromiumPdf = result;
      }
    }
    if (runs.save) {
      savePdf('ours.pdf', oursPdf);
      if (chromiumPdf) savePdf('chromium.pdf', chromiumPdf);
    }
    return {
      ours: { medianMs: median(oursTimes), bytes: oursPdf.length, pages: await countPages(oursPdf), runs: oursTimes.length },
      oursFirstMs: first.ms,
      chromium:
        typeof chromium === 'string' || !chromiumPdf
          ? String(chromium)
          : { medianMs: median(chromiumTimes), bytes: chromiumPdf.length, pages: await countPages(chromiumPdf), runs: chromiumTimes.length },
    };
  } finally {
    if (typeof chromium !== 'string') await chromium.close();
  }
}

async function main(): Promise<void> {
  const templatePath = findLargestTemplate();
  let agreement: Agreement;
  let source: string;
  if (templatePath) {
    const template = parseMasterCsv(readFileSync(templatePath, 'utf8'));
    agreement = { contractName: template.templateName, categories: selectEverything(template.categories) };
    source = `template ${templatePath.slice(TEMPLATES_DIR.length)} ("${template.templateName}")`;
  } else {
    agreement = buildSyntheticAgreement();
    source = 'synthetic agreement (templates/ holds no CSV)';
  }
  const subjects = agreement.categories.reduce((sum, category) => sum + category.subjects.length, 0);
  const options = agreement.categories.reduce((sum, category) => sum + category.subjects.reduce((inner, subject) => inner + subject.options.length, 0), 0);
  console.log(`PDF benchmark: ${source}, everything selected: ${subjects} subjects, ${options} options, Letter`);

  const { ours, oursFirstMs, chromium } = await measure(agreement);

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows: string[][] = [['renderer', 'runs', 'median ms', 'size KB', 'pages']];
  rows.push(['ours (own PDF writer)', String(ours.runs), ours.medianMs.toFixed(1), kb(ours.bytes), String(ours.pages)]);
  rows.push(['ours first render (cold)', '1', oursFirstMs.toFixed(1), kb(ours.bytes), String(ours.pages)]);
  if (typeof chromium === 'string') {
    rows.push(['Chromium page.pdf()', '-', 'skipped', '-', '-']);
  } else {
    rows.push(['Chromium page.pdf()', String(chromium.runs), chromium.medianMs.toFixed(1), kb(chromium.bytes), String(chromium.pages)]);
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '));
  if (typeof chromium === 'string') {
    console.log(chromium);
  } else {
    console.log(`speed: ours is ${(chromium.medianMs / ours.medianMs).toFixed(1)}x faster than Chromium (target >= 20x)`);
    console.log(`size: our file is ${((ours.bytes / chromium.bytes) * 100).toFixed(0)}% of Chromium's (target <= 25%)`);
  }
}

/** Every template as shipped and with everything ticked: ours and Chromium side by side, and the geometric mean of the speed-ups. */
async function measureVaried(): Promise<void> {
  if (VARIED_RUNS <= 0 || !existsSync(TEMPLATES_DIR)) return;
  const files = readdirSync(TEMPLATES_DIR)
    .filter((name) => name.toLowerCase().endsWith('.csv'))
    .sort();
  console.log(
    `\nVaried agreements: every template as shipped and with everything ticked (${VARIED_RUNS} runs of ours, ${VARIED_CHROMIUM_RUNS} of Chromium each)`,
  );
  const rows: string[][] = [['agreement', 'ticked', 'ours ms', 'KB', 'pages', 'Chromium ms', 'KB', 'speed-up', 'size']];
  const speedUps: number[] = [];
  const sizeShares: number[] = [];
  for (const file of files) {
    const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));
    for (const everything of [false, true]) {
      const categories = everything ? selectEverything(template.categories) : template.categories;
      const ticked = categories.reduce((sum, category) => sum + category.subjects.filter((subject) => subject.isSelected).length, 0);
      const { ours, chromium } = await measure(
        { contractName: template.templateName, categories },
        { ours: VARIED_RUNS, chromium: VARIED_CHROMIUM_RUNS, save: false },
      );
      const row = [
        file.replace(/\.csv$/, ''),
        `${everything ? 'all' : 'shipped'} (${ticked})`,
        ours.medianMs.toFixed(1),
        (ours.bytes / 1024).toFixed(1),
        String(ours.pages),
      ];
      if (typeof chromium === 'string') row.push('-', '-', '-', '-');
      else {
        speedUps.push(chromium.medianMs / ours.medianMs);
        sizeShares.push(ours.bytes / chromium.bytes);
        row.push(
          chromium.medianMs.toFixed(1),
          (chromium.bytes / 1024).toFixed(1),
          `${(chromium.medianMs / ours.medianMs).toFixed(1)}x`,
          `${((ours.bytes / chromium.bytes) * 100).toFixed(0)}%`,
        );
      }
      rows.push(row);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  if (speedUps.length === 0) return;
  const geometricMean = (values: number[]) => Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
  const slowest = Math.min(...speedUps);
  const largest = Math.max(...sizeShares);
  console.log(
    `over ${speedUps.length} agreements: ours is ${geometricMean(speedUps).toFixed(1)}x faster (geometric mean; the least ${slowest.toFixed(1)}x, target >= 20x: ${slowest >= 20 ? 'met' : 'NOT met'}); ` +
      `our file ${(geometricMean(sizeShares) * 100).toFixed(0)}% of Chromium's (the largest share ${(largest * 100).toFixed(0)}%, target <= 25%: ${largest <= 0.25 ? 'met' : 'NOT met'})`,
  );
}

await main();
await measureVaried();
