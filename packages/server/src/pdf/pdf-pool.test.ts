import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readPdfText } from '../test/read-pdf-text';
import { PdfQueueFullError, createPdfPool, defaultPdfQueue, defaultPdfThreads, pdfWorkerLocation } from './pdf-pool';

const template = parseMasterCsv(readFileSync(new URL('../test/fixtures/templates/basic-precision.csv', import.meta.url), 'utf8'));
const agreement = {
  contractName: 'Pool test',
  categories: template.categories.map((category) => ({
    ...category,
    subjects: category.subjects.map((subject) => ({
      ...subject,
      isSelected: true,
      options: subject.options.map((option) => ({ ...option, isSelected: true })),
    })),
  })),
};

describe('pdfWorkerLocation', () => {
  const tsx = () => '/repo/node_modules/tsx/dist/loader.mjs';

  it('runs the TypeScript worker through tsx when the server runs from source', () => {
    const location = pdfWorkerLocation('file:///repo/packages/server/src/pdf/pdf-pool.ts', ['--enable-source-maps'], tsx);
    expect(location.filename).toBe('file:///repo/packages/server/src/pdf/pdf-worker.ts');
    expect(location.execArgv).toEqual(['--enable-source-maps', '--import', 'file:///repo/node_modules/tsx/dist/loader.mjs']);
  });

  it('does not load tsx twice when the parent already imports it', () => {
    const execArgv = ['--require', '/repo/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///repo/node_modules/tsx/dist/loader.mjs'];
    expect(pdfWorkerLocation('file:///repo/src/pdf/pdf-pool.ts', execArgv, tsx).execArgv).toEqual(execArgv);
  });

  it('runs the compiled worker beside the compiled pool with the parent flags only', () => {
    const location = pdfWorkerLocation('file:///repo/packages/server/dist/pdf/pdf-pool.js', ['--enable-source-maps'], tsx);
    expect(location).toEqual({ filename: 'file:///repo/packages/server/dist/pdf/pdf-worker.js', execArgv: ['--enable-source-maps'] });
  });
});

describe('pool sizes', () => {
  it('leaves one core to the request thread and queues 4 per worker', () => {
    expect(defaultPdfThreads(1)).toBe(1);
    expect(defaultPdfThreads(2)).toBe(1);
    expect(defaultPdfThreads(8)).toBe(7);
    expect(defaultPdfQueue(3)).toBe(12);
  });
});

describe('createPdfPool', () => {
  const pools: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it('starts no worker until asked; prepare starts one, which then draws the next PDF', async () => {
    const pool = createPdfPool({ threads: 1 });
    pools.push(pool);
    expect(pool.startedWorkers()).toBe(0);
    pool.prepare();
    pool.prepare();
    await vi.waitFor(() => expect(pool.startedWorkers()).toBe(1), { timeout: 30_000 });
    // The worker prepared draws the next PDF; nothing was counted as a render meanwhile.
    expect(pool.inFlight()).toBe(0);
    const pages = await readPdfText(await pool.render(agreement));
    expect(pages.join(' ')).toContain('Pool test');
    expect(pool.startedWorkers()).toBe(1);
  });

  it('opens no pool again when prepare comes after close', async () => {
    const pool = createPdfPool({ threads: 1 });
    await pool.close();
    pool.prepare();
    expect(pool.startedWorkers()).toBe(0);
  });

  it('keeps every place of its queue for renders while a prepare runs', async () => {
    const pool = createPdfPool({ threads: 1, maxQueue: 1 });
    pools.push(pool);
    pool.prepare();
    // One render drawing and one waiting: both fit the pool's bounds, the prepare's task beside them.
    const pages = await Promise.all([pool.render(agreement), pool.render(agreement)].map(async (render) => readPdfText(await render)));
    expect(pages.map((text) => text.join(' ').includes('Pool test'))).toEqual([true, true]);
  });

  it('draws the agreement PDF in a worker thread (the TypeScript worker under vitest)', async () => {
    const pool = createPdfPool({ threads: 1 });
    pools.push(pool);
    const pdf = await pool.render(agreement, { pageSize: 'a4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdfText(pdf)).join(' ');
    expect(text).toContain('Pool test');
    expect(text).toContain(template.categories[0]?.subjects[0]?.subjectName);
    expect(pool.inFlight()).toBe(0);
  });

  it('draws the official ACBL card in a worker thread, with its fit report (docs/official-cards.md)', async () => {
    const pool = createPdfPool({ threads: 1 });
    pools.push(pool);
    const { pdf, fitReport } = await pool.renderCard({ ...agreement, playerNames: ['Anna', 'Bob'] }, { card: 'classic' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await readPdfText(pdf)).join(' ')).toContain('Anna & Bob');
    expect(Array.isArray(fitReport)).toBe(true);
    expect(pool.inFlight()).toBe(0);
  });

  it('refuses at once when every worker is busy and the queue is full', async () => {
    const pool = createPdfPool({ threads: 1, maxQueue: 1 });
    pools.push(pool);
    const running = [pool.render(agreement), pool.render(agreement)];
    const refused = pool.render(agreement);
    await expect(refused).rejects.toBeInstanceOf(PdfQueueFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 });
    const done = await Promise.all(running);
    expect(done.every((pdf) => pdf.subarray(0, 5).toString('latin1') === '%PDF-')).toBe(true);
    // Once the queue drains a new render is accepted again.
    await expect(pool.render(agreement)).resolves.toBeInstanceOf(Buffer);
  });

  it('runs a compiled (plain JavaScript) worker without tsx', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'pdf-worker-'));
    try {
      const worker = join(directory, 'pdf-worker.js');
      // Answers with whether tsx is loaded in the worker: a compiled build must not need it.
      writeFileSync(
        worker,
        "export default async function (task) { return { pdf: new TextEncoder().encode(task.agreement.contractName + ':' + process.execArgv.some((f) => f.includes('tsx/dist/loader'))), workMs: 1 }; }\n",
      );
      writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
      const pool = createPdfPool({ threads: 1, workerUrl: pathToFileURL(worker).href });
      pools.push(pool);
      const answer = await pool.render({ contractName: 'compiled', categories: [] });
      expect(answer.toString('utf8')).toBe('compiled:false');
      expect(pdfWorkerLocation(pathToFileURL(worker).href, ['--enable-source-maps']).execArgv).toEqual(['--enable-source-maps']);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
