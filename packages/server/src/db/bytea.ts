/**
 * A PostgreSQL `bytea` column read and written as a Node Buffer. Drizzle 0.45 has no built-in
 * bytea; node-postgres returns a Buffer and PGlite a Uint8Array, so both are normalised here.
 *
 * Bytes cross the driver as base64 text, decoded and encoded by the database (ADR 187): PGlite
 * turns a binary parameter or value into text and back one byte at a time in JavaScript, on the
 * database's only thread, several times slower than `decode($1, 'base64')` and
 * `encode(…, 'base64')` (measured in docs/decisions/187-session-lookup-and-bytes.md).
 * Write through the column as usual; read with `byteaAsBase64(column)` instead of the column.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType() {
    return 'bytea';
  },
  toDriver(value): SQL {
    return sql`decode(${value.toString('base64')}, 'base64')`;
  },
  fromDriver(value) {
    if (typeof value === 'string') {
      // Text format '\x…' (only if a driver hands bytea back as text).
      return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
    }
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});

/**
 * Selects a bytea column's bytes as a Buffer, carried as base64 text (see above: about ten times
 * faster than the column itself on PGlite).
 *
 * @param column a `bytea(…)` column
 * @returns an SQL selection that maps to a Buffer (empty for an empty value)
 */
export function byteaAsBase64(column: AnyColumn): SQL<Buffer> {
  return sql<string>`encode(${column}, 'base64')`.mapWith((text: string) => Buffer.from(text, 'base64'));
}
