import { SAMPLE_CATEGORY_NAMES } from '@bpa/domain/sample-template';
import { Readable } from 'node:stream';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { MAX_UPLOAD_SIZE_LABEL, MasterListAnswerSchema, MasterUploadAnswerSchema } from '@bpa/domain/api-admin';
import { BLANK_TEMPLATE_NAME, FREE_TRIAL_TEMPLATE_NAME, MAX_NAME_LENGTH, MAX_UPLOAD_BYTES } from '@bpa/domain/constants';
import type { Category } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { invalidFileSizeMessage } from '@bpa/domain/messages';
import { parseMasterCsv, serialiseMasterCsv } from '@bpa/domain/master-csv';
import { asc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { keyCategories } from '../../catalogue/catalogue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { contracts } from '../../db/schema/contracts';
import { templates } from '../../db/schema/templates';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, testCatalogue } from '../../test/test-app';
import { type TestAccount, createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from './load-templates';
import { TEMPLATE_NOT_FOUND_MESSAGE, makeCsvFileName } from './get-template-csv';
import { MALFORMED_UPLOAD_MESSAGE, NOT_MULTIPART_MESSAGE, NO_FILE_MESSAGE, ONE_FILE_ONLY_MESSAGE, notCsvMessage } from './read-csv-upload';

let database: TestDatabase;
let app: App;
let admin: TestAccount;
let adminCookie: string;
let subscriberCookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  await insertBlankTemplate(database.db);
  app = await buildTestApp(database.db);
  await app.ready();
  admin = await createTestAccount(database.db, { role: 'admin' });
  const subscriber = await createTestAccount(database.db);
  subscriberCookie = await signInAs(database.db, subscriber.id);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(async () => {
  adminCookie = await signInAs(database.db, admin.id);
});

/** The 13 category names of a good test template, the two trial categories among them. */
const CATEGORY_NAMES = SAMPLE_CATEGORY_NAMES;

/** A master CSV (docs/product.md §D6): header, template row, then per category one subject with one option. */
function templateCsv(templateName: string, options: { categories?: string[]; subjectSuffix?: string } = {}): string {
  const lines = ['level,name,bold,italic,selected,locked', `template,"${templateName.replaceAll('"', '""')}",,,,`];
  for (const category of options.categories ?? CATEGORY_NAMES) {
    lines.push(
      `category,${category},,,,`,
      'subcategory,Basics,yes,,,',
      `subject,${category} agreement${options.subjectSuffix ?? ''},yes,,yes,`,
      'option,Standard,,,yes,',
    );
  }
  return `${lines.join('\n')}\n`;
}

interface FilePart {
  field?: string;
  fileName: string;
  contentType?: string;
  content: string | Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipartBody(files: FilePart[], fields: Record<string, string> = {}): { payload: Buffer; contentType: string } {
  const boundary = `----bpa-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'text'}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(files: FilePart[], options: { cookie?: string; fields?: Record<string, string> } = {}) {
  const { payload, contentType } = multipartBody(files, options.fields);
  return app.inject({
    method: 'POST',
    url: '/api/v1/masters',
    payload,
    headers: { 'content-type': contentType, cookie: options.cookie ?? adminCookie },
  });
}

async function listCatalogueTemplates() {
  const response = await app.inject({ method: 'GET', url: '/api/v1/masters', headers: { cookie: adminCookie } });
  expect(response.statusCode).toBe(200);
  return MasterListAnswerSchema.parse(response.json()).data;
}

/** Everything stored about templates, to show that a refused upload changed nothing. */
async function catalogue() {
  return database.db.select().from(templates).orderBy(asc(templates.templateName));
}

/** Category, subject and option names and flags, without ids (ids are new on every parse). */
function withoutIds(categories: Category[]) {
  return categories.map(({ _id: _c, subjects, ...category }) => ({
    ...category,
    subjects: subjects.map(({ _id: _s, options, ...subject }) => ({ ...subject, options: options.map(({ _id: _o, ...option }) => option) })),
  }));
}

describe('GET /api/v1/masters', () => {
  it('lists the templates with id, name and ISO creation date, without the hidden Free Trial Agreement', async () => {
    const list = await listCatalogueTemplates();
    const names = list.map((t) => t.templateName);
    expect(names).toContain('Basic Precision');
    expect(names).toContain(BLANK_TEMPLATE_NAME);
    expect(names).not.toContain(FREE_TRIAL_TEMPLATE_NAME);
    for (const template of list) {
      expect(template._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(template.createdAt).toISOString()).toBe(template.createdAt);
    }
  });
});

describe('POST /api/v1/masters', () => {
  it('adds a good template: 201, listed for administrators and offered to subscribers', async () => {
    const response = await upload([{ fileName: 'Test System.csv', content: templateCsv('Test System') }]);

    expect(response.statusCode, response.body).toBe(201);
    const answer = MasterUploadAnswerSchema.parse(response.json());
    expect(answer.data).toMatchObject({ templateName: 'Test System', isReplaced: false, isHidden: false });
    // Its categories match the catalogue's names and get their keys; its made-up subjects do not (docs/catalogue-keys.md).
    expect(answer.data.keying).toMatchObject({ matched: 13, unmatched: 26 });
    expect(answer.message).toBe(
      'The template "Test System" was added. 13 of 39 items without a key matched the catalogue and got its keys; not matched (they keep no key): ' +
        'General Approach › General Approach agreement; General Approach › General Approach agreement › Standard; Notrump Openings › Notrump Openings agreement; ' +
        'Notrump Openings › Notrump Openings agreement › Standard; Major Openings › Major Openings agreement, and 21 more.',
    );
    expect((await listCatalogueTemplates()).find((t) => t.templateName === 'Test System')).toEqual({
      _id: answer.data._id,
      templateName: 'Test System',
      createdAt: answer.data.createdAt,
    });
    const [stored] = await database.db.select().from(templates).where(eq(templates.id, answer.data._id));
    expect(stored!.content).toHaveLength(13);
    expect(stored!.content[8]!.subjects[0]).toMatchObject({
      subjectName: 'Overcalls agreement',
      subcategoryName: 'Basics',
      subcategoryBold: true,
      bold: true,
      isSelected: true,
    });

    const offered = await app.inject({ method: 'GET', url: '/api/v1/contracts/templates/', headers: { cookie: subscriberCookie } });
    expect(offered.statusCode).toBe(200);
    expect(JSON.stringify(offered.json())).toContain('Test System');
  });

  it('accepts a file of exactly 1,000,000 bytes, with a BOM and CRLF line ends', async () => {
    const text = `\uFEFF${templateCsv('Exactly The Limit').replaceAll('\n', '\r\n')}`;
    const padded = Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(MAX_UPLOAD_BYTES - Buffer.byteLength(text, 'utf8'), '\n')]);
    expect(padded.length).toBe(MAX_UPLOAD_BYTES);

    const response = await upload([{ fileName: 'limit.csv', content: padded }]);

    expect(response.statusCode, response.body).toBe(201);
    expect((await listCatalogueTemplates()).map((t) => t.templateName)).toContain('Exactly The Limit');
  });

  it('replaces the content of a template of the same name, keeping its id; agreements made from it are untouched', async () => {
    const first = MasterUploadAnswerSchema.parse((await upload([{ fileName: 'a.csv', content: templateCsv('Replaceable') }])).json());
    const [before] = await database.db.select().from(templates).where(eq(templates.id, first.data._id));
    const subscriber = await createTestAccount(database.db);
    const [agreement] = await database.db
      .insert(contracts)
      .values({
        ownerUserId: subscriber.id,
        contractName: 'Partner 1',
        document: createAgreementFromTemplate({ templateName: 'Replaceable', categories: before!.content }, 'Partner 1'),
        templateName: 'Replaceable',
      })
      .returning();

    const response = await upload([{ fileName: 'b.csv', content: templateCsv('Replaceable', { subjectSuffix: ' (revised)' }) }]);

    expect(response.statusCode, response.body).toBe(200);
    const answer = MasterUploadAnswerSchema.parse(response.json());
    expect(answer.data).toMatchObject({ _id: first.data._id, templateName: 'Replaceable', createdAt: first.data.createdAt, isReplaced: true, isHidden: false });
    expect(answer.message).toContain('was replaced');
    const [after] = await database.db.select().from(templates).where(eq(templates.id, first.data._id));
    expect(after!.content[0]!.subjects[0]!.subjectName).toBe('General Approach agreement (revised)');
    expect((await listCatalogueTemplates()).filter((t) => t.templateName === 'Replaceable')).toHaveLength(1);
    const [agreementAfter] = await database.db.select().from(contracts).where(eq(contracts.id, agreement!.id));
    expect(agreementAfter!.document).toEqual(agreement!.document);
  });

  it('replaces the Free Trial Agreement, which stays hidden and becomes the trial agreement at once', async () => {
    const response = await upload([{ fileName: 'trial.csv', content: templateCsv(FREE_TRIAL_TEMPLATE_NAME, { subjectSuffix: ' (new trial)' }) }]);

    expect(response.statusCode, response.body).toBe(200);
    const answer = MasterUploadAnswerSchema.parse(response.json());
    expect(answer.data).toMatchObject({ templateName: FREE_TRIAL_TEMPLATE_NAME, isReplaced: true, isHidden: true });
    expect(answer.message).toContain('stays hidden');
    expect((await listCatalogueTemplates()).map((t) => t.templateName)).not.toContain(FREE_TRIAL_TEMPLATE_NAME);
    const guest = await app.inject({ method: 'GET', url: `/api/v1/contracts/guest/${answer.data._id}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toContain('Overcalls agreement (new trial)');
  });

  it('refuses each faulty file with its precise error (line and column) and leaves the catalogue unchanged', async () => {
    const good = templateCsv('Faulty');
    const goodLines = good.trimEnd().split('\n');
    const cases: { label: string; content: string; issues: { line: number; column?: number; message: string | RegExp }[] }[] = [
      { label: 'empty', content: '', issues: [{ line: 1, message: 'The file is empty' }] },
      {
        label: 'unknown level',
        content: good.replace('subject,Preempts agreement', 'subjet,Preempts agreement'),
        issues: [
          { line: goodLines.findIndex((l) => l.startsWith('subject,Preempts')) + 1, column: 1, message: /^Unknown level "subjet"/ },
          // The refused subject's option then has no subject to belong to.
          { line: goodLines.findIndex((l) => l.startsWith('subject,Preempts')) + 2, column: 1, message: 'An option must come after a subject' },
        ],
      },
      {
        label: 'option before any subject',
        content: good.replace('category,General Approach,,,,\n', 'category,General Approach,,,,\noption,Too early,,,,\n'),
        issues: [{ line: 4, column: 1, message: 'An option must come after a subject' }],
      },
      {
        label: '12 categories',
        content: templateCsv('Faulty', { categories: CATEGORY_NAMES.filter((n) => n !== 'Preempts') }),
        issues: [{ line: 50, message: 'A template needs exactly 13 categories; this file has 12' }],
      },
      {
        label: '14 categories',
        content: templateCsv('Faulty', { categories: [...CATEGORY_NAMES, 'Carding'] }),
        issues: [{ line: 58, message: 'A template needs exactly 13 categories; this file has 14' }],
      },
      {
        label: 'without the two trial categories',
        content: templateCsv('Faulty', {
          categories: CATEGORY_NAMES.map((n) => (n === 'Overcalls' ? 'Overcall bids' : n === 'Doubles and Redoubles' ? 'Doubles' : n)),
        }),
        issues: [
          { line: 54, message: 'The category "Overcalls" is missing' },
          { line: 54, message: 'The category "Doubles and Redoubles" is missing' },
        ],
      },
      {
        label: 'over-long template name',
        content: templateCsv('N'.repeat(MAX_NAME_LENGTH + 1)),
        issues: [
          { line: 2, column: 2, message: `Name is ${MAX_NAME_LENGTH + 1} characters long; the maximum is ${MAX_NAME_LENGTH}` },
          // Without its template row the file's next row is out of place too.
          { line: 3, column: 1, message: 'The first row after the header must be the template row' },
        ],
      },
      {
        label: 'over-long subject name',
        content: good.replace('subject,Slam Bidding agreement', `subject,${'S'.repeat(MAX_NAME_LENGTH + 1)}`),
        issues: [
          { line: 33, column: 2, message: `Name is ${MAX_NAME_LENGTH + 1} characters long; the maximum is ${MAX_NAME_LENGTH}` },
          { line: 34, column: 1, message: 'An option must come after a subject' },
        ],
      },
    ];
    const before = await catalogue();

    for (const { label, content, issues } of cases) {
      const response = await upload([{ fileName: `${label}.csv`, content }]);

      expect(response.statusCode, label).toBe(400);
      const answer = ErrorEnvelopeSchema.parse(response.json());
      expect(answer.status).toBe('fail');
      expect(answer.message, label).toMatch(new RegExp(`^${label}\\.csv was not uploaded: Line ${issues[0]!.line}`));
      expect(answer.issues, label).toHaveLength(issues.length);
      issues.forEach((expected, index) => {
        const actual = answer.issues![index]!;
        expect({ line: actual.line, column: actual.column }, label).toEqual({ line: expected.line, column: expected.column });
        expect(actual.message, label).toMatch(expected.message);
      });
    }
    expect(await catalogue()).toEqual(before);
  });

  it("refuses a file over 1,000,000 bytes with 413 and the spec's size message, changing nothing", async () => {
    const before = await catalogue();
    const text = templateCsv('Too Big');
    const oversized = Buffer.concat([Buffer.from(text), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - Buffer.byteLength(text), '\n')]);

    const response = await upload([{ fileName: 'big.csv', content: oversized }]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: invalidFileSizeMessage('big.csv', MAX_UPLOAD_SIZE_LABEL) });
    expect(response.json().message).toBe('big.csv: Invalid file size, maximum upload size is 1,000,000 bytes');
    expect(response.headers.connection).toBe('close');
    expect(await catalogue()).toEqual(before);
  });

  it('stops reading a huge upload soon after the limit instead of reading it all', async () => {
    const boundary = '----bpa-huge';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const totalChunks = (50 * 1024 * 1024) / chunk.length; // a 50 MB file
    let sentChunks = 0;
    const body = Readable.from(
      (async function* () {
        yield head;
        for (; sentChunks < totalChunks;) {
          // One chunk per turn of the event loop, as from a socket (a synchronous source would
          // be read to its end within one tick, before any stream could react).
          await new Promise((resolve) => setImmediate(resolve));
          sentChunks += 1;
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );

    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/masters',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: adminCookie },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(invalidFileSizeMessage('huge.csv', MAX_UPLOAD_SIZE_LABEL));
    // The limit is 16 of these chunks; a few more may be in flight, far from all 800 of them.
    expect(sentChunks * chunk.length).toBeLessThan(2 * MAX_UPLOAD_BYTES);
  });

  it('refuses what is not a CSV text file', async () => {
    const before = await catalogue();
    const csv = templateCsv('Not Csv');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const cases: FilePart[] = [
      { fileName: 'template.txt', contentType: 'text/plain', content: csv },
      { fileName: 'template.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: csv },
      { fileName: 'picture.csv', contentType: 'image/png', content: png },
      { fileName: 'binary.csv', contentType: 'text/csv', content: png },
      { fileName: 'latin1.csv', contentType: 'text/csv', content: Buffer.from(templateCsv('Caf\u00e9 Standard'), 'latin1') },
    ];
    for (const file of cases) {
      const response = await upload([file]);
      expect(response.statusCode, file.fileName).toBe(400);
      expect(response.json().message, file.fileName).toBe(notCsvMessage(file.fileName));
    }
    expect(await catalogue()).toEqual(before);
  });

  it('accepts the content types browsers give CSV files', async () => {
    for (const [index, contentType] of ['application/vnd.ms-excel', 'text/plain', 'application/octet-stream'].entries()) {
      const response = await upload([{ fileName: `excel-${index}.CSV`, contentType, content: templateCsv(`Windows Upload ${index}`) }]);
      expect(response.statusCode, contentType).toBe(201);
    }
  });

  it('wants exactly one file in the field "text", sent as multipart', async () => {
    const before = await catalogue();
    const csv = templateCsv('One File');

    const none = await upload([], { fields: { note: 'no file here' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(NO_FILE_MESSAGE);

    const unnamed = await upload([{ fileName: '', contentType: 'application/octet-stream', content: '' }]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(NO_FILE_MESSAGE);

    const two = await upload([
      { fileName: 'one.csv', content: csv },
      { fileName: 'two.csv', content: templateCsv('Two Files') },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(ONE_FILE_ONLY_MESSAGE);

    const otherField = await upload([{ field: 'file', fileName: 'one.csv', content: csv }]);
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe(ONE_FILE_ONLY_MESSAGE);

    const json = await app.inject({ method: 'POST', url: '/api/v1/masters', payload: { text: csv }, headers: { cookie: adminCookie } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(NOT_MULTIPART_MESSAGE);

    expect(await catalogue()).toEqual(before);
  });

  it('answers 400 with a clear message for a multipart body it cannot read, changing nothing (docs/product.md §D7)', async () => {
    const before = await catalogue();
    const csv = templateCsv('Broken Body');
    const boundary = '----bpa-broken';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="text"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}`;
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', `${part}\r\n--${boundary}--\r\n`], // no boundary in the header
      [`multipart/form-data; boundary=${boundary}`, part], // ends before its closing boundary
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nthis is not a header\r\n\r\n${csv}\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, 'no parts at all'],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/masters', payload, headers: { 'content-type': contentType, cookie: adminCookie } });
      expect(response.statusCode, `${contentType} ${payload.slice(0, 40)}`).toBe(400);
      expect([MALFORMED_UPLOAD_MESSAGE, NO_FILE_MESSAGE]).toContain(response.json().message);
    }
    expect(await catalogue()).toEqual(before);
  });

  it('takes the file name without a path for its messages', async () => {
    const response = await upload([{ fileName: 'C:\\Users\\anna\\empty.csv', content: '' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('empty.csv was not uploaded: Line 1: The file is empty');
  });

  it('refuses anonymous callers and subscribers before reading the upload', async () => {
    const { payload, contentType } = multipartBody([{ fileName: 'x.csv', content: templateCsv('Intruder') }]);
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/masters', payload, headers: { 'content-type': contentType } });
    expect(anonymous.statusCode).toBe(401);
    const subscriber = await upload([{ fileName: 'x.csv', content: templateCsv('Intruder') }], { cookie: subscriberCookie });
    expect(subscriber.statusCode).toBe(403);
    expect((await listCatalogueTemplates()).map((t) => t.templateName)).not.toContain('Intruder');
  });
});

describe('GET /api/v1/masters/{id}/csv', () => {
  it('downloads a template as CSV that parses back to the same template', async () => {
    const precision = (await listCatalogueTemplates()).find((t) => t.templateName === 'Basic Precision')!;
    const [stored] = await database.db.select().from(templates).where(eq(templates.id, precision._id));

    const response = await app.inject({ method: 'GET', url: `/api/v1/masters/${precision._id}/csv`, headers: { cookie: adminCookie } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Basic-Precision.csv"');
    const parsed = parseMasterCsv(response.body);
    expect(parsed.templateName).toBe('Basic Precision');
    expect(withoutIds(parsed.categories)).toEqual(withoutIds(stored!.content));
    expect(response.body).toBe(serialiseMasterCsv({ templateName: 'Basic Precision', categories: stored!.content }));
  });

  it('round-trips an uploaded template through upload and download', async () => {
    const csv = templateCsv('Round Trip');
    const answer = MasterUploadAnswerSchema.parse((await upload([{ fileName: 'round.csv', content: csv }])).json());

    const response = await app.inject({ method: 'GET', url: `/api/v1/masters/${answer.data._id}/csv`, headers: { cookie: adminCookie } });

    expect(response.statusCode).toBe(200);
    // The download carries the keys the upload gave by name (docs/catalogue-keys.md).
    expect(withoutIds(parseMasterCsv(response.body).categories)).toEqual(withoutIds(keyCategories(parseMasterCsv(csv).categories, testCatalogue()).categories));
  });

  it('gives an upload without keys the catalogue keys of its items by name, and says how many matched', async () => {
    // A shipped template as an administrator might keep it: without the key column.
    const keyed = readFileSync(new URL('../../../../../templates/lc-standard.csv', import.meta.url), 'utf8');
    const rows = keyed.trimEnd().split('\n');
    const keyColumn = rows[0]!.split(',').indexOf('key');
    const withoutKeyColumn = rows.map((row) => row.replace(/,[^,]*$/, '')).join('\n');
    expect(keyColumn).toBe(6);
    const csv = withoutKeyColumn.replace('template,LC Standard', 'template,LC Standard without keys');
    const answer = MasterUploadAnswerSchema.parse((await upload([{ fileName: 'lc.csv', content: csv }])).json());
    const expected = parseMasterCsv(keyed).categories;
    const items = expected.reduce((n, c) => n + 1 + c.subjects.reduce((m, subject) => m + 1 + subject.options.length, 0), 0);
    expect(answer.data.keying).toEqual({ matched: items, unmatched: 0, unmatchedExamples: [] });
    expect(answer.message).toContain(`${items.toLocaleString('en-US')} of ${items.toLocaleString('en-US')} items without a key matched the catalogue`);
    const [stored] = await database.db.select().from(templates).where(eq(templates.id, answer.data._id));
    expect(withoutIds(stored!.content)).toEqual(withoutIds(expected));
  });

  it('downloads names a spreadsheet would run with a leading apostrophe, and the download uploads back to the same template (ADR 132)', async () => {
    const risky = ['=SUM(A1:A9)', '+1 trick', '-1 HCP', '@cmd', "'Tis a name"];
    const csv = templateCsv('=Formula template', { subjectSuffix: '' }).replace(
      'option,Standard,,,yes,',
      risky.map((name) => `option,"${name.startsWith("'") ? `'${name}` : name}",,,yes,`).join('\n'),
    );
    const first = MasterUploadAnswerSchema.parse((await upload([{ fileName: 'formulas.csv', content: csv }])).json());
    const [stored] = await database.db.select().from(templates).where(eq(templates.id, first.data._id));
    expect(stored!.templateName).toBe('=Formula template');
    expect(stored!.content.flatMap((c) => c.subjects.flatMap((s) => s.options.map((o) => o.optionName)))).toEqual(expect.arrayContaining(risky));

    const download = await app.inject({ method: 'GET', url: `/api/v1/masters/${first.data._id}/csv`, headers: { cookie: adminCookie } });
    expect(download.statusCode).toBe(200);
    const cells = download.body
      .split('\n')
      .flatMap((line) => line.split(','))
      .map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const second = MasterUploadAnswerSchema.parse((await upload([{ fileName: 'formulas.csv', content: download.body }])).json());
    expect(second.data._id).toBe(first.data._id);
    const [again] = await database.db.select().from(templates).where(eq(templates.id, first.data._id));
    expect(again!.templateName).toBe(stored!.templateName);
    expect(withoutIds(again!.content)).toEqual(withoutIds(stored!.content));
  });

  it('answers 404 for an unknown template and 400 for an id that is not a UUID', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/masters/00000000-0000-4000-8000-000000000000/csv', headers: { cookie: adminCookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEMPLATE_NOT_FOUND_MESSAGE);
    const malformed = await app.inject({ method: 'GET', url: '/api/v1/masters/not-an-id/csv', headers: { cookie: adminCookie } });
    expect(malformed.statusCode).toBe(400);
  });

  it('makes safe file names', () => {
    expect(makeCsvFileName('Basic 2/1 Game Forcing')).toBe('Basic-2-1-Game-Forcing.csv');
    expect(makeCsvFileName('##c2#Caf\u00e9### "Standard"; x')).toBe('Cafe-Standard-x.csv');
    expect(makeCsvFileName('\u2660\u2665')).toBe('template.csv');
  });
});
