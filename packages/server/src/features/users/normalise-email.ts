/**
 * Emails are compared and stored trimmed and in lower case: "Anna@Club.org" and "anna@club.org"
 * are one account (the unique index of db/schema/users.ts relies on it).
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
