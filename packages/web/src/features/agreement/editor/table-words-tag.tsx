/**
 * The Alert or Announce tag of an editor row (docs/bridge.md §1c): beside a subject or option whose
 * catalogue key the ACBL Alert procedures flag (domain alert-procedures.ts), a small "Alert" (red)
 * or "Announce" (blue) tag; an announcement's words ("Announce: 15 to 17", "Announce: Hearts") are
 * its tooltip, shown on hover and on keyboard focus (the tag is then a tab stop), and are read by
 * screen readers as the tag's text and as the row's check box description (`aria-describedby`).
 *
 * The tag shows on every flagged item whenever its row is shown, ticked or not: a player choosing
 * among options sees which ones they would have to Announce or Alert before choosing, and an
 * option's tag says exactly what to say for that option (each 1NT range its own range). Items
 * without a key (user-added ones) have no tag. Colours keep at least 4.5:1 contrast (WCAG 1.4.3):
 * red #9f1239 on #fff1f2 (7.3:1), blue #1e40af on #eff6ff (8.0:1).
 */
import { alertOf, tableWordsOf } from '@bpa/domain/alert-procedures';

/** The selector of the tags that carry a tooltip, for the list's one PrimeReact Tooltip (subject-list.tsx). */
export const TABLE_WORDS_TOOLTIP_TARGET = '.table-words[data-pr-tooltip]';

/**
 * The words a row's tag stands for, or undefined for an item the procedures do not flag.
 * @param subjectKey the subject's catalogue key (undefined for a user-added subject: no tag)
 * @param option for an option row: its key (undefined for a user-added option: no tag) and shown name
 * @returns the visible label and the full words, e.g. `{ kind: 'announce', label: 'Announce', words: 'Announce: 15 to 17' }`
 */
export function tableWordsOfRow(
  subjectKey: string | undefined,
  option?: { key: string | undefined; name: string },
): { kind: 'alert' | 'announce'; label: string; words: string } | undefined {
  if (subjectKey === undefined) return undefined;
  const key = option ? option.key : subjectKey;
  // An option key is its subject's key, a dot and a word (docs/catalogue-keys.md); anything else has no tag.
  if (key === undefined || (option && !key.startsWith(`${subjectKey}.`))) return undefined;
  const kind = alertOf(key);
  const words = option ? tableWordsOf(subjectKey, key, option.name) : tableWordsOf(subjectKey);
  if (!kind || !words) return undefined;
  return { kind, label: kind === 'alert' ? 'Alert' : 'Announce', words };
}

/**
 * The tag itself; nothing for an unflagged item.
 * @param props.id the tag's element id, which the row's check box names in `aria-describedby`
 */
export function TableWordsTag({ id, tag }: { id: string; tag: ReturnType<typeof tableWordsOfRow> }) {
  if (!tag) return null;
  const hasMore = tag.words !== tag.label;
  // Screen readers get the words in one piece ("Announce: 15 to 17"): a browser joins a visible
  // label and a hidden rest with a space ("Announce : 15 to 17"), so the visible label is hidden
  // from them and the hidden text says it all.
  return (
    <span id={id} className={`table-words is-${tag.kind}`} {...(hasMore ? { tabIndex: 0, 'data-pr-tooltip': tag.words } : {})}>
      {hasMore ? (
        <>
          <span aria-hidden="true">{tag.label}</span>
          <span className="visually-hidden">{tag.words}</span>
        </>
      ) : (
        tag.label
      )}
    </span>
  );
}
