/**
 * The emails the accounts feature sends (docs/product.md §D8): email confirmation, password reset,
 * invitation, and the partner invitation of a share (ADR 172). Each builder returns the subject, a plain-text body, an HTML body and the
 * absolute link, ready for `Mailer.send`.
 *
 * Links (docs/product.md §2 routes): `/login/{token}` confirms an email address, `/reset-password/{tok}`
 * resets a password, `/accept-invite/{tok}` sets the first password of an invited account. They are
 * built from `PUBLIC_URL` (docs/product.md §D9) so they work from any mail client.
 *
 * Safety: every interpolated value is HTML-escaped in the HTML body and every token is URL-encoded,
 * so nothing a user or an administrator typed can become markup or change a link.
 */
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import { escapeHtml, expandSuits, stripMarkup } from '@bpa/domain/markup';
import { type AppPath, PATHS, type TokenRoute, tokenPath } from '@bpa/domain/paths';
// The lifetimes belong to the tokens; the emails only state them.
import { CONFIRMATION_LINK_LIFETIME_MS, INVITATION_LINK_LIFETIME_MS, PASSWORD_RESET_LINK_LIFETIME_MS } from '@bpa/domain/constants';

/** A built email: what `Mailer.send` needs besides the recipient. */
export interface BuiltEmail {
  subject: string;
  text: string;
  html: string;
  /** The absolute link the email asks the reader to open. */
  link: string;
}

export interface TokenEmailInput {
  /** The app's public address (config `PUBLIC_URL`), http(s), with or without a trailing slash. */
  publicUrl: string;
  /** The raw (unhashed) single-use token; URL-encoded into the link. */
  token: string;
}

/**
 * The email-confirmation email (docs/product.md §2: `/login/{token}` with a confirmation token; docs/product.md §D8: valid
 * 7 days). Throws a TypeError when `publicUrl` is not an absolute http(s) address.
 */
export function confirmationEmail(input: TokenEmailInput): BuiltEmail {
  const link = buildLink(input.publicUrl, 'login', input.token);
  return renderEmail({
    subject: `Confirm your email address for ${PRODUCT_TITLE}`,
    before: [`Welcome to ${PRODUCT_TITLE}.`, 'Please confirm your email address by opening the link below.'],
    action: 'Confirm my email address',
    link,
    after: [
      `The link works for ${describeLifetime(CONFIRMATION_LINK_LIFETIME_MS)} and only once.`,
      'If you did not create an account, you can ignore this email.',
    ],
  });
}

/**
 * The password-reset email (docs/product.md §2: `/reset-password/{tok}`; docs/product.md §D8: the link expires after 1
 * hour). Throws a TypeError when `publicUrl` is not an absolute http(s) address.
 */
export function passwordResetEmail(input: TokenEmailInput): BuiltEmail {
  const link = buildLink(input.publicUrl, 'reset-password', input.token);
  return renderEmail({
    subject: `Reset your ${PRODUCT_TITLE} password`,
    before: [`We received a request to reset the password of your ${PRODUCT_TITLE} account.`, 'Choose a new password by opening the link below.'],
    action: 'Reset my password',
    link,
    after: [
      `The link expires after ${describeLifetime(PASSWORD_RESET_LINK_LIFETIME_MS)} and works only once.`,
      'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
    ],
  });
}

export interface InvitationEmailInput extends TokenEmailInput {
  /** Who sent the invitation (e.g. the administrator's email); omitted means "An administrator". */
  invitedBy?: string | undefined;
}

/**
 * The invitation email sent when an administrator adds a user (docs/product.md §D8: the account, a one-year
 * subscription and five agreements are created; the link `/accept-invite/{tok}` sets the password
 * and is valid 7 days). Throws a TypeError when `publicUrl` is not an absolute http(s) address.
 */
export function invitationEmail(input: InvitationEmailInput): BuiltEmail {
  const link = buildLink(input.publicUrl, 'accept-invite', input.token);
  const inviter = input.invitedBy?.trim() ? input.invitedBy.trim() : 'An administrator';
  return renderEmail({
    subject: `You are invited to ${PRODUCT_TITLE}`,
    before: [
      `${inviter} has created a ${PRODUCT_TITLE} account for you, where you can build your partnership agreements (convention cards), one per partner, and download them as PDF.`,
      'Choose your password by opening the link below.',
    ],
    action: 'Choose my password',
    link,
    after: [
      `The link works for ${describeLifetime(INVITATION_LINK_LIFETIME_MS)} and only once.`,
      'If you did not expect this invitation, you can ignore this email.',
    ],
  });
}

/** The most characters of sender-typed text (agreement name, owner's name) a partner invitation quotes (ADR 172, "Amended"). */
export const MAX_QUOTED_SENDER_TEXT = 40;

/**
 * Sender-typed text as a partner invitation quotes it: colour marks and tags removed, control
 * characters and runs of white space made one space, and at most MAX_QUOTED_SENDER_TEXT
 * characters (code points), the last one an ellipsis when it was cut. An invitation goes from our
 * address to any address, so it must not carry a stranger's message (ADR 172, "Amended").
 *
 * @param text an agreement's name (with its colour marks) or an owner's name or email
 * @returns plain text of 0 to MAX_QUOTED_SENDER_TEXT characters
 */
export function quoteSenderText(text: string): string {
  return quoteText(text, MAX_QUOTED_SENDER_TEXT);
}

/** `text` as plain text on one line, of at most `max` characters (code points), cut with an ellipsis: see quoteSenderText. */
function quoteText(text: string, max: number): string {
  return cutText(stripMarkup(text).replace(/<[^>]*>?/g, ' '), max);
}

/**
 * A partner's note or reply as a notice quotes it: as typed (the HTML body escapes it), on one
 * line, at most `max` characters. Notices go only to members of the agreement, who see the same
 * words in the app.
 */
function quoteNote(text: string, max: number): string {
  return cutText(text, max);
}

/** `text` with control characters and runs of white space made one space, cut to `max` characters with an ellipsis. */
function cutText(text: string, max: number): string {
  const plain = text
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\s]+/gu, ' ')
    .trim();
  const characters = Array.from(plain);
  if (characters.length <= max) return plain;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}\u2026`;
}

export interface PartnerInvitationEmailInput {
  /** The app's public address (config `PUBLIC_URL`), http(s), with or without a trailing slash. */
  publicUrl: string;
  /** The invitation token when the account has no password yet (a set-password link); null for an account that signs in (a sign-in link). */
  token: string | null;
  /** The owner's name (or email), as they appear in the app; quoted by quoteSenderText. */
  ownerName: string;
  /** The shared agreement's name, colour marks and all; quoted by quoteSenderText. */
  contractName: string;
  /** Whether the partner may edit or only view. */
  access: 'edit' | 'view';
}

/**
 * The email sent when an owner shares an agreement with an address (ADR 172 and its "Amended"
 * section): the same words for an address with an account and one without, but for the link. An
 * account without a password gets `/accept-invite/{tok}` to choose one (valid 7 days, like every
 * invitation); one with a password gets the Sign In page. The owner's name and the agreement's
 * name are quoted by quoteSenderText, nothing else the owner typed. Throws a TypeError when
 * `publicUrl` is not an absolute http(s) address.
 */
export function partnerInvitationEmail(input: PartnerInvitationEmailInput): BuiltEmail {
  const link = input.token === null ? buildPageLink(input.publicUrl, PATHS.login) : buildLink(input.publicUrl, 'accept-invite', input.token);
  const ownerName = quoteSenderText(input.ownerName) || 'A player';
  const contractName = quoteSenderText(input.contractName);
  return renderEmail({
    subject: `${ownerName} shared a partnership agreement with you`,
    before: [
      `${ownerName} shared the partnership agreement "${contractName}" with you on ${PRODUCT_TITLE}: you can ${input.access === 'edit' ? 'read it, change it' : 'read it'} and download it as PDF.`,
      input.token === null
        ? 'Sign in with your account and accept it under Shared with me: nothing is shared until you do.'
        : 'A partner account is free. Choose your password by opening the link below, then accept the agreement under Shared with me.',
    ],
    action: input.token === null ? 'Sign in' : 'Choose my password',
    link,
    after: [
      ...(input.token === null ? [] : [`The link works for ${describeLifetime(INVITATION_LINK_LIFETIME_MS)} and only once.`]),
      'If you do not know this person, you can ignore this email.',
    ],
  });
}

/**
 * The email asking a partner to answer a "Do we agree?" questionnaire (docs/questionnaire.md §4): who
 * started it, on which agreement, how many questions and by when, and the link to the answering
 * page. The names are quoted by quoteSenderText. Throws a TypeError when `publicUrl` is not an
 * absolute http(s) address.
 */
export function questionnaireEmail(input: {
  publicUrl: string;
  startedBy: string;
  contractName: string;
  contractId: string;
  questionnaireId: string;
  questionCount: number;
  deadline: Date;
}): BuiltEmail {
  const query = new URLSearchParams({ id: input.contractId, questionnaire: input.questionnaireId });
  const link = `${buildPageLink(input.publicUrl, PATHS.myQuestionnaires)}?${query.toString()}`;
  const startedBy = quoteSenderText(input.startedBy) || 'Your partner';
  const contractName = quoteSenderText(input.contractName);
  const deadline = input.deadline.toISOString().slice(0, 10);
  return renderEmail({
    subject: `${startedBy} asks: do we agree? (${contractName})`,
    before: [
      `${startedBy} started a "Do we agree?" questionnaire on the partnership agreement "${contractName}": ${input.questionCount} ${input.questionCount === 1 ? 'question' : 'questions'}, each answered alone.`,
      'Nobody sees your answers until every partner has handed theirs in, or until the deadline. Then you see together where you remember the same and where you do not.',
    ],
    action: 'Answer the questions',
    link,
    after: [`Answers are open until ${deadline} (UTC).`],
  });
}

/** The most characters of a partner's note or reply a discussion notice quotes. */
export const MAX_QUOTED_NOTE = 200;
/** The most marks and replies one discussion notice lists; the rest are counted. */
export const MAX_NOTICE_LINES = 10;

/** One agreement in a digest: its changes by partners since the last digest, per category. */
export interface DigestAgreement {
  /** The agreement's name, colour marks and all; quoted by quoteSenderText. */
  contractName: string;
  /** Who changed it (names partners see), each quoted by quoteSenderText. */
  authors: string[];
  /** Per category (plain names, in the agreement's order), how many items changed. */
  categories: { categoryName: string; count: number }[];
  /** The token of this person's notices of this agreement (its unsubscribe link). */
  unsubscribeToken: string;
}

/**
 * The daily digest of partners' changes (docs/sharing.md §12; ADR 198): per agreement, who
 * changed it and how many items per category, with a link to the dashboard, where each agreement
 * opens on its changes since the last visit, and a link per agreement to stop its digest.
 * Throws a TypeError when `publicUrl` is not an absolute http(s) address.
 *
 * @returns the email; `unsubscribeLink` (the one-click address for the List-Unsubscribe header)
 *   only when the digest is about one agreement, since the header names one list
 */
export function digestEmail(input: { publicUrl: string; agreements: DigestAgreement[] }): BuiltEmail & { unsubscribeLink?: string } {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const total = input.agreements.reduce((sum, a) => sum + a.categories.reduce((s, c) => s + c.count, 0), 0);
  const only = input.agreements.length === 1 ? input.agreements[0] : undefined;
  const email = renderEmail({
    subject: only
      ? `${count(total, 'change')} by partners to "${quoteSenderText(only.contractName)}"`
      : `${count(total, 'change')} by partners to your agreements`,
    before: [
      'Your partners changed these agreements since the last digest:',
      ...input.agreements.map(
        (a) =>
          `"${quoteSenderText(a.contractName)}", by ${a.authors.map(quoteSenderText).join(' and ')}: ${a.categories.map((c) => `${c.categoryName} ${c.count}`).join(', ')}.`,
      ),
      'Open an agreement from your dashboard: its changes since your last visit are highlighted, and listed under Changes since your last visit.',
    ],
    action: 'Open my dashboard',
    link: buildPageLink(input.publicUrl, PATHS.myHome),
    after: [`You get at most one digest a day, and only when partners changed something.`],
    unsubscribe: input.agreements.map((a) => ({
      text: `Stop the digest of "${quoteSenderText(a.contractName)}":`,
      link: unsubscribePageLink(input.publicUrl, a.unsubscribeToken, 'digest'),
    })),
  });
  return only ? { ...email, unsubscribeLink: oneClickUnsubscribeLink(input.publicUrl, only.unsubscribeToken) } : email;
}

/** A new "to discuss" mark or a reply, as a discussion notice lists it. */
export interface DiscussionEvent {
  kind: 'mark' | 'reply';
  /** Who marked or replied (the name partners see); quoted by quoteSenderText. */
  author: string;
  /** The subject's or option's name as the agreement shows it; quoted at most 80 characters, suit shorthand as symbols. */
  itemName: string;
  /** The mark's note or the reply (may be empty); quoted at most MAX_QUOTED_NOTE characters, suit shorthand as symbols. */
  text: string;
}

/**
 * The notice of new "to discuss" marks and replies by partners in one agreement (docs/sharing.md
 * §12; ADR 198): at most MAX_NOTICE_LINES of them, each with its author, item and words, then a
 * count of the rest. Throws a TypeError when `publicUrl` is not an absolute http(s) address.
 *
 * @returns the email, with `unsubscribeLink` for the List-Unsubscribe header
 */
export function discussionEmail(input: {
  publicUrl: string;
  contractName: string;
  events: DiscussionEvent[];
  unsubscribeToken: string;
}): BuiltEmail & { unsubscribeLink: string } {
  const contractName = quoteSenderText(input.contractName);
  const lines = input.events.slice(0, MAX_NOTICE_LINES).map((event) => {
    const words = quoteNote(expandSuits(event.text), MAX_QUOTED_NOTE);
    const item = quoteText(expandSuits(event.itemName), 80);
    const what = event.kind === 'mark' ? `marked "${item}" to discuss` : `replied on "${item}"`;
    return `${quoteSenderText(event.author) || 'A partner'} ${what}${words ? `: "${words}"` : '.'}`;
  });
  const rest = input.events.length - lines.length;
  const email = renderEmail({
    subject: `To discuss in "${contractName}"`,
    before: [`In the partnership agreement "${contractName}":`, ...lines, ...(rest > 0 ? [`And ${rest} more.`] : [])],
    action: 'Open my dashboard',
    link: buildPageLink(input.publicUrl, PATHS.myHome),
    after: ['Open the agreement from your dashboard and choose To discuss to answer, or mark the item agreed.'],
    unsubscribe: [{ text: `Stop these notices of "${contractName}":`, link: unsubscribePageLink(input.publicUrl, input.unsubscribeToken, 'discussion') }],
  });
  return { ...email, unsubscribeLink: oneClickUnsubscribeLink(input.publicUrl, input.unsubscribeToken) };
}

/** The unsubscribe page of a notice (`/unsubscribe/{token}?kind=`), which asks before it turns anything off. */
function unsubscribePageLink(publicUrl: string, token: string, kind: 'digest' | 'discussion'): string {
  return `${publicBase(publicUrl)}${tokenPath('unsubscribe', token)}?kind=${kind}`;
}

/** The RFC 8058 one-click address a mail client posts to (the List-Unsubscribe header): both notices of the agreement off. */
function oneClickUnsubscribeLink(publicUrl: string, token: string): string {
  return `${publicBase(publicUrl)}/api/v1/notices/unsubscribe/${encodeURIComponent(token)}`;
}

/**
 * `${publicUrl}/${route}/${token}` with trailing slashes of `publicUrl` removed and the token
 * URL-encoded. Throws a TypeError when `publicUrl` is not an absolute http(s) address: a relative
 * link in an email leads nowhere.
 */
function buildLink(publicUrl: string, route: TokenRoute, token: string): string {
  return `${publicBase(publicUrl)}${tokenPath(route, token)}`;
}

/** `${publicUrl}${path}` for a page without a token; throws like buildLink. */
function buildPageLink(publicUrl: string, path: AppPath): string {
  return `${publicBase(publicUrl)}${path}`;
}

/** `publicUrl` without trailing slashes; throws a TypeError when it is not an absolute http(s) address. */
function publicBase(publicUrl: string): string {
  const base = publicUrl.trim().replace(/\/+$/, '');
  let protocol: string;
  try {
    protocol = new URL(base).protocol;
  } catch {
    throw new TypeError(`PUBLIC_URL must be an absolute http(s) address, got "${publicUrl}"`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(`PUBLIC_URL must be an absolute http(s) address, got "${publicUrl}"`);
  }
  return base;
}

/** `1 hour`, `7 days`: whole hours below a day, whole days above. */
function describeLifetime(ms: number): string {
  const hours = Math.round(ms / (60 * 60 * 1000));
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.round(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

interface EmailParts {
  subject: string;
  /** Plain-text paragraphs before the link. */
  before: string[];
  /** Label of the button in the HTML body. */
  action: string;
  link: string;
  /** Plain-text paragraphs after the link. */
  after: string[];
  /** Paragraphs after the rest, each ending with a link: how to stop these emails (notices only). */
  unsubscribe?: { text: string; link: string }[];
}

// Inline styles only: many mail clients drop <style> blocks. Colours meet WCAG AA contrast
// (white on #1f4e8c is 8.3:1; #1a1a1a and #555555 on white are 17.4:1 and 7.5:1).
const BODY_STYLE = 'margin:0;padding:0;background-color:#f4f4f4;';
const CARD_STYLE =
  'max-width:560px;margin:0 auto;padding:24px;background-color:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;';
const HEADING_STYLE = 'margin:0 0 16px;font-size:20px;line-height:1.3;color:#1a1a1a;';
const PARAGRAPH_STYLE = 'margin:0 0 16px;';
const BUTTON_STYLE = 'display:inline-block;padding:12px 20px;background-color:#1f4e8c;color:#ffffff;text-decoration:none;font-weight:bold;border-radius:4px;';
const SMALL_STYLE = 'margin:0 0 16px;font-size:14px;color:#555555;word-break:break-all;';

/** Builds both bodies from the same paragraphs, so the text and HTML versions say the same thing. */
function renderEmail(parts: EmailParts): BuiltEmail {
  const unsubscribe = parts.unsubscribe ?? [];
  const text = [
    PRODUCT_TITLE,
    '',
    ...parts.before.flatMap((p) => [p, '']),
    parts.link,
    '',
    ...parts.after.flatMap((p) => [p, '']),
    ...unsubscribe.flatMap((u) => [`${u.text} ${u.link}`, '']),
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');

  const paragraph = (p: string) => `<p style="${PARAGRAPH_STYLE}">${escapeHtml(p)}</p>`;
  const href = escapeHtml(parts.link);
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.subject)}</title>`,
    '</head>',
    `<body style="${BODY_STYLE}">`,
    `<div role="article" aria-label="${escapeHtml(parts.subject)}" lang="en" style="${CARD_STYLE}">`,
    `<h1 style="${HEADING_STYLE}">${escapeHtml(PRODUCT_TITLE)}</h1>`,
    ...parts.before.map(paragraph),
    `<p style="${PARAGRAPH_STYLE}"><a href="${href}" style="${BUTTON_STYLE}">${escapeHtml(parts.action)}</a></p>`,
    `<p style="${SMALL_STYLE}">If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:#1f4e8c;">${href}</a></p>`,
    ...parts.after.map(paragraph),
    ...unsubscribe.map(
      (u) => `<p style="${SMALL_STYLE}">${escapeHtml(u.text)} <a href="${escapeHtml(u.link)}" style="color:#1f4e8c;">${escapeHtml(u.link)}</a></p>`,
    ),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');

  return { subject: parts.subject, text, html, link: parts.link };
}
