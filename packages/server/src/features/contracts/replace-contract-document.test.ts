import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { createTestAccount } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { renameContract } from './rename-contract';
import { TOO_MANY_CHANGES_MESSAGE, readStoredContract, replaceContractDocument } from './replace-contract-document';
import { insertTestContract } from './test-contracts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
});
afterAll(async () => {
  await database.close();
});

describe('replaceContractDocument: written only at the revision it was worked out from (ADR 182)', () => {
  /** An agreement renamed once (revision 1), and its row as read before that rename (revision 0). */
  async function agreementChangedSinceRead() {
    const owner = await createTestAccount(database.db);
    const agreement = await insertTestContract(database.db, { ownerUserId: owner.id });
    const stale = (await readStoredContract(database.db, agreement.id))!;
    const author = { userId: owner.id, label: 'owner' };
    await renameContract(database.db, { id: agreement.id, contractName: 'Renamed elsewhere', author, now: new Date() });
    return { agreement, stale, author };
  }

  it('works a change out again from the newer revision when the one it read was changed meanwhile', async () => {
    const { agreement, stale, author } = await agreementChangedSinceRead();
    const changed = await replaceContractDocument(database.db, {
      id: agreement.id,
      change: { kind: 'import', document: { ...stale.document, contractName: 'Imported' }, fileName: 'a.json' },
      author,
      now: new Date(),
      stored: stale,
    });
    expect(changed).toMatchObject({ contractName: 'Imported', revision: 2 });
  });

  it('answers 503 and writes nothing when the agreement changed under every attempt', async () => {
    const { agreement, stale, author } = await agreementChangedSinceRead();
    const refused = await replaceContractDocument(database.db, {
      id: agreement.id,
      change: { kind: 'rename', contractName: 'Too late' },
      author,
      now: new Date(),
      stored: stale,
      maxAttempts: 1,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'unavailable', message: TOO_MANY_CHANGES_MESSAGE });
    expect(await readStoredContract(database.db, agreement.id)).toMatchObject({ revision: 1, contractName: 'Renamed elsewhere' });
  });
});
