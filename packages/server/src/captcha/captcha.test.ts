import { solveChallenge } from 'altcha-lib';
import type { Challenge, Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { createCaptcha, DEFAULT_MAX_NUMBER, PBKDF2_COST, type Captcha } from './captcha';
import { createMemoryUsedSolutionStore } from './used-solution-store';

const HMAC_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
/** Small difficulty so the tests solve in milliseconds; the default is exercised once below. */
const TEST_MAX_NUMBER = 20;

/** Solves like the widget does (same altcha-lib solver) and encodes the payload as the widget does. */
async function solve(challenge: Challenge): Promise<{ payload: string; solution: Solution }> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved');
  return { payload: encodePayload({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }), solution };
}

function encodePayload(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

function decodePayload(payload: string): { challenge: Challenge; solution: Solution } {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: Challenge; solution: Solution };
}

function createTestCaptcha(overrides: Partial<Parameters<typeof createCaptcha>[0]> = {}) {
  const store = createMemoryUsedSolutionStore();
  const captcha: Captcha = createCaptcha({ hmacKey: HMAC_KEY, store, maxNumber: TEST_MAX_NUMBER, ...overrides });
  return { captcha, store };
}

describe('createChallenge', () => {
  it('gives a signed PBKDF2 challenge that expires after 10 minutes by default, in the JSON the widget fetches', async () => {
    const { captcha } = createTestCaptcha();
    const before = Math.floor(Date.now() / 1000);

    const challenge = JSON.parse(JSON.stringify(await captcha.createChallenge())) as Challenge;

    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: PBKDF2_COST, keyLength: 32 });
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 600);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + 601);
  });

  it('gives a new nonce every time', async () => {
    const { captcha } = createTestCaptcha();
    const [a, b] = await Promise.all([captcha.createChallenge(), captcha.createChallenge()]);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });

  it('at the default difficulty needs between maxNumber / 2 and maxNumber tries', async () => {
    const { captcha } = createTestCaptcha({ maxNumber: undefined });
    const challenge = await captcha.createChallenge();

    const { payload, solution } = await solve(challenge);

    // Deterministic mode: the solver counts up from 0, so the counter found is the work done.
    expect(solution.counter).toBeGreaterThanOrEqual(DEFAULT_MAX_NUMBER / 2);
    expect(solution.counter).toBeLessThanOrEqual(DEFAULT_MAX_NUMBER);
    expect(await captcha.verify(payload)).toBe(true);
  });

  it('refuses options that would make a weak or broken captcha', () => {
    const store = createMemoryUsedSolutionStore();
    expect(() => createCaptcha({ hmacKey: 'short', store })).toThrow(RangeError);
    expect(() => createCaptcha({ hmacKey: HMAC_KEY, store, maxNumber: 1 })).toThrow(RangeError);
    expect(() => createCaptcha({ hmacKey: HMAC_KEY, store, maxNumber: 2 ** 32 })).toThrow(RangeError);
    expect(() => createCaptcha({ hmacKey: HMAC_KEY, store, expiresInSeconds: 0 })).toThrow(RangeError);
  });
});

describe('verify', () => {
  it('accepts a solved challenge once, then refuses the same solution (single use)', async () => {
    const { captcha, store } = createTestCaptcha();
    const { payload } = await solve(await captcha.createChallenge());

    expect(await captcha.verify(payload)).toBe(true);
    expect(store.size).toBe(1);
    expect(await captcha.verify(payload)).toBe(false);
  });

  it('accepts only one of two simultaneous submissions of one solution', async () => {
    const { captcha } = createTestCaptcha();
    const { payload } = await solve(await captcha.createChallenge());

    const results = await Promise.all([captcha.verify(payload), captcha.verify(payload), captcha.verify(payload)]);

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps two different solutions apart', async () => {
    const { captcha } = createTestCaptcha();
    const first = await solve(await captcha.createChallenge());
    const second = await solve(await captcha.createChallenge());

    expect(await captcha.verify(first.payload)).toBe(true);
    expect(await captcha.verify(second.payload)).toBe(true);
  });

  it('refuses a tampered payload', async () => {
    const { captcha, store } = createTestCaptcha();
    const { payload } = await solve(await captcha.createChallenge());
    const original = decodePayload(payload);
    const tampered = (change: (copy: { challenge: Challenge; solution: Solution }) => void) => {
      const copy = structuredClone(original);
      change(copy);
      return encodePayload(copy);
    };

    // A later expiry, a different prefix, a wrong derived key, a forged signature, a missing signature.
    expect(await captcha.verify(tampered((p) => (p.challenge.parameters.expiresAt = (p.challenge.parameters.expiresAt ?? 0) + 3600)))).toBe(false);
    expect(await captcha.verify(tampered((p) => (p.challenge.parameters.keyPrefix = '00')))).toBe(false);
    expect(await captcha.verify(tampered((p) => (p.solution.derivedKey = p.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')))))).toBe(false);
    expect(await captcha.verify(tampered((p) => (p.challenge.signature = '0'.repeat(64))))).toBe(false);
    expect(await captcha.verify(tampered((p) => delete p.challenge.signature))).toBe(false);
    expect(store.size).toBe(0);
    // The untouched payload still works: the refusals above did not use it up.
    expect(await captcha.verify(payload)).toBe(true);
  });

  it('refuses a challenge signed with another key', async () => {
    const other = createTestCaptcha({ hmacKey: 'another-key-another-key-another-key-0000' });
    const { captcha } = createTestCaptcha();
    const { payload } = await solve(await other.captcha.createChallenge());

    expect(await captcha.verify(payload)).toBe(false);
    expect(await other.captcha.verify(payload)).toBe(true);
  });

  it('refuses an expired challenge', async () => {
    // The challenge was handed out 601 seconds ago: one second past its 600-second life.
    const { captcha, store } = createTestCaptcha({ now: () => Date.now() - 601_000 });
    const { payload } = await solve(await captcha.createChallenge());

    expect(await captcha.verify(payload)).toBe(false);
    expect(store.size).toBe(0);
  });

  it('honours a shorter lifetime', async () => {
    const { captcha } = createTestCaptcha({ expiresInSeconds: 60, now: () => Date.now() - 61_000 });
    const { payload } = await solve(await captcha.createChallenge());
    expect(await captcha.verify(payload)).toBe(false);

    const fresh = createTestCaptcha({ expiresInSeconds: 60, now: () => Date.now() - 50_000 });
    expect(await fresh.captcha.verify((await solve(await fresh.captcha.createChallenge())).payload)).toBe(true);
  });

  it('refuses malformed input without throwing', async () => {
    const { captcha } = createTestCaptcha();
    const { payload } = await solve(await captcha.createChallenge());
    const inputs = [
      '',
      'not base64 at all %%%',
      encodePayload({}),
      encodePayload('a string'),
      // What the widget sends in its test mode: must never pass on the server.
      encodePayload({ challenge: null, solution: null, test: true }),
      encodePayload({ ...decodePayload(payload), solution: { counter: -1, derivedKey: 'zz' } }),
      encodePayload({ ...decodePayload(payload), solution: { counter: 2 ** 40, derivedKey: decodePayload(payload).solution.derivedKey } }),
      payload + 'A'.repeat(5000),
    ];

    for (const input of inputs) {
      expect(await captcha.verify(input), input.slice(0, 60)).toBe(false);
    }
    expect(await captcha.verify(undefined as unknown as string)).toBe(false);
  });
});
