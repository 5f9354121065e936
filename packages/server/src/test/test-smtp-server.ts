/**
 * A real SMTP server on a free local port for tests that send mail (docs/conventions.md: real
 * pieces, no mocks). Messages are kept in memory and read back with readRawEmail.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type RawEmail, readRawEmail } from '../mail/read-raw-email';

/** One message as the server received it. */
export interface ReceivedEmail extends RawEmail {
  /** Envelope sender (MAIL FROM). */
  mailFrom: string | undefined;
  /** Envelope recipients (RCPT TO). */
  rcptTo: string[];
  /** The message as it arrived. */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** Waits (up to 5 s) for the next message to `to` received after `since` messages, and answers it. */
  waitForEmail(to: string, since?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

/**
 * Starts the server. With `rejectRecipients` it answers 550 to every RCPT TO, so every send fails
 * (the spec's "email not sent" outcome).
 */
export async function startTestSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        // Read before accepting, so a message is in `received` when the sender's send() resolves.
        readRawEmail(raw).then(
          (read) => {
            received.push({ ...read, raw, mailFrom: mailFrom ? mailFrom.address : undefined, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitForEmail(to, since = 0) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const email = received.slice(since).find((e) => e.rcptTo.includes(to));
        if (email) return email;
        if (Date.now() > deadline) throw new Error(`No email to ${to} arrived (received: ${received.map((e) => e.rcptTo.join(',')).join('; ')})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The token of the link to `${publicUrl}/${route}/…` in an email's text body.
 *
 * @throws when the email has no such link
 */
export function linkToken(email: RawEmail, route: 'login' | 'reset-password' | 'accept-invite'): string {
  const match = new RegExp(`https?://[^\\s/]+/${route}/([A-Za-z0-9_%-]+)`).exec(email.text ?? '');
  if (!match?.[1]) throw new Error(`No /${route}/ link in the email "${email.subject}":\n${email.text}`);
  return decodeURIComponent(match[1]);
}
