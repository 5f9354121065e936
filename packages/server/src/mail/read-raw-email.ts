/**
 * Reads a raw RFC 5322 message (an outbox .eml file, or what an SMTP server received) back into
 * its subject, recipients and decoded bodies, with mailparser. For tests of the mailer and of the
 * features that send mail (accounts, contact): they find the link a user would click.
 */
import { type AddressObject, simpleParser } from 'mailparser';

/** A message read back: header values decoded; bodies decoded from their transfer encoding. */
export interface RawEmail {
  /** Header names in lower case; each value as the message has it (the first of repeated headers). */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The text/plain body, when there is one. */
  text: string | undefined;
  /** The text/html body, when there is one. */
  html: string | undefined;
  /** The message's own content type, e.g. 'multipart/alternative' for a text and an HTML body. */
  contentType: string;
}

/** Formats an address header as `Name <a@b.c>` (or `a@b.c` without a name), comma-separated. */
function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return (Array.isArray(address) ? address : [address])
    .flatMap((item) => item.value)
    .map((entry) => (entry.name ? `${entry.name} <${entry.address ?? ''}>` : (entry.address ?? '')))
    .join(', ');
}

/** Parses `raw` (CRLF or LF line ends). */
export async function readRawEmail(raw: string): Promise<RawEmail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    const name = line.key.toLowerCase();
    if (!(name in headers)) headers[name] = line.line.slice(line.line.indexOf(':') + 1).trim();
  }
  const contentType = parsed.headers.get('content-type');
  return {
    headers,
    subject: parsed.subject ?? '',
    from: addressText(parsed.from),
    to: addressText(parsed.to),
    text: parsed.text,
    html: parsed.html === false ? undefined : parsed.html,
    contentType: typeof contentType === 'object' && contentType !== null && 'value' in contentType ? String(contentType.value) : 'text/plain',
  };
}
