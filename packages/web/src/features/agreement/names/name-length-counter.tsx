import { MAX_NAME_LENGTH } from '@bpa/domain/constants';

/** How near to the limit a name is before the counter is announced to screen readers. */
const ANNOUNCE_WITHIN = 50;

/**
 * "123 of 500 characters" under a name field (docs/product.md §15: the limit is told before it is
 * reached), colour marks counted as stored. Screen readers hear it (politely) only within
 * ANNOUNCE_WITHIN characters of the limit and past it.
 *
 * @param length the name's length as stored, in UTF-16 code units (what MAX_NAME_LENGTH counts)
 */
export function NameLengthCounter({ length }: { length: number }) {
  const left = MAX_NAME_LENGTH - length;
  const isNear = left <= ANNOUNCE_WITHIN;
  return (
    <p className={`name-length${isNear ? ' is-near' : ''}`}>
      <span aria-hidden={isNear ? undefined : 'true'}>
        {length} of {MAX_NAME_LENGTH} characters
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {isNear ? (left >= 0 ? `${left} characters left` : `${-left} characters over the limit`) : ''}
      </span>
    </p>
  );
}
