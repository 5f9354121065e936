/**
 * The admission of expensive routes (docs/decisions/191-admission-by-cost.md): jobs per client (2 at
 * a time: address for guests, account for subscribers) and per address, each client's budget of
 * worker time, the worker pool's full queue (503 + Retry-After) and the work limits of the
 * agreement schema.
 */
import { ContractAnswerSchema, GuestContractNamesAnswerSchema } from '@bpa/domain/api';
import { DEFAULT_BODY_LIMIT_BYTES, MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from '@bpa/domain/constants';
import type { ContractDocument } from '@bpa/domain/contract';
import { emptyNonTrialCategories, selectAllInCategory } from '@bpa/domain/editing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { RenderAgreementPdf } from '../pdf/render-pdf';
import { loadTemplates } from '../features/templates/load-templates';
import { PDF_BUSY_MESSAGE } from '../pdf/pdf-pool';
import { readPdfText } from '../test/read-pdf-text';
import { createTestAccount, signInAs } from '../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../test/test-app';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import { ADMISSION_LIMITS, addressBusyMessage, overBudgetMessage, tooManyJobsMessage } from './admission';

const TOO_MANY_JOBS_MESSAGE = tooManyJobsMessage(ADMISSION_LIMITS.client.jobs);

let database: TestDatabase;
let agreement: ContractDocument;
const apps: App[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  const app = await buildTestApp(database.db);
  apps.push(app);
  const names = GuestContractNamesAnswerSchema.parse((await app.inject({ method: 'GET', url: '/api/v1/contracts/guest' })).json());
  const loaded = ContractAnswerSchema.parse((await app.inject({ method: 'GET', url: `/api/v1/contracts/guest/${names.data[0]!._id}` })).json()).data;
  // The trial starts blank (docs/product.md §14): everything of the trial categories ticked, so the PDF has content.
  const ticked = loaded.categories.reduce((doc, category) => selectAllInCategory(doc, category._id), {
    contractName: loaded.contractName,
    categories: loaded.categories,
  });
  agreement = emptyNonTrialCategories(ticked);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
});

/** A renderer that holds every render until `release()` (so renders stay in flight while the test asks for more). */
function gatedRenderer(): { renderPdf: RenderAgreementPdf; release: () => void; started: () => number } {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  return {
    renderPdf: async () => {
      count += 1;
      await gate;
      return Buffer.from('%PDF-1.7 held\n');
    },
    release: () => open(),
    started: () => count,
  };
}

const guestPdf = (app: App, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', remoteAddress, payload: { contract: agreement } });

describe('at most 2 PDFs in flight per client', () => {
  it('refuses a third guest PDF from the same address with 429, while another address is served', async () => {
    const gated = gatedRenderer();
    const app = await buildTestApp(database.db, { renderPdf: gated.renderPdf });
    apps.push(app);
    const held = [guestPdf(app, '203.0.113.7'), guestPdf(app, '203.0.113.7')];
    await expect.poll(gated.started).toBe(ADMISSION_LIMITS.client.jobs);
    const third = await guestPdf(app, '203.0.113.7');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ status: 'fail', code: expect.any(String), message: TOO_MANY_JOBS_MESSAGE });
    const otherAddress = guestPdf(app, '203.0.113.8');
    await expect.poll(gated.started).toBe(3);
    gated.release();
    expect((await Promise.all([...held, otherAddress])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // Finished PDFs free the slots.
    expect((await guestPdf(app, '203.0.113.7')).statusCode).toBe(200);
  });

  it('counts a subscriber by account, whatever the address', async () => {
    const gated = gatedRenderer();
    const app = await buildTestApp(database.db, { renderPdf: gated.renderPdf });
    apps.push(app);
    const anna = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, anna.id);
    const subscriberPdf = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/v1/contracts/pdfCreator', remoteAddress, headers: { cookie }, payload: { contract: agreement } });
    const held = [subscriberPdf('198.51.100.1'), subscriberPdf('198.51.100.2')];
    await expect.poll(gated.started).toBe(2);
    const third = await subscriberPdf('198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(TOO_MANY_JOBS_MESSAGE);
    gated.release();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
  });
});

describe('work per address and per client', () => {
  it('bounds one address however many accounts it signs in with, and refuses before reading the body', async () => {
    const gated = gatedRenderer();
    const app = await buildTestApp(database.db, { renderPdf: gated.renderPdf });
    apps.push(app);
    // Enough accounts, each with its own jobs running, to fill the address; one more to be refused.
    const holders = Math.ceil(ADMISSION_LIMITS.address.jobs / ADMISSION_LIMITS.client.jobs);
    const cookies = await Promise.all(Array.from({ length: holders + 1 }, async () => signInAs(database.db, (await createTestAccount(database.db)).id)));
    const post = (cookie: string, remoteAddress: string, payload: Record<string, unknown> = { contract: agreement }) =>
      app.inject({ method: 'POST', url: '/api/v1/contracts/pdfCreator', remoteAddress, headers: { cookie }, payload });
    const held = Array.from({ length: ADMISSION_LIMITS.address.jobs }, (_, n) => post(cookies[Math.floor(n / ADMISSION_LIMITS.client.jobs)]!, '198.51.100.9'));
    await expect.poll(gated.started).toBe(ADMISSION_LIMITS.address.jobs);
    // Another account from the same address: the address has its jobs running. The body is not even
    // read (a body that is not valid would otherwise be answered 400).
    const newcomer = cookies[holders]!;
    const refused = await post(newcomer, '198.51.100.9', { contract: 'not an agreement' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(addressBusyMessage(1));
    // The same account from another address is served.
    const elsewhere = post(newcomer, '198.51.100.10');
    await expect.poll(gated.started).toBe(ADMISSION_LIMITS.address.jobs + 1);
    gated.release();
    expect((await Promise.all([...held, elsewhere])).every((r) => r.statusCode === 200)).toBe(true);
  });

  it('charges each client its work, refuses it with 429 and Retry-After once its budget is spent, and refills it with time', async () => {
    let clock = 0;
    const limits = {
      client: { jobs: 2, budgetMs: 100, refillMsPerSecond: 50 },
      address: { jobs: 4, budgetMs: 1_000, refillMsPerSecond: 500 },
      requestThreadMs: 60,
    };
    const app = await buildTestApp(database.db, { renderPdf: async () => Buffer.from('%PDF-1.7\n'), admissionLimits: limits, admissionClock: () => clock });
    apps.push(app);
    // 100 ms of budget, 60 ms a job: the second job spends it (the balance goes below zero), the third is refused.
    expect((await guestPdf(app, '203.0.113.50')).statusCode).toBe(200);
    expect((await guestPdf(app, '203.0.113.50')).statusCode).toBe(200);
    const refused = await guestPdf(app, '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    // 20 ms owed at 50 ms a second: back within a second.
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().message).toBe(overBudgetMessage(1));
    // Another guest is not affected.
    expect((await guestPdf(app, '203.0.113.51')).statusCode).toBe(200);
    clock += 1_000;
    expect((await guestPdf(app, '203.0.113.50')).statusCode).toBe(200);
  });
});

describe('body limits', () => {
  it('refuses a body of more than 64 KiB on a route that takes a few fields with 413, and takes a whole agreement where a route needs one', async () => {
    const app = apps[0]!;
    const anna = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, anna.id);
    const padded = { contractName: 'Padded', padding: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) };
    const created = await app.inject({ method: 'POST', url: '/api/v1/contracts/my', headers: { cookie }, payload: padded });
    expect(created.statusCode).toBe(413);
    expect(created.json().message).toBe('The request is too large: the limit is 64 kB.');
    // A route that takes a whole agreement takes a body past 64 KiB (what a schema does not know is dropped).
    const pdf = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/pdfCreator',
      headers: { cookie },
      payload: { contract: agreement, padding: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) },
    });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('the worker pool', () => {
  it('renders real PDFs off the request thread and answers 503 with Retry-After when its queue is full', async () => {
    const app = await buildTestApp(database.db, { pdfPool: { threads: 1, maxQueue: 0 } });
    apps.push(app);
    // Either request may reach the pool first (each reads the database before): one is drawn, the other refused.
    const answers = await Promise.all([guestPdf(app, '192.0.2.1'), guestPdf(app, '192.0.2.2')]);
    const [first, second] = answers.sort((a, b) => a!.statusCode - b!.statusCode);
    expect(first!.statusCode).toBe(200);
    expect(second!.statusCode).toBe(503);
    expect(second!.headers['retry-after']).toBe('1');
    expect(second!.json()).toEqual({ status: 'error', code: expect.any(String), message: PDF_BUSY_MESSAGE });
    const { pathName, fileName } = first!.json().data;
    const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${pathName}/${fileName}` });
    expect((await readPdfText(file.rawPayload)).join(' ')).toContain('Overcalls');
  });
});

describe('work limits of the agreement schema', () => {
  const withFirstTrialCategory = (change: (category: ContractDocument['categories'][number]) => ContractDocument['categories'][number]) => ({
    ...agreement,
    categories: agreement.categories.map((category) =>
      category.subjects.length > 0 && category === agreement.categories.find((c) => c.subjects.length > 0) ? change(category) : category,
    ),
  });

  it('refuses too many subjects, too many options and too long names with 400 naming the limit', async () => {
    const app = apps[0]!;
    const post = (contract: ContractDocument) => app.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', payload: { contract } });
    const subject = agreement.categories.find((c) => c.subjects.length > 0)!.subjects[0]!;

    const manySubjects = withFirstTrialCategory((c) => ({
      ...c,
      subjects: Array.from({ length: MAX_SUBJECTS_PER_CATEGORY + 1 }, (_, i) => ({ ...subject, _id: `s${i}`, options: [] })),
    }));
    const tooManySubjects = await post(manySubjects);
    expect(tooManySubjects.statusCode).toBe(400);
    expect(tooManySubjects.json().message).toContain(`A category may have at most ${MAX_SUBJECTS_PER_CATEGORY} subjects`);

    const manyOptions = withFirstTrialCategory((c) => ({
      ...c,
      subjects: [{ ...subject, options: Array.from({ length: MAX_OPTIONS_PER_SUBJECT + 1 }, (_, i) => ({ ...subject.options[0]!, _id: `o${i}` })) }],
    }));
    const tooManyOptions = await post(manyOptions);
    expect(tooManyOptions.statusCode).toBe(400);
    expect(tooManyOptions.json().message).toContain(`A subject may have at most ${MAX_OPTIONS_PER_SUBJECT} options`);

    const longName = await post({ ...agreement, contractName: 'x'.repeat(501) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toContain('A name may be at most 500 characters long');
  });
});
