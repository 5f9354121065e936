import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../mail/mailer';
import { addSubscriber } from '../users/add-subscriber';
import { ContractAnswerSchema, ErrorEnvelopeSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import {
  AGREEMENT_LIMIT_MESSAGE,
  CHANGES_DO_NOT_APPLY_MESSAGE,
  CONTRACT_NAME_EMPTY_MESSAGE,
  CONTRACT_NOT_FOUND_MESSAGE,
  ContractNamesAnswerSchema,
  SaveConflictAnswerSchema,
  SaveContractAnswerSchema,
  TEMPLATE_NOT_FOUND_MESSAGE,
  TemplateNamesAnswerSchema,
  staleRevisionMessage,
} from '@bpa/domain/api-contracts';
import { BLANK_TEMPLATE_NAME, CATEGORY_COUNT, FREE_TRIAL_TEMPLATE_NAME, SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import { type Category, type Contract, type ContractDocument, isPlaceholderName } from '@bpa/domain/contract';
import { renameOption, renameSubject, selectAllInCategory, toggleSubject } from '@bpa/domain/editing';
import { MESSAGES } from '@bpa/domain/messages';
import { expandSuits, stripMarkup } from '@bpa/domain/markup';
import { outlineAgreement } from '@bpa/domain/outline';
import { and, asc, eq } from 'drizzle-orm';
import { UNSTORABLE_TEXT_MESSAGE } from '@bpa/domain/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { contractRevisions, contracts } from '../../db/schema/contracts';
import { pdfFiles } from '../../db/schema/pdf-files';
import { templates } from '../../db/schema/templates';
import { users } from '../../db/schema/users';
import { readPdfText } from '../../test/read-pdf-text';
import { type TestAccount, createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../../test/test-app';
import { REPO_ROOT } from '../../config';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { ANSWER_SOURCES } from './agreement-routes';
import { NOT_SIGNED_IN_MESSAGE } from '../sessions/session-plugin';
import { loadTemplates } from '../templates/load-templates';
import { LATEST_PDF_NOT_FOUND_MESSAGE } from '../pdf-files/get-latest-pdf-file';
import { SUBSCRIBER_PDF_LIFETIME_MS } from '../pdf-files/make-subscriber-pdf';
import { documentAtRevision } from './revision-store';
import { type TestAgreement, insertTestAgreement } from './test-agreements';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';

const { compare: compareDocuments } = jsonPatch;

const BASE = '/api/v1/contracts/my';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
/** Ids that are not the caller's agreement: unknown, malformed, path-like, long. */
const FOREIGN_LOOKING_IDS = [UNKNOWN_UUID, 'not-a-uuid', '1', '..%2F..%2Fetc', 'x'.repeat(90), "1'%20or%20'1'%3D'1"];

let database: TestDatabase;
let app: App;
let basicPrecisionId: string;
let trialTemplateId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  await insertBlankTemplate(database.db);
  app = await buildTestApp(database.db);
  await app.ready();
  const rows = await database.db.select().from(templates);
  basicPrecisionId = rows.find((t) => t.templateName === 'Basic Precision')!.id;
  trialTemplateId = rows.find((t) => t.templateName === FREE_TRIAL_TEMPLATE_NAME)!.id;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';

/** Calls the app as the holder of `cookie` (anonymous without one). */
function call(method: Method, url: string, options: { cookie?: string; payload?: unknown } = {}) {
  return app.inject({
    method,
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** A subscriber with a session and one agreement (from the fixture Basic Precision). */
async function subscriberWithAgreement(contractName = 'Partner 1'): Promise<{ account: TestAccount; cookie: string; agreement: TestAgreement }> {
  const account = await createTestAccount(database.db);
  const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName });
  return { account, cookie: await signInAs(database.db, account.id), agreement };
}

async function loadAgreement(id: string, cookie: string): Promise<Contract> {
  const response = await call('GET', `${BASE}/${id}`, { cookie });
  expect(response.statusCode).toBe(200);
  return ContractAnswerSchema.parse(response.json()).data;
}

/** The access fields of an owner's load (docs/sharing.md §2): the owner's name is their email (no name set). */
const OWNER = { access: 'owner', ownerName: expect.stringContaining('@'), isPausedByOwner: false } as const;

/** The body of a save: the document without `_id`, plus the revision it was loaded at. */
function saveBody(agreement: Contract | ContractDocument, revision: number) {
  return { contractName: agreement.contractName, categories: agreement.categories, revision };
}

async function storedRow(id: string) {
  const [row] = await database.db.select().from(contracts).where(eq(contracts.id, id));
  return row!;
}

/** The earlier revisions of an agreement (not the current one), each with its document read back from the history. */
async function revisionRows(id: string) {
  const [current] = await database.db.select({ revision: contracts.revision, document: contracts.document }).from(contracts).where(eq(contracts.id, id));
  const rows = await database.db.select().from(contractRevisions).where(eq(contractRevisions.contractId, id)).orderBy(asc(contractRevisions.revision));
  return Promise.all(
    rows
      .filter((row) => row.revision < current!.revision)
      .map(async (row) => ({ ...row, document: (await documentAtRevision(database.db, id, row.revision, current!))! })),
  );
}

/** Every subject and option of every category ticked. */
function selectEverything<T extends ContractDocument>(agreement: T): T {
  return agreement.categories.reduce((doc, category) => selectAllInCategory(doc, category._id), agreement);
}

function expectNotFound(response: { statusCode: number; json(): unknown }, message = CONTRACT_NOT_FOUND_MESSAGE): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message });
}

describe('every agreement route', () => {
  const routes: [Method, string, unknown][] = [
    ['GET', BASE, undefined],
    ['POST', BASE, {}],
    ['GET', `${BASE}/${UNKNOWN_UUID}`, undefined],
    ['PATCH', `${BASE}/${UNKNOWN_UUID}`, { revision: 0 }],
    ['PATCH', `${BASE}/${UNKNOWN_UUID}/name`, { contractName: 'x' }],
    ['PATCH', `${BASE}/${UNKNOWN_UUID}/template`, { templateId: UNKNOWN_UUID }],
    ['GET', `/api/v1/contracts/${UNKNOWN_UUID}/latest`, undefined],
    ['GET', '/api/v1/contracts/templates/', undefined],
    ['POST', '/api/v1/contracts/pdfCreator', {}],
    ['GET', '/api/v1/contracts/pdfviewer/Partner-1.pdf', undefined],
  ];

  it.each(routes)('%s %s refuses an anonymous request with 401 before reading the body', async (method, url, payload) => {
    const response = await call(method, url, { payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: NOT_SIGNED_IN_MESSAGE });
  });

  it.each(routes)('%s %s refuses an expired subscriber with the spec message', async (method, url, payload) => {
    const expired = await createTestAccount(database.db, { subscription: 'expired' });
    const response = await call(method, url, { payload, cookie: await signInAs(database.db, expired.id) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.subscriptionNotActive });
  });
});

describe('GET /api/v1/contracts/my', () => {
  it("lists the signed-in subscriber's agreement names, oldest first, with their count", async () => {
    const { account, cookie, agreement } = await subscriberWithAgreement('Partner 1');
    const second = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: '##c2#Anna###' });
    await subscriberWithAgreement('Someone else');

    const response = await call('GET', BASE, { cookie });
    expect(response.statusCode).toBe(200);
    expect(ContractNamesAnswerSchema.parse(response.json())).toEqual({
      status: 'success',
      count: 2,
      data: [
        { _id: agreement.id, contractName: 'Partner 1' },
        { _id: second.id, contractName: '##c2#Anna###' },
      ],
    });
  });

  it("lists a new subscriber's Partner 1 … Partner 5 in that order, and a renamed one keeps its place", async () => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'bpa-partners-'));
    const mailer = createMailer({ from: 'test@localhost', outboxDir, logger: { info() {}, warn() {}, error() {} } });
    const { user } = await addSubscriber(
      database.db,
      { email: 'five.partners@example.org', invitedBy: 'admin@example.org' },
      { now: new Date(), mail: { mailer, publicUrl: 'http://localhost' } },
    );
    await mailer.close();
    const cookie = await signInAs(database.db, user._id);
    const names = async () => ContractNamesAnswerSchema.parse((await call('GET', BASE, { cookie })).json()).data;
    const before = await names();
    expect(before.map((c) => c.contractName)).toEqual(['Partner 1', 'Partner 2', 'Partner 3', 'Partner 4', 'Partner 5']);
    expect((await call('PATCH', `${BASE}/${before[0]!._id}/name`, { cookie, payload: { contractName: 'Zoe' } })).statusCode).toBe(200);
    expect((await names()).map((c) => c.contractName)).toEqual(['Zoe', 'Partner 2', 'Partner 3', 'Partner 4', 'Partner 5']);
  });

  it('answers an empty list to an administrator without agreements', async () => {
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const response = await call('GET', BASE, { cookie: await signInAs(database.db, admin.id) });
    expect(response.json()).toEqual({ status: 'success', count: 0, data: [] });
  });
});

describe('POST /api/v1/contracts/my', () => {
  it('makes an agreement from the Blank template named after the first free partner number', async () => {
    const { account, cookie } = await subscriberWithAgreement('Partner 1');
    const response = await call('POST', BASE, { cookie, payload: {} });
    expect(response.statusCode).toBe(201);
    const created = ContractAnswerSchema.parse(response.json()).data;
    expect(created).toMatchObject({ contractName: 'Partner 2', revision: 0, templateName: BLANK_TEMPLATE_NAME });
    expect(created.categories).toHaveLength(CATEGORY_COUNT);
    for (const category of created.categories) expect(isPlaceholderName(category.subjects.at(-1)!.subjectName)).toBe(true);

    const row = await storedRow(created._id);
    expect(row).toMatchObject({ ownerUserId: account.id, contractName: 'Partner 2', revision: 0, templateName: BLANK_TEMPLATE_NAME });
    expect(row.document).toEqual({ contractName: created.contractName, categories: created.categories });
    expect(await loadAgreement(created._id, cookie)).toEqual({ ...created, ...OWNER });
  });

  it('takes a name and a template, and accepts a request without a body', async () => {
    const { cookie } = await subscriberWithAgreement();
    const named = await call('POST', BASE, { cookie, payload: { contractName: '  ##c3#Bob### ', templateId: basicPrecisionId } });
    expect(named.statusCode).toBe(201);
    const agreement = ContractAnswerSchema.parse(named.json()).data;
    expect(agreement).toMatchObject({ contractName: '##c3#Bob###', templateName: 'Basic Precision' });
    expect(agreement.categories[0]!.subjects[0]!.subjectName).toBe('Strong club (16+ HCP)');

    const bare = await call('POST', BASE, { cookie });
    expect(bare.statusCode).toBe(201);
    expect(ContractAnswerSchema.parse(bare.json()).data.contractName).toBe('Partner 2');
  });

  it('refuses a sixth agreement with 409 and makes nothing', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    for (let n = 1; n <= SUBSCRIBER_AGREEMENT_COUNT; n++) {
      const response = await call('POST', BASE, { cookie, payload: {} });
      expect(response.statusCode).toBe(201);
      expect(ContractAnswerSchema.parse(response.json()).data.contractName).toBe(`Partner ${n}`);
    }
    const refused = await call('POST', BASE, { cookie, payload: { contractName: 'Sixth' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'fail', code: expect.any(String), message: AGREEMENT_LIMIT_MESSAGE });
    expect(await database.db.select().from(contracts).where(eq(contracts.ownerUserId, account.id))).toHaveLength(SUBSCRIBER_AGREEMENT_COUNT);
  });

  it('never makes a sixth agreement when several requests arrive at once', async () => {
    const account = await createTestAccount(database.db);
    for (let n = 1; n <= 3; n++) await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: `Partner ${n}` });
    const cookie = await signInAs(database.db, account.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', BASE, { cookie, payload: {} })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await database.db.select().from(contracts).where(eq(contracts.ownerUserId, account.id))).toHaveLength(SUBSCRIBER_AGREEMENT_COUNT);
  });

  it('answers 404 for an unknown, malformed or hidden template and 400 for an empty name', async () => {
    const { account, cookie } = await subscriberWithAgreement();
    for (const templateId of [UNKNOWN_UUID, 'not-a-uuid', trialTemplateId]) {
      expectNotFound(await call('POST', BASE, { cookie, payload: { templateId } }), TEMPLATE_NOT_FOUND_MESSAGE);
    }
    for (const contractName of ['   ', '##c2####', '']) {
      const response = await call('POST', BASE, { cookie, payload: { contractName } });
      expect(response.statusCode).toBe(400);
      expect(ErrorEnvelopeSchema.parse(response.json()).message).toContain(CONTRACT_NAME_EMPTY_MESSAGE);
    }
    expect((await call('POST', BASE, { cookie, payload: { contractName: 'x'.repeat(501) } })).statusCode).toBe(400);
    expect(await database.db.select().from(contracts).where(eq(contracts.ownerUserId, account.id))).toHaveLength(1);
  });
});

describe('GET /api/v1/contracts/my/{id} and GET /api/v1/contracts/{id}/latest', () => {
  it('load one of the own agreements with its revision and template', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    expect(loaded).toEqual({ ...agreement.document, _id: agreement.id, revision: 0, templateName: 'Basic Precision', ...OWNER });
    const latest = await call('GET', `/api/v1/contracts/${agreement.id}/latest`, { cookie });
    expect(latest.statusCode).toBe(200);
    expect(ContractAnswerSchema.parse(latest.json()).data).toEqual(loaded);
  });

  it('latest answers what another tab saved since, with its new revision', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const changed = toggleSubject(loaded, loaded.categories[0]!._id, loaded.categories[0]!.subjects[0]!._id);
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(changed, 0) })).statusCode).toBe(200);
    const latest = ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/latest`, { cookie })).json()).data;
    expect(latest.revision).toBe(1);
    expect(latest.categories).toEqual(changed.categories);
  });

  it('answers 304 without a body while the agreement is unchanged, and the new version once it changed (docs/product.md §D12)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    for (const url of [`${BASE}/${agreement.id}`, `/api/v1/contracts/${agreement.id}/latest`]) {
      const first = await call('GET', url, { cookie });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toBe(`"${agreement.id}.owner.0"`);
      const again = await app.inject({ method: 'GET', url, headers: { cookie, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Any other tag gets the whole answer.
      const other = await app.inject({ method: 'GET', url, headers: { cookie, 'if-none-match': '"something-else"' } });
      expect(other.statusCode).toBe(200);
      expect(ContractAnswerSchema.parse(other.json()).data._id).toBe(agreement.id);
    }
    const loaded = await loadAgreement(agreement.id, cookie);
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody({ ...loaded, contractName: 'Changed' }, 0) })).statusCode).toBe(200);
    const changed = await app.inject({ method: 'GET', url: `${BASE}/${agreement.id}`, headers: { cookie, 'if-none-match': `"${agreement.id}.0"` } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe(`"${agreement.id}.owner.1"`);
    expect(ContractAnswerSchema.parse(changed.json()).data.contractName).toBe('Changed');
    // Someone else's agreement stays missing, tag or not.
    const bob = await subscriberWithAgreement();
    expectNotFound(
      await app.inject({ method: 'GET', url: `${BASE}/${agreement.id}`, headers: { cookie: bob.cookie, 'if-none-match': `"${agreement.id}.1"` } }),
    );
  });

  it('answers in brotli or gzip when asked, kept once made, with the same JSON and tag as the plain answer, and never a kept answer of an older state (ADR 185)', async () => {
    const { cookie, agreement, account } = await subscriberWithAgreement();
    const url = `${BASE}/${agreement.id}`;
    const load = async (encoding: string | undefined) => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const bytes = response.rawPayload;
      const encoded = response.headers['content-encoding'];
      const text = (encoded === 'br' ? brotliDecompressSync(bytes) : encoded === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
      expect(Number(response.headers['content-length'])).toBe(bytes.length);
      return { encoded, etag: response.headers.etag, source: response.headers['server-timing'], answer: ContractAnswerSchema.parse(JSON.parse(text)).data };
    };
    const plain = await load(undefined);
    expect([ANSWER_SOURCES.text, ANSWER_SOURCES.database]).toContain(plain.source);
    expect(plain.encoded).toBeUndefined();
    for (const [asked, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.1, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      for (const time of ['made', 'kept']) {
        const answer = await load(asked);
        expect([asked, time, answer.encoded]).toEqual([asked, time, expected]);
        // The second time, an encoded answer is the kept one, and says so (Server-Timing).
        if (time === 'kept') expect([asked, answer.source]).toEqual([asked, expected ? ANSWER_SOURCES.answer : ANSWER_SOURCES.text]);
        expect(answer.etag).toBe(plain.etag);
        expect(answer.answer).toEqual(plain.answer);
      }
    }
    // A save, and a change of the owner's name (which keeps the revision): the next answers say so.
    const changed = toggleSubject(plain.answer, plain.answer.categories[0]!._id, plain.answer.categories[0]!.subjects[0]!._id);
    expect((await call('PATCH', url, { cookie, payload: saveBody(changed, 0) })).statusCode).toBe(200);
    await database.db.update(users).set({ name: 'Renamed Owner' }).where(eq(users.id, account.id));
    for (const asked of ['br', 'gzip']) {
      const after = await load(asked);
      expect(after.etag).toBe(`"${agreement.id}.owner.1"`);
      expect(after.answer).toMatchObject({ revision: 1, ownerName: 'Renamed Owner', categories: changed.categories });
    }
  });

  it('answers JSON that ContractAnswerSchema parses and that equals what was saved, awkward text included', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    // Text that JSON must escape (quotes, backslash, control characters, line breaks), non-ASCII
    // text, suit symbols and colour markup: the stored jsonb text is sent as it is.
    const awkward = 'Quote " back\\slash \t tab \n line \u0001 ctl ♠♥ é 漢字 😀 ##c2#red### </script>';
    const category = loaded.categories[2]!;
    const edited = renameSubject(selectEverything(loaded), category._id, category.subjects.at(-1)!._id, awkward);
    const saved = { ...edited, contractName: `Anna ${awkward}` };
    const response = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(saved, loaded.revision) });
    expect(response.statusCode).toBe(200);

    for (const url of [`${BASE}/${agreement.id}`, `${BASE}/${agreement.id.toUpperCase()}`, `/api/v1/contracts/${agreement.id}/latest`]) {
      const answer = await call('GET', url, { cookie });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = ContractAnswerSchema.parse(JSON.parse(answer.body));
      // Nothing beyond the schema's fields, and exactly the saved document.
      expect(JSON.parse(answer.body)).toEqual(parsed);
      expect(parsed).toEqual({
        status: 'success',
        data: { contractName: saved.contractName, categories: saved.categories, _id: agreement.id, revision: 1, templateName: 'Basic Precision', ...OWNER },
      });
    }

    // An agreement without a template name answers without the field.
    await database.db.update(contracts).set({ templateName: null }).where(eq(contracts.id, agreement.id));
    const withoutTemplate = await call('GET', `${BASE}/${agreement.id}`, { cookie });
    expect(JSON.parse(withoutTemplate.body).data).not.toHaveProperty('templateName');
    expect(ContractAnswerSchema.parse(withoutTemplate.json()).data).toEqual({
      contractName: saved.contractName,
      categories: saved.categories,
      _id: agreement.id,
      revision: 1,
      ...OWNER,
    });
  });

  it("answer 404 for another subscriber's agreement, for an administrator, and for any id that is not the caller's", async () => {
    const anna = await subscriberWithAgreement();
    const bob = await subscriberWithAgreement();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const adminCookie = await signInAs(database.db, admin.id);
    for (const url of [`${BASE}/${anna.agreement.id}`, `/api/v1/contracts/${anna.agreement.id}/latest`]) {
      expectNotFound(await call('GET', url, { cookie: bob.cookie }));
      expectNotFound(await call('GET', url, { cookie: adminCookie }));
    }
    for (const id of FOREIGN_LOOKING_IDS) {
      expectNotFound(await call('GET', `${BASE}/${id}`, { cookie: anna.cookie }));
      expectNotFound(await call('GET', `/api/v1/contracts/${id}/latest`, { cookie: anna.cookie }));
    }
  });

  it('lets an administrator impersonating the owner load the agreement', async () => {
    const anna = await subscriberWithAgreement();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const cookie = await signInAs(database.db, anna.account.id, { impersonatorUserId: admin.id });
    expect((await loadAgreement(anna.agreement.id, cookie))._id).toBe(anna.agreement.id);
  });
});

/** The categories with the first subject of the first category renamed (edited) to `name`. */
function withSubjectName<T extends { subjects: Array<{ editedName: string; isEdited: boolean }> }>(categories: T[], name: string): T[] {
  return categories.map((category, i) =>
    i === 0
      ? { ...category, subjects: category.subjects.map((subject, j) => (j === 0 ? { ...subject, editedName: name, isEdited: true } : subject)) }
      : category,
  );
}

describe('PATCH /api/v1/contracts/my/{id} (save)', () => {
  it('stores the document at the next revision and keeps the previous one as a revision row', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const category = loaded.categories[8]!;
    const edited = renameSubject(loaded, category._id, category.subjects.at(-1)!._id, 'Support doubles through 2!h');

    const response = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(edited, loaded.revision) });
    expect(response.statusCode).toBe(200);
    expect(SaveContractAnswerSchema.parse(response.json())).toEqual({ status: 'success', data: { _id: agreement.id, contractName: 'Partner 1', revision: 1 } });

    const reloaded = await loadAgreement(agreement.id, cookie);
    expect(reloaded).toEqual({ ...edited, revision: 1 });
    const history = await revisionRows(agreement.id);
    expect(history.map((row) => row.revision)).toEqual([0]);
    expect(history[0]!.document).toEqual(agreement.document);

    // The next save sends revision 1 and keeps revision 1's document.
    const again = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody({ ...reloaded, contractName: 'Anna' }, 1) });
    expect(SaveContractAnswerSchema.parse(again.json()).data).toEqual({ _id: agreement.id, contractName: 'Anna', revision: 2 });
    expect((await revisionRows(agreement.id)).map((row) => [row.revision, row.document.categories])).toEqual([
      [0, agreement.document.categories],
      [1, edited.categories],
    ]);
    expect((await storedRow(agreement.id)).contractName).toBe('Anna');
  });

  it('saves the player names, and refuses one over 60 characters (docs/product.md §11)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const named = { ...loaded, playerNames: ['Anna Smith', 'Bob Jones'] as [string, string] };
    expect(
      (await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: { ...saveBody(named, loaded.revision), playerNames: named.playerNames } })).statusCode,
    ).toBe(200);
    expect((await loadAgreement(agreement.id, cookie)).playerNames).toEqual(['Anna Smith', 'Bob Jones']);
    const tooLong = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: { ...saveBody(named, 1), playerNames: ['x'.repeat(61), ''] } });
    expect(tooLong.statusCode).toBe(400);
  });

  it('merges a stale save with what was saved since, and says what it merged (docs/sharing.md §5)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const first = toggleSubject(loaded, loaded.categories[1]!._id, loaded.categories[1]!.subjects[0]!._id);
    const second = toggleSubject(loaded, loaded.categories[2]!._id, loaded.categories[2]!.subjects[0]!._id);
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(first, 0) })).statusCode).toBe(200);

    const merged = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(second, 0) });
    expect(merged.statusCode).toBe(200);
    const answer = SaveContractAnswerSchema.parse(merged.json()).data;
    expect(answer).toMatchObject({ revision: 2, merge: { itemCount: 1, authors: [expect.any(String)] } });
    const stored = await storedRow(agreement.id);
    // Both toggles are in (the template ticks some subjects, so a toggle may untick).
    expect(stored.document.categories[1]!.subjects[0]!.isSelected).toBe(!loaded.categories[1]!.subjects[0]!.isSelected);
    expect(stored.document.categories[2]!.subjects[0]!.isSelected).toBe(!loaded.categories[2]!.subjects[0]!.isSelected);
    expect((await revisionRows(agreement.id)).map((row) => [row.revision, row.kind])).toEqual([
      [0, 'create'],
      [1, 'save'],
    ]);
    const [latest] = await database.db
      .select()
      .from(contractRevisions)
      .where(and(eq(contractRevisions.contractId, agreement.id), eq(contractRevisions.revision, 2)));
    expect(latest).toMatchObject({
      kind: 'merge',
      change: {
        counts: { [second.categories[2]!.subjects[0]!.isSelected ? 'ticked' : 'unticked']: 1 },
        categories: [stripMarkup(loaded.categories[2]!.categoryName)],
        moreCategories: 0,
      },
    });
  });

  it('answers 409 with each conflict, both values and the other author; a save with the choices is merged', async () => {
    const { cookie, agreement, account } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const category = loaded.categories[8]!;
    const subject = category.subjects[0]!;
    const theirs = renameSubject(loaded, category._id, subject._id, 'Michaels');
    const ours = toggleSubject(renameSubject(loaded, category._id, subject._id, 'Ghestem'), loaded.categories[3]!._id, loaded.categories[3]!.subjects[0]!._id);
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(theirs, 0) })).statusCode).toBe(200);
    const before = await storedRow(agreement.id);

    const refused = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(ours, 0) });
    expect(refused.statusCode).toBe(409);
    const body = SaveConflictAnswerSchema.parse(refused.json());
    expect(body).toMatchObject({ status: 'fail', message: staleRevisionMessage(1), currentRevision: 1, isIncompatible: false });
    expect(body.conflicts).toEqual([
      expect.objectContaining({
        field: 'name',
        mine: 'Ghestem',
        theirs: 'Michaels',
        // Named as both sides knew it before their changes, with that value shown as well.
        place: [stripMarkup(category.categoryName), stripMarkup(subject.subjectName)],
        base: subject.subjectName,
        theirAuthor: account.email,
      }),
    ]);
    expect(await storedRow(agreement.id)).toEqual(before);

    const settled = await call('PATCH', `${BASE}/${agreement.id}`, {
      cookie,
      payload: { ...saveBody(ours, 0), resolutions: { [body.conflicts[0]!.key]: 'mine' } },
    });
    expect(settled.statusCode).toBe(200);
    const stored = (await storedRow(agreement.id)).document;
    expect(stored.categories[8]!.subjects[0]!.editedName).toBe('Ghestem');
    expect(stored.categories[3]!.subjects[0]!.isSelected).toBe(ours.categories[3]!.subjects[0]!.isSelected);
  });

  it('answers 409 "incompatible" for a revision that was never made or after a reset to a template', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const edited = toggleSubject(loaded, loaded.categories[2]!._id, loaded.categories[2]!.subjects[0]!._id);
    for (const revision of [1, 99]) {
      const stale = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(edited, revision) });
      expect(stale.statusCode).toBe(409);
      expect(SaveConflictAnswerSchema.parse(stale.json())).toEqual({
        status: 'fail',
        code: 'save_conflict',
        message: staleRevisionMessage(0),
        currentRevision: 0,
        conflicts: [],
        isIncompatible: true,
      });
    }
    expect(staleRevisionMessage(1)).toBe('This agreement was changed elsewhere (revision 1). Load the latest version or keep editing.');
  });

  it('merges a save loaded before a reset to a template: the reset keeps the ids of items with the same catalogue key (docs/catalogue-keys.md)', async () => {
    const keyed = parseMasterCsv(readFileSync(join(REPO_ROOT, 'templates', 'lc-standard.csv'), 'utf8'));
    await database.db.insert(templates).values({ templateName: 'LC Standard (keyed)', content: keyed.categories });
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, templateName: 'LC Standard (keyed)' });
    const loaded = await loadAgreement(agreement.id, cookie);
    const overcalls = loaded.categories.find((category) => category.key === 'ov')!;
    const michaels = overcalls.subjects.find((subject) => subject.key === 'ov.michaels')!;
    const edited = toggleSubject(loaded, overcalls._id, michaels._id);
    expect((await call('PATCH', `${BASE}/${agreement.id}/template`, { cookie, payload: { templateId: agreement.templateId } })).statusCode).toBe(200);
    const reset = await loadAgreement(agreement.id, cookie);
    expect(reset.categories.find((category) => category.key === 'ov')!.subjects.find((subject) => subject.key === 'ov.michaels')!._id).toBe(michaels._id);
    const afterReset = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(edited, 0) });
    expect(afterReset.statusCode, afterReset.body).toBe(200);
    const saved = await loadAgreement(agreement.id, cookie);
    expect(saved.categories.find((category) => category.key === 'ov')!.subjects.find((subject) => subject.key === 'ov.michaels')!.isSelected).toBe(
      !michaels.isSelected,
    );
    // The template lists of the other tests know only the fixture templates.
    await database.db.delete(templates).where(eq(templates.templateName, 'LC Standard (keyed)'));
  });

  it('accepts exactly one of several saves sent at once from the same revision', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const variants = loaded.categories
      .slice(0, 6)
      .map((category, index) => ({ ...toggleSubject(loaded, category._id, category.subjects[0]!._id), contractName: `Tab ${index}` }));
    const answers = await Promise.all(variants.map((variant) => call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(variant, 0) })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = variants[answers.findIndex((a) => a.statusCode === 200)]!;
    const row = await storedRow(agreement.id);
    expect(row.revision).toBe(1);
    expect(row.document).toEqual({ contractName: winner.contractName, categories: winner.categories });
    expect(await revisionRows(agreement.id)).toHaveLength(1);
  });

  it('stores every one of several saves sent at once that change different items, one after the other (ADR 182)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const tickable = (category: Category) => category.subjects.find((s) => !s.isLocked && !isPlaceholderName(s.subjectName))!;
    const categories = loaded.categories.filter((category) => tickable(category) !== undefined).slice(0, 4);
    const variants = categories.map((category) => toggleSubject(loaded, category._id, tickable(category)._id));
    const answers = await Promise.all(variants.map((variant) => call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(variant, 0) })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    // Each stored its own revision; all but the first were merged with what the others stored.
    expect(answers.map((a) => SaveContractAnswerSchema.parse(a.json()).data.revision).sort()).toEqual([1, 2, 3, 4]);
    const row = await storedRow(agreement.id);
    expect(row.revision).toBe(4);
    categories.forEach((category, index) => {
      const subject = (document: ContractDocument) =>
        document.categories.find((c) => c._id === category._id)!.subjects.find((s) => s._id === tickable(category)._id)!;
      expect(subject(variants[index]!).isSelected).not.toBe(subject(loaded).isSelected);
      expect(subject(row.document).isSelected).toBe(subject(variants[index]!).isSelected);
    });
    expect((await revisionRows(agreement.id)).map((revision) => revision.kind)).toEqual(['create', 'save', 'merge', 'merge']);
  });

  it('drops _id, templateName and the temporary UI fields (isEditing, editedTempName) before storing', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const withUiFields = {
      ...loaded,
      categories: loaded.categories.map((category) => ({
        ...category,
        subjects: category.subjects.map((subject) => ({
          ...subject,
          isEditing: true,
          editedTempName: 'half typed',
          options: subject.options.map((option) => ({ ...option, isEditing: false, editedTempName: '' })),
        })),
      })),
      pdfFileInfo: { fileName: 'x.pdf', pathName: 'y' },
    };
    const response = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: { ...withUiFields, revision: 0 } });
    expect(response.statusCode).toBe(200);
    const stored = JSON.stringify((await storedRow(agreement.id)).document);
    for (const field of ['isEditing', 'editedTempName', 'half typed', 'pdfFileInfo', '"_id":"' + agreement.id, 'templateName', 'revision']) {
      expect(stored).not.toContain(field);
    }
    expect((await storedRow(agreement.id)).document).toEqual(agreement.document);
  });

  it('refuses an invalid agreement with 400 naming the field, and changes nothing', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const before = await storedRow(agreement.id);
    const cases: [unknown, string][] = [
      [{ ...saveBody(loaded, 0), categories: loaded.categories.slice(0, 12) }, '"categories"'],
      [{ ...saveBody(loaded, 0), contractName: 'x'.repeat(501) }, '"contractName"'],
      [{ contractName: loaded.contractName, categories: loaded.categories }, '"revision"'],
      [{ ...saveBody(loaded, 0), revision: -1 }, '"revision"'],
      [{ ...saveBody(loaded, 0), revision: 0.5 }, '"revision"'],
      [{ ...saveBody(loaded, 0), categories: loaded.categories.map((c, i) => (i === 3 ? { ...c, subjects: [{ _id: 'x' }] } : c)) }, '"categories.3.subjects.0'],
      // Text the database cannot keep (docs/product.md §D7): a NUL, half an emoji.
      [{ ...saveBody(loaded, 0), contractName: 'Anna\u0000Bob' }, UNSTORABLE_TEXT_MESSAGE],
      [{ ...saveBody(loaded, 0), categories: withSubjectName(loaded.categories, 'Stayman \uD83D') }, '"categories.0.subjects.0.editedName"'],
      // An id is stored too (found by the fuzz test on PostgreSQL).
      [
        {
          ...saveBody(loaded, 0),
          categories: loaded.categories.map((c, i) => (i === 0 ? { ...c, subjects: c.subjects.map((s, j) => (j === 0 ? { ...s, _id: 'x\uDFFFy' } : s)) } : c)),
        },
        '"categories.0.subjects.0._id"',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload });
      expect(response.statusCode).toBe(400);
      expect(ErrorEnvelopeSchema.parse(response.json()).message).toContain(field);
    }
    expect(await storedRow(agreement.id)).toEqual(before);
  });

  it("answers 404 for another subscriber's agreement and any id that is not the caller's, and changes nothing", async () => {
    const anna = await subscriberWithAgreement();
    const bob = await subscriberWithAgreement();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const payload = saveBody({ ...anna.agreement.document, contractName: 'Taken over' }, 0);
    expectNotFound(await call('PATCH', `${BASE}/${anna.agreement.id}`, { cookie: bob.cookie, payload }));
    expectNotFound(await call('PATCH', `${BASE}/${anna.agreement.id}`, { cookie: await signInAs(database.db, admin.id), payload }));
    // A stale revision on someone else's agreement is still "missing": nothing about it leaks.
    expectNotFound(await call('PATCH', `${BASE}/${anna.agreement.id}`, { cookie: bob.cookie, payload: { ...payload, revision: 7 } }));
    for (const id of FOREIGN_LOOKING_IDS) expectNotFound(await call('PATCH', `${BASE}/${id}`, { cookie: anna.cookie, payload }));
    const row = await storedRow(anna.agreement.id);
    expect(row).toMatchObject({ revision: 0, contractName: 'Partner 1' });
    expect(await revisionRows(anna.agreement.id)).toEqual([]);
  });
});

/** What changed from `before` to `after` (RFC 6902, with the old values checked), as the editor sends it. */
function changesOf(before: ContractDocument, after: ContractDocument) {
  const stored = (doc: ContractDocument) => ({ contractName: doc.contractName, categories: doc.categories });
  return compareDocuments(stored(before), stored(after), true);
}

describe('PATCH /api/v1/contracts/my/{id}/changes (a save of only what changed, ADR 181)', () => {
  it('applies the changes to the loaded revision and stores the result like a whole save, from a body ten times smaller (with this small test agreement)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const category = loaded.categories[4]!;
    const edited = toggleSubject(
      renameSubject(loaded, category._id, category.subjects[0]!._id, 'Puppet Stayman over 2NT'),
      category._id,
      category.subjects[1]!._id,
    );
    const changes = [{ op: 'test', path: '/categories/4/_id', value: category._id }, ...changesOf(loaded, edited)];
    const body = { revision: loaded.revision, changes };
    expect(JSON.stringify(body).length * 10).toBeLessThan(JSON.stringify(saveBody(edited, 0)).length);

    const response = await call('PATCH', `${BASE}/${agreement.id}/changes`, { cookie, payload: body });
    expect(response.statusCode).toBe(200);
    expect(SaveContractAnswerSchema.parse(response.json()).data).toEqual({ _id: agreement.id, contractName: 'Partner 1', revision: 1 });
    expect(await loadAgreement(agreement.id, cookie)).toEqual({ ...edited, revision: 1 });
    expect((await revisionRows(agreement.id)).map((row) => [row.revision, row.kind])).toEqual([[0, 'create']]);
  });

  it('merges changes made on an older revision with what was saved since', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const first = toggleSubject(loaded, loaded.categories[1]!._id, loaded.categories[1]!.subjects[0]!._id);
    const second = toggleSubject(loaded, loaded.categories[2]!._id, loaded.categories[2]!.subjects[0]!._id);
    expect((await call('PATCH', `${BASE}/${agreement.id}/changes`, { cookie, payload: { revision: 0, changes: changesOf(loaded, first) } })).statusCode).toBe(
      200,
    );
    const merged = await call('PATCH', `${BASE}/${agreement.id}/changes`, { cookie, payload: { revision: 0, changes: changesOf(loaded, second) } });
    expect(SaveContractAnswerSchema.parse(merged.json()).data).toMatchObject({ revision: 2, merge: { itemCount: 1 } });
    const stored = (await storedRow(agreement.id)).document;
    expect(stored.categories[1]!.subjects[0]!.isSelected).toBe(first.categories[1]!.subjects[0]!.isSelected);
    expect(stored.categories[2]!.subjects[0]!.isSelected).toBe(second.categories[2]!.subjects[0]!.isSelected);
  });

  it('refuses with 409 changes that do not fit the stored revision, or a revision never made, and changes nothing', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    const edited = toggleSubject(loaded, loaded.categories[4]!._id, loaded.categories[4]!.subjects[0]!._id);
    const wrongItem = [{ op: 'test', path: '/categories/4/subjects/0/_id', value: loaded.categories[4]!.subjects[1]!._id }, ...changesOf(loaded, edited)];
    const missingPath = [{ op: 'replace', path: '/categories/4/subjects/999/isSelected', value: true }];
    const prototype = [{ op: 'add', path: '/__proto__/polluted', value: 'yes' }];
    for (const [revision, changes] of [
      [0, wrongItem],
      [0, missingPath],
      [0, prototype],
      [99, changesOf(loaded, edited)],
    ] as const) {
      const refused = await call('PATCH', `${BASE}/${agreement.id}/changes`, { cookie, payload: { revision, changes } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 'fail', code: 'changes_do_not_apply', message: CHANGES_DO_NOT_APPLY_MESSAGE });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storedRow(agreement.id)).toMatchObject({ revision: 0, document: agreement.document });
  });

  it('refuses with 400 a result that breaks a save rule (12 categories: the field is named) and a malformed change, and answers 404 to others', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const twelve = await call('PATCH', `${BASE}/${agreement.id}/changes`, {
      cookie,
      payload: { revision: 0, changes: [{ op: 'remove', path: '/categories/12' }] },
    });
    expect(twelve.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(twelve.json()).message).toMatch(/^The saved agreement would not be valid: categories/);
    for (const changes of [[], [{ op: 'move', from: '/contractName', path: '/x' }], [{ op: 'replace', path: 'contractName', value: 'x' }]]) {
      expect((await call('PATCH', `${BASE}/${agreement.id}/changes`, { cookie, payload: { revision: 0, changes } })).statusCode).toBe(400);
    }
    const stranger = await subscriberWithAgreement();
    const foreign = await call('PATCH', `${BASE}/${agreement.id}/changes`, {
      cookie: stranger.cookie,
      payload: { revision: 0, changes: [{ op: 'replace', path: '/contractName', value: 'Mine' }] },
    });
    expectNotFound(foreign);
    expect(await storedRow(agreement.id)).toMatchObject({ revision: 0, contractName: 'Partner 1' });
  });
});

describe('PATCH /api/v1/contracts/my/{id}/name', () => {
  it('renames the agreement at the next revision and answers the names', async () => {
    const { cookie, agreement, account } = await subscriberWithAgreement();
    const other = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Partner 2' });
    const response = await call('PATCH', `${BASE}/${agreement.id}/name`, { cookie, payload: { contractName: '  ##c2#Anna### & Bob ' } });
    expect(response.statusCode).toBe(200);
    expect(ContractNamesAnswerSchema.parse(response.json())).toEqual({
      status: 'success',
      count: 2,
      data: [
        { _id: agreement.id, contractName: '##c2#Anna### & Bob' },
        { _id: other.id, contractName: 'Partner 2' },
      ],
    });
    const loaded = await loadAgreement(agreement.id, cookie);
    expect(loaded).toMatchObject({ contractName: '##c2#Anna### & Bob', revision: 1, categories: agreement.document.categories });
    expect((await revisionRows(agreement.id)).map((row) => row.document.contractName)).toEqual(['Partner 1']);

    // An editor opened before the rename cannot put the old name back: its save is merged.
    const stale = await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(agreement.document, 0) });
    expect(stale.statusCode).toBe(200);
    expect((await storedRow(agreement.id)).contractName).toBe('##c2#Anna### & Bob');

    // A rename to the name it already has adds no version.
    const revision = (await storedRow(agreement.id)).revision;
    expect((await call('PATCH', `${BASE}/${agreement.id}/name`, { cookie, payload: { contractName: '##c2#Anna### & Bob' } })).statusCode).toBe(200);
    expect((await storedRow(agreement.id)).revision).toBe(revision);
  });

  it('refuses an empty or too long name with 400, and answers 404 for ids that are not the caller’s', async () => {
    const anna = await subscriberWithAgreement();
    const bob = await subscriberWithAgreement();
    for (const contractName of ['', '   ', '##c4####', 'x'.repeat(501)]) {
      expect((await call('PATCH', `${BASE}/${anna.agreement.id}/name`, { cookie: anna.cookie, payload: { contractName } })).statusCode).toBe(400);
    }
    for (const contractName of ['Anna\u0000', 'Anna \uDE00', '\uD83D']) {
      const response = await call('PATCH', `${BASE}/${anna.agreement.id}/name`, { cookie: anna.cookie, payload: { contractName } });
      expect(response.statusCode).toBe(400);
      expect(ErrorEnvelopeSchema.parse(response.json()).message).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
    expect((await call('PATCH', `${BASE}/${anna.agreement.id}/name`, { cookie: anna.cookie, payload: {} })).statusCode).toBe(400);
    expectNotFound(await call('PATCH', `${BASE}/${anna.agreement.id}/name`, { cookie: bob.cookie, payload: { contractName: 'Mine now' } }));
    for (const id of FOREIGN_LOOKING_IDS) {
      expectNotFound(await call('PATCH', `${BASE}/${id}/name`, { cookie: anna.cookie, payload: { contractName: 'Mine now' } }));
    }
    expect(await storedRow(anna.agreement.id)).toMatchObject({ contractName: 'Partner 1', revision: 0 });
  });
});

describe('PATCH /api/v1/contracts/my/{id}/template (reset to a template)', () => {
  it('replaces the document with a fresh one from the template, keeps the name, and keeps the previous document', async () => {
    const { cookie, agreement } = await subscriberWithAgreement('Partner 4');
    const loaded = await loadAgreement(agreement.id, cookie);
    const edited = selectEverything({ ...loaded, contractName: 'Partner 4' });
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(edited, 0) })).statusCode).toBe(200);
    const [blank] = await database.db.select().from(templates).where(eq(templates.templateName, BLANK_TEMPLATE_NAME));

    const response = await call('PATCH', `${BASE}/${agreement.id}/template`, { cookie, payload: { templateId: blank!.id } });
    expect(response.statusCode).toBe(200);
    expect(ContractNamesAnswerSchema.parse(response.json()).data).toEqual([{ _id: agreement.id, contractName: 'Partner 4' }]);

    const reset = await loadAgreement(agreement.id, cookie);
    expect(reset).toMatchObject({ contractName: 'Partner 4', revision: 2, templateName: BLANK_TEMPLATE_NAME });
    // The template's content with fresh ids and placeholders (docs/product.md §D4), none of the edits.
    expect(reset.categories.map((c) => c.categoryName)).toEqual(blank!.content.map((c) => c.categoryName));
    expect(reset.categories.map((c) => c.subjects.filter((s) => !isPlaceholderName(s.subjectName)).map((s) => [s.subjectName, s.isSelected]))).toEqual(
      blank!.content.map((c) => c.subjects.map((s) => [s.subjectName, s.isSelected])),
    );
    // Items with the same catalogue key keep their ids (docs/catalogue-keys.md): here the keyed categories; the fixture's subjects have no keys.
    const oldIds = new Set(edited.categories.flatMap((c) => c.subjects.map((s) => s._id)));
    for (const category of reset.categories) {
      expect(category._id).toBe(edited.categories.find((c) => c.key === category.key)!._id);
      for (const subject of category.subjects.filter((s) => !isPlaceholderName(s.subjectName))) expect(oldIds.has(subject._id)).toBe(false);
      expect(isPlaceholderName(category.subjects.at(-1)!.subjectName)).toBe(true);
    }
    const history = await revisionRows(agreement.id);
    expect(history.map((row) => row.revision)).toEqual([0, 1]);
    expect(history[1]!.document).toEqual({ contractName: 'Partner 4', categories: edited.categories });

    // The editor still holding revision 1 must not overwrite the reset.
    expect((await call('PATCH', `${BASE}/${agreement.id}`, { cookie, payload: saveBody(edited, 1) })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown, malformed or hidden template and for ids that are not the caller’s', async () => {
    const anna = await subscriberWithAgreement();
    const bob = await subscriberWithAgreement();
    for (const templateId of [UNKNOWN_UUID, 'not-a-uuid', trialTemplateId]) {
      expectNotFound(
        await call('PATCH', `${BASE}/${anna.agreement.id}/template`, { cookie: anna.cookie, payload: { templateId } }),
        TEMPLATE_NOT_FOUND_MESSAGE,
      );
    }
    expect((await call('PATCH', `${BASE}/${anna.agreement.id}/template`, { cookie: anna.cookie, payload: {} })).statusCode).toBe(400);
    expectNotFound(await call('PATCH', `${BASE}/${anna.agreement.id}/template`, { cookie: bob.cookie, payload: { templateId: basicPrecisionId } }));
    for (const id of FOREIGN_LOOKING_IDS) {
      expectNotFound(await call('PATCH', `${BASE}/${id}/template`, { cookie: anna.cookie, payload: { templateId: basicPrecisionId } }));
    }
    expect(await storedRow(anna.agreement.id)).toMatchObject({ revision: 0, document: anna.agreement.document });
    expect(await revisionRows(anna.agreement.id)).toEqual([]);
  });
});

describe('GET /api/v1/contracts/templates/', () => {
  it('lists the six shipped templates in the spec order, then the others by creation date, never the Free Trial Agreement', async () => {
    const [fixture] = await database.db.select().from(templates).where(eq(templates.templateName, 'Basic Precision'));
    const content = fixture!.content;
    // Created in a scrambled order, uploads interleaved, so that neither date nor name gives the expected order.
    const inserted: [string, string][] = [
      ['LC Standard', '2020-01-01T00:00:00Z'],
      ['Uploaded later', '2024-06-01T00:00:00Z'],
      ['Bridge World Standard', '2020-02-01T00:00:00Z'],
      ['A first upload', '2024-01-01T00:00:00Z'],
      ['Modern Standard American', '2020-03-01T00:00:00Z'],
      ['Basic 2 over 1 Game Forcing', '2019-01-01T00:00:00Z'],
    ];
    for (const [templateName, createdAt] of inserted) {
      await database.db.insert(templates).values({ templateName, content, createdAt: new Date(createdAt) });
    }
    const { cookie } = await subscriberWithAgreement();
    const response = await call('GET', '/api/v1/contracts/templates/', { cookie });
    expect(response.statusCode).toBe(200);
    const list = TemplateNamesAnswerSchema.parse(response.json()).data;
    expect(list.map((t) => t.templateName)).toEqual([
      'Blank',
      'Basic Precision',
      'Modern Standard American',
      'Basic 2 over 1 Game Forcing',
      'Bridge World Standard',
      'LC Standard',
      'A first upload',
      'Uploaded later',
    ]);
    const stored = await database.db.select().from(templates);
    for (const item of list) {
      const row = stored.find((t) => t.id === item._id)!;
      expect(item).toEqual({ _id: row.id, templateName: row.templateName, createdAt: row.createdAt.toISOString() });
    }
  });
});

describe('POST /api/v1/contracts/pdfCreator and reading the PDF', () => {
  /** Makes a PDF as the holder of `cookie` and answers where it is. */
  async function makePdf(cookie: string, contract: ContractDocument, extra: object = {}) {
    const response = await call('POST', '/api/v1/contracts/pdfCreator', { cookie, payload: { contract, isSubscriber: true, ...extra } });
    expect(response.statusCode).toBe(200);
    return PdfFileInfoAnswerSchema.parse(response.json()).data;
  }

  async function pdfText(bytes: Buffer): Promise<string> {
    return (await readPdfText(bytes)).join(' ').replace(/\s+/g, ' ');
  }

  it('prints the version it was asked for in the footer, with the print options (docs/product.md §11)', async () => {
    const { cookie, agreement } = await subscriberWithAgreement('Versioned');
    const contract = selectEverything(await loadAgreement(agreement.id, cookie));
    const info = await makePdf(cookie, contract, { revision: 4, print: { layout: 'compact', fourColourSuits: true, legend: false } });
    const text = await pdfText((await call('GET', `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, { cookie })).rawPayload);
    expect(text).toMatch(/Version 4 · \d{1,2} [A-Z][a-z]+ \d{4} · Page 1 of \d+/);
    expect(text).not.toContain('Bold: on the ACBL convention card.');
  });

  it('holds every selected item of all 13 categories, and belongs to the subscriber for 30 days', async () => {
    const { account, cookie, agreement } = await subscriberWithAgreement('Partner 1: Anna');
    const loaded = await loadAgreement(agreement.id, cookie);
    let contract: ContractDocument = selectEverything(loaded);
    const slam = contract.categories[7]!;
    contract = renameOption(contract, slam._id, slam.subjects[0]!._id, slam.subjects[0]!.options.at(-1)!._id, '##c4#RKCB 1430### over !h');
    const leads = contract.categories[11]!;
    contract = renameSubject(contract, leads._id, leads.subjects.at(-1)!._id, 'Top of nothing');

    // isSubscriber false is ignored: a subscriber's PDF has all 13 categories.
    const info = await makePdf(cookie, contract, { isSubscriber: false, pageSize: 'a4' });
    expect(info.fileName).toBe('Partner-1-Anna.pdf');

    const file = await call('GET', `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, { cookie });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(file.rawPayload);

    const outline = outlineAgreement(contract);
    expect(outline).toHaveLength(CATEGORY_COUNT);
    const expected = outline.flatMap((category) => [
      category.category.categoryName,
      ...category.subcategories.flatMap((sub) => sub.subjects.flatMap((subject) => [subject.name, ...subject.options.map((option) => option.name)])),
    ]);
    expect(expected).toContain('##c4#RKCB 1430### over !h');
    expect(expected).toContain('Top of nothing');
    for (const name of expected) expect(text).toContain(expandSuits(stripMarkup(name)).replace(/\s+/g, ' '));

    const [stored] = await database.db.select().from(pdfFiles).where(eq(pdfFiles.pathName, info.pathName));
    expect(stored).toMatchObject({ ownerUserId: account.id, isGuest: false, fileName: info.fileName });
    const lifetime = stored!.expiresAt!.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetime - SUBSCRIBER_PDF_LIFETIME_MS)).toBeLessThan(60_000);
  });

  it('leaves out what is not selected', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const loaded = await loadAgreement(agreement.id, cookie);
    // The fixture's General Approach subject is selected and locked; Preempts' subject is not selected.
    const info = await makePdf(cookie, loaded);
    const text = await pdfText((await call('GET', `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, { cookie })).rawPayload);
    expect(text).toContain('Strong club (16+ HCP)');
    expect(text).not.toContain('Light preempts');
  });

  it('is read by its owner and administrators only', async () => {
    const anna = await subscriberWithAgreement();
    const bob = await subscriberWithAgreement();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const info = await makePdf(anna.cookie, anna.agreement.document);
    const url = `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`;
    expect((await call('GET', url, { cookie: anna.cookie })).statusCode).toBe(200);
    expect((await call('GET', url, { cookie: await signInAs(database.db, admin.id) })).statusCode).toBe(200);
    expect((await call('GET', url, { cookie: bob.cookie })).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(404);
  });

  it('refuses a malformed agreement with 400', async () => {
    const { cookie, agreement } = await subscriberWithAgreement();
    const response = await call('POST', '/api/v1/contracts/pdfCreator', {
      cookie,
      payload: { contract: { ...agreement.document, categories: agreement.document.categories.slice(1) } },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(response.json()).message).toContain('"contract.categories"');
  });

  it('the file-name-only viewer serves the caller’s newest unexpired PDF of that name, and nobody else’s', async () => {
    const anna = await subscriberWithAgreement('Shared name');
    const bob = await subscriberWithAgreement('Shared name');
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const loaded = await loadAgreement(anna.agreement.id, anna.cookie);
    const older = await makePdf(anna.cookie, loaded);
    const overcalls = loaded.categories[8]!;
    const newer = await makePdf(anna.cookie, renameSubject(loaded, overcalls._id, overcalls.subjects.at(-1)!._id, 'Newest edit'));
    expect(newer.fileName).toBe(older.fileName);
    await makePdf(bob.cookie, bob.agreement.document);
    const url = `/api/v1/contracts/pdfviewer/${newer.fileName}`;

    const response = await call('GET', url, { cookie: anna.cookie });
    expect(response.statusCode).toBe(200);
    // The ASCII file name, then the agreement's own name as filename* (docs/pdf.md §4).
    expect(String(response.headers['content-disposition'])).toMatch(new RegExp(`^inline; filename="?${newer.fileName.replace(/[.]/g, '\\.')}"?(;|$)`));
    expect(await pdfText(response.rawPayload)).toContain('Newest edit');
    const bobs = await call('GET', url, { cookie: bob.cookie });
    expect(bobs.statusCode).toBe(200);
    expect(await pdfText(bobs.rawPayload)).not.toContain('Newest edit');

    // Administrators read files by their path name; by name they get only their own.
    expectNotFound(await call('GET', url, { cookie: await signInAs(database.db, admin.id) }), LATEST_PDF_NOT_FOUND_MESSAGE);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/contracts/pdfviewer/Nothing-here.pdf', { cookie: anna.cookie })).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/contracts/pdfviewer/not-a-pdf.exe', { cookie: anna.cookie })).statusCode).toBe(400);

    // When the newest expires, the older one is served; when both have, none.
    await database.db
      .update(pdfFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pdfFiles.pathName, newer.pathName));
    const fallback = await call('GET', url, { cookie: anna.cookie });
    expect(fallback.statusCode).toBe(200);
    expect(await pdfText(fallback.rawPayload)).not.toContain('Newest edit');
    await database.db
      .update(pdfFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pdfFiles.pathName, older.pathName));
    expect((await call('GET', url, { cookie: anna.cookie })).statusCode).toBe(404);
  });
});

describe('a PDF worker ready for someone working on an agreement (pdf/pdf-pool.ts prepare)', () => {
  it('is asked for after a load and after each kind of save, never after a refused load', async () => {
    let prepared = 0;
    const preparing = await buildTestApp(database.db, { preparePdf: () => (prepared += 1) });
    try {
      const { cookie, agreement } = await subscriberWithAgreement();
      const stranger = await createTestAccount(database.db);
      const refused = await preparing.inject({ method: 'GET', url: `${BASE}/${agreement.id}`, headers: { cookie: await signInAs(database.db, stranger.id) } });
      expect(refused.statusCode).toBe(404);
      expect(prepared).toBe(0);
      const loaded = await preparing.inject({ method: 'GET', url: `${BASE}/${agreement.id}`, headers: { cookie } });
      expect(loaded.statusCode).toBe(200);
      expect(prepared).toBe(1);
      const contract = ContractAnswerSchema.parse(loaded.json()).data;
      const saved = await preparing.inject({
        method: 'PATCH',
        url: `${BASE}/${agreement.id}`,
        headers: { cookie },
        payload: saveBody(contract, contract.revision),
      });
      expect(saved.statusCode).toBe(200);
      expect(prepared).toBe(2);
      const revision = (saved.json() as { data: { revision: number } }).data.revision;
      const changes = await preparing.inject({
        method: 'PATCH',
        url: `${BASE}/${agreement.id}/changes`,
        headers: { cookie },
        payload: { revision, changes: [{ op: 'replace', path: '/contractName', value: 'Partner 9' }] },
      });
      expect(changes.statusCode).toBe(200);
      expect(prepared).toBe(3);
    } finally {
      await preparing.close();
    }
  });
});
