/**
 * The field map of the ACBL 2022 convention card (docs/official-cards.md §2; the form:
 * packages/server/assets/acbl/acbl-2022.pdf, ADR 197): every field of the form, by the name the
 * ACBL's fillable PDF gives it (`<section>.<c|t>.<n>`: c a check box, t a text), with the catalogue
 * items that fill it (by key, docs/catalogue-keys.md) or the reason it stays blank.
 */
import type { CardFieldSpec, LeadMark, OfficialCardMap } from './official-card';

export const ACBL_2022_FIELDS: Readonly<Record<string, CardFieldSpec>> = {};

export const ACBL_2022_LEADS: readonly LeadMark[] = [];

/** The 2022 card: form, page and map (docs/official-cards.md §1). */
export const ACBL_2022_CARD: OfficialCardMap = {
  id: '2022',
  title: 'ACBL Convention Card (2022)',
  page: 0,
  fields: ACBL_2022_FIELDS,
  leads: ACBL_2022_LEADS,
};
