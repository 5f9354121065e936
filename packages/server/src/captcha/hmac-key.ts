/**
 * The ALTCHA HMAC key (docs/product.md §D9: `ALTCHA_HMAC_KEY`, "generated and kept in DATA_DIR when
 * absent"). Captcha challenges are signed with it; keeping it in a file means challenges handed out
 * before a restart still verify after it, and every process sharing the data folder agrees on it.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Name of the key file inside DATA_DIR. */
export const HMAC_KEY_FILE_NAME = 'altcha-hmac-key';

/** Shortest key accepted, in characters (the same floor as the config check of ALTCHA_HMAC_KEY). */
export const MIN_HMAC_KEY_LENGTH = 32;

export interface LoadOrCreateHmacKeyOptions {
  /** `ALTCHA_HMAC_KEY` from the config; when set (non-blank) it is used as is and no file is touched. */
  configuredKey?: string | undefined;
  /** DATA_DIR; created when missing. */
  dataDir: string;
}

/**
 * Returns the configured key, or the one kept in `<dataDir>/altcha-hmac-key`, or creates that file
 * with a random 32-byte key written as 64 hex characters, readable by its owner only (mode 0600).
 *
 * Throws when the folder or file cannot be read or written, or when the file holds fewer than 32
 * characters (a damaged file: the message says to delete it or set ALTCHA_HMAC_KEY).
 */
export async function loadOrCreateHmacKey(options: LoadOrCreateHmacKeyOptions): Promise<string> {
  if (options.configuredKey !== undefined && options.configuredKey.trim() !== '') {
    return options.configuredKey;
  }
  const file = join(options.dataDir, HMAC_KEY_FILE_NAME);
  const existing = await readKeyFile(file);
  if (existing !== undefined) return existing;

  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  // Write a private temporary file, then hard-link it into place: the key file appears complete or
  // not at all, and link fails with EEXIST when another process got there first, whose key wins.
  const temp = join(options.dataDir, `.${HMAC_KEY_FILE_NAME}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return key;
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
    const winner = await readKeyFile(file);
    if (winner === undefined) throw error;
    return winner;
  } finally {
    await rm(temp, { force: true });
  }
}

/** The trimmed key in `file`, or undefined when there is no file. */
async function readKeyFile(file: string): Promise<string | undefined> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  const key = content.trim();
  if (key.length < MIN_HMAC_KEY_LENGTH) {
    throw new Error(
      `${file} does not hold a usable ALTCHA key (at least ${MIN_HMAC_KEY_LENGTH} characters): delete the file to have a new key generated, or set ALTCHA_HMAC_KEY`,
    );
  }
  return key;
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
