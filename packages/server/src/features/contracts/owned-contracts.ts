/**
 * Reading a subscriber's own agreements (docs/product.md §D7: every agreement route checks ownership). An
 * agreement of another account and an id that is not an agreement id at all are answered alike, as
 * missing, so that nobody learns which ids exist.
 */
import { CONTRACT_NOT_FOUND_MESSAGE } from '@bpa/domain/api-contracts';
import type { Contract, ContractAccessLevel, ContractName } from '@bpa/domain/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database';
import { type ContractRow, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (any version): only such a text can be a row id, so others skip the query. */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** The 404 of every agreement route (docs/product.md §D7: an id of someone else's agreement is "missing"). */
export function contractNotFound(): AppError {
  return new AppError('not_found', CONTRACT_NOT_FOUND_MESSAGE);
}

/** A stored row as the API answers it (ContractSchema): the document, its id, revision and template. */
export function toContract(row: Pick<ContractRow, 'id' | 'document' | 'revision' | 'templateName'>): Contract {
  return {
    ...row.document,
    _id: row.id,
    revision: row.revision,
    ...(row.templateName === null ? {} : { templateName: row.templateName }),
  };
}

/**
 * The names of an account's agreements (docs/product.md §7 "list names") in dashboard order: by `position`
 * (set at creation, create-contract.ts), then creation time and id, so the list keeps one order
 * between loads and renames and "Partner 1" … "Partner 5" stay in that order.
 */
export async function listContractNames(db: Database, ownerUserId: string): Promise<ContractName[]> {
  return db
    .select({ _id: contracts.id, contractName: contracts.contractName })
    .from(contracts)
    .where(eq(contracts.ownerUserId, ownerUserId))
    .orderBy(asc(contracts.position), asc(contracts.createdAt), asc(contracts.id));
}

/** How much stored document text a server keeps in memory for loads: about 110 of the largest agreements. */
export const DOCUMENT_TEXT_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Stored documents' JSON text (as `getContractAnswerJson` reads it from the database), by agreement
 * id and revision, least recently used first out. A revision's document never changes (every
 * change raises the revision: replace-contract-document.ts), so an entry is never stale, on one
 * server or several sharing a database; a load still reads the revision, the template name and
 * the owner's name from the database every time (issue 15: a load of an agreement read before
 * costs one small query instead of turning 290 kB of jsonb into text; ADR 182).
 */
export type DocumentTextCache = LRUCache<string, string>;

/**
 * Makes an empty document text cache.
 *
 * @param maxBytes the most text kept, counted in UTF-16 code units (JavaScript string length)
 */
export function createDocumentTextCache(maxBytes = DOCUMENT_TEXT_CACHE_BYTES): DocumentTextCache {
  return new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (text) => Math.max(1, text.length) });
}

function documentTextKey(id: string, revision: number): string {
  return `${id}.${String(revision)}`;
}

/**
 * The entity tag of an agreement answer: the answer is a function of the agreement's id and
 * revision only (every save, rename and reset raises the revision; docs/product.md §D7), so that pair names
 * it. Quoted, strong (RFC 9110 8.8.3).
 */
export function contractEtag(id: string, revision: number): string {
  return `"${id}.${revision}"`;
}

/**
 * The revision of one of the account's agreements, without reading its document: what a load with
 * `If-None-Match` needs to answer 304 (issue 15: a load of an unchanged agreement costs one indexed
 * row, not 280 kB of JSON).
 *
 * @returns the stored revision, or undefined when the id is not an agreement of that account
 */
export async function getContractRevision(db: Database, request: { id: string }): Promise<number | undefined> {
  if (!isUuid(request.id)) return undefined;
  const [row] = await db.select({ revision: contracts.revision }).from(contracts).where(eq(contracts.id, request.id)).limit(1);
  return row?.revision;
}

/**
 * One of the account's agreements as the complete answer text of docs/product.md §7 "load one" and "latest
 * revision": `{"status":"success","data":{…ContractSchema…}}`, ready to send as JSON.
 *
 * Why text: a stored document is ~280 kB of JSON for the largest template. Reading it as jsonb
 * and answering an object costs a parse in the driver, a ContractSchema check by the response
 * serializer and a JSON.stringify, twice the time of the database read itself (bench/README.md,
 * api-bench). The document was checked by ContractDocumentSchema before it was written (save,
 * reset, create: docs/product.md §D7), so its stored text is spliced into the envelope as it is; the
 * envelope's own fields (id, revision, template name) are written with JSON.stringify here.
 * The answer still matches ContractAnswerSchema (subscriber-contract-routes.test.ts checks it).
 *
 * @param request the agreement id from the URL (any text; the caller's access already checked:
 *   contract-access.ts) and that access, sent along so the editor knows what it may do
 * @param documentTexts the server's cache of stored documents' text (`createDocumentTextCache`):
 *   the document is read from the database only when the cache does not hold it at this revision
 * @returns `json`: UTF-8 JSON text of ContractAnswerSchema (key order: envelope fields, then the
 *   document's keys in PostgreSQL's jsonb order); `revision`: the revision it is at (for the ETag)
 * @throws AppError not_found when the id is not an agreement of that account (or not a UUID);
 *   Error when the stored document is not a JSON object (a damaged row: answered as a 500)
 */
export async function getContractAnswerJson(
  db: Database,
  request: { id: string; access: ContractAccessLevel; isPausedByOwner: boolean },
  documentTexts: DocumentTextCache,
): Promise<{ json: string; revision: number }> {
  if (!isUuid(request.id)) throw contractNotFound();
  const answerFields = {
    id: contracts.id,
    revision: contracts.revision,
    templateName: contracts.templateName,
    ownerName: sql<string>`case when ${users.name} = '' then ${users.email} else ${users.name} end`,
  };
  const [answered] = await db
    .select(answerFields)
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .where(eq(contracts.id, request.id))
    .limit(1);
  if (!answered) throw contractNotFound();
  const cached = documentTexts.get(documentTextKey(answered.id, answered.revision));
  if (cached !== undefined) return { json: toAnswerJson(answered, cached, request), revision: answered.revision };
  const [row] = await db
    .select({ ...answerFields, documentJson: sql<string>`${contracts.document}::text` })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .where(eq(contracts.id, request.id))
    .limit(1);
  if (!row) throw contractNotFound();
  const { documentJson } = row;
  // jsonb's text form of an object is "{" + members + "}" with no surrounding white space; a stored
  // document always has members (contractName, categories), so a comma joins them to ours.
  if (!documentJson.startsWith('{') || !documentJson.endsWith('}') || documentJson.length < 3) {
    throw new Error(`Agreement ${request.id}: the stored document is not a JSON object`);
  }
  documentTexts.set(documentTextKey(row.id, row.revision), documentJson);
  return { json: toAnswerJson(row, documentJson, request), revision: row.revision };
}

/** The answer text: the envelope's fields written here, then the stored document's members. */
function toAnswerJson(
  row: { id: string; revision: number; templateName: string | null; ownerName: string },
  documentJson: string,
  request: { access: ContractAccessLevel; isPausedByOwner: boolean },
): string {
  const templateField = row.templateName === null ? '' : `"templateName":${JSON.stringify(row.templateName)},`;
  const accessFields = `"access":${JSON.stringify(request.access)},"ownerName":${JSON.stringify(row.ownerName)},"isPausedByOwner":${request.isPausedByOwner},`;
  return `{"status":"success","data":{"_id":${JSON.stringify(row.id)},"revision":${row.revision},${templateField}${accessFields}${documentJson.slice(1)}}`;
}
