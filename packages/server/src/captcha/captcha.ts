/**
 * The contact form's captcha (docs/product.md §D2: ALTCHA, a self-hosted proof of work; the browser
 * runs the `altcha` widget, version 3, which speaks the v2 challenge format of `altcha-lib` 2).
 * docs/product.md §5: the contact form's Send is disabled until the captcha is solved; §D8: `POST
 * /api/v1/messages` verifies the captcha solution on the server (single use, expiring).
 *
 * Proof of work: challenges are created in altcha-lib's deterministic mode. The server picks a
 * secret counter N, derives a PBKDF2/SHA-256 key from (nonce, N) and hands out the first half of
 * that key; the browser must try counters 0, 1, 2, ... until one derives a key with that prefix,
 * so solving costs exactly N + 1 key derivations of `PBKDF2_COST` iterations each. The derived key
 * is also signed (key signature), so verifying costs the server one HMAC, not a PBKDF2 run.
 *
 * Difficulty (default `maxNumber` 1500, N drawn from [750, 1500], 1000 iterations each: about
 * 1.1 million PBKDF2 iterations on average): one core of a 2024 server solves it in about a third of
 * a second with Node's native PBKDF2; the widget spreads the counters over up to 4 workers on a
 * phone (WebCrypto PBKDF2), which keeps it well under a second or two on a mid-range phone and
 * makes it a background task while the user types the message. A bot pays that CPU time for every
 * message it sends (about an hour of CPU per 10 000 messages), and a solution is good once only.
 */
import { createHmac } from 'node:crypto';
import { createChallenge as createAltchaChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { UsedSolutionStore } from './used-solution-store';

/** Key derivation the widget runs (bundled with the `altcha` widget, no extra worker needed). */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried. */
export const PBKDF2_COST = 1000;
/** Default largest secret counter (see the file comment for the difficulty this gives). */
export const DEFAULT_MAX_NUMBER = 1500;
/** Default challenge lifetime in seconds: long enough to write a message, short enough to stop hoarding. */
export const DEFAULT_EXPIRES_IN_SECONDS = 600;
/** Longest payload accepted, in characters; a real one is about 700. Anything longer is refused unread. */
export const MAX_PAYLOAD_LENGTH = 4096;

/** A challenge as the `altcha` widget (v3) fetches it from the challenge URL: `{ parameters, signature }`. */
export type CaptchaChallenge = Challenge;

export interface CaptchaOptions {
  /** Secret the challenges are signed with (config `ALTCHA_HMAC_KEY`, see hmac-key.ts); at least 32 characters. */
  hmacKey: string;
  /** Where accepted solutions are remembered (single use). */
  store: UsedSolutionStore;
  /** Largest secret counter, an integer from 2 to 2^32 - 1; the counter is drawn from [maxNumber / 2, maxNumber]. Default 1500. */
  maxNumber?: number;
  /** Seconds a challenge stays solvable. Default 600. */
  expiresInSeconds?: number;
  /** Clock used to stamp challenges, in milliseconds since the epoch; tests pass a fake one. Default `Date.now`. */
  now?: () => number;
}

export interface Captcha {
  /** A new signed challenge for the widget (serve it with `Cache-Control: no-store`). */
  createChallenge(): Promise<CaptchaChallenge>;
  /**
   * True when `payload` (the base64 text the widget puts in its form field) solves a challenge this
   * server signed, that challenge has not expired, and the solution was not used before; the
   * solution is then recorded as used. False for anything else, including malformed input.
   * Throws only when the store fails (the caller answers 5xx rather than blame the user).
   */
  verify(payload: string): Promise<boolean>;
}

const HexSchema = z.string().regex(/^(?:[0-9a-f]{2})+$/);

/**
 * What the widget sends, base64-encoded JSON (altcha widget v3). Unknown parameter keys are kept
 * (loose object): the signature covers every parameter, so dropping one would break a good payload,
 * and an added one fails the signature check.
 */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CAPTCHA_ALGORITHM),
      nonce: HexSchema,
      salt: HexSchema,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: HexSchema,
      keySignature: HexSchema,
      expiresAt: z.number().positive(),
    }),
    signature: HexSchema,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: HexSchema,
    time: z.number().optional(),
  }),
});

/**
 * Creates the captcha service. Throws a RangeError for a key shorter than 32 characters, a
 * `maxNumber` outside 2..2^32 - 1 or a non-positive `expiresInSeconds`.
 */
export function createCaptcha(options: CaptchaOptions): Captcha {
  const { hmacKey, store } = options;
  const maxNumber = options.maxNumber ?? DEFAULT_MAX_NUMBER;
  const expiresInSeconds = options.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS;
  const now = options.now ?? Date.now;
  if (hmacKey.length < 32) throw new RangeError('The captcha HMAC key must be at least 32 characters');
  if (!Number.isInteger(maxNumber) || maxNumber < 2 || maxNumber > 0xffffffff) {
    throw new RangeError(`maxNumber must be an integer from 2 to 2^32 - 1, got ${maxNumber}`);
  }
  if (!(expiresInSeconds > 0)) throw new RangeError(`expiresInSeconds must be positive, got ${expiresInSeconds}`);

  // A second secret for the derived-key signature, derived from the one key so there is one
  // thing to configure; HMAC with a fixed label keeps the two secrets independent.
  const keySignatureSecret = createHmac('sha256', hmacKey).update('altcha key signature').digest('hex');

  return {
    createChallenge: () =>
      createAltchaChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: PBKDF2_COST,
        // A lower bound of half the maximum keeps every challenge worth some work.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        expiresAt: new Date(now() + expiresInSeconds * 1000),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      }),

    async verify(payload) {
      const parsed = parsePayload(payload);
      if (!parsed) return false;
      let isVerified: boolean;
      try {
        const result = await verifySolution({
          challenge: parsed.challenge,
          solution: parsed.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: keySignatureSecret,
        });
        isVerified = result.verified;
      } catch {
        // altcha-lib throws on parameters it cannot use (e.g. a counter out of range): not solved.
        isVerified = false;
      }
      if (!isVerified) return false;
      // Only now is the nonce known to be ours (it is signed), so only now may it reach the store.
      return store.markUsed(`altcha:${parsed.challenge.parameters.nonce}`, new Date(parsed.challenge.parameters.expiresAt * 1000));
    },
  };
}

function parsePayload(payload: unknown): z.infer<typeof PayloadSchema> | undefined {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = PayloadSchema.safeParse(json);
  return result.success ? result.data : undefined;
}
