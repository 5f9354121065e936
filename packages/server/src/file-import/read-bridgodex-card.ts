/**
 * A Bridgodex convention card (docs/agreement-format.md, "Bridgodex cards"), told by its content
 * and read in the import worker (ADR 190): JSON whose object has a `settings` object and no
 * `format` key of the product's agreement file. What each value means is the domain's
 * (bridgodex-card.ts), which also bounds the card's depth and size.
 */
import { type BridgodexValues, bridgodexValuesOf, isBridgodexCard } from '@bpa/domain/bridgodex-card';

/**
 * The values of a Bridgodex card, or undefined when the text is not one (not JSON, or JSON of
 * another shape: the agreement-file reader then says why).
 *
 * @throws AgreementFileError (domain bridgodexValuesOf) for a Bridgodex card that cannot be read,
 *   naming the path
 */
export function readBridgodexCard(text: string): BridgodexValues | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  return isBridgodexCard(json) ? bridgodexValuesOf(json) : undefined;
}
