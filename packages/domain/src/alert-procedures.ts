/**
 * The ACBL's Alert procedures as far as the product's catalogue needs them (docs/bridge.md §1c):
 * which catalogue items (docs/catalogue-keys.md) the partner of the bidder must Announce (say what
 * the call means, e.g. "15 to 17", "Hearts", "Forcing") or Alert (say "Alert"), and the words to
 * say. Read by the convention card (acbl-card.ts: blue and red items) and the agreement editor's
 * tags. Items are named by catalogue key only, never by shown name, so a name may be corrected or
 * edited without touching this file; the key audit (scripts/catalogue-keys.test.ts) checks that
 * every key here is a catalogue key.
 *
 * Only what the sources support is flagged (docs/bridge.md §1c lists the items left unflagged and
 * why): a wrong Alert or Announcement misleads opponents more than a missing tag.
 */
import { stripMarkup } from './markup';

/**
 * How the Alert procedures treat a call (docs/bridge.md §1c): `announce`, printed blue on the card
 * (the partner of the bidder says what it means: "15 to 17", "Hearts", "Forcing", "Could be 2"),
 * or `alert`, printed red (the partner says "Alert" and explains when asked).
 */
export type AlertKind = 'announce' | 'alert';

/** The edition of the procedures the flags follow (docs/bridge.md §1c, §5). */
export const ALERT_PROCEDURES = {
  title: 'ACBL Alert Procedure',
  /** The date printed on the document ("Last Update"). */
  edition: '8 November 2020',
  effective: '2021-01-01',
  url: 'https://web2.acbl.org/documentLibrary/play/AlertProcedures2.pdf',
} as const;

/** One flagged catalogue item (docs/bridge.md §1c). */
export interface AlertFlag {
  /** The catalogue key of a subject (`nt.jacoby`) or an option (`mj.1nt.forcing`). */
  key: string;
  kind: AlertKind;
  /**
   * For an announcement, what partner says (`'Hearts'`, `'Forcing'`); absent for an Alert, where
   * partner says "Alert". Absent too for a range announcement, whose words come from the option.
   */
  say?: string;
  /**
   * Only on a subject whose options are ranges (the 1NT range): each option whose key's last word
   * is an HCP range (`nt.range.15-17`) inherits this flag, and partner announces the range the
   * option names ("15-17" is said "15 to 17"). No other option inherits its subject's flag.
   */
  announcesRangeOptions?: true;
  /** A short citation of the procedures (or the source that reports them), as in docs/bridge.md §1c. */
  source: string;
}

const ANNOUNCEMENTS = 'Announcements';
const TRANSFER = `${ANNOUNCEMENTS}: a transfer is announced by naming the suit it shows`;
const SHORT_MINOR = `${ANNOUNCEMENTS}: a non-forcing 1♣ or 1♦ that may hold fewer than 3 cards: "Could be" and the fewest cards`;
const ARTIFICIAL = 'Alerts: artificial calls are Alerted unless listed as an exception';
const SAY_SHORT = 'Could be 2 (or 1, or 0: the fewest it may hold)';

/**
 * Every flagged catalogue item (docs/bridge.md §1c has the same list as a table, with its sources).
 * An option is flagged only by its own entry, except the ranges of a subject marked
 * `announcesRangeOptions`; a subject's entry tags the subject itself (the card's field).
 */
export const ALERT_FLAGS: readonly AlertFlag[] = [
  // Announcements
  { key: 'nt.range', kind: 'announce', announcesRangeOptions: true, source: `${ANNOUNCEMENTS}: the range of a natural 1NT opening` },
  { key: 'nt.range2', kind: 'announce', announcesRangeOptions: true, source: `${ANNOUNCEMENTS}: the range of a natural 1NT opening` },
  { key: 'nt.jacoby', kind: 'announce', say: 'The suit shown: Hearts or Spades', source: TRANSFER },
  { key: 'nt.jacoby.2d', kind: 'announce', say: 'Hearts', source: TRANSFER },
  { key: 'nt.jacoby.2h', kind: 'announce', say: 'Spades', source: TRANSFER },
  { key: 'nt.jacoby.over2nt', kind: 'announce', say: 'Hearts or Spades (the suit shown)', source: TRANSFER },
  { key: 'nt.2s.clubs', kind: 'announce', say: 'Clubs', source: TRANSFER },
  { key: 'nt.2nt.diamonds', kind: 'announce', say: 'Diamonds', source: TRANSFER },
  { key: 'nt.2nt.clubs', kind: 'announce', say: 'Clubs', source: TRANSFER },
  { key: 'mj.1nt.forcing', kind: 'announce', say: 'Forcing', source: `${ANNOUNCEMENTS}: a forcing or semi-forcing 1NT response` },
  { key: 'mj.1nt.semi', kind: 'announce', say: 'Semi-forcing', source: `${ANNOUNCEMENTS}: a forcing or semi-forcing 1NT response` },
  { key: 'mn.1cLength.short', kind: 'announce', say: SAY_SHORT, source: SHORT_MINOR },
  { key: 'mn.1dLength.short', kind: 'announce', say: SAY_SHORT, source: SHORT_MINOR },
  { key: 'mn.1dLength.nebulous', kind: 'announce', say: 'Could be 2', source: SHORT_MINOR },
  // Alerts: relays and artificial responses to 1NT
  { key: 'nt.2s.minorRelay', kind: 'alert', source: `${ARTIFICIAL}; a relay (2♠ for 3♣, pass or correct) is Alerted, not announced` },
  { key: 'nt.2s.rangeAsk', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.2s.minorStayman', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.2s.minors', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.2nt.minors', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.3d.short', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.3h.short', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.3s.short', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.smolen', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.lebensohl', kind: 'alert', source: ARTIFICIAL },
  { key: 'nt.conventional', kind: 'alert', source: ARTIFICIAL },
  // Alerts: artificial raises and responses
  { key: 'mj.jacoby2nt', kind: 'alert', source: ARTIFICIAL },
  { key: 'mj.splinters', kind: 'alert', source: ARTIFICIAL },
  { key: 'mj.bergen', kind: 'alert', source: ARTIFICIAL },
  { key: 'mj.drury', kind: 'alert', source: ARTIFICIAL },
  { key: 'mj.3nt.convRaise', kind: 'alert', source: ARTIFICIAL },
  // Alerts: artificial openings and their responses
  { key: 'mn.strong1c', kind: 'alert', source: `${ARTIFICIAL}; Pre-Alerts: a one-level opening that is not natural` },
  { key: 'mn.strong1cResp.1dNeg', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2c.other', kind: 'alert', source: 'Alerts: a 2♣ opening that is not Very Strong (as the Convention Charts define it)' },
  { key: 'tw.2d.conv', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2d.flannery', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2d.multi', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2d.precision', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2d.miniRoman', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2d.majors', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2h.conv', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2s.conv', kind: 'alert', source: ARTIFICIAL },
  { key: 'tw.2s.minors', kind: 'alert', source: ARTIFICIAL },
  { key: 'pr.namyats', kind: 'alert', source: ARTIFICIAL },
  // Alerts: artificial rebids by responder
  { key: 'co.nmf', kind: 'alert', source: ARTIFICIAL },
  { key: 'co.twoWayNmf', kind: 'alert', source: ARTIFICIAL },
  { key: 'co.checkback', kind: 'alert', source: ARTIFICIAL },
  { key: 'co.xyz', kind: 'alert', source: ARTIFICIAL },
  { key: 'co.wolff', kind: 'alert', source: ARTIFICIAL },
  { key: 'co.fsf', kind: 'alert', source: ARTIFICIAL },
  // Alerts: competitive bidding
  { key: 'ov.cueMinor.strongTO', kind: 'alert', source: 'Alerts: a direct cuebid that is not Michaels' },
  { key: 'ov.cueMinor.artificial', kind: 'alert', source: 'Alerts: a direct cuebid that is not Michaels' },
  { key: 'ov.cueMajor.strongTO', kind: 'alert', source: 'Alerts: a direct cuebid that is not Michaels' },
  { key: 'ov.cueMajor.artificial', kind: 'alert', source: 'Alerts: a direct cuebid that is not Michaels' },
  { key: 'df.vs1nt.dont', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.cappelletti', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.landy', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.meckwell', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.woolsey', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.brozel', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.vs1nt.astro', kind: 'alert', source: ARTIFICIAL },
  { key: 'df.lebensohl', kind: 'alert', source: ARTIFICIAL },
  // Carding: the classic card prints it red ("please alert")
  { key: 'sg.special', kind: 'alert', source: 'The classic card (CC-1) prints "Special carding (please alert)" red' },
];

const FLAGS_BY_KEY: ReadonlyMap<string, AlertFlag> = new Map(ALERT_FLAGS.map((flag) => [flag.key, flag]));

/** An option key's last word that is an HCP range, e.g. `15-17` of `nt.range.15-17`. */
const RANGE_WORD = /^(\d+)-(\d+)$/;
/** An HCP range in a shown name, e.g. "15-17" or "15–17 HCP". */
const RANGE_IN_NAME = /(\d+)\s*[-–]\s*(\d+)/;

/** The subject key of an option key (`nt.range` of `nt.range.15-17`), or undefined for a shorter key. */
function subjectKeyOf(optionKey: string): string | undefined {
  const words = optionKey.split('.');
  return words.length === 3 ? words.slice(0, 2).join('.') : undefined;
}

/**
 * The flag that applies to a key: its own entry, or, for an option whose key's last word is an HCP
 * range, its subject's entry marked `announcesRangeOptions` (docs/bridge.md §1c).
 */
function flagOf(key: string): AlertFlag | undefined {
  const own = FLAGS_BY_KEY.get(key);
  if (own) return own;
  const subjectKey = subjectKeyOf(key);
  const subjectFlag = subjectKey === undefined ? undefined : FLAGS_BY_KEY.get(subjectKey);
  return subjectFlag?.announcesRangeOptions && RANGE_WORD.test(key.split('.').at(-1) ?? '') ? subjectFlag : undefined;
}

/**
 * The Alert treatment of a catalogue item (docs/bridge.md §1c), by its subject's or option's key.
 * An option has a treatment only when listed itself in ALERT_FLAGS, or when it is an HCP range
 * (`nt.range.15-17`) of a subject that announces its ranges (`nt.range`); it never inherits any
 * other subject flag.
 *
 * @param key a catalogue key, e.g. `'nt.jacoby.2d'` or `'mj.jacoby2nt'`; any other string (an
 *   unknown key, `''`) simply has no treatment
 * @returns `'announce'`, `'alert'`, or `undefined` when the procedures (as far as docs/bridge.md
 *   §1c could confirm them) do not flag the item. Never throws.
 */
export function alertOf(key: string): AlertKind | undefined {
  return flagOf(key)?.kind;
}

/**
 * What the partner of the bidder says at the table for a catalogue item, as the editor's tag shows
 * it (docs/bridge.md §1c): `'Alert'` for an Alert, `'Announce: <words>'` for an announcement,
 * e.g. `'Announce: Hearts'`, `'Announce: Forcing'`. The 1NT range is announced as the range the
 * option names: option `nt.range.15-17` named "15-17" gives `'Announce: 15 to 17'` (an edited name
 * "14-16" gives "14 to 16"; a name without a range falls back on the key's range). The subject of
 * the ranges alone gives `'Announce: the range, e.g. "15 to 17"'`.
 *
 * @param subjectKey the subject's catalogue key, e.g. `'nt.range'`
 * @param optionKey the option's catalogue key, e.g. `'nt.range.15-17'`; omitted for the subject's own words
 * @param optionName the option's shown name (edited or not; colour markup allowed), used for a
 *   range announcement only
 * @returns the words, or `undefined` when the item is not flagged (see alertOf)
 * @throws Error when `optionKey` is not an option key of `subjectKey` (a caller's mistake: the
 *   option key is its subject's key, a dot and a word, docs/catalogue-keys.md)
 */
export function tableWordsOf(subjectKey: string, optionKey?: string, optionName?: string): string | undefined {
  if (optionKey !== undefined && subjectKeyOf(optionKey) !== subjectKey) throw new Error(`tableWordsOf: ${optionKey} is not an option of ${subjectKey}`);
  const key = optionKey ?? subjectKey;
  const flag = flagOf(key);
  if (!flag) return undefined;
  if (flag.kind === 'alert') return 'Alert';
  if (!flag.announcesRangeOptions) return `Announce: ${flag.say ?? ''}`.trimEnd();
  if (optionKey === undefined) return 'Announce: the range, e.g. "15 to 17"';
  const [, low, high] = RANGE_IN_NAME.exec(stripMarkup(optionName ?? '')) ?? RANGE_WORD.exec(optionKey.split('.').at(-1) ?? '') ?? [];
  return `Announce: ${low ?? ''} to ${high ?? ''}`;
}
