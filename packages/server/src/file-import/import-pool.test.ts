/**
 * Untrusted files are read in a worker with hard bounds (docs/decisions/190-untrusted-files-off-the-request-thread.md):
 * decompression bombs, nested filters and oversized attachments are refused with 400/413 and a
 * clear message before PDF.js inflates anything; a file past the time limit or the memory cap
 * ends the worker, not the server; a good file still comes back whole.
 */
import { createHook } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { MAX_IMPORT_BYTES } from '@bpa/domain/constants';
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { renderAgreementPdf } from '../pdf/render-agreement-pdf';
import { OFFICIAL_CARD_FILES } from '../pdf/render-official-card';
import { pdfWithAttachment } from '../test/hostile-pdfs';
import { IMPORT_TOO_COMPLEX_MESSAGE, IMPORT_TOO_SLOW_MESSAGE, type ImportPool, createImportPool } from './import-pool';
import { MAX_DECODED_STREAM_BYTES, PdfLimitError, checkPdfStreams, withoutNativeDecompression } from './pdf-stream-limits';
import { ATTACHMENT_TOO_LARGE_MESSAGE, PDF_CONTENT_TOO_LARGE_MESSAGE, PDF_NESTED_FILTERS_MESSAGE, readUploadedFile } from './read-uploaded-agreement';

/** Runs `use` with the address of a worker module of `source` (an ES module in a folder of its own), removed afterwards. */
async function withWorkerModule(source: string, use: (workerUrl: string) => Promise<void>): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'import-worker-'));
  try {
    const worker = join(directory, 'import-worker.js');
    writeFileSync(worker, source);
    writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
    await use(pathToFileURL(worker).href);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const pools: ImportPool[] = [];
afterAll(async () => Promise.all(pools.map((pool) => pool.close())));
const pool = (options?: Parameters<typeof createImportPool>[0]) => {
  const made = createImportPool(options);
  pools.push(made);
  return made;
};

const agreement = createAgreementFromTemplate(parseMasterCsv(readFileSync(join(REPO_ROOT, 'templates', 'basic-precision.csv'), 'utf8')), 'Imported');
const agreementJson = Buffer.from(JSON.stringify(toAgreementFile(agreement, new Date('2026-11-27T00:00:00Z'))));
const zeros = (megabytes: number) => Buffer.alloc(megabytes * 1024 * 1024);

describe('the bounds on what a PDF decodes to', () => {
  it('lets the product’s own PDF through', async () => {
    const pdf = await renderAgreementPdf(agreement, { attachment: agreement });
    const check = checkPdfStreams(new Uint8Array(pdf));
    expect(check.streams).toBeGreaterThan(3);
    expect(check.decodedBytes).toBeLessThan(MAX_DECODED_STREAM_BYTES);
  });

  it('refuses an attachment of zeros deflated twice (a 64 MB bomb in a few kB) without building it', () => {
    const bomb = pdfWithAttachment(zeros(64), 2);
    expect(bomb.length).toBeLessThan(10_000);
    expect(() => checkPdfStreams(bomb)).toThrow(PdfLimitError);
  });

  it('sees a bomb whatever its dictionary says its filter is', () => {
    const bomb = pdfWithAttachment(zeros(64), 1, { filterName: '/Filter 9 0 R' });
    expect(() => checkPdfStreams(bomb)).toThrow(/decodes to more than/);
  });

  it('refuses streams that overlap, each `stream` keyword reading the same megabyte again', () => {
    // Raw deflate made of empty stored blocks (5 bytes each, no output), with 200 stored blocks
    // whose content is `stream` and a zlib header: each starts a stream that reads to the end.
    const emptyBlock = Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]);
    const marker = Buffer.from('stream\n\x78\x01', 'latin1');
    const markerBlock = Buffer.concat([Buffer.from([0x00, marker.length, 0x00, ~marker.length & 0xff, 0xff]), marker]);
    const run = Buffer.concat(Array.from({ length: 1_000 }, () => emptyBlock));
    const file = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj <<>> stream\n\x78\x01', 'latin1'),
      ...Array.from({ length: 200 }, () => [run, markerBlock]).flat(),
    ]);
    expect(file.length).toBeLessThan(1_100_000);
    expect(() => checkPdfStreams(file)).toThrow(expect.objectContaining({ problem: 'overlapping_streams' }));
  });

  it('refuses zlib inside zlib inside zlib (nested filters)', () => {
    expect(() => checkPdfStreams(pdfWithAttachment(agreementJson, 3))).toThrow(expect.objectContaining({ problem: 'nested_filters' }));
  });
});

describe('ending the worker at any instant is safe (ADR 190, "Ending the worker safely")', () => {
  /** Counts the native zlib objects made while `read` runs (Node aborts when a thread ends with one half made). */
  async function nativeZlibObjectsMadeBy(read: () => Promise<unknown>): Promise<number> {
    let made = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === 'ZLIB') made += 1;
      },
    }).enable();
    try {
      await read();
    } finally {
      hook.disable();
    }
    return made;
  }

  it('sees the native zlib objects of a deflateSync and an inflateSync (the count can fail)', async () => {
    expect(await nativeZlibObjectsMadeBy(async () => inflateSync(deflateSync(agreementJson)))).toBe(2);
  });

  it('reads the product’s PDFs, bombs, overlapping streams and the ACBL forms without making one', async () => {
    const scope = globalThis as { DecompressionStream?: unknown; CompressionStream?: unknown };
    const kept = { DecompressionStream: scope.DecompressionStream, CompressionStream: scope.CompressionStream };
    withoutNativeDecompression(globalThis);
    try {
      const files = [
        await renderAgreementPdf(agreement, { attachment: agreement }),
        pdfWithAttachment(agreementJson, 1),
        pdfWithAttachment(zeros(64), 2),
        pdfWithAttachment(agreementJson, 3),
        readFileSync(OFFICIAL_CARD_FILES.classic),
        readFileSync(OFFICIAL_CARD_FILES['2022']),
      ];
      const made = await nativeZlibObjectsMadeBy(async () => {
        for (const file of files) await readUploadedFile(new Uint8Array(file)).catch(() => undefined);
      });
      expect(made).toBe(0);
    } finally {
      Object.assign(scope, kept);
    }
  });
});

describe('reading in the worker', () => {
  it('reads the agreement of a PDF the product made', async () => {
    const pdf = await renderAgreementPdf(agreement, { attachment: agreement });
    const { upload, workMs } = await pool().readUpload(new Uint8Array(pdf));
    const document = upload.kind === 'agreement' ? upload.document : undefined;
    expect(document).toEqual(agreement);
    expect(workMs).toBeGreaterThan(0);
  });

  it('reads a hand-made PDF whose attachment is the agreement file, packed once', async () => {
    const { upload } = await pool().readUpload(pdfWithAttachment(agreementJson, 1));
    const document = upload.kind === 'agreement' ? upload.document : undefined;
    expect(document).toEqual(agreement);
  });

  it.each([
    ['a 1 GiB-style bomb: zeros deflated twice', () => pdfWithAttachment(zeros(64), 2), 413, PDF_CONTENT_TOO_LARGE_MESSAGE],
    [
      'an agreement padded with 40 MB of spaces',
      () => pdfWithAttachment(Buffer.concat([agreementJson, Buffer.alloc(40 * 1024 * 1024, 0x20)]), 1),
      413,
      PDF_CONTENT_TOO_LARGE_MESSAGE,
    ],
    [
      'an agreement padded past the import limit but within the stream bound',
      () => pdfWithAttachment(Buffer.concat([agreementJson, Buffer.alloc(MAX_IMPORT_BYTES, 0x20)]), 1),
      413,
      ATTACHMENT_TOO_LARGE_MESSAGE,
    ],
    ['three layers of zlib', () => pdfWithAttachment(agreementJson, 3), 400, PDF_NESTED_FILTERS_MESSAGE],
  ])('refuses %s with 400 or 413 and a clear message', async (_name, make, status, message) => {
    const refused = pool().readUpload(make());
    await expect(refused).rejects.toMatchObject({ statusCode: status, message });
  });

  it('ends a read that passes its time limit, and the next file is read by a fresh worker', async () => {
    const pdf = await renderAgreementPdf(agreement, { attachment: agreement });
    const hurried = pool({ timeLimitMs: 1 });
    await expect(hurried.readUpload(new Uint8Array(pdf))).rejects.toMatchObject({ statusCode: 400, message: IMPORT_TOO_SLOW_MESSAGE });
    await expect(pool().readUpload(new Uint8Array(pdf))).resolves.toMatchObject({ upload: { kind: 'agreement', document: agreement } });
  });

  it("counts the worker's CPU time, not the wall time: a read kept waiting by a busy machine is not refused, one waiting ten times its limit is", async () => {
    // A worker that waits (no CPU spent, as when other work holds the machine's cores), then answers.
    await withWorkerModule(
      "export default async function (task) { task.started.postMessage('started'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400); return { ok: true, value: { kind: 'agreement', document: {} }, workMs: 1 }; }\n",
      async (workerUrl) => {
        // 400 ms of waiting against a limit of 200 ms of CPU time (and 2 s of wall time): read.
        await expect(pool({ timeLimitMs: 200, workerUrl }).readUpload(agreementJson)).resolves.toMatchObject({ upload: { kind: 'agreement' } });
        // 400 ms of waiting against a limit of 20 ms (200 ms of wall time): refused.
        const stalled = pool({ timeLimitMs: 20, workerUrl }).readUpload(agreementJson);
        await expect(stalled).rejects.toMatchObject({ statusCode: 400, message: IMPORT_TOO_SLOW_MESSAGE });
      },
    );
  });

  it('ends a read that passes its memory cap with 413', async () => {
    // A worker that keeps what it allocates once begun, as a parser of a hostile file would.
    await withWorkerModule(
      "export default async function (task) { task.started.postMessage('started'); const kept = []; for (;;) kept.push(new Array(100000).fill({ kept })); }\n",
      async (workerUrl) => {
        const greedy = pool({ memoryLimitMb: 32, workerUrl });
        await expect(greedy.readUpload(agreementJson)).rejects.toMatchObject({ statusCode: 413, message: IMPORT_TOO_COMPLEX_MESSAGE });
      },
    );
  });
});
