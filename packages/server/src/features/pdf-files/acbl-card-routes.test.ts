/** POST /api/v1/contracts/acbl-card (docs/official-cards.md §4): the official card is stored for its maker and its fit report answered. */
import { STORED_OR_SENT_MESSAGE } from '@bpa/domain/api';
import { AcblCardAnswerSchema } from '@bpa/domain/api-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { readPdfText } from '../../test/read-pdf-text';
import { createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  app = await buildTestApp(database.db);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /api/v1/contracts/acbl-card', () => {
  it('makes the card of the agreement sent, for its maker only, with the fit report', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Club night' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/acbl-card',
      headers: { cookie },
      payload: { contract: { ...agreement.document, playerNames: ['Anna', 'Bob'] } },
    });
    expect(response.statusCode).toBe(200);
    const answer = AcblCardAnswerSchema.parse(response.json()).data;
    expect(answer.fileName).toBe('Club-night-ACBL-classic-card.pdf');
    expect(Array.isArray(answer.fitReport)).toBe(true);
    const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${answer.pathName}/${answer.fileName}`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    const text = (await readPdfText(file.rawPayload)).join(' ');
    // The ACBL's own form is the page: its printed headings are the card's.
    expect(text).toContain('SPECIAL');
    expect(text).toContain('GENERAL');
    expect(text).toContain('Anna & Bob');
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${answer.pathName}/${answer.fileName}`, headers: { cookie: stranger } })).statusCode,
    ).toBe(404);
  });

  it('says which version of a saved agreement it is, in the footer, as the agreement PDF does (docs/pdf.md)', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Club night' });
    const make = async (revision?: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/contracts/acbl-card',
        headers: { cookie },
        payload: { contract: agreement.document, ...(revision === undefined ? {} : { revision }) },
      });
      const answer = AcblCardAnswerSchema.parse(response.json()).data;
      const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${answer.pathName}/${answer.fileName}`, headers: { cookie } });
      return (await readPdfText(file.rawPayload)).join(' ');
    };
    expect(await make(3)).toContain('Version 3 · ');
    expect(await make()).not.toContain('Version ');
  });

  it('fills the 2022 card when asked, and refuses a card it does not know', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Club night' });
    const post = (card: string) =>
      app.inject({ method: 'POST', url: '/api/v1/contracts/acbl-card', headers: { cookie }, payload: { contract: agreement.document, card } });
    const response = await post('2022');
    expect(response.statusCode).toBe(200);
    const answer = AcblCardAnswerSchema.parse(response.json()).data;
    expect(answer.fileName).toBe('Club-night-ACBL-2022-card.pdf');
    const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${answer.pathName}/${answer.fileName}`, headers: { cookie } });
    expect((await readPdfText(file.rawPayload)).join(' ')).toContain('OVERVIEW');
    expect((await post('1990')).statusCode).toBe(400);
  });
});

describe('a saved agreement named, not uploaded (docs/pdf.md §8)', () => {
  it('prints the stored agreement at the revision named, for anyone who may open it, in a few hundred bytes', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Stored club' });
    const stored = { stored: { id: agreement.id, revision: 0 } };
    expect(JSON.stringify(stored).length).toBeLessThan(200);
    for (const [url, body] of [
      ['/api/v1/contracts/acbl-card', stored],
      ['/api/v1/contracts/pdfCreator', { ...stored, isSubscriber: true }],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload: body });
      expect(response.statusCode, response.body).toBe(200);
      const { pathName, fileName } = (response.json() as { data: { pathName: string; fileName: string } }).data;
      const file = await app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${pathName}/${fileName}`, headers: { cookie } });
      const text = (await readPdfText(file.rawPayload)).join(' ');
      expect(text).toContain('Version 0 · ');
      expect(text).toContain('Stored club');
    }
  });

  it('refuses a stranger (404), a revision not kept (404), and a body with both or neither (400)', async () => {
    const account = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Private' });
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    const cookie = await signInAs(database.db, account.id);
    const post = (url: string, who: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie: who }, payload });
    for (const url of ['/api/v1/contracts/acbl-card', '/api/v1/contracts/pdfCreator']) {
      expect((await post(url, stranger, { stored: { id: agreement.id, revision: 0 } })).statusCode).toBe(404);
      expect((await post(url, cookie, { stored: { id: agreement.id, revision: 7 } })).statusCode).toBe(404);
      const both = await post(url, cookie, { stored: { id: agreement.id, revision: 0 }, contract: agreement.document });
      expect(both.statusCode).toBe(400);
      expect(both.json()).toMatchObject({ message: STORED_OR_SENT_MESSAGE });
      expect((await post(url, cookie, { isSubscriber: true })).statusCode).toBe(400);
    }
  });
});
