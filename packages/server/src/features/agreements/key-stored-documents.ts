/**
 * The data migration `catalogue-keys` (docs/catalogue-keys.md, "The migration of stored data"):
 * gives every stored template, every agreement and every kept revision of every agreement the
 * catalogue's keys by name, and moves what retired keys held in the agreements' current documents
 * onto their replacements. SQL migration 0013 backed the three columns up first.
 *
 * Idempotent: a key already there is kept, a retired option once moved is gone, so a run cut short
 * (a server stopped) is simply run again by the next start.
 */
import { type KeyingReport, addReports, assignCatalogueKeys, emptyKeyingReport, moveRetiredOptions } from '@bpa/domain/catalogue-index';
import type { ContractDocument } from '@bpa/domain/contract';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Catalogue } from '../../catalogue/catalogue';
import type { Database } from '../../db/database';
import { contractRevisions, contracts } from '../../db/schema/contracts';
import { templates } from '../../db/schema/templates';
import { previousDocument, storageOf } from './revision-store';

/** What the migration did, stored in `data_migrations.report` and logged. */
export interface CatalogueKeysReport {
  templates: number;
  agreements: number;
  revisions: number;
  /** Over every template, agreement and revision keyed. */
  keying: KeyingReport;
  /** Retired options found in current agreements, by key, and how many of them were ticked. */
  retired: Record<string, { found: number; ticked: number }>;
}

/** How many agreements are read per query. */
const BATCH = 50;
/** How many revision rows of one agreement are read per query (a snapshot row holds a whole document). */
const REVISION_BATCH = 100;

/**
 * Runs the migration over the whole database.
 *
 * @param db the database (each agreement is rewritten in its own transaction, locked for update).
 * @param catalogue the keyed catalogue (catalogue/catalogue.ts).
 * @returns the report: counts, the keying report (at most 20 unmatched examples) and retired moves.
 */
export async function keyStoredDocuments(db: Database, catalogue: Catalogue): Promise<CatalogueKeysReport> {
  const report: CatalogueKeysReport = { templates: 0, agreements: 0, revisions: 0, keying: emptyKeyingReport(), retired: {} };
  const key = (categories: ContractDocument['categories']) => {
    const keyed = assignCatalogueKeys(categories, catalogue.index);
    report.keying = addReports(report.keying, keyed.report);
    return keyed.categories;
  };

  for (const row of await db.select({ id: templates.id, content: templates.content }).from(templates)) {
    const moved = moveRetiredOptions(key(row.content), catalogue.template);
    await db.update(templates).set({ content: moved.categories }).where(eq(templates.id, row.id));
    report.templates += 1;
  }

  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = await db.select({ id: contracts.id }).from(contracts).where(gt(contracts.id, after)).orderBy(asc(contracts.id)).limit(BATCH);
    if (ids.length === 0) break;
    after = ids.at(-1)!.id;
    for (const { id } of ids) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ revision: contracts.revision, document: contracts.document })
          .from(contracts)
          .where(eq(contracts.id, id))
          .for('update');
        if (!current) return;
        // The current document also gives up its retired options (their ticks moved); History keeps them.
        const moved = moveRetiredOptions(key(current.document.categories), catalogue.template);
        for (const move of moved.moves) {
          const entry = (report.retired[move.key] ??= { found: 0, ticked: 0 });
          entry.found += 1;
          if (move.wasSelected) entry.ticked += 1;
        }
        const currentDocument = { ...current.document, categories: moved.categories };
        await tx.update(contracts).set({ document: currentDocument }).where(eq(contracts.id, id));
        // Down the chain one kept revision at a time, holding two documents however long the history:
        // each row is read as stored (against the next revision as it was), then stored again against
        // the next revision as it is now (as pruning stores it).
        let nextAsStored = structuredClone(current.document);
        let nextKeyed: ContractDocument = currentDocument;
        let below = current.revision;
        for (;;) {
          const rows = await tx
            .select({ revision: contractRevisions.revision, document: contractRevisions.document, patch: contractRevisions.patch })
            .from(contractRevisions)
            .where(and(eq(contractRevisions.contractId, id), lt(contractRevisions.revision, below)))
            .orderBy(desc(contractRevisions.revision))
            .limit(REVISION_BATCH);
          for (const row of rows) {
            const asStored = previousDocument(nextAsStored, row);
            const keyed = { ...asStored, categories: key(asStored.categories) };
            const storage = storageOf(row.revision, keyed, nextKeyed);
            await tx
              .update(contractRevisions)
              .set({ document: storage.document, patch: storage.patch })
              .where(and(eq(contractRevisions.contractId, id), eq(contractRevisions.revision, row.revision)));
            report.revisions += 1;
            // `previousDocument` patched the next document in place: keep an unshared copy for the next step.
            nextAsStored = structuredClone(asStored);
            nextKeyed = keyed;
          }
          if (rows.length < REVISION_BATCH) break;
          below = rows.at(-1)!.revision;
        }
        report.agreements += 1;
      });
    }
  }
  return report;
}
