/**
 * What changed in an agreement since the version the server stores (ADR 181: small saves): the
 * RFC 6902 operations that turn `saved` into `edited`, computed by fast-json-patch, with checks
 * (`test` operations) the server runs before applying them: the old value at each changed place,
 * and the `_id` of every category, subject and option a change reaches into. A change computed
 * against another version is so refused (409 CHANGES_DO_NOT_APPLY_MESSAGE) and never lands on the
 * wrong item; the editor then sends the whole agreement.
 */
import type { DocumentChange } from '@bpa/domain/api-contracts';
import type { Contract, ContractDocument } from '@bpa/domain/contract';
import { compare, getValueByPointer } from 'fast-json-patch';

/** Above this size (characters of JSON) the whole agreement is sent instead of its changes. */
export const MAX_CHANGES_JSON_LENGTH = 64 * 1024;

/** The stored part of an agreement: what the server keeps as its document. */
export function toStoredDocument(contract: Contract | ContractDocument): ContractDocument {
  return { contractName: contract.contractName, categories: contract.categories, ...(contract.playerNames ? { playerNames: contract.playerNames } : {}) };
}

/**
 * The changes from `saved` to `edited`, checked as the module comment says.
 *
 * @returns the operations, `test`s first; [] when nothing changed; null when they would be larger
 *   than MAX_CHANGES_JSON_LENGTH (send the whole agreement)
 */
export function toDocumentChanges(saved: ContractDocument, edited: ContractDocument): DocumentChange[] | null {
  const operations = compare(toStoredDocument(saved), toStoredDocument(edited), true) as DocumentChange[];
  if (operations.length === 0) return [];
  const idTests = new Map<string, DocumentChange>();
  for (const operation of operations) {
    const parts = operation.path.split('/');
    // /categories/3, /categories/3/subjects/5, /categories/3/subjects/5/options/1: items with an _id.
    for (let depth = 3; depth < parts.length; depth += 2) {
      const itemPath = parts.slice(0, depth).join('/');
      if (idTests.has(`${itemPath}/_id`)) continue;
      let item: unknown;
      try {
        item = getValueByPointer(saved, itemPath);
      } catch {
        item = undefined;
      }
      if (typeof item === 'object' && item !== null && '_id' in item && typeof item._id === 'string') {
        idTests.set(`${itemPath}/_id`, { op: 'test', path: `${itemPath}/_id`, value: item._id });
      }
    }
  }
  const changes = [...idTests.values(), ...operations];
  return JSON.stringify(changes).length > MAX_CHANGES_JSON_LENGTH ? null : changes;
}
