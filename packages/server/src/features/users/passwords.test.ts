import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('hashPassword / verifyPassword (docs/product.md §D8: argon2id)', () => {
  it('stores an argon2id PHC string with the OWASP parameters, salted', async () => {
    const hash = await hashPassword('Correct-horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Correct-horse-9')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Correct-horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-9')).toBe(false);
  });

  it('answers false without a stored hash or with a malformed one', async () => {
    expect(await verifyPassword(null, 'anything-at-all')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything-at-all')).toBe(false);
  });
});
