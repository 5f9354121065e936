/**
 * Reads a raw RFC 5322 message (an outbox .eml file, or what an SMTP server received) back into
 * its subject, recipients and decoded bodies. For tests of the mailer and of the features that send
 * mail (accounts, contact): they find the link a user would click without a mail parser dependency.
 *
 * Handles what nodemailer writes: folded headers, RFC 2047 encoded words, nested multipart bodies,
 * quoted-printable / base64 / 7bit / 8bit parts, UTF-8 text.
 */

/** A message read back: header values unfolded and decoded; bodies decoded from their transfer encoding. */
export interface RawEmail {
  /** Header names in lower case; the first value of each. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The text/plain body, when there is one. */
  text: string | undefined;
  /** The text/html body, when there is one. */
  html: string | undefined;
  /** Content types of the leaf parts in order, e.g. ['text/plain', 'text/html']. */
  partTypes: string[];
}

/** Parses `raw` (CRLF or LF line ends). Throws an Error when a multipart part has no boundary. */
export function readRawEmail(raw: string): RawEmail {
  const leaves: Leaf[] = [];
  const headers = readEntity(raw.replace(/\r\n/g, '\n'), leaves);
  const text = leaves.find((leaf) => leaf.type === 'text/plain')?.body;
  const html = leaves.find((leaf) => leaf.type === 'text/html')?.body;
  return {
    headers,
    subject: headers['subject'] ?? '',
    from: headers['from'] ?? '',
    to: headers['to'] ?? '',
    text,
    html,
    partTypes: leaves.map((leaf) => leaf.type),
  };
}

interface Leaf {
  type: string;
  body: string;
}

function readEntity(entity: string, leaves: Leaf[]): Record<string, string> {
  const split = entity.indexOf('\n\n');
  const headerBlock = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? '' : entity.slice(split + 2);
  const headers = readHeaders(headerBlock);
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();

  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) throw new Error(`multipart part without a boundary: ${contentType}`);
    const delimiter = `--${boundary}`;
    const sections = body.split(new RegExp(`^${escapeRegExp(delimiter)}(?:--)?[ \\t]*$`, 'm'));
    // sections[0] is the preamble, the last one the epilogue after the closing delimiter.
    for (const section of sections.slice(1, -1)) {
      readEntity(section.replace(/^\n/, '').replace(/\n$/, ''), leaves);
    }
    return headers;
  }

  leaves.push({ type, body: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit') });
  return headers;
}

function readHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfold: a line starting with white space continues the previous header (RFC 5322 2.2.3).
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/**
 * RFC 2045 6.7: `=\n` is a soft line break, `=XX` a byte; white space at the end of a line was
 * added in transport and is dropped (white space before a soft break is text).
 */
function decodeQuotedPrintable(body: string): string {
  const unwrapped = body.replace(/[ \t]+$/gm, '').replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped[i] as string;
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`); white space between two words is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
