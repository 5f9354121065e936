import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ContractDocument, ContractDocumentSchema } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameOption, renameSubject, selectAllInCategory, toggleOption, toggleSubject } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/contracts';
import { AppError } from '../../errors';
import { createTestAccount } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { renameAgreement } from './rename-agreement';
import { AgreementMemory } from './agreement-memory';
import { applyChanges } from './apply-changes';
import { TOO_MANY_CHANGES_MESSAGE, databaseChangesOf, readStoredAgreement, replaceAgreementDocument } from './replace-agreement-document';
import { saveAgreementChanges } from './save-agreement';
import { insertTestAgreement } from './test-agreements';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
});
afterAll(async () => {
  await database.close();
});

describe('replaceAgreementDocument: written only at the revision it was worked out from (ADR 182)', () => {
  /** An agreement renamed once (revision 1), and its row as read before that rename (revision 0). */
  async function agreementChangedSinceRead() {
    const owner = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
    const stale = (await readStoredAgreement(database.db, agreement.id))!;
    const author = { userId: owner.id, label: 'owner' };
    await renameAgreement(database.db, { id: agreement.id, contractName: 'Renamed elsewhere', author, now: new Date() });
    return { agreement, stale, author };
  }

  it('works a change out again from the newer revision when the one it read was changed meanwhile', async () => {
    const { agreement, stale, author } = await agreementChangedSinceRead();
    const changed = await replaceAgreementDocument(database.db, {
      id: agreement.id,
      change: { kind: 'import', document: { ...stale.document, playerNames: ['Anna', 'Bob'] }, fileName: 'a.json' },
      author,
      now: new Date(),
      stored: stale,
    });
    // Worked out from revision 1: the name given there, and the file's content.
    expect(changed).toMatchObject({ contractName: 'Renamed elsewhere', revision: 2 });
    expect((await readStoredAgreement(database.db, agreement.id))?.document.playerNames).toEqual(['Anna', 'Bob']);
  });

  it('answers 503 and writes nothing when the agreement changed under every attempt', async () => {
    const { agreement, stale, author } = await agreementChangedSinceRead();
    const refused = await replaceAgreementDocument(database.db, {
      id: agreement.id,
      change: { kind: 'rename', contractName: 'Too late' },
      author,
      now: new Date(),
      stored: stale,
      maxAttempts: 1,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'conflict',
      statusCode: 409,
      message: TOO_MANY_CHANGES_MESSAGE,
      answerFields: { isBusy: true },
      retryAfterSeconds: 1,
    });
    expect(await readStoredAgreement(database.db, agreement.id)).toMatchObject({ revision: 1, contractName: 'Renamed elsewhere' });
  });
});

describe('a small change applied by the database to the stored document (ADR 185)', () => {
  it('stores exactly the document worked out in JavaScript, edit after edit, whether the change went as operations or whole', async () => {
    const owner = await createTestAccount(database.db);
    // A shipped template: the fixture's categories hold one subject each.
    const template = parseMasterCsv(readFileSync(fileURLToPath(new URL('../../../../../templates/modern-standard-american.csv', import.meta.url)), 'utf8'));
    const document = createAgreementFromTemplate(template, 'Partner 1');
    const [row] = await database.db
      .insert(contracts)
      .values({ ownerUserId: owner.id, contractName: 'Partner 1', document, revision: 0 })
      .returning({ id: contracts.id });
    const agreement = { id: row!.id, document };
    const author = { userId: owner.id, label: 'owner' };
    const memory = new AgreementMemory();
    const second = agreement.document.categories.find((category) => category.subjects.some((subject) => subject.options.length > 1))!;
    const first = agreement.document.categories.find((category) => category !== second && category.subjects.length > 2)!;
    const withOptions = second.subjects.find((subject) => subject.options.length > 1)!;
    const edits: [string, (document: ContractDocument) => ContractDocument, 'operations' | 'whole'][] = [
      ['a tick', (d) => toggleSubject(d, first._id, first.subjects[0]!._id), 'operations'],
      [
        'an option ticked and a subject renamed',
        (d) =>
          renameSubject(
            toggleOption(d, second._id, withOptions._id, withOptions.options[1]!._id),
            first._id,
            first.subjects[1]!._id,
            'Puppet "Stayman" \\ 2NT',
          ),
        'operations',
      ],
      [
        'an option renamed with colour markup',
        (d) => renameOption(d, second._id, withOptions._id, withOptions.options[0]!._id, '##c2#Smolen###, !s !h'),
        'operations',
      ],
      ['player names added', (d) => ({ ...d, playerNames: ['Anna', 'Bob'] }), 'operations'],
      ['the agreement renamed', (d) => ({ ...d, contractName: 'Anna & Bob' }), 'operations'],
      ['player names removed', ({ playerNames: _dropped, ...d }) => d, 'operations'],
      ['a subject added from its placeholder', (d) => renameSubject(d, first._id, first.subjects.at(-1)!._id, 'Our own gadget'), 'operations'],
      ['Select All in a category', (d) => selectAllInCategory(d, second._id), 'whole'],
    ];
    for (const [what, edit, expected] of edits) {
      const stored = (await readStoredAgreement(database.db, agreement.id))!;
      const edited = edit(stored.document);
      const changes = jsonPatch.compare(stored.document, edited);
      const checked = ContractDocumentSchema.parse(applyChanges(stored.document, changes));
      expect([what, databaseChangesOf(stored.document, applyChanges(stored.document, changes), 'save') === null ? 'whole' : 'operations']).toEqual([
        what,
        expected,
      ]);
      await saveAgreementChanges(database.db, {
        id: agreement.id,
        body: { revision: stored.revision, changes: changes as { op: 'replace'; path: string; value: unknown }[] },
        author,
        now: new Date(),
        memory,
      });
      // Read back from the database, not from the memory.
      const written = (await readStoredAgreement(database.db, agreement.id))!;
      expect([what, written.revision, written.document]).toEqual([what, stored.revision + 1, checked]);
      expect(written.contractName).toBe(checked.contractName);
    }
  });
});
