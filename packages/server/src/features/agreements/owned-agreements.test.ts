import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createTestAccount } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { AgreementMemory } from './agreement-memory';
import { getAgreementAnswerJson } from './owned-agreements';
import { renameAgreement } from './rename-agreement';
import { insertTestAgreement } from './test-agreements';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
});
afterAll(async () => {
  await database.close();
});

const OWNER_VIEW = { access: 'owner', isPausedByOwner: false } as const;

describe('getAgreementAnswerJson with the document text memory (ADRs 182, 185)', () => {
  it('keeps the text read for a revision and answers from it while the agreement stays at that revision', async () => {
    const owner = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
    const memory = new AgreementMemory();
    const documentTexts = memory.texts;

    const first = await getAgreementAnswerJson(database.db, { id: agreement.id, ...OWNER_VIEW }, memory);
    expect(JSON.parse(first.json)).toMatchObject({
      status: 'success',
      data: { _id: agreement.id, revision: 0, contractName: agreement.document.contractName },
    });
    expect(JSON.parse(documentTexts.get(`${agreement.id}.0`)!)).toEqual(agreement.document);
    expect(documentTexts.size).toBe(1);

    // What the cache holds for this revision is what is sent: the database's document is not read again.
    documentTexts.set(`${agreement.id}.0`, '{"contractName":"From the cache","categories":[]}');
    const cached = await getAgreementAnswerJson(database.db, { id: agreement.id, ...OWNER_VIEW }, memory);
    expect(JSON.parse(cached.json).data.contractName).toBe('From the cache');
  });

  it('reads the new revision after a change, and the owner name always from the database', async () => {
    const owner = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
    const memory = new AgreementMemory();
    const documentTexts = memory.texts;
    await getAgreementAnswerJson(database.db, { id: agreement.id, ...OWNER_VIEW }, memory);

    await database.db.update(users).set({ name: 'Pat Partner' }).where(eq(users.id, owner.id));
    const renamedOwner = JSON.parse((await getAgreementAnswerJson(database.db, { id: agreement.id, ...OWNER_VIEW }, memory)).json);
    expect(renamedOwner.data.ownerName).toBe('Pat Partner');

    await renameAgreement(database.db, { id: agreement.id, contractName: 'Pat and me', author: { userId: owner.id, label: 'owner' }, now: new Date() });
    const afterRename = await getAgreementAnswerJson(database.db, { id: agreement.id, ...OWNER_VIEW }, memory);
    expect(afterRename.head.revision).toBe(1);
    expect(JSON.parse(afterRename.json).data).toMatchObject({ revision: 1, contractName: 'Pat and me' });
    expect(documentTexts.has(`${agreement.id}.1`)).toBe(true);
  });

  it('keeps at most the bytes it was given, dropping the least recently used text first', () => {
    const documentTexts = new AgreementMemory({ textUnits: 10 }).texts;
    documentTexts.set('a.0', '12345');
    documentTexts.set('b.0', '12345');
    documentTexts.get('a.0');
    documentTexts.set('c.0', '123');
    expect([...documentTexts.keys()].sort()).toEqual(['a.0', 'c.0']);
  });
});
