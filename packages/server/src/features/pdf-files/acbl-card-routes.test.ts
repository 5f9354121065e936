/** POST /api/v1/contracts/acbl-card (docs/official-cards.md §4): the official card is stored for its maker and its fit report answered. */
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
