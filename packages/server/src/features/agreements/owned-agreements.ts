/**
 * Reading a subscriber's own agreements (docs/product.md §D7: every agreement route checks ownership). An
 * agreement of another account and an id that is not an agreement id at all are answered alike, as
 * missing, so that nobody learns which ids exist.
 */
import { CONTRACT_NOT_FOUND_MESSAGE } from '@bpa/domain/api-contracts';
import type { Contract, ContractAccessLevel, ContractName } from '@bpa/domain/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type ContractRow, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { isUuid } from '../../db/uuid';
import { type AgreementMemory, revisionKey } from './agreement-memory';

/** The 404 of every agreement route (docs/product.md §D7: an id of someone else's agreement is "missing"). */
export function agreementNotFound(): AppError {
  return new AppError('not_found', CONTRACT_NOT_FOUND_MESSAGE);
}

/** A stored row as the API answers it (ContractSchema): the document, its id, revision and template. */
export function toAgreement(row: Pick<ContractRow, 'id' | 'document' | 'revision' | 'templateName'>): Contract {
  return {
    ...row.document,
    _id: row.id,
    revision: row.revision,
    ...(row.templateName === null ? {} : { templateName: row.templateName }),
  };
}

/**
 * The names of an account's agreements (docs/product.md §7 "list names") in dashboard order: by `position`
 * (set at creation, create-agreement.ts), then creation time and id, so the list keeps one order
 * between loads and renames and "Partner 1" … "Partner 5" stay in that order.
 */
export async function listAgreementNames(db: Database, ownerUserId: string): Promise<ContractName[]> {
  return db
    .select({ _id: contracts.id, contractName: contracts.contractName })
    .from(contracts)
    .where(eq(contracts.ownerUserId, ownerUserId))
    .orderBy(asc(contracts.position), asc(contracts.createdAt), asc(contracts.id));
}

/**
 * The entity tag of an agreement answer: the answer is a function of the agreement's id and
 * revision only (every save, rename and reset raises the revision; docs/product.md §D7), so that pair names
 * it. Quoted, strong (RFC 9110 8.8.3).
 */
export function agreementEtag(id: string, revision: number): string {
  return `"${id}.${revision}"`;
}

/** The fields of a load's answer other than the document: one indexed row, no document read. */
export interface AgreementAnswerHead {
  id: string;
  revision: number;
  templateName: string | null;
  /** The owner's name, or e-mail address when the name is empty. */
  ownerName: string;
}

/** The owner's name as answers show it: the name, or the e-mail address when the name is empty (a query joined with `users` on the owner). */
export const ownerNameSql = sql<string>`case when ${users.name} = '' then ${users.email} else ${users.name} end`;

const answerHeadFields = { id: contracts.id, revision: contracts.revision, templateName: contracts.templateName, ownerName: ownerNameSql };

/**
 * What a load answers besides the document (its revision for the ETag and a 304, its template,
 * its owner's name), without reading the document (ADR 185: a load of an unchanged agreement
 * costs one indexed row, not 290 kB of JSON).
 *
 * @param id the agreement id from the URL (any text)
 * @returns the fields, or undefined when there is no agreement with that id (or it is not a UUID)
 */
export async function readAgreementAnswerHead(db: Database, id: string): Promise<AgreementAnswerHead | undefined> {
  if (!isUuid(id)) return undefined;
  const [head] = await db.select(answerHeadFields).from(contracts).innerJoin(users, eq(users.id, contracts.ownerUserId)).where(eq(contracts.id, id)).limit(1);
  return head;
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
 * The answer still matches ContractAnswerSchema (agreement-routes.test.ts checks it).
 *
 * @param request the agreement id from the URL (any text; the caller's access already checked:
 *   agreement-access.ts) and that access, sent along so the editor knows what it may do; `head`:
 *   the row's other fields as the caller just read them (readAgreementAnswerHead), if it did
 * @param memory the server's AgreementMemory: the document is read from the database only when
 *   it holds neither the document's text nor the document at this revision (AgreementMemory.documentText),
 *   and is kept there once read
 * @returns `json`: UTF-8 JSON text of ContractAnswerSchema (key order: envelope fields, then the
 *   document's keys); `head`: the fields it answers (its revision for the ETag: a newer one
 *   than `request.head`'s when a change was stored in between); `isFromMemory`: the document's
 *   text came from `memory`, not from the database
 * @throws AppError not_found when the id is not an agreement of that account (or not a UUID);
 *   Error when the stored document is not a JSON object (a damaged row: answered as a 500)
 */
export async function getAgreementAnswerJson(
  db: Database,
  request: { id: string; access: ContractAccessLevel; isPausedByOwner: boolean; head?: AgreementAnswerHead | undefined },
  memory: AgreementMemory,
): Promise<{ json: string; head: AgreementAnswerHead; isFromMemory: boolean }> {
  const head = request.head ?? (await readAgreementAnswerHead(db, request.id));
  if (!head) throw agreementNotFound();
  const cached = memory.documentText(head.id, head.revision);
  if (cached !== undefined) return { json: toAnswerJson(head, cached, request), head, isFromMemory: true };
  const [row] = await db
    .select({ ...answerHeadFields, documentJson: sql<string>`${contracts.document}::text` })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .where(eq(contracts.id, head.id))
    .limit(1);
  if (!row) throw agreementNotFound();
  const { documentJson, ...readHead } = row;
  // jsonb's text form of an object is "{" + members + "}" with no surrounding white space; a stored
  // document always has members (contractName, categories), so a comma joins them to ours.
  if (!documentJson.startsWith('{') || !documentJson.endsWith('}') || documentJson.length < 3) {
    throw new Error(`Agreement ${request.id}: the stored document is not a JSON object`);
  }
  memory.texts.set(revisionKey(row.id, row.revision), documentJson);
  return { json: toAnswerJson(readHead, documentJson, request), head: readHead, isFromMemory: false };
}

/** The answer text: the envelope's fields written here, then the stored document's members. */
function toAnswerJson(row: AgreementAnswerHead, documentJson: string, request: { access: ContractAccessLevel; isPausedByOwner: boolean }): string {
  const templateField = row.templateName === null ? '' : `"templateName":${JSON.stringify(row.templateName)},`;
  const accessFields = `"access":${JSON.stringify(request.access)},"ownerName":${JSON.stringify(row.ownerName)},"isPausedByOwner":${request.isPausedByOwner},`;
  // The text of a JSON object: "{" + members + "}" (jsonb's text or JSON.stringify's); its members follow ours.
  return `{"status":"success","data":{"_id":${JSON.stringify(row.id)},"revision":${row.revision},${templateField}${accessFields}${documentJson.slice(1)}}`;
}
