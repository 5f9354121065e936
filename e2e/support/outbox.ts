/**
 * The emails the server under test "sends": without SMTP_URL it writes each one as an .eml file to
 * DATA_DIR/outbox (docs/product.md §D2, 9). Tests wait for a message to an address and follow its link, as a
 * user would from their mail client.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RawEmail, readRawEmail } from '@bpa/server/mail/read-raw-email';
import { outboxDir } from '../playwright.config';

/** One email of the outbox, read back. */
export interface OutboxEmail extends RawEmail {
  /** File name in the outbox (they sort by time). */
  file: string;
}

/** Every email in the outbox, oldest first (none when the folder does not exist yet). */
export async function readOutbox(): Promise<OutboxEmail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(files.map(async (file) => ({ file, ...(await readRawEmail(await readFile(join(outboxDir, file), 'utf8'))) })));
}

export interface WaitForEmailOptions {
  /** Only a subject containing this text (or matching this expression). */
  subject?: string | RegExp;
  /**
   * Only a message whose text holds this: the one that says it, when several messages of the same
   * subject may arrive (a notice job that ran between two actions sends one for each).
   */
  text?: string;
  /** Files already seen: only a newer message counts (e.g. `(await readOutbox()).map(e => e.file)`). */
  ignoreFiles?: readonly string[];
  /** How long to wait, in milliseconds; default 10 000. */
  timeoutMs?: number;
}

/**
 * Waits for the newest email to `to` (case-insensitive) that matches `options`, polling the outbox.
 * @throws Error naming the address and the subjects seen when none arrives in time
 */
export async function waitForEmail(to: string, options: WaitForEmailOptions = {}): Promise<OutboxEmail> {
  const { subject, text, ignoreFiles = [], timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  let seen: OutboxEmail[] = [];
  for (;;) {
    seen = await readOutbox();
    const match = seen
      .filter((email) => !ignoreFiles.includes(email.file) && email.to.toLowerCase().includes(address))
      .filter((email) => subject === undefined || (typeof subject === 'string' ? email.subject.includes(subject) : subject.test(email.subject)))
      .filter((email) => text === undefined || (email.text ?? '').includes(text))
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(`No email to ${to} arrived in ${String(timeoutMs)} ms. Outbox: ${JSON.stringify(seen.map((e) => `${e.to}: ${e.subject}`))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The link of an account email to one of the app's screens (docs/product.md §2): `/accept-invite/{tok}`,
 * `/reset-password/{tok}` or `/login/{token}`, as a path for `page.goto`.
 * @throws Error when the text body has no such link
 */
export function linkIn(email: RawEmail, route: 'accept-invite' | 'reset-password' | 'login'): string {
  const found = new RegExp(`https?://[^\\s"'<>]+(/${route}/[A-Za-z0-9_%-]+)`).exec(email.text ?? email.html ?? '');
  if (!found?.[1]) throw new Error(`The email "${email.subject}" has no /${route}/ link`);
  return found[1];
}
