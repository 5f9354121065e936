/**
 * The compact history of an agreement (docs/sharing.md §4; ADR 171): reading a revision's document back
 * from the chain of JSON Patches in `contract_revisions` (db/schema/contracts.ts), and writing the
 * patch of the revision a change replaces.
 *
 * Storage: the current document lives in `contracts.document`; each earlier kept revision holds
 * either the whole document (every REVISION_SNAPSHOT_INTERVAL-th revision, and rows from before
 * history existed) or the RFC 6902 patch that turns the next kept revision's document into its
 * own. A small edit of a 300 kB agreement costs a patch of a few hundred bytes
 * (bench/history-bench.ts measures 1,000 saves).
 */
import type { ContractDocument } from '@bpa/domain/contract';
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import { and, asc, desc, eq, gte, isNotNull, lte, min } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions } from '../../db/schema/contracts';

const { applyPatch, compare } = jsonPatch;

/** Every this many revisions the replaced document is kept whole, bounding the patches to apply. */
export const REVISION_SNAPSHOT_INTERVAL = 100;

/** How a kept revision's document is stored: whole, or as a patch from the next kept one. */
export type RevisionStorage = { document: ContractDocument; patch: null } | { document: null; patch: Operation[] };

/**
 * How to store `replaced` (the document of `revision`) once `next` (the next kept revision's
 * document) holds the agreement: a whole document every REVISION_SNAPSHOT_INTERVAL revisions,
 * a patch from `next` to `replaced` otherwise.
 */
export function storageOf(revision: number, replaced: ContractDocument, next: ContractDocument): RevisionStorage {
  if (revision % REVISION_SNAPSHOT_INTERVAL === 0) return { document: replaced, patch: null };
  return { document: null, patch: compare(next, replaced) };
}

/**
 * A document of the chain: the row's whole document (a copy), or its patch applied to the next
 * kept revision's document, which is mutated and returned.
 *
 * @param next the next kept revision's document (mutated when the row holds a patch).
 * @param row the stored row: a whole document or a JSON Patch (RFC 6902).
 * @throws Error when the row holds neither, or its patch does not apply.
 */
export function previousDocument(next: ContractDocument, row: { document: ContractDocument | null; patch: unknown[] | null }): ContractDocument {
  if (row.document) return structuredClone(row.document);
  if (!row.patch) throw new Error('A revision row holds neither a document nor a patch');
  return applyPatch(next, row.patch as Operation[], false, true).newDocument;
}

/**
 * The documents of an agreement from revision `from` up to the current one, rebuilt from the
 * chain (only kept revisions: pruned ones are absent from the map).
 *
 * @param current the agreement's current revision and document (as stored in `contracts`)
 * @param options `onlyFrom`: keep only the document of `from` (cheaper: one copy, patched in place)
 * @returns revision -> document, `current.revision` included; empty of `from` when `from` is not kept
 */
export async function documentsSince(
  db: Database,
  contractId: string,
  from: number,
  current: { revision: number; document: ContractDocument },
  options: { onlyFrom?: boolean } = {},
): Promise<Map<number, ContractDocument>> {
  const documents = new Map<number, ContractDocument>([[current.revision, current.document]]);
  if (from >= current.revision) return documents;
  // Start at the nearest whole document at or above `from`, if there is one: fewer patches to apply.
  const [snapshot] = await db
    .select({ revision: min(contractRevisions.revision) })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, contractId), gte(contractRevisions.revision, from), isNotNull(contractRevisions.document)));
  const top = options.onlyFrom && snapshot?.revision != null ? snapshot.revision : current.revision - 1;
  const rows = await db
    .select({ revision: contractRevisions.revision, document: contractRevisions.document, patch: contractRevisions.patch })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, contractId), gte(contractRevisions.revision, from), lte(contractRevisions.revision, top)))
    .orderBy(desc(contractRevisions.revision));
  let document = structuredClone(current.document);
  for (const row of rows) {
    if (row.revision >= current.revision) continue;
    document = previousDocument(options.onlyFrom ? document : structuredClone(document), row);
    if (!options.onlyFrom || row.revision === from) documents.set(row.revision, document);
  }
  return documents;
}

/**
 * The document of one revision.
 *
 * @returns the document, or undefined when that revision is not kept (never made, or pruned)
 */
export async function documentAtRevision(
  db: Database,
  contractId: string,
  revision: number,
  current: { revision: number; document: ContractDocument },
): Promise<ContractDocument | undefined> {
  if (revision === current.revision) return current.document;
  const [kept] = await db
    .select({ revision: contractRevisions.revision })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, contractId), eq(contractRevisions.revision, revision)));
  if (!kept) return undefined;
  return (await documentsSince(db, contractId, revision, current, { onlyFrom: true })).get(revision);
}

/** The kept revisions of an agreement, oldest first, with their storage (for pruning). */
export async function keptRevisions(db: Database, contractId: string) {
  return db
    .select({ revision: contractRevisions.revision, createdAt: contractRevisions.createdAt })
    .from(contractRevisions)
    .where(eq(contractRevisions.contractId, contractId))
    .orderBy(asc(contractRevisions.revision));
}
