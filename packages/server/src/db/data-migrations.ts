/**
 * Data migrations: changes to stored documents that need the product's own code (the SQL
 * migrations in packages/server/drizzle cannot call it), run once each, in order, after the SQL
 * migrations when a server starts. `data_migrations` records each one applied with its report.
 * The first is `catalogue-keys` (docs/catalogue-keys.md, "The migration of stored data").
 *
 * A data migration must be idempotent: two servers starting together may both run one before
 * either records it, and a run cut short is run again by the next start.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from './database';
import { dataMigrations } from './schema/data-migrations';

/** One data migration: its name (never reused) and the work, which returns its report. */
export interface DataMigration {
  name: string;
  run(db: Database): Promise<Record<string, unknown>>;
}

/**
 * Runs the data migrations not applied yet, in the order given, and records each with its report.
 *
 * @returns the migrations run now, with their reports (empty when all were applied before).
 * @throws whatever a migration throws; it is then not recorded, and runs again at the next start.
 */
export async function runDataMigrations(db: Database, migrations: readonly DataMigration[]): Promise<{ name: string; report: Record<string, unknown> }[]> {
  if (migrations.length === 0) return [];
  const applied = new Set(
    (
      await db
        .select({ name: dataMigrations.name })
        .from(dataMigrations)
        .where(
          inArray(
            dataMigrations.name,
            migrations.map((m) => m.name),
          ),
        )
    ).map((row) => row.name),
  );
  const done: { name: string; report: Record<string, unknown> }[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const report = await migration.run(db);
    await db.insert(dataMigrations).values({ name: migration.name, report }).onConflictDoNothing();
    done.push({ name: migration.name, report });
  }
  return done;
}
