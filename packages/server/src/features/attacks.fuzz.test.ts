/**
 * Attacks on one agreement and its files (docs/decisions/190-untrusted-files-off-the-request-thread.md,
 * docs/product.md §D7): hostile import files, generated and mutated (fast-check, bounded), and
 * several writers changing one agreement at once. Every answer must be a 2xx or a 4xx, never a 5xx:
 * a file is the client's problem to fix, a busy agreement a conflict to try again (409 `isBusy`).
 * The malformed bodies of every write route are write-routes.fuzz.test.ts's.
 *
 * Bounded for CI: FILE_RUNS files (about 15 s on the 2-core reference machine) and
 * WRITERS x WRITES_EACH concurrent writes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContractAnswerSchema } from '@bpa/domain/api';
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { toAgreementCsv } from '@bpa/domain/agreement-csv';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { REPO_ROOT } from '../config';
import { renderAgreementPdf } from '../pdf/render-agreement-pdf';
import { pdfWithAttachment } from '../test/hostile-pdfs';
import { createTestAccount, signInAs } from '../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../test/test-app';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import { type TestAgreement, insertTestAgreement } from './agreements/test-agreements';
import { loadTemplates } from './templates/load-templates';

/** Generated files in all (each one import). */
const FILE_RUNS = 120;
/** Writers at once, and writes each, on one agreement. */
const WRITERS = 6;
const WRITES_EACH = 12;

let database: TestDatabase;
let app: App;
let cookie: string;
let target: TestAgreement;
let productPdf: Buffer;
let agreementJson: Buffer;
let agreementCsv: Buffer;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  // The budget of expensive work is admission.test.ts's subject: here every file must be read.
  app = await buildTestApp(database.db, {
    admissionLimits: {
      client: { jobs: 4, budgetMs: 1e9, refillMsPerSecond: 1e9 },
      address: { jobs: 8, budgetMs: 1e9, refillMsPerSecond: 1e9 },
      requestThreadMs: 0,
    },
  });
  await app.ready();
  const account = await createTestAccount(database.db);
  cookie = await signInAs(database.db, account.id);
  target = await insertTestAgreement(database.db, { ownerUserId: account.id });
  let agreement: ContractDocument = createAgreementFromTemplate(
    parseMasterCsv(readFileSync(join(REPO_ROOT, 'templates', 'basic-precision.csv'), 'utf8')),
    'Precision !c',
  );
  agreement = selectAllInCategory(agreement, agreement.categories[2]!._id);
  productPdf = await renderAgreementPdf(agreement, { attachment: agreement });
  agreementJson = Buffer.from(JSON.stringify(toAgreementFile(agreement, new Date('2026-11-27T00:00:00Z'))));
  agreementCsv = Buffer.from(toAgreementCsv(agreement));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let address = 0;
/** Each import from its own address: the route's rate limit is not what is tested here. */
const importFile = (bytes: Buffer, fileName = 'file') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${target.id}/import`,
    remoteAddress: `10.78.${Math.floor((address += 1) / 250) % 250}.${(address % 250) + 1}`,
    headers: { cookie },
    payload: { fileName, data: bytes.toString('base64') },
  });

/** A file with `count` bytes at `at` replaced (positions wrap round the file). */
function mutate(file: Buffer, changes: { at: number; byte: number }[]): Buffer {
  const copy = Buffer.from(file);
  for (const { at, byte } of changes) copy[at % copy.length] = byte;
  return copy;
}

const byteChanges = fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 40 });

/** Hostile files: mutated real files, truncated ones, bombs of every depth, deep JSON, long CSV fields. */
const hostileFile: fc.Arbitrary<{ name: string; bytes: Buffer }> = fc
  .oneof(
    byteChanges.map((changes) => ({ name: 'mutated product PDF', bytes: mutate(productPdf, changes) })),
    fc.nat().map((cut) => ({ name: 'truncated product PDF', bytes: productPdf.subarray(0, cut % productPdf.length) })),
    byteChanges.map((changes) => ({ name: 'mutated JSON', bytes: mutate(agreementJson, changes) })),
    byteChanges.map((changes) => ({ name: 'mutated CSV', bytes: mutate(agreementCsv, changes) })),
    fc
      .record({ megabytes: fc.integer({ min: 1, max: 48 }), layers: fc.integer({ min: 1, max: 4 }), fill: fc.constantFrom(0x00, 0x20, 0x7b) })
      .map(({ megabytes, layers, fill }) => ({
        name: `bomb of ${megabytes} MB in ${layers} layers`,
        bytes: pdfWithAttachment(Buffer.alloc(megabytes * 1024 * 1024, fill), layers),
      })),
    fc
      .integer({ min: 1, max: 100_000 })
      .map((depth) => ({ name: `JSON nested ${depth} deep`, bytes: Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`) })),
    fc.integer({ min: 1, max: 1_900_000 }).map((length) => ({ name: `CSV field of ${length}`, bytes: Buffer.from(`"${'x'.repeat(length)}"\n`) })),
    fc
      .uint8Array({ maxLength: 4000 })
      .map((bytes) => ({ name: 'random bytes after %PDF-', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(bytes)]) })),
  )
  // A failure is reported by the file's kind, size and hash, not its megabytes.
  .map((file) =>
    Object.assign(file, {
      [fc.toStringMethod]: () => `${file.name} (${file.bytes.length} bytes, sha256 ${createHash('sha256').update(file.bytes).digest('hex').slice(0, 16)})`,
    }),
  );

describe('hostile import files', () => {
  it('answers every generated file with a 2xx or 4xx and a message, never a 5xx (property)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileFile, async ({ name, bytes }) => {
        const response = await importFile(bytes);
        expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().message.length).toBeGreaterThan(10);
      }),
      { numRuns: FILE_RUNS },
    );
  });
});

describe('several writers on one agreement', () => {
  it('answers renames, restores, saves and template loads at once with 2xx or 409, never a 5xx', async () => {
    const load = async () =>
      ContractAnswerSchema.parse((await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${target.id}`, headers: { cookie } })).json()).data;
    const start = await load();
    const templateId = (await app.inject({ method: 'GET', url: '/api/v1/contracts/templates/', headers: { cookie } })).json().data?.[0]?._id as
      string | undefined;
    const write = (writer: number, n: number) => {
      switch ((writer + n) % 4) {
        case 0:
          return app.inject({
            method: 'PATCH',
            url: `/api/v1/contracts/my/${target.id}/name`,
            headers: { cookie },
            payload: { contractName: `Name ${writer}-${n}` },
          });
        case 1:
          return app.inject({ method: 'POST', url: `/api/v1/contracts/${target.id}/revisions/${start.revision}/restore`, headers: { cookie } });
        case 2:
          return app.inject({
            method: 'PATCH',
            url: `/api/v1/contracts/my/${target.id}`,
            headers: { cookie },
            payload: { contractName: `Saved ${writer}-${n}`, categories: start.categories, revision: start.revision },
          });
        default:
          return templateId
            ? app.inject({ method: 'PATCH', url: `/api/v1/contracts/my/${target.id}/template`, headers: { cookie }, payload: { templateId } })
            : app.inject({
                method: 'PATCH',
                url: `/api/v1/contracts/my/${target.id}/name`,
                headers: { cookie },
                payload: { contractName: `Else ${writer}-${n}` },
              });
      }
    };
    const statuses = await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        const answers: number[] = [];
        for (let n = 0; n < WRITES_EACH; n++) {
          const response = await write(writer, n);
          if (response.statusCode === 409) expect(response.json().message).toBeTruthy();
          answers.push(response.statusCode);
        }
        return answers;
      }),
    );
    const all = statuses.flat();
    expect(all.filter((status) => status >= 500)).toEqual([]);
    expect(all.filter((status) => status !== 409 && (status < 200 || status >= 300))).toEqual([]);
    // The agreement is whole and at a newer revision.
    expect((await load()).revision).toBeGreaterThan(start.revision);
  });
});
