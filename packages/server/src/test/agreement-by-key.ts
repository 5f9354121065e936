/**
 * Reading an agreement by catalogue key (docs/catalogue-keys.md), for the tests of imported cards
 * (BBO, Bridge Winners, Bridgodex): where a card's values were placed.
 */
import type { ContractDocument, Subject } from '@bpa/domain/contract';

/** The subject with that key. Throws when the agreement has none (the test is then wrong, not the import). */
export function subjectByKey(document: ContractDocument, key: string): Subject {
  const found = document.categories.flatMap((category) => category.subjects).find((subject) => subject.key === key);
  if (!found) throw new Error(`no subject ${key} in the agreement`);
  return found;
}

/** The keys of the ticked options of the subject with that key. */
export function selectedKeys(document: ContractDocument, key: string): (string | undefined)[] {
  return subjectByKey(document, key)
    .options.filter((option) => option.isSelected)
    .map((option) => option.key);
}
