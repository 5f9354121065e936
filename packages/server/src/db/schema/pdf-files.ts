/**
 * Produced PDF files (docs/product.md §D7): stored in the database, not on the local disk, so any number of
 * app servers can serve them. Fetched by `pathName` + `fileName`; guest files have an unguessable
 * `pathName` and expire after one hour; a subscriber's files will belong to `ownerUserId`.
 */
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../bytea';

export const pdfFiles = pgTable(
  'pdf_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random, base64url, at least 128 bits: the capability that grants access to a guest file. */
    pathName: text('path_name').notNull(),
    /** Safe file name ending in .pdf, derived from the agreement name. */
    fileName: text('file_name').notNull(),
    /** The name the browser saves the file under: the agreement name as written (null: fileName). */
    downloadName: text('download_name'),
    /** The subscriber who made the file (null for guests). The users table comes with accounts. */
    ownerUserId: uuid('owner_user_id'),
    isGuest: boolean('is_guest').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this moment the file is never served and the cleanup deletes it; null keeps it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pdf_files_path_name_key').on(table.pathName),
    index('pdf_files_expires_at_idx').on(table.expiresAt),
    // The viewer's "newest file of this name" of one account (get-latest-pdf-file.ts).
    index('pdf_files_owner_file_name_idx').on(table.ownerUserId, table.fileName, table.createdAt),
  ],
);

export type PdfFileRow = typeof pdfFiles.$inferSelect;
