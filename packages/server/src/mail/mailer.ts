/**
 * Sending email (design sections 2 and 9): nodemailer over `SMTP_URL` in production; without it,
 * every message is written to `DATA_DIR/outbox` as an .eml file, whose name is logged with the link
 * (the app's logger redacts the link's token: plugins/log-redaction.ts), so a developer can follow
 * confirmation, reset and invitation links from the file without a mail server.
 *
 * `send` never throws: a failing SMTP server is the spec's "email not sent" outcome (spec section
 * 8, e.g. "An email was not sent. Check if your email is correct."), which the caller reports
 * while keeping the account change it has already made.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';

/** The part of a pino / Fastify logger the mailer uses. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One email, both bodies already built (see messages.ts). */
export interface MailMessage {
  /** Recipient address, already validated by the caller. */
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body; every interpolated value already escaped. */
  html: string;
  /**
   * The link the email carries. Only logged in outbox mode, and then with its token redacted by
   * the app's logger; never logged when a real SMTP server is used, because it holds a secret token.
   */
  link?: string;
  /**
   * For notices: the address a mail client posts to for one-click unsubscribe (RFC 8058), sent as
   * the `List-Unsubscribe` and `List-Unsubscribe-Post` headers.
   */
  unsubscribeLink?: string;
}

/** What happened to one message. */
export interface MailResult {
  /** True when the SMTP server accepted the message, or when it was written to the outbox. */
  delivered: boolean;
  /** Why it was not delivered (for logs and tests; never shown to users). */
  error?: string;
  /** Absolute path of the .eml file, in outbox mode only. */
  outboxFile?: string;
}

export interface Mailer {
  /** Sends one message. Never throws; failures come back as `{ delivered: false, error }` and are logged. */
  send(message: MailMessage): Promise<MailResult>;
  /** Closes the SMTP transport (idle connections), if one was opened; call on server shutdown. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` address (config `SMTP_URL`); absent means outbox mode. */
  smtpUrl?: string | undefined;
  /** Sender, e.g. `Bridge Partnership Agreements <no-reply@example.org>` (config `MAIL_FROM`). */
  from: string;
  /** Folder the .eml files go to in outbox mode (docs/product.md §D9: `DATA_DIR/outbox`); created when missing. */
  outboxDir: string;
  logger: MailLogger;
  /**
   * Milliseconds to wait for the SMTP connection, the greeting and any socket inactivity. Default
   * 10 000: a request that sends mail must not hang for nodemailer's 2-minute default when the
   * server is down.
   */
  smtpTimeoutMs?: number;
}

/** Default SMTP connection / greeting / socket timeout in milliseconds (see MailerOptions). */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * Creates the mailer the account and contact features send through (docs/product.md §D2, 9).
 *
 * With `smtpUrl`, one nodemailer SMTP transport is created on the first message and reused for
 * every later one; nodemailer itself is loaded then, not when the server starts (ADR 211: most
 * servers send a few messages a day). Without it, messages are rendered to RFC 5322 text (CRLF
 * line ends) by nodemailer's stream transport and written to
 * `<outboxDir>/<timestamp>-<random>.eml`; the link is logged at info level.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  const timeoutMs = options.smtpTimeoutMs ?? SMTP_TIMEOUT_MS;

  let transport: Promise<Transporter> | undefined;
  /** The one transport, made on first use; a failed load is tried again with the next message. */
  function openTransport(): Promise<Transporter> {
    transport ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        smtpUrl
          ? nodemailer.createTransport({
              url: smtpUrl,
              connectionTimeout: timeoutMs,
              greetingTimeout: timeoutMs,
              socketTimeout: timeoutMs,
            })
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
      (error: unknown) => {
        transport = undefined;
        throw error;
      },
    );
    return transport;
  }

  function toMailOptions(message: MailMessage): SendMailOptions {
    return {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // RFC 3834: tells mail servers and auto-responders this is an automatic message.
      headers: {
        'Auto-Submitted': 'auto-generated',
        ...(message.unsubscribeLink ? { 'List-Unsubscribe': `<${message.unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
    };
  }

  async function sendSmtp(message: MailMessage): Promise<MailResult> {
    try {
      const info = (await (await openTransport()).sendMail(toMailOptions(message))) as { messageId?: string };
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'Email sent');
      return { delivered: true };
    } catch (error) {
      const reason = describeError(error);
      logger.error({ to: message.to, subject: message.subject, err: error }, `Email not sent: ${reason}`);
      return { delivered: false, error: reason };
    }
  }

  async function writeToOutbox(message: MailMessage): Promise<MailResult> {
    try {
      const info = (await (await openTransport()).sendMail(toMailOptions(message))) as { message?: unknown };
      if (!Buffer.isBuffer(info.message)) {
        throw new Error('nodemailer did not return the message as a buffer');
      }
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${fileTimestamp(new Date())}-${randomBytes(4).toString('hex')}.eml`);
      // 'wx': never overwrite an earlier message, however unlikely a name clash is.
      await writeFile(file, info.message, { flag: 'wx' });
      logger.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        `Email written to the outbox (SMTP_URL is not set)${message.link ? `: ${message.link}` : ''}`,
      );
      return { delivered: true, outboxFile: file };
    } catch (error) {
      const reason = describeError(error);
      logger.error({ to: message.to, subject: message.subject, outboxDir, err: error }, `Email not written to the outbox: ${reason}`);
      return { delivered: false, error: reason };
    }
  }

  return {
    send: (message) => (smtpUrl ? sendSmtp(message) : writeToOutbox(message)),
    close: async () => {
      const opened = transport;
      transport = undefined;
      (await opened?.catch(() => undefined))?.close();
    },
  };
}

/** `2025-01-31T12-34-56-789Z`: sortable, and free of the colons Windows forbids in file names. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
