/**
 * A PostgreSQL `bytea` column read and written as a Node Buffer. Drizzle 0.45 has no built-in
 * bytea; node-postgres returns a Buffer and PGlite a Uint8Array, so both are normalised here.
 */
import { customType } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType() {
    return 'bytea';
  },
  toDriver(value) {
    return value;
  },
  fromDriver(value) {
    if (typeof value === 'string') {
      // Text format '\x…' (only if a driver hands bytea back as text).
      return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
    }
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});
