/**
 * The ACBL-style convention card (docs/product.md §13, docs/bridge.md §1a): which catalogue items fill which
 * field of the classic card, in the card's order, and the card's content for one agreement. Drawn
 * by the server's card renderer; the templates' tests check the mapping against the catalogue
 * (every field is a bold catalogue item, every bold catalogue item is a field).
 */
import { type Category, type ContractDocument, type Subject, displayName, formatPlayerNames, isPlaceholderName } from './contract';

/**
 * One field of the card: [catalogue category, subject, the options that are check boxes of the
 * field]. A field with check boxes shows them ticked as the agreement selects them; a field
 * without shows the subject's selected options written in (or a tick when it has none). "Other
 * ___" write-in lines of the card are not listed: users add their own subjects for those.
 */
export type AcblCardField = readonly [category: string, subject: string, checks?: readonly string[]];

/** The items of the ACBL classic convention card and where the catalogue keeps them (docs/bridge.md §1a). */
export const ACBL_CARD_FIELDS: readonly AcblCardField[] = [
  ['General Approach', 'Basic system'],
  ['General Approach', 'Two over one (2/1)', ['Game forcing', 'Game forcing except when suit rebid']],
  ['General Approach', 'Very light', ['Openings', '3rd hand', 'Overcalls', 'Preempts']],
  ['General Approach', 'Forcing opening', ['1!c', '2!c', 'Natural two-bids']],
  ['Notrump Openings', '1NT opening range (HCP)'],
  ['Notrump Openings', '1NT second range'],
  ['Notrump Openings', '5-card major in a 1NT opening', ['Common']],
  ['Notrump Openings', 'Systems on after interference over 1NT'],
  ['Notrump Openings', 'Stayman', ['2!c Stayman', '2!d forcing Stayman']],
  ['Notrump Openings', 'Puppet Stayman', ['2!c over 1NT', '3!c over 2NT']],
  ['Notrump Openings', 'Jacoby transfers', ['2!d transfer to !h', '2!h transfer to !s', '3!d and 3!h over 2NT']],
  ['Notrump Openings', '2!s response to 1NT'],
  ['Notrump Openings', '2NT response to 1NT'],
  ['Notrump Openings', '3!c response to 1NT'],
  ['Notrump Openings', '3!d response to 1NT'],
  ['Notrump Openings', '3!h response to 1NT'],
  ['Notrump Openings', '3!s response to 1NT'],
  ['Notrump Openings', 'Texas transfers', ['4!d and 4!h over 1NT', 'Also over 2NT']],
  ['Notrump Openings', 'Smolen'],
  ['Notrump Openings', 'Lebensohl after interference over 1NT', ['Fast denies (a stopper)', 'Slow denies (a stopper)']],
  ['Notrump Openings', 'Double after interference over 1NT'],
  ['Notrump Openings', '2NT opening range (HCP)'],
  ['Notrump Openings', '3!s response to 2NT'],
  ['Notrump Openings', '3NT opening'],
  ['Notrump Openings', 'Conventional notrump openings'],
  ['Major Openings', 'Minimum length in 1st and 2nd seat', ['4 cards', '5 cards']],
  ['Major Openings', 'Minimum length in 3rd and 4th seat', ['4 cards', '5 cards']],
  ['Major Openings', 'Jump raise of 1!h or 1!s (double raise)', ['Forcing', 'Invitational', 'Weak']],
  ['Major Openings', 'Jump raise of 1!h or 1!s after their overcall', ['Forcing', 'Invitational', 'Weak']],
  ['Major Openings', 'Jacoby 2NT'],
  ['Major Openings', '3NT response to 1!h or 1!s', ['Conventional raise: balanced, game values, 3+ trumps']],
  ['Major Openings', 'Splinter bids'],
  ['Major Openings', '1NT response to 1!h or 1!s', ['Forcing', 'Semi-forcing']],
  ['Major Openings', '2NT response to 1!h or 1!s (natural)', ['Forcing', 'Invitational']],
  ['Major Openings', 'Drury', ['Reverse Drury (2!c)', 'Two-way Drury (2!c = 3 trumps, 2!d = 4 trumps)', 'Fit Drury']],
  ['Minor Openings', '1!c: minimum length', ['5 cards', '4 cards', '3 cards', 'Not forcing, may be short (0-2)', 'Conventional']],
  ['Minor Openings', '1!d: minimum length', ['5 cards', '4 cards', '3 cards', 'Not forcing, may be short (0-2)', 'Conventional']],
  ['Minor Openings', 'Jump raise of 1!c or 1!d (double raise)', ['Forcing', 'Invitational', 'Weak']],
  ['Minor Openings', 'Jump raise of 1!c or 1!d after their overcall', ['Forcing', 'Invitational', 'Weak']],
  ['Minor Openings', 'Forcing raise', ['Jump shift in the other minor', 'Single raise']],
  ['Minor Openings', 'Frequently bypass 4+ !d'],
  ['Minor Openings', '1NT response to 1!c (HCP)'],
  ['Minor Openings', '2NT response to 1!c or 1!d', ['Forcing', 'Invitational']],
  ['Minor Openings', '3NT response to 1!c or 1!d (HCP)'],
  ['Two-Level Openings', '2!c opening', ['Very strong', 'Other']],
  ['Two-Level Openings', '2!d response to 2!c', ['Negative', 'Waiting']],
  ['Two-Level Openings', '2!d opening', ['Weak', 'Intermediate', 'Strong', 'Conventional']],
  ['Two-Level Openings', '2!h opening', ['Weak', 'Intermediate', 'Strong', 'Conventional']],
  ['Two-Level Openings', '2!s opening', ['Weak', 'Intermediate', 'Strong', 'Conventional']],
  ['Two-Level Openings', '2NT response to a weak two', ['Forcing']],
  ['Two-Level Openings', 'New suit response to a weak two', ['Not forcing']],
  ['Preempts', 'Preempt style', ['Sound', 'Light', 'Very light']],
  ['Preempts', 'Responses to preempts'],
  ['Constructive Bidding', 'New Minor Forcing'],
  ['Constructive Bidding', 'Two-way New Minor Forcing'],
  ['Constructive Bidding', 'Weak jump shifts', ['In competition', 'Not in competition']],
  ['Constructive Bidding', 'Fourth suit forcing', ['One round', 'Game forcing']],
  ['Slam Bidding', 'Gerber'],
  ['Slam Bidding', 'Blackwood'],
  ['Slam Bidding', 'Roman Key Card Blackwood', ['1430 (5!c = 1 or 4 key cards, 5!d = 3 or 0)']],
  [
    'Slam Bidding',
    'Key-card asks after interference',
    ['DOPI (double = 0, pass = 1)', 'DEPO (double = even, pass = odd)', 'ROPI (redouble = 0, pass = 1)', 'Level: DOPI at the 5 level, DEPO at the 6 level'],
  ],
  ['Overcalls', 'One-level overcall (HCP)'],
  ['Overcalls', 'Overcall style', ['Often 4 cards', 'Very light style']],
  ['Overcalls', 'New suit by advancer', ['Forcing', 'Not forcing, constructive', 'Not forcing']],
  ['Overcalls', 'Jump raise by advancer', ['Forcing', 'Invitational', 'Weak']],
  ['Overcalls', 'Jump overcall', ['Strong', 'Intermediate', 'Weak']],
  ['Overcalls', '1NT overcall, direct (HCP)', ['Systems on', 'Conventional']],
  ['Overcalls', '1NT overcall, balancing (HCP)', ['Conventional']],
  ['Overcalls', 'Unusual 2NT (jump to 2NT)', ['Minors', 'Two lowest unbid suits']],
  ['Overcalls', 'Direct cuebid over their minor', ['Natural', 'Strong takeout', 'Michaels', 'Artificial']],
  ['Overcalls', 'Direct cuebid over their major', ['Natural', 'Strong takeout', 'Michaels', 'Artificial']],
  ['Overcalls', 'Michaels cuebid'],
  ['Doubles and Redoubles', 'Penalty double after their overcall'],
  ['Doubles and Redoubles', 'Negative doubles'],
  ['Doubles and Redoubles', 'Responsive doubles'],
  ['Doubles and Redoubles', 'Maximal doubles'],
  ['Doubles and Redoubles', 'Support doubles', ['Support redouble']],
  ['Doubles and Redoubles', 'Card-showing doubles'],
  ['Doubles and Redoubles', 'Minimum offshape takeout doubles'],
  ['Doubles and Redoubles', 'New suit after their takeout double', ['Forcing at the 1 level', 'Forcing at the 2 level']],
  ['Doubles and Redoubles', 'Jump shift after their takeout double', ['Forcing', 'Invitational', 'Weak']],
  ['Doubles and Redoubles', 'Redouble after their takeout double', ['Implies no fit']],
  [
    'Doubles and Redoubles',
    '2NT after their takeout double (Jordan 2NT)',
    [
      'Over a major: limit raise or better',
      'Over a major: limit raise',
      'Over a major: weak',
      'Over a minor: limit raise or better',
      'Over a minor: limit raise',
      'Over a minor: weak',
    ],
  ],
  ['Defensive Bidding vs Their Openings', 'Versus a weak 1NT'],
  ['Defensive Bidding vs Their Openings', 'Double of their 1NT'],
  ['Defensive Bidding vs Their Openings', '2!c over their 1NT'],
  ['Defensive Bidding vs Their Openings', '2!d over their 1NT'],
  ['Defensive Bidding vs Their Openings', '2!h over their 1NT'],
  ['Defensive Bidding vs Their Openings', '2!s over their 1NT'],
  ['Defensive Bidding vs Their Openings', 'Double of their preempt', ['Takeout through 3!s', 'Takeout through 4!h', 'Takeout through 4!s', 'Penalty']],
  ['Defensive Bidding vs Their Openings', 'Conventional takeout of their preempt'],
  ['Defensive Bidding vs Their Openings', 'Lebensohl after partner doubles their weak two'],
  ['Opening Leads', 'Length leads versus suits', ['4th best', '3rd and 5th best']],
  ['Opening Leads', 'Length leads versus notrump', ['4th best', '3rd and 5th best', 'Attitude (low = a good suit)']],
  ['Opening Leads', 'Lead from AKx versus suits'],
  ['Opening Leads', 'Lead from AKx versus notrump'],
  ['Opening Leads', 'Lead from KQx versus suits'],
  ['Opening Leads', 'Lead from KQx versus notrump'],
  ['Opening Leads', 'Lead from QJx versus suits'],
  ['Opening Leads', 'Lead from QJx versus notrump'],
  ['Opening Leads', 'Lead from J10x versus suits'],
  ['Opening Leads', 'Lead from J10x versus notrump'],
  ['Opening Leads', 'Lead from 109x versus suits'],
  ['Opening Leads', 'Lead from 109x versus notrump'],
  ['Opening Leads', 'Lead from KQ10x versus suits'],
  ['Opening Leads', 'Lead from KQ10x versus notrump'],
  ['Opening Leads', 'Lead from an interior sequence (KJ10x, K109x, Q109x, AJ10x) versus suits'],
  ['Opening Leads', 'Lead from an interior sequence (KJ10x, K109x, Q109x, AJ10x) versus notrump'],
  ['Opening Leads', 'Lead from xx versus suits'],
  ['Opening Leads', 'Lead from xx versus notrump'],
  ['Opening Leads', 'Lead from xxx versus suits'],
  ['Opening Leads', 'Lead from xxx versus notrump'],
  ['Opening Leads', 'Lead from xxxx versus suits'],
  ['Opening Leads', 'Lead from xxxx versus notrump'],
  ['Opening Leads', 'Lead from xxxxx versus suits'],
  ['Opening Leads', 'Lead from xxxxx versus notrump'],
  ['Opening Leads', 'Lead from Hxx versus suits'],
  ['Opening Leads', 'Lead from Hxx versus notrump'],
  ['Opening Leads', 'Lead from Hxxx versus suits'],
  ['Opening Leads', 'Lead from Hxxx versus notrump'],
  ['Opening Leads', 'Lead from Hxxxx versus suits'],
  ['Opening Leads', 'Lead from Hxxxx versus notrump'],
  ['Opening Leads', 'Lead from two non-touching honors (AJx, KJx, K10x) versus suits'],
  ['Opening Leads', 'Lead from two non-touching honors (AJx, KJx, K10x) versus notrump'],
  ['Signals and Discards', "Primary signal to partner's leads", ['Attitude', 'Count', 'Suit preference']],
  ['Signals and Discards', 'Standard signals (high encourages, high-low shows an even number)', ['Versus suits', 'Versus notrump', 'Except (describe)']],
  ['Signals and Discards', 'Upside-down signals', ['Count versus suits', 'Count versus notrump', 'Attitude versus suits', 'Attitude versus notrump']],
  ['Signals and Discards', 'First discard', ['Lavinthal', 'Odd/even']],
  ['Signals and Discards', 'Smith echo'],
  ['Signals and Discards', 'Trump signals'],
  ['Signals and Discards', 'Foster echo'],
  ['Signals and Discards', 'Special carding (please alert)'],
];

/**
 * How the ACBL's Alert procedures treat a call (docs/bridge.md §1c): `announce` is printed blue on
 * the card (the partner of the bidder says it aloud: "15 to 17", "transfer", "forcing", "could be
 * short"), `alert` red (the partner says "Alert").
 */
export type AlertKind = 'announce' | 'alert';

/**
 * The catalogue items the ACBL Alert procedures name that the card holds (docs/bridge.md §1c):
 * [category, subject, option or undefined for the subject itself, kind]. Only items the sources
 * name; everything else prints black.
 */
export const ACBL_ALERT_ITEMS: readonly (readonly [category: string, subject: string, option: string | undefined, kind: AlertKind])[] = [
  ['Notrump Openings', '1NT opening range (HCP)', undefined, 'announce'],
  ['Notrump Openings', 'Jacoby transfers', undefined, 'announce'],
  ['Major Openings', '1NT response to 1!h or 1!s', 'Forcing', 'announce'],
  ['Major Openings', '1NT response to 1!h or 1!s', 'Semi-forcing', 'announce'],
  ['Minor Openings', '1!c: minimum length', 'Not forcing, may be short (0-2)', 'announce'],
  ['Minor Openings', '1!d: minimum length', 'Not forcing, may be short (0-2)', 'announce'],
  ['Signals and Discards', 'Special carding (please alert)', undefined, 'alert'],
];

/** The Alert treatment of a card item, if the procedures name it. */
export function alertOf(category: string, subject: string, option?: string): AlertKind | undefined {
  return ACBL_ALERT_ITEMS.find(([c, s, o]) => c === category && s === subject && o === option)?.[3];
}

/**
 * A section of the card: its title, the side of the card, the catalogue categories it shows and,
 * when a category is split between sections, which of its subjects.
 */
export interface AcblCardSection {
  title: string;
  page: 0 | 1;
  categories: readonly string[];
  subjects?: readonly string[];
}

const SPECIAL_DOUBLES = [
  'Penalty double after their overcall',
  'Negative doubles',
  'Responsive doubles',
  'Maximal doubles',
  'Support doubles',
  'Card-showing doubles',
  'Minimum offshape takeout doubles',
];
const NOTRUMP_OVERCALLS = ['1NT overcall, direct (HCP)', '1NT overcall, balancing (HCP)', 'Unusual 2NT (jump to 2NT)'];
const SIMPLE_OVERCALLS = ['One-level overcall (HCP)', 'Overcall style', 'New suit by advancer', 'Jump raise by advancer'];
const OVER_TAKEOUT_DOUBLE = [
  'New suit after their takeout double',
  'Jump shift after their takeout double',
  'Redouble after their takeout double',
  '2NT after their takeout double (Jordan 2NT)',
];
const DIRECT_CUEBID = ['Direct cuebid over their minor', 'Direct cuebid over their major', 'Michaels cuebid'];
const VS_PREEMPTS = ['Double of their preempt', 'Conventional takeout of their preempt', 'Lebensohl after partner doubles their weak two'];

/**
 * The sections in the classic card's order (docs/bridge.md §1a): the front holds the names, the
 * general approach, the openings, other conventional calls, special doubles and notrump overcalls;
 * the back the defensive and competitive bidding, jump overcalls, preempts, direct cuebids, the
 * defence against preempts and notrump, slam conventions, leads and carding.
 */
export const ACBL_CARD_SECTIONS: readonly AcblCardSection[] = [
  { title: 'General Approach', page: 0, categories: ['General Approach'] },
  { title: 'Notrump Opening Bids', page: 0, categories: ['Notrump Openings'] },
  { title: 'Major Opening', page: 0, categories: ['Major Openings'] },
  { title: 'Minor Opening', page: 0, categories: ['Minor Openings'] },
  { title: '2-Level Openings', page: 0, categories: ['Two-Level Openings'] },
  { title: 'Other Conventional Calls', page: 0, categories: ['Constructive Bidding'] },
  { title: 'Special Doubles', page: 0, categories: ['Doubles and Redoubles'], subjects: SPECIAL_DOUBLES },
  { title: 'Notrump Overcalls', page: 0, categories: ['Overcalls'], subjects: NOTRUMP_OVERCALLS },
  { title: 'Defensive and Competitive Bidding', page: 1, categories: ['Overcalls'], subjects: SIMPLE_OVERCALLS },
  { title: 'Over Opponents’ Takeout Double', page: 1, categories: ['Doubles and Redoubles'], subjects: OVER_TAKEOUT_DOUBLE },
  { title: 'Jump Overcall', page: 1, categories: ['Overcalls'], subjects: ['Jump overcall'] },
  { title: 'Opening Preempts', page: 1, categories: ['Preempts'] },
  { title: 'Direct Cuebid', page: 1, categories: ['Overcalls'], subjects: DIRECT_CUEBID },
  { title: 'Vs Opening Preempts', page: 1, categories: ['Defensive Bidding vs Their Openings'], subjects: VS_PREEMPTS },
  {
    title: 'Defense vs Notrump',
    page: 1,
    categories: ['Defensive Bidding vs Their Openings'],
    subjects: ['Versus a weak 1NT', 'Double of their 1NT', '2!c over their 1NT', '2!d over their 1NT', '2!h over their 1NT', '2!s over their 1NT'],
  },
  { title: 'Slam Conventions', page: 1, categories: ['Slam Bidding'] },
  { title: 'Leads', page: 1, categories: ['Opening Leads'] },
  { title: 'Defensive Carding', page: 1, categories: ['Signals and Discards'] },
];

/** True when the card's field (category, subject) belongs in `section`. */
export function isInSection(section: AcblCardSection, category: string, subject: string): boolean {
  return section.categories.includes(category) && (section.subjects === undefined || section.subjects.includes(subject));
}

/** One check box of a filled field. */
export interface AcblCheck {
  label: string;
  isChecked: boolean;
  alert?: AlertKind;
}

/** A field as printed: its label, its check boxes, and what is written in. */
export interface FilledAcblField {
  /** The subject's name as the agreement shows it (an edited name replaces the original). */
  label: string;
  /** Whether the agreement plays the subject at all. */
  isPlayed: boolean;
  checks: AcblCheck[];
  /** The selected options that are not check boxes, joined with "; " ('' for none). */
  writeIn: string;
  /** Blue (announce) or red (alert) on the card, when the ACBL's procedures say so. */
  alert?: AlertKind;
}

/** The card for one agreement: the names line and the sections with their fields. */
export interface FilledAcblCard {
  names: string;
  sections: { title: string; page: 0 | 1; fields: FilledAcblField[] }[];
}

/** The subject of a field in an agreement, found by category and original name (names are the catalogue's identity). */
function findSubject(categories: readonly Category[], categoryName: string, subjectName: string): Subject | undefined {
  return categories.find((category) => category.categoryName === categoryName)?.subjects.find((subject) => subject.subjectName === subjectName);
}

/**
 * Fills the card from an agreement: every field of ACBL_CARD_FIELDS, in the sections' order.
 * Check boxes follow the options' ticks; the other selected options are written in; a field whose
 * subject the agreement lacks (deleted, or a template without it) is printed empty.
 *
 * @param document the agreement (names and categories; colour markup is kept in the texts)
 */
export function fillAcblCard(document: ContractDocument): FilledAcblCard {
  const sections = ACBL_CARD_SECTIONS.map((section) => ({
    title: section.title,
    page: section.page,
    fields: ACBL_CARD_FIELDS.filter(([category, subject]) => isInSection(section, category, subject)).map(
      ([category, subjectName, checkNames = []]): FilledAcblField => {
        const subject = findSubject(document.categories, category, subjectName);
        const options = (subject?.options ?? []).filter((option) => !isPlaceholderName(option.optionName));
        const alert = alertOf(category, subjectName);
        return {
          label: subject ? displayName(subject) : subjectName,
          isPlayed: subject?.isSelected ?? false,
          ...(alert ? { alert } : {}),
          checks: checkNames.map((name) => {
            const option = options.find((candidate) => candidate.optionName === name);
            const checkAlert = alertOf(category, subjectName, name);
            return {
              label: option ? displayName(option) : name,
              isChecked: (subject?.isSelected ?? false) && (option?.isSelected ?? false),
              ...(checkAlert ? { alert: checkAlert } : {}),
            };
          }),
          writeIn: subject?.isSelected
            ? options
                .filter((option) => option.isSelected && !checkNames.includes(option.optionName))
                .map((option) => displayName(option))
                .join('; ')
            : '',
        };
      },
    ),
  }));
  return { names: formatPlayerNames(document.playerNames), sections };
}
