/**
 * History benchmark (docs/sharing.md §10; ADR 171): the largest template with everything ticked, saved
 * 1,000 times with a small change each time (one subject ticked or unticked), through the real
 * save operation (replaceAgreementDocument: lock, merge-free save, patch of the replaced revision,
 * history row). Prints the database growth in bytes (target <= 5 MB) and the save latency p50/p99,
 * beside the same 1,000 saves without history (one UPDATE of the document, as a baseline).
 * Also prints the time to read back the oldest revision (1,000 patches away, or fewer from the
 * nearest whole document), and "changes since your last visit" and the dashboard's badge of a
 * partner 100, 1,000 and 5,000 versions behind (as far as HISTORY_BENCH_SAVES reaches; time and
 * heap growth), read from the items each version recorded (docs/sharing.md §6). Asserts nothing.
 *
 * Run: `npx tsx bench/history-bench.ts` (or `npm run bench`). Knobs: HISTORY_BENCH_SAVES (1000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractDocument } from '@bpa/domain/contract';
import { toggleSubject } from '@bpa/domain/editing';
import { largestAgreementEverythingTicked } from './support/largest-agreement';
import { openDatabase, type Database } from '@bpa/server/db/database';
import { contractShares, contractViews, contracts } from '@bpa/server/db/schema/contracts';
import { listChangesWaiting } from '@bpa/server/features/review/agreement-review';
import { loadavg } from 'node:os';
import { getChangesSince } from '@bpa/server/features/agreements/changes-since';
import { MAX_CHANGES_VERSIONS } from '@bpa/domain/history';
import { replaceAgreementDocument } from '@bpa/server/features/agreements/replace-agreement-document';
import { documentAtRevision } from '@bpa/server/features/agreements/revision-store';
import { loadTemplates } from '@bpa/server/features/templates/load-templates';
import { createTestAccount } from '@bpa/server/test/test-accounts';
import { eq, sql } from 'drizzle-orm';

const SAVES = Number(process.env.HISTORY_BENCH_SAVES ?? 1000);
const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
/** ADR 171: at most 5 MB of growth per 1,000 small saves. */
const TARGET_BYTES = (5 * 1024 * 1024 * SAVES) / 1000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function databaseBytes(db: Database): Promise<number> {
  const result = (await db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)) as unknown as { rows: { bytes: string | number }[] };
  return Number(result.rows[0]!.bytes);
}

async function relationBytes(db: Database, table: string): Promise<number> {
  const result = (await db.execute(sql`select pg_total_relation_size(${table}::regclass)::bigint as bytes`)) as unknown as {
    rows: { bytes: string | number }[];
  };
  return Number(result.rows[0]!.bytes);
}

/** The next small change: tick or untick one subject, walking through the categories. */
function smallChange(document: ContractDocument, step: number): ContractDocument {
  const category = document.categories[step % document.categories.length]!;
  const subject = category.subjects[Math.floor(step / document.categories.length) % Math.max(1, category.subjects.length - 1)]!;
  return toggleSubject(document, category._id, subject._id);
}

async function run(label: string, withHistory: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bpa-history-bench-'));
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await connection.migrate();
    const { db } = connection;
    await loadTemplates(db, TEMPLATES_DIR);
    let { document } = await largestAgreementEverythingTicked(db, 'Bench');
    const account = await createTestAccount(db);
    const [row] = await db.insert(contracts).values({ ownerUserId: account.id, contractName: 'Bench', document, revision: 0 }).returning({ id: contracts.id });
    const id = row!.id;
    await db.execute(sql`checkpoint`);
    const before = {
      database: await databaseBytes(db),
      revisions: await relationBytes(db, 'contract_revisions'),
      contracts: await relationBytes(db, 'contracts'),
    };
    const latencies: number[] = [];
    for (let step = 0; step < SAVES; step++) {
      document = smallChange(document, step);
      const started = performance.now();
      if (withHistory) {
        await replaceAgreementDocument(db, {
          id,
          change: { kind: 'save', document, expectedRevision: step },
          author: { userId: account.id, label: 'bench' },
          now: new Date(),
        });
      } else {
        await db
          .update(contracts)
          .set({ document, revision: step + 1, updatedAt: new Date() })
          .where(eq(contracts.id, id));
      }
      latencies.push(performance.now() - started);
    }
    // Dead row versions of the 1,000 UPDATEs of contracts are the same with or without history;
    // VACUUM FULL gives their space back, so the growth is what stays stored.
    await db.execute(sql`vacuum full`);
    await db.execute(sql`checkpoint`);
    const after = {
      database: await databaseBytes(db),
      revisions: await relationBytes(db, 'contract_revisions'),
      contracts: await relationBytes(db, 'contracts'),
    };
    let oldestReadMs = Number.NaN;
    const changesSince: { behind: number; firstMs: number; ms: number; heapMb: number; badgeMs: number; count: number }[] = [];
    if (withHistory) {
      const [current] = await db.select({ revision: contracts.revision, document: contracts.document }).from(contracts).where(eq(contracts.id, id));
      const started = performance.now();
      await documentAtRevision(db, id, 1, current!);
      oldestReadMs = performance.now() - started;
      // "Changes since your last visit" of a partner 100, 1,000, 5,000 and SAVES versions behind (docs/sharing.md §6).
      const partner = await createTestAccount(db);
      await db.insert(contractShares).values({ contractId: id, userId: partner.id, access: 'edit', invitedEmail: partner.email, acceptedAt: new Date() });
      for (const behind of [...new Set([100, 1000, 5000, SAVES])].filter((distance) => distance <= SAVES)) {
        await db
          .insert(contractViews)
          .values({ contractId: id, userId: partner.id, revision: SAVES - behind })
          .onConflictDoUpdate({ target: [contractViews.contractId, contractViews.userId], set: { revision: SAVES - behind } });
        const times: number[] = [];
        const badgeTimes: number[] = [];
        let heapMb = 0;
        let count = 0;
        for (let run = 0; run < 5; run++) {
          const heapBefore = process.memoryUsage().heapUsed;
          const read = performance.now();
          count = (await getChangesSince(db, { contractId: id, userId: partner.id })).changes.length;
          times.push(performance.now() - read);
          heapMb = Math.max(heapMb, (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024);
          const badge = performance.now();
          await listChangesWaiting(db, partner.id);
          badgeTimes.push(performance.now() - badge);
        }
        // The first read finds the versions on disk; the next four in PGlite's buffer cache.
        changesSince.push({ behind, firstMs: times[0]!, ms: percentile(times.slice(1), 50), heapMb, badgeMs: percentile(badgeTimes.slice(1), 50), count });
      }
    }
    return {
      label,
      documentKb: (JSON.stringify(document).length / 1024).toFixed(0),
      growth: after.database - before.database,
      revisionsGrowth: after.revisions - before.revisions,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      oldestReadMs,
      changesSince,
    };
  } finally {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const withHistory = await run('with history', true);
const without = await run('without history (baseline)', false);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `\nHistory: ${SAVES} saves of the largest template (${withHistory.documentKb} kB of JSON, everything ticked), one subject changed per save, PGlite`,
);
console.table(
  [withHistory, without].map((r) => ({
    run: r.label,
    'database growth': mb(r.growth),
    'contract_revisions growth': mb(r.revisionsGrowth),
    'save p50 ms': r.p50.toFixed(1),
    'save p99 ms': r.p99.toFixed(1),
  })),
);
console.log(
  `Database growth from the history: ${mb(withHistory.growth - without.growth)} (with history minus without, after VACUUM FULL; target <= ${mb(TARGET_BYTES)}); the contract_revisions table grew ${mb(withHistory.revisionsGrowth)}.`,
);
console.log(
  `Save latency with history p50/p99 ${withHistory.p50.toFixed(1)}/${withHistory.p99.toFixed(1)} ms, without ${without.p50.toFixed(1)}/${without.p99.toFixed(1)} ms.`,
);
console.log(`Reading back revision 1 of ${SAVES}: ${withHistory.oldestReadMs.toFixed(1)} ms.`);
console.log(
  `\n"Changes since your last visit" and the dashboard's badge (goal < 100 ms whatever the distance, memory flat); load average ${loadavg()[0]!.toFixed(1)}`,
);
console.table(
  withHistory.changesSince.map(({ behind, firstMs, ms, heapMb, badgeMs, count }) => ({
    'versions behind': behind,
    'items changed': count,
    'changes first ms': firstMs.toFixed(0),
    'changes median ms': ms.toFixed(0),
    'heap growth MB': heapMb.toFixed(0),
    'badge median ms': badgeMs.toFixed(0),
    goal: ms < 100 && badgeMs < 100 ? '< 100 ms: met' : '< 100 ms: NOT met',
  })),
);
console.log(`(Versions stored before migration 0019, without recorded items, are replayed: at most ${MAX_CHANGES_VERSIONS} of them.)`);
