/** A row id's form: every table's id column is a UUID (db/schema/). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID (any version): only such a text can be a row id, so a caller answers "not found"
 * without a query (PostgreSQL would refuse the text as a uuid with an error instead).
 *
 * @param id any text from a request's path
 */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}
