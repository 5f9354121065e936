/**
 * Random secrets handed to a browser or put in a link (session ids, one-time tokens; docs/product.md §D8):
 * 256 random bits, base64url, stored only as their SHA-256 hash. A plain hash is enough because
 * the secret has full entropy: no one can guess one to compare against a leaked hash.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Random bytes per secret: 256 bits (docs/product.md §D8). */
const SECRET_BYTES = 32;

/** What a secret looks like: 43 base64url characters. Anything else is refused before any query. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh secret: 32 crypto-random bytes as 43 base64url characters. */
export function makeSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** The stored form of a secret: its SHA-256 as 64 lower-case hex characters. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
