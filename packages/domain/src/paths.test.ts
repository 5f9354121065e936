import { describe, expect, it } from 'vitest';
import { PATHS, ROUTE_PATTERNS, tokenPath } from './paths';

describe('paths', () => {
  it('are absolute and distinct', () => {
    const all = Object.values(PATHS);
    for (const path of all) expect(path).toMatch(/^\/[a-z0-9/-]*$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it('patterns begin with a fixed address part and end with a parameter', () => {
    for (const pattern of Object.values(ROUTE_PATTERNS)) expect(pattern).toMatch(/^\/[a-z-]+\/:token\??$/);
  });

  it('encodes the token of a token link', () => {
    expect(tokenPath('reset-password', 'a/b c')).toBe('/reset-password/a%2Fb%20c');
    expect(tokenPath('shared', 'x')).toBe('/shared/x');
  });
});
