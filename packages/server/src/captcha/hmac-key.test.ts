import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HMAC_KEY_FILE_NAME, loadOrCreateHmacKey } from './hmac-key';

let tempDir: string;

beforeEach(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'bpa-hmac-key-'));
});

afterEach(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('loadOrCreateHmacKey', () => {
  it('creates a random 32-byte hex key in DATA_DIR, readable by its owner only, and reuses it', async () => {
    const dataDir = join(tempDir, 'data'); // does not exist yet

    const key = await loadOrCreateHmacKey({ dataDir });

    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, HMAC_KEY_FILE_NAME);
    expect((await readFile(file, 'utf8')).trim()).toBe(key);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(await loadOrCreateHmacKey({ dataDir })).toBe(key);
    expect(await loadOrCreateHmacKey({ dataDir, configuredKey: '' })).toBe(key);
  });

  it('gives a different key in another data folder', async () => {
    const a = await loadOrCreateHmacKey({ dataDir: join(tempDir, 'a') });
    const b = await loadOrCreateHmacKey({ dataDir: join(tempDir, 'b') });
    expect(a).not.toBe(b);
  });

  it('agrees on one key when called several times at once, leaving no temporary file', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateHmacKey({ dataDir: tempDir })));
    expect(new Set(keys).size).toBe(1);
    expect((await readFile(join(tempDir, HMAC_KEY_FILE_NAME), 'utf8')).trim()).toBe(keys[0]);
    expect(await readdir(tempDir)).toEqual([HMAC_KEY_FILE_NAME]);
  });

  it('uses ALTCHA_HMAC_KEY when configured and writes nothing', async () => {
    const configuredKey = 'configured-key-configured-key-configured-key';
    expect(await loadOrCreateHmacKey({ configuredKey, dataDir: tempDir })).toBe(configuredKey);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('refuses a damaged key file and says how to fix it', async () => {
    await writeFile(join(tempDir, HMAC_KEY_FILE_NAME), 'short\n');
    await expect(loadOrCreateHmacKey({ dataDir: tempDir })).rejects.toThrow(/delete the file.*ALTCHA_HMAC_KEY/);
  });
});
