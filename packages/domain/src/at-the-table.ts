/**
 * What opponents ask first at the table (docs/sharing.md §3): the general approach, the 1NT range,
 * the opening leads and the carding, the items the front of the ACBL convention card puts first
 * (docs/bridge.md §1a). Named by catalogue key (docs/catalogue-keys.md), so an agreement's own
 * wording and order do not matter. The read-only page opens on them.
 */
import type { Category, Subject } from './contract';
import { displayName, isPlaceholderName } from './contract';

/** One group of the summary: its heading and the subject keys it shows, in order. */
export interface AskedFirstGroup {
  heading: string;
  subjects: readonly string[];
}

/** The groups, in the order opponents ask them (docs/bridge.md §1a: the card's front). */
export const ASKED_FIRST: readonly AskedFirstGroup[] = [
  { heading: 'General approach', subjects: ['ga.system', 'ga.twoOverOne', 'ga.majorStyle', 'ga.openingRange'] },
  { heading: '1NT opening', subjects: ['nt.range', 'nt.range2'] },
  { heading: 'Opening leads', subjects: ['ld.lengthSuits', 'ld.lengthNt', 'ld.style'] },
  { heading: 'Carding', subjects: ['sg.standard', 'sg.upsideDown', 'sg.primaryLead', 'sg.firstDiscard', 'sg.firstDiscardNt'] },
];

/** One answer of the summary: a ticked subject's shown name and its ticked options' shown names (colour markup kept). */
export interface AskedFirstItem {
  key: string;
  name: string;
  options: string[];
}

/**
 * The summary of an agreement for the table: for each group of ASKED_FIRST, the subjects of its
 * keys that the agreement ticks, with their ticked options; groups with none are left out.
 *
 * @param categories the agreement's categories (any order; items found by `key` only).
 * @returns the groups with at least one ticked subject, in ASKED_FIRST order.
 */
export function askedFirst(categories: readonly Category[]): { heading: string; items: AskedFirstItem[] }[] {
  const byKey = new Map<string, Subject>();
  for (const category of categories) for (const subject of category.subjects) if (subject.key && !byKey.has(subject.key)) byKey.set(subject.key, subject);
  return ASKED_FIRST.map((group) => ({
    heading: group.heading,
    items: group.subjects.flatMap((key) => {
      const subject = byKey.get(key);
      if (!subject?.isSelected) return [];
      const options = subject.options.filter((option) => option.isSelected && !isPlaceholderName(option.optionName)).map((option) => displayName(option));
      return [{ key, name: displayName(subject), options }];
    }),
  })).filter((group) => group.items.length > 0);
}
