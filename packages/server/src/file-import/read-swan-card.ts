/**
 * A Bridge Winners convention card (docs/agreement-format.md, "Bridge Winners cards"): JSON whose
 * top-level key is `Convention_Card`, read in the import worker (ADR 190). The card is parsed and
 * checked here, off the request thread, and leaves the worker as plain data: its leaves as the 2022
 * card's field values, the lead options it ticks, the lines no mapping places (domain swan-card.ts).
 * The catalogue turns them into an agreement on the main thread (agreement-files.ts), as for the
 * other cards.
 */
import type { CardFieldValue } from '@bpa/domain/card-import';
import { SWAN_ROOT, isSwanCard, swanValuesOf } from '@bpa/domain/swan-card';

/** What a Bridge Winners card holds, as the import reads it (domain `swanValuesOf`). */
export interface UploadedSwanCard {
  kind: 'swan';
  /** By 2022 card field name (acbl-2022-card.ts). */
  values: Record<string, CardFieldValue>;
  /** Catalogue lead option keys. */
  leads: string[];
  /** "path: value" of the leaves no mapping places. */
  unknown: string[];
}

/**
 * Reads a Bridge Winners card, when the text is one.
 *
 * @param text a JSON file's text
 * @returns the card's values, or undefined when the text is not a JSON object with a
 *   `Convention_Card` key (an agreement file, or JSON the agreement reader reports on)
 * @throws AgreementFileError (domain) naming the leaf, for a card that breaks the checks of
 *   `swanValuesOf` (types, depth, number of leaves)
 */
export function readSwanCard(text: string): UploadedSwanCard | undefined {
  if (!text.includes(`"${SWAN_ROOT}"`)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (!isSwanCard(json)) return undefined;
  return { kind: 'swan', ...swanValuesOf(json) };
}
