import { AcblCardAnswerSchema } from '@bpa/domain/api-contracts';
import { ContractAnswerSchema, ErrorEnvelopeSchema, GuestContractNamesAnswerSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import { CATEGORY_COUNT, FREE_TRIAL_TEMPLATE_NAME, GUEST_PDF_BODY_LIMIT_BYTES, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import { type ContractDocument, isPlaceholderName } from '@bpa/domain/contract';
import { selectAllInCategory } from '@bpa/domain/editing';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { pdfFiles } from '../../db/schema/pdf-files';
import { templates } from '../../db/schema/templates';
import { readPdfText } from '../../test/read-pdf-text';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { deleteExpiredPdfFiles } from '../pdf-files/delete-expired-pdf-files';
import { GUEST_BROWSER_COOKIE, GUEST_PDFS_PER_BROWSER_PER_MINUTE } from './guest-browser-limit';
import { GUEST_PDF_RATE_LIMIT } from './guest-agreement-routes';
import { GUEST_PDF_LIFETIME_MS } from './make-guest-pdf';

let database: TestDatabase;
let app: App;
let trialId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  app = await buildTestApp(database.db);
  await app.ready();
  const names = GuestContractNamesAnswerSchema.parse((await app.inject({ method: 'GET', url: '/api/v1/contracts/guest' })).json());
  trialId = names.data[0]!._id;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function getTrialAgreement(): Promise<ContractDocument & { _id: string }> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/contracts/guest/${trialId}` });
  expect(response.statusCode).toBe(200);
  return ContractAnswerSchema.parse(response.json()).data;
}

/** Every subject and option of every category ticked: the most a guest could ask for. */
function selectEverything<T extends ContractDocument>(agreement: T): T {
  return agreement.categories.reduce((doc, category) => selectAllInCategory(doc, category._id), agreement);
}

async function makePdf(body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: body as object, headers });
}

async function fetchPdf(info: { pathName: string; fileName: string }) {
  return app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}` });
}

describe('GET /api/v1/contracts/guest', () => {
  it('lists the one trial agreement, whose id is the Free Trial Agreement template', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/contracts/guest' });
    expect(response.statusCode).toBe(200);
    const [template] = await database.db.select().from(templates).where(eq(templates.templateName, FREE_TRIAL_TEMPLATE_NAME));
    expect(response.json()).toEqual({ status: 'success', data: [{ _id: template!.id, contractName: 'Trial Agreement' }] });
  });
});

describe('GET /api/v1/contracts/guest/{id}', () => {
  it('answers the trial agreement: 13 categories, the two trial ones in full with placeholders, revision 0, its template name', async () => {
    const agreement = await getTrialAgreement();
    expect(agreement).toMatchObject({ _id: trialId, contractName: 'Trial Agreement', revision: 0, templateName: FREE_TRIAL_TEMPLATE_NAME });
    expect(agreement.categories).toHaveLength(CATEGORY_COUNT);
    expect(agreement.categories.map((c) => c.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const name of TRIAL_CATEGORY_NAMES) expect(agreement.categories.map((c) => c.categoryName)).toContain(name);
    // docs/product.md §14: the eleven locked categories by name only.
    const locked = agreement.categories.filter((c) => !(TRIAL_CATEGORY_NAMES as readonly string[]).includes(c.categoryName));
    expect(locked).toHaveLength(CATEGORY_COUNT - 2);
    for (const category of locked) expect(category.subjects).toEqual([]);
    for (const category of agreement.categories.filter((c) => !locked.includes(c))) {
      // docs/product.md §D4: every category ends with a placeholder subject, every subject with a placeholder option.
      expect(isPlaceholderName(category.subjects.at(-1)!.subjectName)).toBe(true);
      for (const subject of category.subjects.slice(0, -1)) {
        expect(isPlaceholderName(subject.options.at(-1)!.optionName)).toBe(true);
      }
    }
    const overcalls = agreement.categories.find((c) => c.categoryName === 'Overcalls')!;
    expect(overcalls.subjects.map((s) => s.subjectName)).toEqual([
      '1-level overcall range',
      '##c2#Michaels### cuebid',
      'Weak jump overcalls',
      expect.stringMatching(/^button/),
    ]);
    // docs/product.md §14: the trial starts blank, though the template ticks this subject.
    expect(overcalls.subjects[0]).toMatchObject({ subcategoryName: 'Simple overcalls', subcategoryBold: true, bold: true, isSelected: false });
    const ticked = agreement.categories.flatMap((c) => c.subjects.flatMap((subject) => [subject.isSelected, ...subject.options.map((o) => o.isSelected)]));
    expect(ticked.filter(Boolean)).toEqual([]);
  });

  it('sends only what the trial shows: far smaller than the whole template (docs/product.md §14)', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/contracts/guest/${trialId}` });
    const { categories } = ContractAnswerSchema.parse(response.json()).data;
    const trialPart = JSON.stringify(categories.filter((c) => (TRIAL_CATEGORY_NAMES as readonly string[]).includes(c.categoryName))).length;
    // Beyond the two trial categories: the envelope and eleven names with their ids, a few hundred bytes.
    expect(response.rawPayload.length - trialPart).toBeLessThan(2500);
  });

  it('makes fresh subject ids on every load (nothing about a guest is stored)', async () => {
    const [first, second] = [await getTrialAgreement(), await getTrialAgreement()];
    expect(first.categories[0]!._id).not.toBe(second.categories[0]!._id);
  });

  it('answers 404 for an unknown id, a non-UUID id, and a visible template id', async () => {
    const [visible] = await database.db.select().from(templates).where(eq(templates.templateName, 'Basic Precision'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', visible!.id]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/contracts/guest/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'This agreement does not exist.' });
    }
  });
});

describe('POST /api/v1/contracts/acbl-card-guest (docs/official-cards.md §4)', () => {
  it('makes the official card of the two trial categories only, stored like a guest PDF, with its fit report', async () => {
    const agreement = selectEverything(await getTrialAgreement());
    const response = await app.inject({ method: 'POST', url: '/api/v1/contracts/acbl-card-guest', payload: { contract: agreement, card: '2022' } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = AcblCardAnswerSchema.parse(response.json()).data;
    expect(answer.fileName).toMatch(/ACBL-2022-card\.pdf$/);
    // Everything selected: what the card has no field for is on the supplement, all of it from the trial's categories.
    expect(answer.fitReport.length).toBeGreaterThan(0);
    const [card, ...supplementPages] = await readPdfText((await fetchPdf(answer)).rawPayload);
    expect(card).toContain('OVERVIEW');
    const supplement = supplementPages.join('\n');
    expect(supplement).toMatch(/S1 · (Overcalls|Doubles and Redoubles)/);
    for (const other of ['General Approach', 'Notrump Openings', 'Slam Bidding', 'Stayman']) expect(supplement).not.toContain(other);
    const [stored] = await database.db.select().from(pdfFiles).where(eq(pdfFiles.pathName, answer.pathName));
    expect(stored).toMatchObject({ isGuest: true, ownerUserId: null });
  });

  it('refuses a card it does not know', async () => {
    const agreement = await getTrialAgreement();
    const response = await app.inject({ method: 'POST', url: '/api/v1/contracts/acbl-card-guest', payload: { contract: agreement, card: 'ebu' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/v1/contracts/pdf-guest', () => {
  it('answers where to fetch the PDF: a safe file name and an unguessable path name', async () => {
    const agreement = await getTrialAgreement();
    const response = await makePdf({ contract: { ...agreement, contractName: '##c3#Anna & Bob### — 2/1!' }, isSubscriber: false, pageSize: 'letter' });
    expect(response.statusCode).toBe(200);
    const { data } = PdfFileInfoAnswerSchema.parse(response.json());
    expect(data.fileName).toBe('Anna-Bob-2-1.pdf');
    // 24 random bytes in base64url: 32 characters, 192 bits.
    expect(data.pathName).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const second = PdfFileInfoAnswerSchema.parse((await makePdf({ contract: agreement })).json()).data;
    expect(second.pathName).not.toBe(data.pathName);
    expect(second.fileName).toBe('Trial-Agreement.pdf');
  });

  it('stores a real PDF with only the two trial categories, even when every category is selected', async () => {
    const agreement = selectEverything(await getTrialAgreement());
    const info = PdfFileInfoAnswerSchema.parse((await makePdf({ contract: agreement, isSubscriber: true, pageSize: 'a4' })).json()).data;

    const response = await fetchPdf(info);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // The ASCII file name, then the agreement's own name as filename* (docs/pdf.md §4).
    expect(String(response.headers['content-disposition'])).toMatch(new RegExp(`^inline; filename="?${info.fileName.replace(/[.]/g, '\\.')}"?(;|$)`));
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = (await readPdfText(response.rawPayload)).join('\n');
    expect(text).toContain('Overcalls');
    expect(text).toContain('Doubles and Redoubles');
    expect(text).toContain('Negative doubles');
    expect(text).toContain('Michaels');
    for (const other of ['General Approach', 'Notrump Openings', 'Slam Bidding', 'Signals and Discards', 'Stayman', 'RKCB 1430']) {
      expect(text).not.toContain(other);
    }
    const [stored] = await database.db.select().from(pdfFiles).where(eq(pdfFiles.pathName, info.pathName));
    expect(stored).toMatchObject({ isGuest: true, ownerUserId: null, fileName: info.fileName });
    expect(stored!.expiresAt!.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(GUEST_PDF_LIFETIME_MS - 60_000);
    expect(stored!.expiresAt!.getTime() - stored!.createdAt.getTime()).toBeLessThan(GUEST_PDF_LIFETIME_MS + 60_000);
  });

  it('prints with the print options: legend by default, left out on request; an unknown layout is refused (docs/product.md §11)', async () => {
    const agreement = selectEverything(await getTrialAgreement());
    const textOf = async (body: unknown) =>
      (await readPdfText((await fetchPdf(PdfFileInfoAnswerSchema.parse((await makePdf(body)).json()).data)).rawPayload)).join('\n');
    expect(await textOf({ contract: agreement })).toContain('Bold: on the ACBL convention card.');
    const large = await textOf({ contract: agreement, pageSize: 'a4', print: { layout: 'large', fourColourSuits: true, legend: false } });
    expect(large).not.toContain('Bold: on the ACBL convention card.');
    expect(large).toContain('Overcalls');
    const refused = await makePdf({ contract: agreement, print: { layout: 'poster' } });
    expect(refused.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(refused.json()).message).toMatch(/layout/);
  });

  it('refuses a malformed agreement with 400 and a message naming the field', async () => {
    const agreement = await getTrialAgreement();
    const response = await makePdf({ contract: { ...agreement, categories: agreement.categories.slice(0, 2) } });
    expect(response.statusCode).toBe(400);
    const body = ErrorEnvelopeSchema.parse(response.json());
    expect(body.status).toBe('fail');
    expect(body.message).toMatch(/^Invalid request: body field "contract\.categories": .*13/);

    const wrongType = await makePdf({ contract: { ...agreement, contractName: 42 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('"contract.contractName"');

    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/pdf-guest',
      headers: { 'content-type': 'application/json' },
      payload: '{"contract":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'Invalid request: the body is not valid JSON.' });
  });

  it('refuses a body over the guest limit (256 kB: two trial categories) with 413 and a clear message', async () => {
    const agreement = await getTrialAgreement();
    const response = await makePdf({ contract: { ...agreement, contractName: 'x'.repeat(GUEST_PDF_BODY_LIMIT_BYTES) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'The request is too large: the limit is 256 kB.' });
  });

  it('takes a gzip-compressed body (the trial sends it so: docs/pdf.md §8), and limits it by its size once decompressed', async () => {
    const agreement = await getTrialAgreement();
    const compressed = gzipSync(JSON.stringify({ contract: agreement }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/pdf-guest',
      payload: compressed,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // A small file that inflates past the limit (a "zip bomb") is refused as a large body is, not read whole.
    const bomb = gzipSync(JSON.stringify({ contract: { ...agreement, contractName: ' '.repeat(20 * GUEST_PDF_BODY_LIMIT_BYTES) } }));
    expect(bomb.length).toBeLessThan(GUEST_PDF_BODY_LIMIT_BYTES / 10);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/pdf-guest',
      payload: bomb,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'The request is too large: the limit is 256 kB.' });
  });

  it('refuses cross-site requests with 403 and accepts same-origin ones', async () => {
    const agreement = await getTrialAgreement();
    const crossSite = await makePdf({ contract: agreement }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'This request was refused because it did not come from this site.' });
    const otherOrigin = await makePdf({ contract: agreement }, { origin: 'https://evil.example' });
    expect(otherOrigin.statusCode).toBe(403);
    const sameOrigin = await makePdf({ contract: agreement }, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('the trial limit (docs/product.md §14)', () => {
  it('comes from the stored trial template by position: renaming every category "Overcalls" prints only the two trial categories', async () => {
    const agreement = await getTrialAgreement();
    // A crafted request: every category named Overcalls and filled with subjects of its own.
    const stuffed = {
      ...agreement,
      categories: agreement.categories.map((category, index) => ({
        ...category,
        categoryName: 'Overcalls',
        subjects: [
          {
            _id: `s${index}`,
            subjectName: `Secret agreement ${index}`,
            subcategoryName: '',
            subcategoryBold: false,
            subcategoryItalics: false,
            bold: false,
            italics: false,
            isSelected: true,
            isLocked: false,
            options: [],
            editedName: '',
            isEdited: false,
          },
        ],
      })),
    };
    const made = await makePdf({ contract: stuffed });
    expect(made.statusCode).toBe(200);
    const text = (await readPdfText((await fetchPdf(PdfFileInfoAnswerSchema.parse(made.json()).data)).rawPayload)).join('\n');
    const trialIndexes = agreement.categories.flatMap((c, i) => ((TRIAL_CATEGORY_NAMES as readonly string[]).includes(c.categoryName) ? [i] : []));
    expect(trialIndexes).toHaveLength(2);
    for (let index = 0; index < CATEGORY_COUNT; index++) {
      if (trialIndexes.includes(index)) expect(text).toContain(`Secret agreement ${index}`);
      else expect(text).not.toContain(`Secret agreement ${index}`);
    }
    // Printed under the template's own names.
    expect(text).toContain('Doubles and Redoubles');
  });
});

describe('PDF file names (docs/pdf.md §4)', () => {
  it('makes every PDF fetchable, whatever the length of the name, and keeps accents and suits in the saved name', async () => {
    const agreement = await getTrialAgreement();
    const piece = 'Ånna & Bøb 1!c–2!d ';
    for (const length of [1, 96, 97, 300, 500]) {
      // `length` characters as stored: coloured, with accents, a dash and suit shorthand.
      const contractName = length < 10 ? 'é'.repeat(length) : `##c3#${piece.repeat(30).slice(0, length - 6)}é`;
      expect(contractName).toHaveLength(length);
      const made = await app.inject({
        method: 'POST',
        url: '/api/v1/contracts/pdf-guest',
        payload: { contract: { ...agreement, contractName } },
        remoteAddress: `203.0.113.${length % 250}`,
      });
      expect(made.statusCode, `name of ${length}`).toBe(200);
      const info = PdfFileInfoAnswerSchema.parse(made.json()).data;
      expect(info.fileName.length).toBeLessThanOrEqual(84);
      const file = await fetchPdf(info);
      expect(file.statusCode, `name of ${length}: ${info.fileName}`).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(new RegExp(`^inline; filename="?${info.fileName.replace(/[.]/g, '\\.')}"?; `));
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      expect(encoded, disposition).toBeDefined();
      const saved = decodeURIComponent(encoded!);
      expect(saved.endsWith('é.pdf') || saved.endsWith('.pdf')).toBe(true);
      if (length >= 20) expect(saved.startsWith('Ånna & Bøb 1♣–2♦')).toBe(true);
      expect(Array.from(saved).length).toBeLessThanOrEqual(124);
    }
  });
});

describe('guest PDF limits (docs/product.md §14)', () => {
  it(`lets one browser make ${GUEST_PDFS_PER_BROWSER_PER_MINUTE} PDFs a minute, while other browsers behind the same address go on`, async () => {
    const agreement = await getTrialAgreement();
    const body = { contract: agreement };
    const address = '198.51.100.77';
    const first = await app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: body, remoteAddress: address });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${GUEST_BROWSER_COOKIE}=[A-Za-z0-9_-]{22}$`));
    for (let i = 1; i < GUEST_PDFS_PER_BROWSER_PER_MINUTE; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: body, remoteAddress: address, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const refused = await app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: body, remoteAddress: address, headers: { cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many PDFs from this browser in a short time\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another member of the club, same address, another browser.
    expect((await app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: body, remoteAddress: address })).statusCode).toBe(200);
    expect(GUEST_PDF_RATE_LIMIT.max).toBeGreaterThanOrEqual(5 * GUEST_PDFS_PER_BROWSER_PER_MINUTE);
  });
});

describe('GET /api/v1/contracts/pdfviewer/{pathName}/{fileName}', () => {
  it('answers 404 for an unknown path name or a file name that does not match', async () => {
    const info = PdfFileInfoAnswerSchema.parse((await makePdf({ contract: await getTrialAgreement() })).json()).data;
    expect((await fetchPdf({ ...info, pathName: 'A'.repeat(32) })).statusCode).toBe(404);
    const wrongName = await fetchPdf({ ...info, fileName: 'other.pdf' });
    expect(wrongName.statusCode).toBe(404);
    expect(wrongName.json()).toMatchObject({ status: 'fail' });
    expect((await fetchPdf({ ...info, fileName: '..%2Fsecret.pdf' })).statusCode).toBe(400);
  });

  it('never serves an expired PDF, and the cleanup deletes it', async () => {
    const info = PdfFileInfoAnswerSchema.parse((await makePdf({ contract: await getTrialAgreement() })).json()).data;
    expect((await fetchPdf(info)).statusCode).toBe(200);
    await database.db
      .update(pdfFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pdfFiles.pathName, info.pathName));

    expect((await fetchPdf(info)).statusCode).toBe(404);
    expect(await deleteExpiredPdfFiles(database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(pdfFiles).where(eq(pdfFiles.pathName, info.pathName))).toEqual([]);
    // Unexpired files stay.
    expect((await database.db.select().from(pdfFiles)).length).toBeGreaterThan(0);
  });

  it('deletes expired PDFs on a timer that stops when the app closes', async () => {
    const timedApp = await buildTestApp(database.db, { pdfCleanupIntervalMs: 50 });
    try {
      await timedApp.ready();
      const info = PdfFileInfoAnswerSchema.parse((await makePdf({ contract: await getTrialAgreement() })).json()).data;
      await database.db
        .update(pdfFiles)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(pdfFiles.pathName, info.pathName));
      await expect
        .poll(async () => (await database.db.select().from(pdfFiles).where(eq(pdfFiles.pathName, info.pathName))).length, { timeout: 30_000, interval: 50 })
        .toBe(0);
    } finally {
      await timedApp.close();
    }
  });
});
