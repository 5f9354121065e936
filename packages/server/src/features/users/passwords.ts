/**
 * Password hashing (docs/product.md §D8): argon2id through `@node-rs/argon2`, whose defaults (argon2id,
 * m = 19 MiB, t = 2, p = 1) are the first configuration the OWASP Password Storage Cheat Sheet
 * recommends. Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`), so parameters can be
 * raised later without breaking stored hashes.
 */
import { hash, verify } from '@node-rs/argon2';

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown email, or an invited
 * account that has not set a password yet) it checks against a dummy hash anyway and answers
 * false, so that both cases take as long as a wrong password (docs/product.md §D8: login reveals nothing).
 *
 * @returns true only when `storedHash` is a valid hash of `password`; a malformed hash is false
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('not the password of any account');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
