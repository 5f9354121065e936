/**
 * What one server keeps in memory of stored agreements, so that the requests people make most
 * (load an agreement, save a small change to it) cost a small query instead of moving a 290 kB
 * document through the database, JSON and compression (docs/product.md §D12; ADR 185; docs/caches.md §1).
 *
 * Every entry is named by an agreement's id and revision. A revision's document never changes:
 * every change raises the revision (replace-agreement-document.ts), so an entry is never stale, on
 * one server or on several sharing a database; what can change without a new revision (the
 * caller's access, the owner's name) is part of the key of the answers that carry it. What is
 * kept is only ever a copy: the database stays the one source, and a request whose entry is
 * missing reads it there. Three least-recently-used stores, each bounded:
 *
 * - `texts`: a stored document's JSON text, as a load answers it (owned-agreements.ts; written from
 *   `documents` when only the object is held);
 * - `answers`: a load's whole answer, compressed, by its entity tag, owner name and encoding;
 * - `documents`: a stored document as an object, with the name and template of its row: what a
 *   save of changes applies them to (save-agreement.ts). Objects kept here are shared by the
 *   requests that read them and must never be changed: changes are applied by copying the path to
 *   what they change (apply-changes.ts), so consecutive revisions of an agreement share most of
 *   their objects.
 */
import type { ContractDocument } from '@bpa/domain/contract';
import { LRUCache } from 'lru-cache';
import type { AnswerEncoding } from '../../compression';

/** The agreement row a change starts from (one revision's document, with its row's name and template). */
export interface StoredAgreement {
  revision: number;
  document: ContractDocument;
  contractName: string;
  templateName: string | null;
}

/** The bounds of an AgreementMemory. */
export interface AgreementMemoryLimits {
  /** Document text kept, in UTF-16 code units (JavaScript string length): 32 Mi, about 110 of the largest agreements. */
  textUnits: number;
  /** Compressed answers kept, in bytes: 16 MiB, about 1,000 loads of the largest agreement in brotli. */
  answerBytes: number;
  /** Documents kept as objects: those being edited now (about 1 MB each; revisions of one agreement share most of it). */
  documents: number;
}

export const DEFAULT_AGREEMENT_MEMORY_LIMITS: AgreementMemoryLimits = {
  textUnits: 32 * 1024 * 1024,
  answerBytes: 16 * 1024 * 1024,
  documents: 64,
};

/** The key of an agreement's revision. */
export function revisionKey(id: string, revision: number): string {
  return `${id}.${String(revision)}`;
}

/** A server's memory of stored agreements (see the module comment). One per server (app). */
export class AgreementMemory {
  /** Stored documents' JSON text by revisionKey. */
  readonly texts: LRUCache<string, string>;
  /** Compressed load answers by answerKey. */
  readonly answers: LRUCache<string, Buffer>;
  /** Stored documents as objects (never to be changed) by revisionKey. */
  readonly documents: LRUCache<string, StoredAgreement>;

  /** @param limits the bounds of the three stores (default DEFAULT_AGREEMENT_MEMORY_LIMITS) */
  constructor(limits: Partial<AgreementMemoryLimits> = {}) {
    const { textUnits, answerBytes, documents } = { ...DEFAULT_AGREEMENT_MEMORY_LIMITS, ...limits };
    this.texts = new LRUCache<string, string>({ maxSize: textUnits, sizeCalculation: (text) => Math.max(1, text.length) });
    this.answers = new LRUCache<string, Buffer>({ maxSize: answerBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) });
    this.documents = new LRUCache<string, StoredAgreement>({ max: documents });
  }

  /**
   * The key of a load's compressed answer: everything the answer depends on (docs/product.md §7
   * "load one"): the entity tag (agreement, revision, the caller's access; agreement-routes.ts),
   * the owner's name shown in it, and the encoding.
   */
  static answerKey(etag: string, ownerName: string, encoding: AnswerEncoding): string {
    return `${etag}\u0000${encoding}\u0000${ownerName}`;
  }

  /**
   * Remembers an agreement as a change just stored it (or a read found it): its document as an
   * object and, when given, as the JSON text a load sends.
   *
   * @param text JSON.stringify of `stored.document` (what the change sent to the database), if at hand
   */
  rememberStored(id: string, stored: StoredAgreement, text?: string): void {
    const key = revisionKey(id, stored.revision);
    this.documents.set(key, stored);
    if (text !== undefined) this.texts.set(key, text);
  }

  /**
   * The JSON text of the agreement's document at `revision`, if this server holds it as text or
   * as an object (then written once with JSON.stringify and kept as text).
   */
  documentText(id: string, revision: number): string | undefined {
    const key = revisionKey(id, revision);
    const text = this.texts.get(key);
    if (text !== undefined) return text;
    const stored = this.documents.get(key);
    if (stored === undefined) return undefined;
    const written = JSON.stringify(stored.document);
    this.texts.set(key, written);
    return written;
  }

  /** The agreement at `revision` as an object, if this server holds it (never to be changed). */
  storedAt(id: string, revision: number): StoredAgreement | undefined {
    return this.documents.get(revisionKey(id, revision));
  }
}
