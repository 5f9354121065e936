/**
 * Export and import of agreements over HTTP (docs/product.md §12): JSON, CSV and the product's own PDF
 * come back as the same agreement; a file that cannot be imported is refused with its problem and
 * changes nothing; an import is a version in the history.
 */
import { ContractAnswerSchema, ErrorEnvelopeSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import { SaveContractAnswerSchema } from '@bpa/domain/api-contracts';
import { AGREEMENT_FILE_FORMAT, AGREEMENT_FILE_VERSION, newerVersionMessage, readAgreementJson } from '@bpa/domain/agreement-file';
import type { ContractDocument } from '@bpa/domain/contract';
import { renameOption, renameSubject, selectAllInCategory } from '@bpa/domain/editing';
import { RevisionListAnswerSchema, describeChange } from '@bpa/domain/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, testCatalogue } from '../../test/test-app';
import { keyCategories } from '../../catalogue/catalogue';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { NOT_A_CARD_MESSAGE, PDF_CONTENT_TOO_LARGE_MESSAGE } from '../../file-import/read-uploaded-agreement';
import { OFFICIAL_CARD_FILES } from '../../pdf/render-official-card';
import { PDFDocument } from '@cantoo/pdf-lib';
import { readFileSync } from 'node:fs';
import { ImportPreviewAnswerSchema } from '@bpa/domain/api-contracts';
import { NOT_PLACED_SUBJECT } from '@bpa/domain/card-import';
import { pdfWithAttachment } from '../../test/hostile-pdfs';
import { loadTemplates } from '../templates/load-templates';
import { type TestAgreement, insertTestAgreement } from '../agreements/test-agreements';

let database: TestDatabase;
let app: App;
let cookie: string;
let source: TestAgreement;
let target: TestAgreement;
let sourceDocument: ContractDocument;
let keyedSource: ContractDocument;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  app = await buildTestApp(database.db);
  await app.ready();
  const account = await createTestAccount(database.db);
  cookie = await signInAs(database.db, account.id);
  source = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: '##c3#With Pat### !h' });
  target = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Partner 2' });
  // Something ticked and the players named, saved through the API.
  const ticked: ContractDocument = { ...selectAllInCategory(source.document, source.document.categories[1]!._id), playerNames: ['Anna Smith', 'Bob Jones'] };
  const saved = await app.inject({ method: 'PATCH', url: `/api/v1/contracts/my/${source.id}`, headers: { cookie }, payload: { ...ticked, revision: 0 } });
  expect(saved.statusCode).toBe(200);
  sourceDocument = ticked;
  // What an import of it into another agreement stores: items named as catalogue items get their keys by name.
  keyedSource = { ...ticked, categories: keyCategories(ticked.categories, testCatalogue()).categories };
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const load = async (id: string) =>
  ContractAnswerSchema.parse((await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${id}`, headers: { cookie } })).json()).data;
const exportOf = (id: string, format: 'json' | 'csv') =>
  app.inject({ method: 'GET', url: `/api/v1/contracts/${id}/export?format=${format}`, headers: { cookie } });
const importInto = (id: string, fileName: string, bytes: Buffer | string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${id}/import`,
    headers: { cookie },
    payload: { fileName, data: Buffer.from(bytes).toString('base64') },
  });
const documentOf = ({ contractName, categories, playerNames }: ContractDocument): ContractDocument => ({
  contractName,
  categories,
  ...(playerNames ? { playerNames } : {}),
});
/** Without ids: an import takes the ids of the items the agreement has under the same keys. */
const withoutIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '_id' ? undefined : inner)));

describe('GET /api/v1/contracts/{id}/export', () => {
  it('answers the agreement as a versioned JSON file to download', async () => {
    const response = await exportOf(source.id, 'json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=/);
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''With%20Pat%20%E2%99%A5.json");
    const file = JSON.parse(response.body) as { format: string; version: number };
    expect(file).toMatchObject({ format: AGREEMENT_FILE_FORMAT, version: AGREEMENT_FILE_VERSION });
    expect(readAgreementJson(response.body)).toEqual(sourceDocument);
  });

  it('answers the agreement as a master-template CSV', async () => {
    const response = await exportOf(source.id, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The key and id columns (docs/agreement-format.md, "CSV"): the fixture's categories are keyed.
    expect(response.body.split('\n').slice(0, 2)).toEqual(['level,name,bold,italic,selected,locked,key,id', 'template,##c3#With Pat### !h,,,,,,']);
  });
});

describe('GET /api/v1/agreement-format', () => {
  it('publishes the JSON Schema of the agreement file', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/agreement-format' });
    expect(response.statusCode).toBe(200);
    const schema = response.json() as { properties: Record<string, { const?: unknown; minimum?: number; maximum?: number }>; required: string[] };
    expect(schema.properties.format?.const).toBe(AGREEMENT_FILE_FORMAT);
    expect(schema.properties.version).toMatchObject({ minimum: 1, maximum: AGREEMENT_FILE_VERSION });
    expect(schema.required).toEqual(expect.arrayContaining(['format', 'version', 'agreement']));
  });
});

describe('the API documentation', () => {
  it("describes the agreement file in the export route's JSON answer", async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
    };
    const answer = document.paths['/api/v1/contracts/{id}/export']?.get?.responses['200']?.content;
    expect(Object.keys(answer ?? {})).toEqual(['application/json', 'text/csv', 'application/xml']);
    const schema = JSON.stringify(answer?.['application/json']?.schema);
    for (const field of [AGREEMENT_FILE_FORMAT, 'contractName', 'playerNames', 'categories', 'subjects', 'optionName']) expect(schema).toContain(field);
  });
});

describe('POST /api/v1/contracts/{id}/import', () => {
  it.each(['json', 'csv'] as const)('imports an exported %s file into another agreement, as a version of its history', async (format) => {
    const before = await load(target.id);
    const file = (await exportOf(source.id, format)).rawPayload;
    const response = await importInto(target.id, `mine.${format}`, file);
    expect(response.statusCode).toBe(200);
    // The agreement keeps its own name (docs/product.md §12): five slots filled from one file stay apart.
    expect(SaveContractAnswerSchema.parse(response.json()).data).toMatchObject({ contractName: before.contractName, revision: before.revision + 1 });
    const after = await load(target.id);
    // The target's items keep their ids where the file's have the same keys (docs/catalogue-keys.md).
    if (format === 'json') expect(withoutIds(documentOf(after))).toEqual(withoutIds({ ...keyedSource, contractName: before.contractName }));
    // A CSV holds no player names (the master-template format has no place for them).
    else expect(withoutIds(documentOf(after))).toEqual(withoutIds({ ...keyedSource, contractName: before.contractName, playerNames: undefined }));
    const history = RevisionListAnswerSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/contracts/${target.id}/revisions`, headers: { cookie } })).json(),
    ).data;
    expect(history.revisions[0]).toMatchObject({ revision: after.revision, kind: 'import' });
    expect(describeChange('import', history.revisions[0]!.change)).toMatch(new RegExp(`^imported "mine\\.${format}"`));
  });

  it('adds no version when the file holds the very agreement stored (a second import of the same JSON)', async () => {
    const file = (await exportOf(source.id, 'json')).rawPayload;
    expect((await importInto(target.id, 'again.json', file)).statusCode).toBe(200);
    const once = await load(target.id);
    const again = await importInto(target.id, 'again.json', file);
    expect(again.statusCode).toBe(200);
    expect(SaveContractAnswerSchema.parse(again.json()).data.revision).toBe(once.revision);
    expect((await load(target.id)).revision).toBe(once.revision);
  });

  it('imports the CSV of an agreement with renamed categories (the trial ones too) and renamed and added items as the same agreement', async () => {
    const account = await createTestAccount(database.db);
    const ownCookie = await signInAs(database.db, account.id);
    const renamed = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'buttons and bows' });
    const into = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Into' });
    let document: ContractDocument = {
      contractName: renamed.document.contractName,
      categories: renamed.document.categories.map((category, index) => ({
        ...category,
        categoryName: `##c${(index % 5) + 1}#${category.categoryName}### (ours) !s`,
      })),
    };
    const category = document.categories.find((c) => c.subjects.length > 1 && c.subjects[0]!.options.length > 1)!;
    const [subject, placeholder] = [category.subjects[0]!, category.subjects.at(-1)!];
    document = renameSubject(document, category._id, subject._id, '=Ours, "quoted" 1!h');
    document = renameOption(document, category._id, subject._id, subject.options[0]!._id, 'buttonhole');
    document = renameSubject(document, category._id, placeholder._id, 'x'.repeat(500));
    const added = document.categories.find((c) => c._id === category._id)!.subjects.at(-2)!;
    document = renameOption(document, category._id, added._id, added.options[0]!._id, "'Added option");
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/contracts/my/${renamed.id}`,
      headers: { cookie: ownCookie },
      payload: { ...document, revision: 0 },
    });
    expect(saved.statusCode).toBe(200);

    const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/${renamed.id}/export?format=csv`, headers: { cookie: ownCookie } });
    expect(file.statusCode).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${into.id}/import`,
      headers: { cookie: ownCookie },
      payload: { fileName: 'renamed.csv', data: file.rawPayload.toString('base64') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = ContractAnswerSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${into.id}`, headers: { cookie: ownCookie } })).json(),
    ).data;
    expect(withoutIds(documentOf(after))).toEqual(
      withoutIds({ ...document, contractName: into.document.contractName, categories: keyCategories(document.categories, testCatalogue()).categories }),
    );
  });

  it('imports a PDF the product made, from its attachment', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/pdfCreator',
      headers: { cookie },
      payload: { contract: sourceDocument, isSubscriber: true },
    });
    const info = PdfFileInfoAnswerSchema.parse(made.json()).data;
    const pdf = (await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, headers: { cookie } })).rawPayload;
    const response = await importInto(target.id, info.fileName, pdf);
    expect(response.statusCode).toBe(200);
    expect(withoutIds(documentOf(await load(target.id)))).toEqual(withoutIds({ ...keyedSource, contractName: target.document.contractName }));
  });

  it.each([
    ['text that is not JSON', '{ "format": nope', /^The file is not valid JSON/],
    [
      'a file of a newer version',
      JSON.stringify({ format: AGREEMENT_FILE_FORMAT, version: 7, agreement: {} }),
      new RegExp(`^${newerVersionMessage(7).replace(/[().]/g, '\\$&')}$`),
    ],
    ['a CSV with an unknown level', 'level,name,bold,italic,selected,locked\ntemplate,X,,,,\nsubjet,Y,,,,\n', /^The CSV file cannot be imported: Line 3/],
  ])('refuses %s with its problem, and changes nothing', async (_case, content, message) => {
    const before = await load(target.id);
    const response = await importInto(target.id, 'bad.file', content);
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(response.json()).message).toMatch(message);
    expect(await load(target.id)).toEqual(before);
  });

  it('refuses an agreement that breaks the rules of a save, naming the field, and changes nothing', async () => {
    const before = await load(target.id);
    const file = JSON.parse((await exportOf(source.id, 'json')).body) as { agreement: ContractDocument };
    (file.agreement.categories[3]!.subjects[0] as { subjectName: string }).subjectName = 'x'.repeat(501);
    const response = await importInto(target.id, 'edited.json', JSON.stringify(file));
    expect(response.statusCode).toBe(400);
    const answer = ErrorEnvelopeSchema.parse(response.json());
    // Named as the player reads the agreement, counted from 1 (docs/agreement-format.md, "Import").
    expect(answer.message).toContain(`category 4 "${file.agreement.categories[3]!.categoryName}", subject 1 "${'x'.repeat(39)}…": name: `);
    expect(answer.issues?.[0]?.message).toMatch(/^category 4 "[^"]+", subject 1 "x+…": name: /);
    expect(await load(target.id)).toEqual(before);
  });

  it('refuses a file name the database cannot store (a NUL byte) with 400, not a failure', async () => {
    const file = (await exportOf(source.id, 'json')).rawPayload;
    const response = await importInto(target.id, 'mine\u0000.json', file);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a file over 2 MB before reading it', async () => {
    const before = await load(target.id);
    const response = await importInto(target.id, 'huge.csv', 'x'.repeat(2_000_001));
    expect(response.statusCode).toBe(413);
    expect(ErrorEnvelopeSchema.parse(response.json()).message).toMatch(/too large/i);
    expect(await load(target.id)).toEqual(before);
  });

  it('refuses a PDF that holds no agreement and is no ACBL card (a comparison sheet)', async () => {
    const sheet = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/compare/pdf',
      headers: { cookie },
      payload: { left: { label: 'A', contract: sourceDocument }, right: { label: 'B', contract: source.document } },
    });
    const response = await importInto(target.id, 'compare.pdf', sheet.rawPayload);
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(response.json()).message).toBe(NOT_A_CARD_MESSAGE);
  });

  it('refuses a 3 kB PDF whose attachment inflates to 64 MB with 413, and changes nothing', async () => {
    const before = await load(target.id);
    const bomb = pdfWithAttachment(Buffer.alloc(64 * 1024 * 1024), 2);
    const response = await importInto(target.id, 'bomb.pdf', bomb);
    expect(response.statusCode).toBe(413);
    expect(ErrorEnvelopeSchema.parse(response.json()).message).toBe(PDF_CONTENT_TOO_LARGE_MESSAGE);
    expect((await load(target.id)).revision).toBe(before.revision);
  });

  it('refuses an agreement of another account as if it did not exist', async () => {
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${target.id}/import`,
      headers: { cookie: stranger },
      payload: { fileName: 'x.json', data: Buffer.from('{}').toString('base64') },
    });
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/contracts/${target.id}/export`, headers: { cookie: stranger } })).statusCode).toBe(404);
  });
});

describe('importing a filled ACBL convention card (docs/agreement-format.md, "Other tools\' cards")', () => {
  /** The blank classic form filled as a player would, with a PDF library. */
  async function filledClassicCard(): Promise<Buffer> {
    const form = await PDFDocument.load(readFileSync(OFFICIAL_CARD_FILES.classic));
    const fields = form.getForm();
    fields.getTextField('NAMES').setText('Anna Gray & Bob White');
    fields.getTextField('to_4').setText('15');
    fields.getTextField('1_2').setText('17');
    fields.getTextField('2s').setText('Both minors, invitational or better');
    fields.getCheckBox('2c Stayman').check();
    fields.getCheckBox('Natural Artif Bids').check();
    return Buffer.from(await form.save());
  }

  it('reports what it will do before anything changes, then imports the card as a version', async () => {
    const card = await filledClassicCard();
    const preview = await app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${target.id}/import-preview`,
      headers: { cookie },
      payload: { fileName: 'card.pdf', data: card.toString('base64') },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(ImportPreviewAnswerSchema.parse(preview.json()).data).toEqual({
      format: 'ACBL convention card, classic (2023)',
      read: 6,
      placed: 4,
      placedAsText: 1,
      notPlaced: ['Natural Artif Bids: ticked'],
    });
    const before = (await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${target.id}`, headers: { cookie } })).json() as {
      data: { revision: number };
    };

    const response = await importInto(target.id, 'card.pdf', card);
    expect(response.statusCode, response.body).toBe(200);
    const loaded = ContractAnswerSchema.parse((await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${target.id}`, headers: { cookie } })).json()).data;
    expect(loaded.revision).toBe(before.data.revision + 1);
    expect(loaded.playerNames).toEqual(['Anna Gray', 'Bob White']);
    const subjects = loaded.categories.flatMap((category) => category.subjects);
    const subject = (key: string) => subjects.find((candidate) => candidate.key === key)!;
    expect(
      subject('nt.range')
        .options.filter((option) => option.isSelected)
        .map((option) => option.key),
    ).toEqual(['nt.range.15-17']);
    expect(subject('nt.stayman').options.find((option) => option.key === 'nt.stayman.regular')?.isSelected).toBe(true);
    expect(subject('nt.2s').note).toBe('Both minors, invitational or better');
    expect(
      subjects.find((candidate) => candidate.editedName === NOT_PLACED_SUBJECT)?.options.some((option) => option.editedName === 'Natural Artif Bids: ticked'),
    ).toBe(true);
  });
});
