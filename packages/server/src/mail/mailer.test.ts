import { startTestSmtpServer } from '../test/test-smtp-server';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer, type MailLogger } from './mailer';
import { confirmationEmail, invitationEmail, passwordResetEmail } from './messages';
import { readRawEmail } from './read-raw-email';

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

/** A logger that keeps what it is given, so tests can check what an operator would see. */
function createRecordingLogger(): MailLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (obj: object, msg?: string) => {
    entries.push({ level, obj: obj as Record<string, unknown>, msg });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}

async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

const FROM = 'Bridge Partnership Agreements <no-reply@bpa.test>';
const PUBLIC_URL = 'https://bpa.example.org';

let tempDir: string;
let mailer: Mailer | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'bpa-mailer-'));
});

afterEach(async () => {
  await mailer?.close();
  mailer = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(tempDir, { recursive: true, force: true });
});

describe('createMailer with SMTP_URL', () => {
  it('delivers the message to the SMTP server with subject, link, text and HTML parts', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(smtp.close);
    const logger = createRecordingLogger();
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: join(tempDir, 'outbox'), logger });
    const email = confirmationEmail({ publicUrl: PUBLIC_URL, token: 'confirm-token-123' });

    const result = await mailer.send({ to: 'partner@example.org', ...email });

    expect(result).toEqual({ delivered: true });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.mailFrom).toBe('no-reply@bpa.test');
    expect(mail.rcptTo).toEqual(['partner@example.org']);
    expect(mail.raw).toMatch(/^Subject: Confirm your email address for Bridge Partnership Agreements\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(mail.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);

    const read = await readRawEmail(mail.raw);
    expect(read.contentType).toBe('multipart/alternative');
    expect(read.text).toBeDefined();
    expect(read.html).toBeDefined();
    expect(read.subject).toBe(email.subject);
    expect(read.to).toBe('partner@example.org');
    expect(read.text).toContain('https://bpa.example.org/login/confirm-token-123');
    expect(read.html).toContain('href="https://bpa.example.org/login/confirm-token-123"');
    // The token is a secret: with a real mail server it must not end up in the logs.
    expect(JSON.stringify(logger.entries)).not.toContain('confirm-token-123');
    expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('reuses one transport for several messages', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(smtp.close);
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: join(tempDir, 'outbox'), logger: createRecordingLogger() });

    const results = await Promise.all([
      mailer.send({ to: 'a@example.org', ...passwordResetEmail({ publicUrl: PUBLIC_URL, token: 'reset-1' }) }),
      mailer.send({ to: 'b@example.org', ...invitationEmail({ publicUrl: PUBLIC_URL, token: 'invite-2' }) }),
    ]);

    expect(results).toEqual([{ delivered: true }, { delivered: true }]);
    const subjects = smtp.received.map((mail) => mail.subject).sort();
    expect(subjects).toEqual(['Reset your Bridge Partnership Agreements password', 'You are invited to Bridge Partnership Agreements']);
  });

  it('reports "not delivered" and logs an error when the server rejects the recipient', async () => {
    const smtp = await startTestSmtpServer({ rejectRecipients: true });
    cleanups.push(smtp.close);
    const logger = createRecordingLogger();
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: join(tempDir, 'outbox'), logger });

    const result = await mailer.send({ to: 'nobody@example.org', ...passwordResetEmail({ publicUrl: PUBLIC_URL, token: 't' }) });

    expect(result.delivered).toBe(false);
    expect(result.error).toMatch(/550/);
    expect(smtp.received).toEqual([]);
    const errors = logger.entries.filter((e) => e.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.obj).toMatchObject({ to: 'nobody@example.org' });
    expect(errors[0]!.msg).toMatch(/^Email not sent/);
  });

  it('reports "not delivered" when nothing listens on the SMTP port', async () => {
    const probe = createServer();
    const port = await listenOnFreePort(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const logger = createRecordingLogger();
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: join(tempDir, 'outbox'), logger });

    const result = await mailer.send({ to: 'partner@example.org', ...confirmationEmail({ publicUrl: PUBLIC_URL, token: 't' }) });

    expect(result.delivered).toBe(false);
    expect(result.error).toMatch(/ECONNREFUSED/);
    expect(logger.entries.filter((e) => e.level === 'error')).toHaveLength(1);
  });

  it('gives up after the timeout when the server accepts the connection but never greets', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await listenOnFreePort(silent);
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: join(tempDir, 'outbox'),
      logger: createRecordingLogger(),
      smtpTimeoutMs: 300,
    });

    const started = Date.now();
    const result = await mailer.send({ to: 'partner@example.org', ...confirmationEmail({ publicUrl: PUBLIC_URL, token: 't' }) });

    expect(result.delivered).toBe(false);
    expect(result.error).toMatch(/timeout|greeting/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('createMailer without SMTP_URL (outbox)', () => {
  it('writes an RFC 5322 .eml file, creating the folder, and logs the link at info level', async () => {
    const outboxDir = join(tempDir, 'data', 'outbox');
    const logger = createRecordingLogger();
    mailer = createMailer({ from: FROM, outboxDir, logger });
    const email = invitationEmail({ publicUrl: PUBLIC_URL, token: 'invite-token-456', invitedBy: 'admin@bpa.test' });

    const result = await mailer.send({ to: 'new.subscriber@example.org', ...email });

    expect(result.delivered).toBe(true);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(result.outboxFile).toBe(join(outboxDir, files[0]!));

    const raw = await readFile(result.outboxFile!, 'utf8');
    // RFC 5322 line ends are CRLF.
    expect(
      raw
        .split('\n')
        .slice(0, -1)
        .every((line) => line.endsWith('\r')),
    ).toBe(true);
    const read = await readRawEmail(raw);
    expect(read.from).toBe(FROM);
    expect(read.to).toBe('new.subscriber@example.org');
    expect(read.subject).toBe('You are invited to Bridge Partnership Agreements');
    expect(read.contentType).toBe('multipart/alternative');
    expect(read.text).toBeDefined();
    expect(read.html).toBeDefined();
    expect(read.text).toBe(email.text);
    expect(read.html).toBe(email.html);

    const info = logger.entries.filter((e) => e.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]!.obj).toMatchObject({ link: 'https://bpa.example.org/accept-invite/invite-token-456', file: result.outboxFile });
    expect(info[0]!.msg).toContain('https://bpa.example.org/accept-invite/invite-token-456');
  });

  it('writes one file per message', async () => {
    const outboxDir = join(tempDir, 'outbox');
    mailer = createMailer({ from: FROM, outboxDir, logger: createRecordingLogger() });

    await mailer.send({ to: 'a@example.org', ...confirmationEmail({ publicUrl: PUBLIC_URL, token: 'one' }) });
    await mailer.send({ to: 'a@example.org', ...confirmationEmail({ publicUrl: PUBLIC_URL, token: 'two' }) });

    const texts = await Promise.all((await readdir(outboxDir)).map(async (f) => (await readRawEmail(await readFile(join(outboxDir, f), 'utf8'))).text));
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t?.includes('/login/one'))).toBe(true);
    expect(texts.some((t) => t?.includes('/login/two'))).toBe(true);
  });

  it('reports "not delivered" and logs an error when the outbox folder cannot be created', async () => {
    const logger = createRecordingLogger();
    // A regular file where a folder is needed: mkdir fails with ENOTDIR / EEXIST.
    const blocker = join(tempDir, 'not-a-folder');
    await writeFile(blocker, 'x');
    mailer = createMailer({ from: FROM, outboxDir: join(blocker, 'outbox'), logger });

    const result = await mailer.send({ to: 'a@example.org', ...confirmationEmail({ publicUrl: PUBLIC_URL, token: 't' }) });

    expect(result.delivered).toBe(false);
    expect(result.error).toBeTruthy();
    expect(logger.entries.filter((e) => e.level === 'error')).toHaveLength(1);
  });
});

describe('a hostile value through the whole path', () => {
  it('arrives HTML-escaped in the HTML part and unchanged in the text part', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(smtp.close);
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: join(tempDir, 'outbox'), logger: createRecordingLogger() });
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';

    const result = await mailer.send({ to: 'partner@example.org', ...invitationEmail({ publicUrl: PUBLIC_URL, token: 'tok', invitedBy: hostile }) });

    expect(result.delivered).toBe(true);
    const read = await readRawEmail(smtp.received[0]!.raw);
    expect(read.html).not.toContain('<script');
    expect(read.html).not.toContain('<img');
    expect(read.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(read.text).toContain(hostile);
  });
});
