import { staleRevisionMessage } from '@bpa/domain/api-contracts';
import type { ContractDocument } from '@bpa/domain/contract';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { AppError } from '../../errors';
import { contractNotFound, isUuid } from './owned-contracts';

/**
 * What a change stores:
 * - `save`: the whole document, name included;
 * - `rename`: only the name (the categories stay as stored);
 * - `reset`: new categories (a fresh agreement from a template) under the stored name, and the
 *   template's name.
 */
export type ContractChange =
  | { kind: 'save'; document: ContractDocument }
  | { kind: 'rename'; contractName: string }
  | { kind: 'reset'; document: ContractDocument; templateName: string };

/** The agreement after a change: its id, name and new revision. */
export interface ChangedContract {
  _id: string;
  contractName: string;
  revision: number;
}

/** The new document and name, as SQL over the locked row `old` (see replaceContractDocument). */
function newValues(change: ContractChange): { document: SQL; contractName: SQL } {
  switch (change.kind) {
    case 'save':
      return { document: sql`${JSON.stringify(change.document)}::jsonb`, contractName: sql`${change.document.contractName}::text` };
    case 'rename':
      return { document: sql`jsonb_set(old.document, '{contractName}', to_jsonb(${change.contractName}::text))`, contractName: sql`${change.contractName}::text` };
    case 'reset':
      // The stored name, read under the lock: a rename a moment earlier is kept.
      return { document: sql`jsonb_set(${JSON.stringify(change.document)}::jsonb, '{contractName}', to_jsonb(old.contract_name))`, contractName: sql`old.contract_name` };
  }
}

/**
 * Changes one of an account's agreements, atomically, in ONE statement (design 7):
 *
 * ```sql
 * WITH old AS (SELECT … FROM contracts WHERE id = $id AND owner_user_id = $owner [AND revision = $rev] FOR UPDATE),
 *      kept AS (INSERT INTO contract_revisions SELECT id, revision, document, $now FROM old)
 * UPDATE contracts c SET document = …, revision = old.revision + 1, …
 * FROM old WHERE c.id = old.id AND c.revision = old.revision
 * RETURNING c.id, c.contract_name, c.revision
 * ```
 *
 * The row is locked, the previous document is kept under its revision (copied inside the
 * database: an agreement of a few hundred kB never travels back and forth), and the new document
 * is written at revision + 1 — or, when the revision moved on, nothing at all. Two saves at the
 * same revision from two tabs or servers: the second waits for the lock, then finds the revision
 * changed, copies nothing and is refused. One statement rather than a transaction of several, so
 * no lock is held while the server is busy with other requests between statements (the embedded
 * database runs one statement at a time).
 *
 * Save, rename and reset to a template all go through here, so each of them leaves a history row
 * and makes every editor opened before it stale.
 *
 * @param request `id` from the URL (any text), the signed-in account, `expectedRevision` (the
 *   revision the editor loaded; omitted for changes that do not depend on it), the change, and
 *   `now` for `updated_at` and the history row
 * @throws AppError not_found when the id is not an agreement of that account; conflict (409)
 *   staleRevisionMessage(stored revision) when `expectedRevision` is not the stored revision
 */
export async function replaceContractDocument(
  db: Database,
  request: { id: string; ownerUserId: string; expectedRevision?: number; change: ContractChange; now: Date },
): Promise<ChangedContract> {
  const { id, ownerUserId, expectedRevision, change } = request;
  if (!isUuid(id)) throw contractNotFound();
  const now = request.now.toISOString();
  const values = newValues(change);
  const revisionCondition = expectedRevision === undefined ? sql`` : sql` and revision = ${expectedRevision}`;
  const templateName = change.kind === 'reset' ? sql`${change.templateName}::text` : sql`c.template_name`;

  const result = await db.execute(sql`
    with old as (
      select id, revision, document, contract_name from contracts
      where id = ${id} and owner_user_id = ${ownerUserId}${revisionCondition}
      for update
    ), kept as (
      insert into contract_revisions (contract_id, revision, document, created_at)
      select id, revision, document, ${now}::timestamptz from old
    )
    update contracts as c
    set document = ${values.document}, contract_name = ${values.contractName}, template_name = ${templateName},
        revision = old.revision + 1, updated_at = ${now}::timestamptz
    from old
    where c.id = old.id and c.revision = old.revision
    returning c.id, c.contract_name, c.revision`);
  const [updated] = (result as unknown as { rows: { id: string; contract_name: string; revision: number }[] }).rows;
  if (updated) return { _id: updated.id, contractName: updated.contract_name, revision: Number(updated.revision) };

  // Nothing changed: the agreement is missing (or someone else's), or at another revision.
  const [stored] = await db
    .select({ revision: contracts.revision })
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.ownerUserId, ownerUserId)));
  if (!stored || expectedRevision === undefined) throw contractNotFound();
  throw new AppError('conflict', staleRevisionMessage(stored.revision));
}
