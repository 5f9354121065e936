/**
 * The agreements a player can open (docs/questionnaire.md §2, §8): their own and those shared with
 * them and accepted, newest first, at most MAX_OTHER_AGREEMENTS. Read for the player themselves
 * only: the caller checks that `userId` is the signed-in account.
 *
 * - `readOpenableAgreements`: whole documents (the dashboard's practice progress builds each one's
 *   prompts).
 * - `readOtherAgreementsPlayed`: only what each plays of each catalogue subject, extracted by the
 *   database (domain elsewhere.ts compares nothing else), so a practice session or a questionnaire
 *   does not read and parse five whole agreements to find where they differ.
 */
import { PLACEHOLDER_OPTION_NAME, PLACEHOLDER_SUBJECT_NAME } from '@bpa/domain/editing';
import { MAX_OTHER_AGREEMENTS, type OtherAgreement, type PlayedSubject } from '@bpa/domain/elsewhere';
import type { ContractDocument } from '@bpa/domain/contract';
import { stripMarkup } from '@bpa/domain/markup';
import { type SQL, and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractShares, contracts } from '../../db/schema/contracts';

/** An agreement a player can open: its id, its label (its name in quotes) and its document. */
export interface OpenableAgreement {
  contractId: string;
  label: string;
  document: ContractDocument;
}

/**
 * The agreements of `userId` (but `exceptContractId`): owned, or shared with them and accepted.
 * Written as one list of ids from two indexed look-ups (by owner, and the shares by user), so the
 * query reads an index however many agreements the database holds; an `or` of the two made
 * PostgreSQL scan every agreement (db/query-plans.test.ts, bench/scale-bench.ts).
 */
function openableBy(userId: string, exceptContractId: string | undefined): SQL {
  const openable = sql`${contracts.id} in (
    select ${contracts.id} from ${contracts} where ${eq(contracts.ownerUserId, userId)}
    union all
    select ${contractShares.contractId} from ${contractShares} where ${and(eq(contractShares.userId, userId), isNotNull(contractShares.acceptedAt))}
  )`;
  return and(openable, exceptContractId === undefined ? undefined : ne(contracts.id, exceptContractId))!;
}

const labelOf = (name: string) => `“${stripMarkup(name)}”`;

/** Up to MAX_OTHER_AGREEMENTS agreements of `userId` (but `exceptContractId`, when given), newest first, whole. */
export async function readOpenableAgreements(db: Database, request: { userId: string; exceptContractId?: string }): Promise<OpenableAgreement[]> {
  const rows = await db
    .select({ id: contracts.id, name: contracts.contractName, document: contracts.document })
    .from(contracts)
    .where(openableBy(request.userId, request.exceptContractId))
    .orderBy(desc(contracts.updatedAt))
    .limit(MAX_OTHER_AGREEMENTS);
  return rows.map((row) => ({ contractId: row.id, label: labelOf(row.name), document: row.document }));
}

/**
 * Up to MAX_OTHER_AGREEMENTS agreements of `userId` but `exceptContractId`, newest first, each as
 * what it plays of each catalogue subject (domain `PlayedSubject`, as `playedSubjectsOf` gives for a
 * document in memory: placeholder rows left out, options by key and shown name).
 */
export async function readOtherAgreementsPlayed(db: Database, request: { userId: string; exceptContractId: string }): Promise<OtherAgreement[]> {
  const ids = (
    await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(openableBy(request.userId, request.exceptContractId))
      .orderBy(desc(contracts.updatedAt))
      .limit(MAX_OTHER_AGREEMENTS)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: contracts.id,
      name: contracts.contractName,
      subjects: sql<[string, boolean, [string | null, string][]][]>`(
        select coalesce(jsonb_agg(jsonb_build_array(s->'key', s->'isSelected', (
          select coalesce(jsonb_agg(jsonb_build_array(o->'key', case when (o->>'isEdited')::boolean then o->'editedName' else o->'optionName' end)), '[]'::jsonb)
          from jsonb_array_elements(s->'options') o
          where (o->>'isSelected')::boolean and o->>'optionName' <> ${PLACEHOLDER_OPTION_NAME}
        ))), '[]'::jsonb)
        from jsonb_array_elements(${contracts.document}->'categories') c, jsonb_array_elements(c->'subjects') s
        where s ? 'key' and s->>'subjectName' <> ${PLACEHOLDER_SUBJECT_NAME}
      )`,
    })
    .from(contracts)
    .where(inArray(contracts.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const subjects: PlayedSubject[] = row.subjects.map(([key, isSelected, options]) => ({
      key,
      isSelected,
      options: options.map(([optionKey, name]) => ({ key: optionKey ?? undefined, name })),
    }));
    return [{ label: labelOf(row.name), subjects }];
  });
}
