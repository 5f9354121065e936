/**
 * The catalogue every shipped template shares: 13 categories, their headings, subjects and
 * options (docs/product.md §D6). Templates differ only in what they select
 * (selections/*.ts); `npm run templates` writes templates/*.csv from this file.
 *
 * Sources (see templates/README.md for the full list and the choices made):
 * - categories, names and order: docs/bridge.md §3;
 * - bold (`ACBL`): every checkbox or write-in item of the ACBL classic convention card
 *   (docs/bridge.md §1a); "Other ___" write-in lines are not subjects, since any user can
 *   add a subject of their own;
 * - italic (`BOOK`): conventions confirmed or probable in "25 Bridge Conventions You Should Know"
 *   (Seagram & Smith; docs/bridge.md §2);
 * - the remaining subjects: the typical subjects of docs/bridge.md §3 and the treatments of
 *   the systems of section 4.
 *
 * Exclusive options (ADR 120): EXCLUSIVE_OPTIONS, at the end, names the options of a subject
 * that exclude each other; the generator refuses a template that ticks two of them.
 *
 * Writing rules: suits as `!s !h !d !c` (docs/product.md §D5), bids as players write them (1NT, 2/1,
 * RKCB 1430), American spelling (the ACBL card's), names at most 500 characters. Keys are stable:
 * rename freely, but change a key only together with every selection that uses it.
 */
import { ACBL, BOOK, category, heading, markExclusive, subject, type CatalogueCategory, type ExclusiveSpec } from './catalogue-model';

const FORCE_INV_WEAK = [
  ['force', 'Forcing', ACBL],
  ['inv', 'Invitational', ACBL],
  ['weak', 'Weak', ACBL],
] as const;

/** The discarding methods, versus suits and versus notrump alike (sg.firstDiscard, sg.firstDiscardNt). */
const FIRST_DISCARDS = [
  ['standard', 'Standard (high encourages)'],
  ['upsideDown', 'Upside-down (low encourages)'],
  ['lavinthal', 'Lavinthal', ACBL],
  ['oddEven', 'Odd/even', ACBL],
  ['revolving', 'Revolving'],
] as const;

const generalApproach = category(
  'ga',
  'General Approach',
  heading(
    'System',
    subject(
      'ga.system',
      'Basic system',
      [
        ['sa', 'Standard American'],
        ['sayc', 'Standard American Yellow Card (SAYC)'],
        ['msa', 'Modern Standard American'],
        ['2over1', '2/1 Game Forcing'],
        ['bws', 'Bridge World Standard'],
        ['lc', 'LC Standard'],
        ['precision', 'Precision (strong club)'],
        ['polish', 'Polish Club'],
        ['acol', 'Acol (weak notrump, 4-card majors)'],
      ],
      ACBL,
    ),
    subject(
      'ga.twoOverOne',
      'Two over one (2/1)',
      [
        ['gf', 'Game forcing', ACBL],
        ['gfExceptRebid', 'Game forcing except when suit rebid', ACBL],
        ['oneRound', 'Forcing one round, not game forcing'],
        ['notPassed', 'Not game forcing by a passed hand'],
        ['notComp', 'Not game forcing in competition'],
      ],
      ACBL,
    ),
    subject(
      'ga.forcingOpening',
      'Forcing opening',
      [
        ['1c', '1!c', ACBL],
        ['2c', '2!c', ACBL],
        ['natural2', 'Natural two-bids', ACBL],
      ],
      ACBL,
    ),
    subject('ga.majorStyle', 'Major-suit openings', [
      ['five', 'Five-card majors'],
      ['fiveFirstSecond', 'Five-card majors in 1st and 2nd seat only'],
      ['four', 'Four-card majors'],
    ]),
    subject('ga.psychics', 'Psychic calls', [
      ['never', 'Never'],
      ['rare', 'Rare'],
      ['occasional', 'Occasional'],
    ]),
  ),
  heading(
    'Opening style',
    subject('ga.openingRange', 'Range of one-level suit openings (HCP)', [
      ['11-21', '11-21 (unlimited)'],
      ['12-21', '12-21 (unlimited)'],
      ['11-15', '11-15 (limited: strong club)'],
      ['10-15', '10-15 (light, limited)'],
    ]),
    subject('ga.minOpen', 'Minimum for a one-level opening', [
      ['rule20', 'Rule of 20'],
      ['rule22', 'Rule of 22'],
      ['11', '11+ HCP'],
      ['12', '12+ HCP'],
      ['sound', 'Sound (13+ HCP)'],
      ['balanced12', 'Balanced hands: 12+ HCP; lighter openings need shape'],
      ['balancedGood11', 'Balanced hands: a good 11 (aces, tens, a good suit) may open'],
    ]),
    subject('ga.thirdSeat', 'Third-seat openings', [
      ['light', 'Light (about 10 HCP)'],
      ['fourMajor', 'A good 4-card major allowed'],
      ['leadDirecting', 'Lead-directing'],
      ['same', 'Same as 1st and 2nd seat'],
    ]),
    subject('ga.fourthSeat', 'Fourth-seat openings', [
      ['rule15', 'Rule of 15 (HCP plus spades)'],
      ['sound', 'Sound'],
      ['same', 'Same as other seats'],
    ]),
    subject(
      'ga.veryLight',
      'Very light',
      [
        ['openings', 'Openings', ACBL],
        ['thirdHand', '3rd hand', ACBL],
        ['overcalls', 'Overcalls', ACBL],
        ['preempts', 'Preempts', ACBL],
      ],
      ACBL,
    ),
    subject('ga.twoSuited', 'Two-suited hands', [
      ['higher55', 'Open the higher-ranking suit with 5-5 and 6-6'],
      ['longer', 'Open the longer suit first'],
      ['canape', 'Canapé (shorter suit first)'],
    ]),
  ),
  heading(
    'Judgment',
    subject('ga.responseMin', 'Minimum to respond at the 1 level', [
      ['5', '5+ HCP'],
      ['6', '6+ HCP'],
      ['4shape', '4+ HCP with shape'],
    ]),
    subject('ga.evaluation', 'Hand evaluation', [
      ['hcp', 'High-card points (4-3-2-1)'],
      ['length', 'Add length points'],
      ['shortness', 'Add shortness points after a fit'],
      ['ltc', 'Losing Trick Count'],
      ['upgrade', 'Upgrade aces, tens and good suits'],
    ]),
    subject('ga.law', 'Law of Total Tricks', [
      ['compete', 'Compete to the level of the trump fit'],
      ['raises', 'Preemptive raises by the Law'],
      ['guide', 'A guideline only'],
    ]),
    subject('ga.vulStyle', 'Style by vulnerability', [
      ['aggressiveNv', 'Aggressive when not vulnerable'],
      ['soundVul', 'Sound when vulnerable'],
      ['same', 'The same at all vulnerabilities'],
    ]),
  ),
  heading(
    'Undiscussed auctions',
    // Defaults for one topic live in that topic's subject: a double of an artificial bid under
    // db.leadDirecting, 4NT with a suit agreed under sl.rkcb, competitive 4NT under sl.4ntComp,
    // forcing 5NT under sl.5nt.
    subject('ga.defaults', 'Default rules for undiscussed calls', [
      ['natural', 'If it could be natural, it is natural'],
      ['newSuitForcing', 'A new suit by an unpassed hand is forcing'],
      ['forcingPass', 'In a forcing auction, pass is forcing'],
      ['competitiveNF', 'In competition, a call that could be forcing or not forcing is not forcing'],
    ]),
  ),
  heading(
    'Disclosure',
    subject('ga.prealerts', 'Pre-alerts', [
      ['strongClub', 'Strong club system'],
      ['shortMinor', '1!c or 1!d may be short'],
      ['weakNt', 'Weak notrump'],
      ['carding', 'Unusual carding'],
      ['none', 'Nothing to pre-alert'],
    ]),
  ),
);

const notrumpOpenings = category(
  'nt',
  'Notrump Openings',
  heading(
    '1NT opening',
    subject('nt.range', '1NT opening range (HCP)', ['10-12', '12-14', '13-15', '14-16', '15-17', '15-18', '16-18'], ACBL),
    subject(
      'nt.range2',
      '1NT second range',
      [
        '10-12',
        '12-14',
        '13-15',
        '14-16',
        '15-17',
        ['seats12', 'In 1st and 2nd seat'],
        ['seats34', 'In 3rd and 4th seat'],
        ['nonVul', 'Not vulnerable'],
        ['vul', 'Vulnerable'],
      ],
      ACBL,
    ),
    subject(
      'nt.fiveMajor',
      '5-card major in a 1NT opening',
      [
        ['common', 'Common', ACBL],
        ['possible', 'Possible'],
        ['rare', 'Rare'],
        ['never', 'Never'],
      ],
      ACBL,
    ),
    subject('nt.shape', 'Shapes opened 1NT', [
      ['balanced', 'Balanced only (4-3-3-3, 4-4-3-2, 5-3-3-2)'],
      ['minor5422', '5-4-2-2 with a 5-card minor'],
      ['minor6', '6-card minor (6-3-2-2)'],
      ['semibalanced', 'Semi-balanced with a 5-card minor'],
      ['singletonHonor', 'Singleton honor allowed'],
    ]),
    subject('nt.upgrade', 'Upgrades and downgrades', [
      ['good14', 'Upgrade a good 14 (good 5-card suit, tens and nines)'],
      ['bad17', 'Downgrade a bad 17'],
      ['judgment', 'Judgment'],
    ]),
  ),
  heading(
    'Responses to 1NT',
    subject(
      'nt.stayman',
      'Stayman',
      [
        ['regular', '2!c Stayman', ACBL],
        ['nonPromissory', 'Need not hold a 4-card major'],
        ['garbage', 'Garbage Stayman (may pass the reply)'],
        ['crawling', 'Crawling Stayman (2!h over 2!d: weak, both majors)'],
        ['forcing', '2!d forcing Stayman', ACBL],
        ['twoWay', 'Two-way Stayman (2!c invitational, 2!d game forcing)'],
        ['inv2M', 'After 1NT-2!c-2!d, 2!h or 2!s: 5 cards, invitational'],
        ['splinter4', 'After Stayman, a new suit at the 4 level is a splinter'],
        ['over2nt', '3!c Stayman over 2NT'],
      ],
      ACBL,
      BOOK,
    ),
    subject('nt.staymanReplies', 'Replies to Stayman', [
      ['heartsFirst', '2!h with both majors'],
      ['spadesFirst', '2!s with both majors'],
      ['2dDenies', '2!d denies a 4-card major'],
      ['5major', 'A 5-card major is shown as a 4-card major'],
    ]),
    subject(
      'nt.puppet',
      'Puppet Stayman',
      [
        ['2c', '2!c over 1NT', ACBL],
        ['3c2nt', '3!c over 2NT', ACBL],
      ],
      ACBL,
    ),
    subject(
      'nt.jacoby',
      'Jacoby transfers',
      [
        ['2d', '2!d transfer to !h', ACBL],
        ['2h', '2!h transfer to !s', ACBL],
        ['over2nt', '3!d and 3!h over 2NT', ACBL],
        ['inv2nt', 'Transfer, then 2NT: invitational'],
        ['newSuitGF', 'Transfer, then a new suit: natural, game forcing'],
        ['raise3', 'Transfer, then 3 of the major: invitational, 6 cards'],
        ['choice3nt', 'Transfer, then 3NT: choice of games with 5 cards'],
        ['overInterference', 'Also after a double of 1NT'],
      ],
      ACBL,
      BOOK,
    ),
    subject('nt.superAccept', 'Super-accepts', [
      ['max4', 'With 4 trumps and a maximum'],
      ['jump3', 'By a jump to 3 of the major'],
      ['doubleton', 'By bidding a doubleton (or 2NT with no doubleton)'],
      ['never', 'Never: always complete the transfer'],
    ]),
    subject(
      'nt.texas',
      'Texas transfers',
      [
        ['4d4h', '4!d and 4!h over 1NT', ACBL],
        ['over2nt', 'Also over 2NT', ACBL],
        ['southAfrican', 'South African Texas (4!c = !h, 4!d = !s)'],
        ['afterInterference', 'Also after interference'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'nt.2s',
      '2!s response to 1NT',
      [
        ['clubs', 'Transfer to !c'],
        ['minorRelay', 'Relay to 3!c: weak with either minor'],
        ['rangeAsk', 'Range ask (invitational to 3NT) or transfer to !c'],
        ['minorStayman', 'Minor-suit Stayman'],
        ['minors', 'Both minors'],
      ],
      ACBL,
    ),
    subject(
      'nt.2nt',
      '2NT response to 1NT',
      [
        ['natural', 'Natural, invitational'],
        ['diamonds', 'Transfer to !d'],
        ['clubs', 'Transfer to !c'],
        ['minors', 'Both minors'],
      ],
      ACBL,
    ),
    subject(
      'nt.3c',
      '3!c response to 1NT',
      [
        ['inv', 'Invitational, long !c'],
        ['weak', 'Weak, to play'],
        ['gf', 'Natural, game forcing (slam interest)'],
        ['puppet', 'Puppet Stayman'],
        ['minors55', '5-5 in the minors, game forcing'],
      ],
      ACBL,
    ),
    subject(
      'nt.3d',
      '3!d response to 1NT',
      [
        ['inv', 'Invitational, long !d'],
        ['weak', 'Weak, to play'],
        ['gf', 'Natural, game forcing (slam interest)'],
        ['short', 'Short !d, 3-suited, game forcing'],
        ['minors55', '5-5 in the minors, game forcing'],
      ],
      ACBL,
    ),
    subject(
      'nt.3h',
      '3!h response to 1NT',
      [
        ['gf', '5+ !h, game forcing'],
        ['inv', 'Invitational, 6+ !h'],
        ['short', 'Short !h, 3-suited, game forcing'],
        ['majors55inv', '5-5 in the majors, invitational'],
        ['majors55gf', '5-5 in the majors, game forcing'],
      ],
      ACBL,
    ),
    subject(
      'nt.3s',
      '3!s response to 1NT',
      [
        ['gf', '5+ !s, game forcing'],
        ['inv', 'Invitational, 6+ !s'],
        ['short', 'Short !s, 3-suited, game forcing'],
        ['majors55gf', '5-5 in the majors, game forcing'],
        ['minorsSlam', 'Both minors, slam interest'],
      ],
      ACBL,
    ),
    subject(
      'nt.smolen',
      'Smolen',
      [
        ['1nt', 'Over 1NT: after 1NT-2!c-2!d, a jump in a major shows 4 there and 5 in the other, game forcing'],
        ['2nt', 'Also over 2NT'],
        ['64', 'Also with 6-4 (transfer at the 4 level)'],
      ],
      ACBL,
    ),
    subject('nt.4nt', '4NT response to 1NT', [
      ['quantitative', 'Quantitative (invites 6NT)'],
      ['minors', 'Both minors'],
      ['keycardAfterTransfer', 'After a transfer: key-card ask'],
    ]),
  ),
  heading(
    'Interference over our 1NT',
    subject(
      'nt.systemsOn',
      'Systems on after interference over 1NT',
      [
        ['double', 'Over a double'],
        ['artificial2c', 'Over an artificial 2!c'],
        ['off', 'Off over any overcall'],
        ['offCuebidStayman', 'Over an overcall: conventional responses off, and a cuebid is Stayman'],
      ],
      ACBL,
    ),
    subject(
      'nt.lebensohl',
      'Lebensohl after interference over 1NT',
      [
        ['fastDenies', 'Fast denies (a stopper)', ACBL],
        ['slowDenies', 'Slow denies (a stopper)', ACBL],
        ['rubensohl', 'Rubensohl (transfers)'],
        ['afterDouble', 'Also after a double of an artificial bid'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'nt.double',
      'Double after interference over 1NT',
      [
        ['neg2s', 'Of a natural overcall: negative (takeout) through 2!s'],
        ['neg3s', 'Of a natural overcall: negative (takeout) through 3!s'],
        ['penalty', 'Of a natural overcall: penalty'],
        ['stolen', 'Of an artificial 2!c: Stayman (stolen bid)'],
        ['artificialValues', 'Of another artificial overcall: values, with interest in penalizing a suit they showed'],
      ],
      ACBL,
    ),
    // "Systems on" over their double is recorded under "Systems on after interference over 1NT"
    // (nt.systemsOn.double); the retired key nt.runouts.systemsOn recorded it twice (packages/domain retired-keys.ts).
    // Opener's calls when they double or overcall our Stayman or transfer (responder's calls after
    // an overcall of 1NT itself are the subjects above).
    subject('nt.responseComp', 'After interference over our Stayman or transfer', [
      ['xferAccept3', 'Transfer doubled: complete it with 3+ cards, pass with 2 (responder may redouble to have it completed)'],
      ['xferAlways', 'Transfer doubled: complete it whatever the length'],
      ['xferRedouble', 'Transfer doubled: redouble shows a strong holding in the doubled suit'],
      ['staymanStopper', 'Stayman doubled: reply as usual with a !c stopper; pass denies one (responder may redouble to ask again)'],
      ['staymanNormal', 'Stayman doubled: reply as usual'],
      ['staymanPassClubs', 'Stayman doubled: pass shows 4 !c and no major'],
      ['staymanRedouble', 'Stayman doubled: redouble shows five good !c (or four very good), to play'],
      ['overcallDouble', "Stayman or a transfer overcalled: opener's double is for penalty"],
      ['overcallFit4', 'Stayman or a transfer overcalled: opener bids the major only with 4 cards'],
    ]),
    subject('nt.runouts', 'Runouts after their double of 1NT', [
      ['redoubleOneSuit', 'Redouble: a one-suiter, forces 2!c'],
      ['passForces', 'Pass forces redouble (two-suiters)'],
      ['natural', 'Natural, to play'],
      ['redoubleToPlay', 'Redouble: to play'],
    ]),
  ),
  heading(
    '2NT and 3NT openings',
    subject('nt.2ntRange', '2NT opening range (HCP)', ['19-20', '20-21', '20-22', ['20-bad22', '20 to a bad 22'], '21-22', '22-23', '22-24'], ACBL),
    subject('nt.2ntFiveMajor', '5-card major in a 2NT opening', [
      ['possible', 'Possible'],
      ['never', 'Never'],
    ]),
    subject(
      'nt.2nt3s',
      '3!s response to 2NT',
      [
        ['minors', 'Both minors, slam interest'],
        ['minorStayman', 'Minor-suit Stayman'],
        ['natural', 'Natural'],
        ['short', 'Short !s, slam try'],
      ],
      ACBL,
    ),
    subject(
      'nt.3nt',
      '3NT opening',
      [
        ['25-27', '25-27 balanced'],
        ['24-26', '24-26 balanced'],
        ['26-27', '26-27 balanced'],
        ['solidStoppers', 'Solid suit with outside stoppers'],
      ],
      ACBL,
    ),
    subject(
      'nt.conventional',
      'Conventional notrump openings',
      [
        ['2ntMinors', '2NT: both minors, weak'],
        ['1ntArtificial', '1NT: artificial'],
        ['alert', 'Other (alert)'],
      ],
      ACBL,
    ),
  ),
);

const majorOpenings = category(
  'mj',
  'Major Openings',
  heading(
    'Opening 1!h and 1!s',
    subject(
      'mj.length12',
      'Minimum length in 1st and 2nd seat',
      [
        ['4', '4 cards', ACBL],
        ['5', '5 cards', ACBL],
      ],
      ACBL,
    ),
    subject(
      'mj.length34',
      'Minimum length in 3rd and 4th seat',
      [
        ['4', '4 cards', ACBL],
        ['5', '5 cards', ACBL],
        ['good4', 'A good 4-card suit occasionally'],
      ],
      ACBL,
    ),
  ),
  heading(
    'Raises',
    subject('mj.single', 'Single raise', [
      ['6-10', '6-10 HCP, 3+ trumps'],
      ['6-9', '6-9 HCP, 3+ trumps'],
      ['constructive', 'Constructive (about 8-10)'],
    ]),
    subject(
      'mj.jumpRaise',
      'Jump raise of 1!h or 1!s (double raise)',
      [...FORCE_INV_WEAK, ['limit4', 'Limit raise with 4 trumps'], ['mixed', 'Mixed (about 7-10, 4 trumps)']],
      ACBL,
    ),
    subject('mj.jumpRaiseComp', 'Jump raise of 1!h or 1!s after their overcall', FORCE_INV_WEAK, ACBL),
    subject(
      'mj.cuebidRaise',
      'Cuebid of their overcall',
      [
        ['limitPlus', "Limit raise or better in opener's suit"],
        ['gfStopper', 'Game forcing, asks for a stopper'],
      ],
      BOOK,
    ),
    subject(
      'mj.jacoby2nt',
      'Jacoby 2NT',
      [
        ['gf4', 'Game-forcing raise, 4+ trumps'],
        ['gf3', 'Game-forcing raise, 3+ trumps'],
        ['shortness', 'Opener shows shortness at the 3 level'],
        ['source', "Opener's new suit at the 4 level: a good 5-card suit"],
        ['3m18', "Opener's 3 of the major: 18+, no shortness"],
        ['3nt', "Opener's 3NT: 15-17, no shortness"],
        ['4mMin', "Opener's 4 of the major: minimum, no shortness"],
        ['unpassed', 'By an unpassed hand only'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'mj.splinters',
      'Splinter bids',
      [
        ['responder', 'Double jump shift by responder: singleton or void, 4+ trumps, game values'],
        ['opener', "Opener's double jump shift rebid"],
        ['after21', 'Jump in a new suit in a game-forcing auction'],
        ['mini', 'Mini-splinters (invitational)'],
        ['noSingletonAce', 'Not with a singleton ace'],
      ],
      ACBL,
      BOOK,
    ),
    subject('mj.bergen', 'Bergen raises', [
      ['standard', '3!c = 7-10, 3!d = 10-12 (4 trumps each)'],
      ['reverse', 'Reverse Bergen (3!c = 10-12, 3!d = 7-10)'],
      ['3mPreempt', '3 of the major: preemptive, 4 trumps'],
      ['offPassed', 'Off by a passed hand'],
      ['offComp', 'Off in competition'],
    ]),
    subject('mj.limit3', 'Limit raise with 3 trumps', [
      ['via1nt', 'Through a forcing 1NT, then a jump to 3 of the major'],
      ['direct', 'Direct jump raise (3 or 4 trumps)'],
      ['via2c', 'Through a new suit, then a raise'],
    ]),
    subject(
      'mj.3nt',
      '3NT response to 1!h or 1!s',
      [
        ['13-15', 'Natural, 13-15 balanced'],
        ['15-17', 'Natural, 15-17 balanced'],
        ['16-18', 'Natural, 16-18 balanced'],
        ['convRaise', 'Conventional raise: balanced, game values, 3+ trumps', ACBL],
      ],
      ACBL,
    ),
    subject('mj.4m', 'Raise to game (1!h-4!h, 1!s-4!s)', [
      ['preemptive', 'Preemptive: 5+ trumps, under 10 HCP'],
      ['toPlay', 'To play, any strength'],
    ]),
    subject('mj.swiss', 'Swiss raises (4!c and 4!d)', [
      ['gf4', 'Game-forcing raise, 4+ trumps'],
      ['controls', '4!c = good controls, 4!d = good trumps'],
    ]),
  ),
  heading(
    'Other responses',
    subject(
      'mj.1nt',
      '1NT response to 1!h or 1!s',
      [
        ['forcing', 'Forcing', ACBL],
        ['semi', 'Semi-forcing', ACBL],
        ['nf', 'Not forcing'],
        ['6-10', '6-10 HCP'],
        ['6-12', '6-12 HCP'],
        ['passedNF', 'Not forcing by a passed hand'],
      ],
      ACBL,
    ),
    subject(
      'mj.2nt',
      '2NT response to 1!h or 1!s (natural)',
      [
        ['forcing', 'Forcing', ACBL],
        ['inv', 'Invitational', ACBL],
        ['11-12', '11-12 HCP'],
        ['13-15', '13-15 HCP'],
        ['passed', 'Natural by a passed hand only'],
      ],
      ACBL,
    ),
    subject(
      'mj.drury',
      'Drury',
      [
        ['reverse', 'Reverse Drury (2!c)', ACBL, BOOK],
        ['twoWay', 'Two-way Drury (2!c = 3 trumps, 2!d = 4 trumps)', ACBL],
        ['fit', 'Fit Drury', ACBL],
        ['original', 'Original Drury'],
        ['inComp', 'Also in competition'],
      ],
      ACBL,
      BOOK,
    ),
    // Opener's calls when they double or overcall our conventional raise.
    subject('mj.raiseComp', 'After interference over our Jacoby 2NT or Drury', [
      ['j2ntDouble', "Jacoby 2NT overcalled: opener's double is for penalty"],
      ['j2ntPassMin', 'Jacoby 2NT overcalled: pass shows a minimum without shortness'],
      ['j2ntShortness', 'Jacoby 2NT overcalled: a new suit shows shortness, as without the overcall'],
      ['j2ntDoubled', 'Jacoby 2NT doubled: replies as without the double'],
      ['druryDoubled', 'Drury doubled: replies as without the double'],
      ['druryRedouble', 'Drury doubled: redouble shows good !c'],
      ['druryOvercallDouble', "Drury overcalled: opener's double is for penalty"],
    ]),
    subject('mj.2hOver1s', '2!h response to 1!s', [
      ['five', 'Promises 5+ !h'],
      ['four', '4+ !h'],
    ]),
    subject('mj.2mResponse', '2!c or 2!d response to 1!h or 1!s', [
      ['four', '4+ cards'],
      ['three2c', '2!c may be 3 cards (balanced game force)'],
      ['five2d', '2!d promises 5+ cards'],
    ]),
    subject('mj.after1nt', "Opener's rebid after a forcing 1NT", [
      ['threeCardMinor', 'May bid a 3-card minor'],
      ['2c33', '2!c with 3-3 in the minors'],
      ['jumpShiftGF', 'Jump shift: game forcing'],
      ['2nt1819', '2NT: 18-19 balanced'],
      ['rebidSix', 'Rebid of the major: 6+ cards'],
    ]),
    subject('mj.gameTries', 'Game tries after a single raise', [
      ['helpSuit', 'Help-suit game tries', BOOK],
      ['shortSuit', 'Short-suit game tries'],
      ['twoWay', 'Two-way game tries'],
      ['kokish', 'Kokish game tries'],
      ['3m', '3 of the major: invites on trump quality'],
      ['2nt', '2NT: balanced game try'],
    ]),
  ),
);

const minorOpenings = category(
  'mn',
  'Minor Openings',
  heading(
    'Opening 1!c and 1!d',
    subject(
      'mn.1cLength',
      '1!c: minimum length',
      [
        ['5', '5 cards', ACBL],
        ['4', '4 cards', ACBL],
        ['3', '3 cards', ACBL],
        ['short', 'Not forcing, may be short (0-2)', ACBL],
        ['conv', 'Conventional', ACBL],
      ],
      ACBL,
    ),
    subject(
      'mn.1dLength',
      '1!d: minimum length',
      [
        ['5', '5 cards', ACBL],
        ['4', '4 cards', ACBL],
        ['3', '3 cards', ACBL],
        ['short', 'Not forcing, may be short (0-2)', ACBL],
        ['conv', 'Conventional', ACBL],
        ['4except4432', '4 cards, except 3 with exactly 4=4=3=2'],
        ['nebulous', '2+ cards, catch-all (nebulous)'],
      ],
      ACBL,
    ),
    subject('mn.choice', 'Choice of minor', [
      ['1c33', '1!c with 3-3'],
      ['1d44', '1!d with 4-4'],
      ['1c44', '1!c with 4-4'],
      ['1d45', 'Sometimes 1!d with 4 !d and 5 !c'],
      ['longer', 'Longer minor; with 5-5 the higher'],
    ]),
    subject('mn.strong1c', 'Strong 1!c opening', [
      ['15', '15+ HCP, artificial, forcing, any shape'],
      ['16', '16+ HCP, artificial, forcing, any shape'],
      ['17', '17+ HCP, artificial, forcing, any shape'],
    ]),
    subject('mn.strong1cResp', 'Responses to a strong 1!c', [
      ['1dNeg', '1!d: negative (0-7), any shape'],
      ['positives', '1!h, 1!s, 2!c, 2!d: 8+ HCP, 5+ suit, game forcing'],
      ['1nt', '1NT: 8-13 balanced'],
      ['2nt', '2NT: 14+ balanced'],
      ['impossibleNeg', 'Impossible negative: 1!d, then a jump (8+, 4-4-4-1)'],
      ['semiPositive', 'Jumps to 2!h, 2!s, 3!c, 3!d: 6-card suit, 4-7 HCP'],
      ['controls', 'Control-showing step responses'],
    ]),
    subject('mn.strong1cRebid', "Opener's rebid after 1!c-1!d", [
      ['suitF', '1!h, 1!s, 2!c, 2!d: natural, 5+ cards, forcing one round'],
      ['suitNF', '1!h, 1!s, 2!c, 2!d: natural, not forcing'],
      ['1nt1618', '1NT: 16-18 balanced'],
      ['1nt1719', '1NT: 17-19 balanced'],
      ['2nt1921', '2NT: 19-21 balanced'],
      ['2nt2021', '2NT: 20-21 balanced'],
      ['jumpGF', 'A jump in a suit: a good 6+ suit, game forcing'],
    ]),
    subject('mn.strong1cComp', 'Interference over our strong 1!c', [
      ['negDouble', 'Double: negative (0-7); new suits natural and forcing'],
      ['passDouble', 'Pass: 0-4; double: 5-8; suits natural, positive'],
      ['crash', 'Over their artificial overcall (such as CRASH): double shows values; pass is weak'],
    ]),
    subject('mn.nebulousResp', 'Responses to a nebulous 1!d', [
      ['1M', '1!h or 1!s: 4+ cards, forcing'],
      ['1nt', '1NT: 8-10, no 4-card major'],
      ['2m', '2!c or 2!d: natural, forcing'],
      ['2nt', '2NT: 11-12 balanced, invitational'],
    ]),
  ),
  heading(
    'Responses',
    subject('mn.single', 'Single raise (standard)', [
      ['6-10', '6-10 HCP'],
      ['support', '5+ !c for 1!c, 4+ !d for 1!d'],
    ]),
    subject('mn.inverted', 'Inverted minors', [
      ['forcing1', 'Single raise: forcing one round (10+ HCP)'],
      ['gf', 'Single raise: game forcing'],
      ['passedOn', 'On by a passed hand'],
      ['passedOff', 'Off by a passed hand'],
      ['compOff', 'Off in competition'],
      ['compOn', 'On in competition'],
    ]),
    subject('mn.jumpRaise', 'Jump raise of 1!c or 1!d (double raise)', FORCE_INV_WEAK, ACBL),
    subject('mn.jumpRaiseComp', 'Jump raise of 1!c or 1!d after their overcall', FORCE_INV_WEAK, ACBL),
    subject(
      'mn.forcingRaise',
      'Forcing raise',
      [
        ['jumpShift', 'Jump shift in the other minor', ACBL],
        ['single', 'Single raise', ACBL],
        ['crissCross', 'Criss-cross (1!c-2!d, 1!d-3!c)'],
        ['newSuit', 'Through a new suit'],
      ],
      ACBL,
    ),
    subject(
      'mn.bypass',
      'Frequently bypass 4+ !d',
      [
        ['weak', 'With less than invitational values (Walsh)'],
        ['gfOnly', 'Bid !d first only with game-forcing values'],
        ['never', 'Never: bid !d first when longer'],
      ],
      ACBL,
    ),
    subject(
      'mn.1nt1c',
      '1NT response to 1!c (HCP)',
      ['6-10', '8-10', '6-9', '8-11', ['deniesMajor', 'Denies a 4-card major'], ['mayHoldD', 'May hold 4+ !d']],
      ACBL,
    ),
    subject('mn.1nt1d', '1NT response to 1!d (HCP)', ['6-10', '8-10', '6-9', ['deniesMajor', 'Denies a 4-card major']]),
    subject(
      'mn.2nt',
      '2NT response to 1!c or 1!d',
      [
        ['forcing', 'Forcing', ACBL],
        ['inv', 'Invitational', ACBL],
        ['11-12', '11-12 HCP'],
        ['13-15', '13-15 HCP'],
        ['limitRaise', 'Limit raise or better in the minor'],
      ],
      ACBL,
    ),
    subject(
      'mn.3nt',
      '3NT response to 1!c or 1!d (HCP)',
      [
        ['13-15', '13-15 balanced'],
        ['16-17', '16-17 balanced'],
      ],
      ACBL,
    ),
    subject('mn.1d2c', '2!c response to 1!d', [
      ['gf', 'Game forcing'],
      ['oneRound', 'Forcing one round'],
      ['five', '5+ !c'],
      ['four', '4+ !c'],
    ]),
    subject('mn.transfer1c', 'Transfer responses to 1!c', [
      ['transfers', '1!d = !h, 1!h = !s, 1!s = no major'],
      ['1dDenies', '1!d denies a 4-card major'],
    ]),
    subject('mn.upTheLine', 'Responding with two 4-card suits', [
      ['upTheLine', 'Up the line (1!h with 4-4 in the majors)'],
      ['longer', 'Longer suit first; with 5-5 the higher'],
    ]),
  ),
  heading(
    "Opener's rebids",
    // After an inverted raise only; without inverted minors, 1m-2NT and 1m-3m are "2NT response to
    // 1!c or 1!d" (mn.2nt) and "Jump raise of 1!c or 1!d (double raise)" (mn.jumpRaise).
    subject('mn.invertedRebid', "Opener's rebid after an inverted raise (1!c-2!c, 1!d-2!d)", [
      ['2ntMin', '2NT: a minimum (about 12-14), balanced'],
      ['3mMin', '3 of the minor: a minimum, not balanced'],
      ['3nt1819', '3NT: 18-19 balanced'],
      ['newSuitStopper', 'A new suit: a stopper (values) toward 3NT, not length'],
      ['newSuitNatural', 'A new suit: natural, 3+ cards'],
      ['nfBelowGame', 'Either player may stop in 2NT or 3 of the minor; any other rebid forces to game'],
    ]),
    subject('mn.1ntRebid', '1NT rebid after 1!c or 1!d, 1!h', [
      ['may4s', 'May hold 4 !s'],
      ['denies4s', 'Denies 4 !s'],
    ]),
    subject('mn.raiseWith3', "Raise of responder's major with 3 cards", [
      ['ruffing', 'Allowed with a ruffing value'],
      ['promises4', 'A raise promises 4 cards'],
    ]),
  ),
);

const twoLevelOpenings = category(
  'tw',
  'Two-Level Openings',
  heading(
    '2!c opening',
    subject(
      'tw.2c',
      '2!c opening',
      [
        ['strong', 'Strong, artificial, forcing', BOOK],
        ['22', '22+ HCP or 9+ playing tricks'],
        ['21', '21+ HCP'],
        ['20', '20+ HCP'],
        ['noRange', 'Balanced 22+; otherwise judgment (no HCP range)'],
        ['veryStrong', 'Very strong', ACBL],
        ['other', 'Other', ACBL],
        ['precision', '11-15 HCP, 6+ !c, or 5 !c and a 4-card major (Precision)'],
      ],
      ACBL,
    ),
    subject(
      'tw.2cResp2d',
      '2!d response to 2!c',
      [
        ['waiting', 'Waiting', ACBL],
        ['negative', 'Negative', ACBL],
        ['0plus', 'Any hand without a positive (0+ HCP)'],
      ],
      ACBL,
    ),
    subject('tw.2cPositive', 'Positive responses to 2!c', [
      ['8good5', '8+ HCP and a good 5+ suit'],
      ['2ntBal', '2NT: balanced positive'],
      ['steps', 'Step responses (controls)'],
      ['controls', 'Control-showing (A = 2, K = 1)'],
      ['2hBust', '2!h: immediate double negative'],
    ]),
    subject('tw.2cSecondNeg', 'Second negative after 2!c-2!d', [
      ['cheaperMinor', 'Cheaper minor (3!c; 3!d over 3!c)'],
      ['cheapest3', 'Cheapest new suit at the 3 level'],
      ['herbert', 'Herbert (next step)'],
      ['none', 'None'],
    ]),
    subject('tw.kokish', 'Kokish relay', [['played', '2!c-2!d-2!h: hearts or a big balanced hand (2!s relay)']]),
    subject('tw.2cNt', '2!c then notrump (HCP)', [
      ['2nt2224', '2!c-2!d-2NT: 22-24'],
      ['2nt2223', '2!c-2!d-2NT: 22-23'],
      ['2ntGood22', '2!c-2!d-2NT: a good 22-24'],
      ['3nt2527', '2!c-2!d-3NT: 25-27'],
    ]),
    subject('tw.2cForcing', 'Forcing after 2!c', [
      ['gfExcept', 'Game forcing, except 2!c-2!d-2NT and after a second negative'],
      ['suit3M4m', 'After 2!c-2!d, a suit rebid forces to 3 of a major or 4 of a minor'],
      ['oneRound', 'Forcing one round only after a suit rebid'],
      ['2ntNF', '2!c-2!d-2NT: not forcing'],
    ]),
    subject('tw.2cComp', 'Interference over our 2!c', [
      ['doubleNeg', 'Double: 0-4 (negative); pass: some values'],
      ['passWaiting', 'Pass: waiting; double: penalty'],
    ]),
  ),
  heading(
    'Weak two-bids',
    subject(
      'tw.weakTwos',
      'Weak two-bids',
      [
        ['dhs', 'In !d, !h and !s'],
        ['hs', 'In !h and !s only'],
        ['5-11', '5-11 HCP'],
        ['5-10', '5-10 HCP'],
        ['6-10', '6-10 HCP'],
        ['8-10', '8-10 HCP'],
        ['good6', 'Good 6-card suit'],
        ['five', '5-card suit allowed (3rd seat or not vulnerable)'],
        ['disciplined', 'Disciplined in 1st and 2nd seat (no side 4-card major, no void)'],
      ],
      BOOK,
    ),
    subject('tw.weakTwo3rd', 'Weak two-bids in 3rd seat', [
      ['light', 'Lighter; a good 5-card suit allowed'],
      ['sound', 'Near opening values'],
      ['same', 'Same as 1st and 2nd seat'],
    ]),
    subject(
      'tw.2d',
      '2!d opening',
      [
        ['weak', 'Weak', ACBL],
        ['intermediate', 'Intermediate', ACBL],
        ['strong', 'Strong', ACBL],
        ['conv', 'Conventional', ACBL],
        ['flannery', 'Flannery (5 !h and 4 !s, 11-15)'],
        ['multi', 'Multi (a weak two in either major)'],
        ['precision', 'Short !d, three-suited, 11-15 (Precision)'],
        ['miniRoman', 'Mini-Roman (4-4-4-1)'],
        ['majors', 'Both majors, weak'],
      ],
      ACBL,
    ),
    subject(
      'tw.2h',
      '2!h opening',
      [
        ['weak', 'Weak', ACBL],
        ['intermediate', 'Intermediate', ACBL],
        ['strong', 'Strong', ACBL],
        ['conv', 'Conventional', ACBL],
        ['hMinor', '!h and a minor, weak'],
        ['majors', 'Both majors, weak'],
      ],
      ACBL,
    ),
    subject(
      'tw.2s',
      '2!s opening',
      [
        ['weak', 'Weak', ACBL],
        ['intermediate', 'Intermediate', ACBL],
        ['strong', 'Strong', ACBL],
        ['conv', 'Conventional', ACBL],
        ['sMinor', '!s and a minor, weak'],
        ['minors', 'Both minors, weak'],
      ],
      ACBL,
    ),
    subject(
      'tw.2ntResp',
      '2NT response to a weak two',
      [
        ['forcing', 'Forcing', ACBL],
        ['feature', 'Asks for a feature (outside ace or king)'],
        ['ogust', 'Ogust (rates hand and suit)'],
        ['shortness', 'Asks for shortness'],
      ],
      ACBL,
    ),
    subject('tw.2ntReplies', 'Replies to the 2NT ask', [
      ['minRebid', 'Minimum: rebid the suit'],
      ['featureMax', 'Maximum: show a feature'],
      ['3ntSolid', '3NT: solid suit (AKQxxx)'],
      ['ogust', 'Ogust steps: 3!c bad hand, bad suit; 3!d bad hand, good suit; 3!h good hand, bad suit; 3!s good hand, good suit'],
      ['ogustRedSwapped', "Ogust steps with the red suits swapped (Ogust's original): 3!d good hand, bad suit; 3!h bad hand, good suit"],
    ]),
    subject(
      'tw.newSuit',
      'New suit response to a weak two',
      [
        ['nf', 'Not forcing', ACBL],
        ['forcing', 'Forcing one round'],
        ['ronf', 'RONF (only a raise is not forcing)'],
      ],
      ACBL,
    ),
    subject('tw.raise', 'Raise of a weak two', [
      ['preemptive', 'Preemptive, not invitational'],
      ['inv', 'Invitational'],
    ]),
    subject('tw.doubleOvercall', 'Double of their overcall of our weak two', [
      ['penalty', 'Penalty'],
      ['takeout', 'Takeout'],
    ]),
  ),
  heading(
    'Precision two-level openings',
    subject('tw.p2cResp', 'Responses to a Precision 2!c', [
      ['2dAsk', '2!d: artificial enquiry'],
      ['2M', '2!h or 2!s: natural, not forcing'],
      ['2ntAsk', '2NT: enquiry, invitational or better'],
      ['3cPre', '3!c: preemptive raise'],
    ]),
    subject('tw.p2dResp', 'Responses to a Precision 2!d', [
      ['2ntAsk', '2NT: asks for shape and strength'],
      ['toPlay', '2!h, 2!s, 3!c: to play'],
      ['3MInv', '3!h or 3!s: invitational'],
    ]),
  ),
);

const preempts = category(
  'pr',
  'Preempts',
  heading(
    'Opening preempts',
    subject(
      'pr.style',
      'Preempt style',
      [
        ['sound', 'Sound', ACBL],
        ['light', 'Light', ACBL],
        ['veryLight', 'Very light', ACBL],
        ['rule23', 'Rule of 2 and 3'],
        ['byVul', 'Sound when vulnerable, light when not'],
        ['secondSeatSound', 'Sounder in 2nd seat'],
      ],
      ACBL,
    ),
    subject('pr.3level', 'Three-level openings', [
      ['7cards', '7-card suit'],
      ['good6', 'A good 6-card suit allowed (3rd seat, not vulnerable)'],
      ['twoTop3', 'Two of the top three honors when vulnerable'],
    ]),
    subject('pr.4level', 'Four-level openings', [
      ['8cards', '8-card suit'],
      ['7good', '7-card suit with a good playing hand'],
      ['4mWeak', '4!h or 4!s: weak in high cards, no slam interest'],
    ]),
    subject('pr.5minor', 'Five-level minor openings', [['8cards', '8+ card suit, weak']]),
    subject('pr.sideMajor', 'Preempts with a side 4-card major', [
      ['allowed', 'Allowed'],
      ['not12', 'Not in 1st and 2nd seat'],
      ['never', 'Never'],
    ]),
    subject('pr.void', 'Preempts with a void', [
      ['allowed', 'Allowed'],
      ['avoid', 'Avoided in 1st and 2nd seat'],
    ]),
    subject('pr.thirdSeat', 'Third-seat preempts', [
      ['light', 'Lighter; a good 6-card suit is enough'],
      ['same', 'Same as other seats'],
    ]),
    subject('pr.fourthSeat', 'Fourth-seat preempts', [['constructive', 'Constructive: a good suit and about 10-14 HCP']]),
  ),
  heading(
    'Responses and conventional preempts',
    subject(
      'pr.responses',
      'Responses to preempts',
      [
        ['newSuitF', 'New suit forcing'],
        ['newSuitNF', 'New suit not forcing'],
        ['raisePre', 'A raise is preemptive'],
        ['4nt', '4NT: key-card ask in the preempt suit'],
        ['4cAsk', '4!c over a 3-level preempt: key-card ask'],
        ['3nt', '3NT: to play'],
      ],
      ACBL,
    ),
    subject('pr.namyats', 'Namyats', [
      ['4c4d', '4!c = a strong 4!h opening, 4!d = a strong 4!s opening'],
      ['relay', 'Next step: relay, slam interest'],
    ]),
    subject('pr.gambling', 'Gambling 3NT', [
      ['solid7', 'Solid 7-card minor, no outside ace or king'],
      ['oneStopper', 'Solid minor with at most one outside stopper'],
      ['passOrCorrect', '4!c or 5!c: pass or correct'],
      ['4dShortness', '4!d: asks for a singleton'],
    ]),
    subject('pr.4nt', '4NT opening', [
      ['specificAces', 'Asks for specific aces'],
      ['natural', 'Natural'],
    ]),
  ),
);

const constructiveBidding = category(
  'co',
  'Constructive Bidding',
  heading(
    "After opener's notrump rebid",
    subject(
      'co.nmf',
      'New Minor Forcing',
      [
        ['invPlus', 'Invitational or better'],
        ['gf', 'Game forcing'],
        ['after1nt', 'After a 1NT rebid'],
        ['after2nt', 'Also after a 2NT rebid'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'co.twoWayNmf',
      'Two-way New Minor Forcing',
      [
        ['2c', '2!c: relay to 2!d (weak or invitational)'],
        ['2d', '2!d: artificial, game forcing'],
      ],
      ACBL,
    ),
    subject('co.checkback', 'Checkback Stayman', [
      ['2c', '2!c after a 1NT rebid'],
      ['3c', '3!c after a 2NT rebid'],
    ]),
    subject('co.xyz', 'XYZ', [['twoWay', 'After three bids at the 1 level: 2!c relays to 2!d, 2!d is game forcing']]),
    subject('co.wolff', 'Wolff sign-off', [['3c', 'After a 2NT rebid, 3!c forces 3!d']]),
    subject('co.1ntRebid', "Opener's 1NT rebid (HCP)", ['12-14', '11-14', '11-12', '12-15']),
    subject('co.2ntRebid', "Opener's 2NT jump rebid (HCP)", ['17-18', '18-19']),
  ),
  heading(
    'Fourth suit and jump shifts',
    subject(
      'co.fsf',
      'Fourth suit forcing',
      [
        ['oneRound', 'One round', ACBL],
        ['gf', 'Game forcing', ACBL],
        ['1sNatural', '1!s as the fourth suit is natural'],
        ['1sArtificial', '1!s as the fourth suit is artificial'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'co.wjs',
      'Weak jump shifts',
      [
        ['inComp', 'In competition', ACBL],
        ['notInComp', 'Not in competition', ACBL],
      ],
      ACBL,
    ),
    subject('co.sjs', 'Strong jump shifts', [
      ['19', 'Strong: 19+ HCP or a self-sufficient suit'],
      ['soloway', 'Soloway jump shifts'],
      ['inv', 'Invitational'],
    ]),
    subject('co.passedJs', 'Jump shift by a passed hand', [
      ['fit', 'Fit-showing: a good 5-card suit and support'],
      ['natural', 'Natural, invitational'],
    ]),
    subject('co.openerJs', "Opener's jump shift rebid", [['gf', 'Game forcing']]),
    subject('co.openerJumpRaise', "Opener's jump raise of responder's suit", [['inv4', 'Invitational, 4 trumps']]),
    subject('co.openerJumpRebid', "Opener's jump rebid of own suit", [['inv6', 'Invitational, a good 6-card suit']]),
    subject('co.responderJumpRebid', "Responder's jump rebid of own suit", [
      ['inv', 'Invitational'],
      ['gf', 'Game forcing'],
    ]),
    subject('co.responder2nt', "Responder's 2NT rebid", [
      ['inv', 'Invitational (about 11-12)'],
      ['forcing', 'Forcing after a 2/1'],
    ]),
    subject('co.jumpPreference', 'Jump preference by responder', [
      ['inv', 'Invitational'],
      ['forcing', 'Forcing'],
    ]),
    subject('co.responder3m', "Responder's 3 of a minor after a 1NT rebid", [
      ['signoff', 'Sign-off'],
      ['inv', 'Invitational'],
      ['gf', 'Game forcing'],
    ]),
  ),
  heading(
    'Reverses and 2/1 auctions',
    subject('co.reverse', "Opener's reverse", [
      ['oneRound', 'Forcing one round'],
      ['17', 'About 17+ points'],
      ['16', '16+ HCP'],
    ]),
    subject('co.afterReverse', "Responder's rebids after a reverse", [
      ['ingberman', 'Ingberman: 2NT (or the cheaper of 2NT and the fourth suit) shows a weak hand'],
      ['lebensohl', 'Lebensohl 2NT: relay to 3!c'],
      ['natural', "Natural; rebid of responder's suit not forcing"],
    ]),
    subject('co.after21', 'After a 2/1 response', [
      ['extras', 'Reverses and new suits at the 3 level show extras'],
      ['1d2cNoExtras', '1!d-2!c-2!h or 2!s needs no extras'],
      ['2ntAny', "Opener's 2NT: balanced, any strength"],
    ]),
    subject('co.2MRebid', "Opener's rebid of own major after a 2/1", [
      ['any', 'Any minimum hand'],
      ['six', 'Promises 6 cards'],
    ]),
    subject('co.fastArrival', 'Principle of fast arrival', [['played', 'In game-forcing auctions, a jump to game shows a minimum']]),
    subject('co.serious3nt', 'Serious 3NT', [
      ['serious', 'Serious 3NT (a slam try)'],
      ['nonSerious', 'Non-serious 3NT'],
    ]),
    subject('co.gazzilli', 'Gazzilli', [['2c', 'After 1!h or 1!s-1NT: 2!c is natural or 16+ (2!d relays)']]),
    subject('co.bart', 'Bart', [['2d', 'After 1!s-1NT-2!c: 2!d is artificial (hearts or a good raise)']]),
  ),
  heading(
    'Competition',
    subject('co.newSuit', "Responder's new suit", [
      ['forcing', 'Forcing one round'],
      ['passedNF', 'Not forcing by a passed hand'],
    ]),
    subject('co.freeBids', 'Free bids after their overcall', [
      ['forcing', 'New suit forcing'],
      ['negativeFree', 'Negative free bids (not forcing)'],
      ['2levelValues', 'A new suit at the 2 level shows 10+ HCP'],
    ]),
    subject('co.goodBad', 'Good-bad 2NT', [
      ['played', '2NT relays to 3!c with a competitive hand; direct 3-level bids are invitational'],
      ['afterOvercall', "Also after partner's overcall"],
    ]),
  ),
);

const slamBidding = category(
  'sl',
  'Slam Bidding',
  heading(
    'Ace and key-card asks',
    subject(
      'sl.blackwood',
      'Blackwood',
      [
        ['standard', '4NT asks for aces (5!c = 0 or 4, 5!d = 1, 5!h = 2, 5!s = 3)'],
        ['5ntKings', '5NT asks for kings'],
        ['roman', 'Roman Blackwood'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'sl.rkcb',
      'Roman Key Card Blackwood',
      [
        ['1430', '1430 (5!c = 1 or 4 key cards, 5!d = 3 or 0)', ACBL],
        ['3014', '3014 (5!c = 3 or 0 key cards, 5!d = 1 or 4)'],
        ['lastSuit', 'Without agreement: key cards for the last naturally bid suit'],
        ['agreedSuit', '4NT is key-card whenever a suit is agreed'],
      ],
      ACBL,
      BOOK,
    ),
    subject('sl.queenAsk', 'Queen ask after key-card responses', [
      ['nextStep', 'Next step (not the trump suit) asks for the trump queen'],
      ['showKing', 'With the queen: bid a side king (5NT with none)'],
      ['returnTrumps', 'Without the queen: return to trumps'],
    ]),
    subject('sl.kingAsk', '5NT after a key-card ask', [
      ['number', 'Asks for the number of kings'],
      ['specific', 'Asks for specific kings'],
      ['allKeyCards', 'Promises all key cards and the trump queen'],
    ]),
    subject('sl.specificSuitAsk', 'Specific suit asks after key-card responses', [
      ['thirdRound', 'A new suit asks for third-round control (Qx, doubleton)'],
      ['kingOrQueen', 'A new suit asks for the king or queen of that suit'],
    ]),
    subject('sl.voids', 'Showing a void in response to a key-card ask', [
      ['5nt', '5NT: 2 or 4 key cards and a useful void'],
      ['6suit', '6 of the void suit (below trumps): 1 or 3 key cards and that void'],
      ['6trump', '6 of trumps: 1 or 3 key cards and a higher void'],
    ]),
    subject('sl.minorKeyCard', 'Key-card ask for a minor', [
      ['4nt', '4NT, as for the majors'],
      ['minorwood', 'Minorwood (4 of the agreed minor)'],
      ['kickback', 'Kickback (4 of the next suit up)'],
      ['redwood', 'Redwood'],
    ]),
    subject(
      'sl.gerber',
      'Gerber',
      [
        ['direct', 'Directly over 1NT and 2NT openings only'],
        ['ntOpeningsRebids', 'Over notrump openings, responses and rebids'],
        ['anyNt', 'Over any notrump bid'],
        ['5cKings', '5!c asks for kings'],
        ['rkcGerber', 'Roman Key Card Gerber'],
      ],
      ACBL,
      BOOK,
    ),
    subject('sl.exclusion', 'Exclusion Blackwood', [['jump5', 'A jump to 5 of the void suit asks for key cards outside it']]),
    subject(
      'sl.interference',
      'Key-card asks after interference',
      [
        ['dopi', 'DOPI (double = 0, pass = 1)', ACBL],
        ['depo', 'DEPO (double = even, pass = odd)', ACBL],
        ['ropi', 'ROPI (redouble = 0, pass = 1)', ACBL],
        ['dopi03', 'DOPI with double = 0 or 3, pass = 1 or 4'],
        ['level', 'Level: DOPI at the 5 level, DEPO at the 6 level', ACBL],
      ],
      ACBL,
    ),
    subject('sl.4ntComp', '4NT in competition', [
      ['takeout', 'Takeout (two places to play)'],
      ['keycard', 'Key-card ask'],
      ['ace', 'Ace ask'],
      ['bwsOrder', 'Undiscussed: takeout, then key-card ask, then ace ask'],
    ]),
  ),
  heading(
    'Slam tries',
    subject(
      'sl.control',
      'Control bids (cuebids)',
      [
        ['upTheLine', 'Up the line, first- or second-round controls'],
        ['firstRoundFirst', 'First-round controls first'],
        ['italian', 'Italian style (bypassing a suit denies a control in it)'],
      ],
      BOOK,
    ),
    subject('sl.lastTrain', 'Last Train', [['played', 'The bid below game in trumps: a general slam try']]),
    // 4NT over 1NT is recorded under "4NT response to 1NT" (nt.4nt.quantitative); the retired
    // key sl.quantitative.4nt recorded it twice (packages/domain retired-keys.ts).
    subject('sl.quantitative', 'Quantitative notrump raises', [
      ['4ntOther', '4NT over 2NT or a notrump rebid invites 6NT'],
      ['5nt', '5NT invites 7NT (pick a grand)'],
    ]),
    subject(
      'sl.gsf',
      'Grand Slam Force',
      [
        ['josephine', '5NT without 4NT: bid 7 with two of the top three trump honors'],
        ['graded', 'Graded replies at the 6 level'],
      ],
      BOOK,
    ),
    // 5NT as the Grand Slam Force is recorded under "Grand Slam Force" (sl.gsf.josephine); the
    // retired key sl.5nt.gsf recorded it twice (packages/domain retired-keys.ts).
    subject('sl.5nt', 'Forcing 5NT', [
      ['pickSlam', 'Pick a slam'],
      ['bwsOrder', 'Undiscussed: pick a slam, then Grand Slam Force, then control-showing'],
    ]),
    subject('sl.5M', 'Raise to 5 of an agreed major', [
      ['trumpQuality', 'Asks about trump quality'],
      ['unbidControl', 'Asks for a control in the unbid suit'],
    ]),
    subject('sl.asking', 'Asking bids (Precision)', [
      ['trump', 'Trump-asking bids'],
      ['control', 'Control-asking bids'],
      ['afterPositive', 'After a positive response to 1!c'],
    ]),
  ),
);

const overcalls = category(
  'ov',
  'Overcalls',
  heading(
    'Simple overcalls',
    subject('ov.1level', 'One-level overcall (HCP)', ['7-17', '8-16', '8-17', '8-18', '10-17', ['max17', 'Up to about 17; double first with more']], ACBL),
    subject('ov.2level', 'Two-level overcall (HCP)', [
      '10-17',
      '11-17',
      '12-17',
      ['opening', 'About opening values'],
      ['goodSuit', 'A good 5-card or any 6-card suit'],
    ]),
    subject(
      'ov.style',
      'Overcall style',
      [
        ['often4', 'Often 4 cards', ACBL],
        ['veryLight', 'Very light style', ACBL],
        ['rare4', '4-card overcalls rare (a very good suit)'],
        ['sound', 'Sound'],
        ['leadDirecting', 'Lead-directing at the 1 level'],
        ['vulSounder', 'Sounder when vulnerable'],
        ['passedHandLight', 'Lighter by a passed hand'],
      ],
      ACBL,
    ),
    subject('ov.balancing', 'Balancing (reopening) overcalls', [
      ['lighter', 'Lighter: borrow a king'],
      ['jumpIntermediate', 'A jump overcall in the balancing seat is intermediate'],
      ['2ntNatural', '2NT in the balancing seat: natural, about 18-19'],
    ]),
    subject('ov.bidAndRaise', 'Competing after they bid and raise', [
      ['takeoutDouble', 'Double: takeout'],
      ['balance2', 'Balance freely at the 2 level'],
      ['2ntTwoSuits', '2NT: the two lowest unbid suits'],
    ]),
  ),
  heading(
    'Advancing an overcall',
    subject(
      'ov.newSuit',
      'New suit by advancer',
      [
        ['forcing', 'Forcing', ACBL],
        ['nfConst', 'Not forcing, constructive', ACBL],
        ['nf', 'Not forcing', ACBL],
        ['1nf2f', 'Not forcing at the 1 level; forcing one round at the 2 level or higher'],
        ['transfer', 'Transfer advances'],
      ],
      ACBL,
    ),
    subject('ov.single', 'Single raise by advancer', [
      ['constructive', 'Constructive (about 7-10, 3+ trumps)'],
      ['law', 'Competitive, by the Law'],
    ]),
    subject('ov.jumpRaise', 'Jump raise by advancer', FORCE_INV_WEAK, ACBL),
    subject(
      'ov.cuebidRaise',
      'Cuebid raise by advancer',
      [
        ['limitPlus', 'Cuebid: a limit raise or better, 3+ trumps'],
        ['jumpCue', 'Jump cuebid: a mixed raise'],
        ['noFit', 'Cuebid may be a general force without a fit'],
      ],
      BOOK,
    ),
    subject('ov.advNt', 'Notrump by advancer', [
      ['1nt', '1NT: about 8-11 with a stopper'],
      ['2nt', '2NT: about 11-12, invitational'],
      ['3nt', '3NT: to play'],
    ]),
    subject('ov.advJs', 'Jump shift by advancer', [
      ['weak', 'Weak (preemptive)'],
      ['inv', 'Invitational, a good suit'],
      ['fit', 'Fit-showing'],
    ]),
    subject('ov.rebidAfterCue', "Overcaller's rebid after a cuebid raise", [
      ['minReturn', 'Minimum: return to the suit at the cheapest level'],
      ['newSuitExtras', 'A new suit shows extras'],
    ]),
  ),
  heading(
    'Jump overcalls',
    subject(
      'ov.jump',
      'Jump overcall',
      [
        ['strong', 'Strong', ACBL],
        ['intermediate', 'Intermediate', ACBL],
        ['weak', 'Weak', ACBL],
        ['byVul', 'Weak when not vulnerable, intermediate when vulnerable'],
      ],
      ACBL,
    ),
    subject('ov.jumpResp', 'Responses to a weak jump overcall', [
      ['feature', '2NT asks for a feature'],
      ['ogust', '2NT: Ogust'],
      ['newSuitF', 'New suit forcing'],
      ['raisePre', 'A raise is preemptive'],
    ]),
    subject('ov.jumpCue', 'Jump cuebid overcall', [
      ['stopperAsk', 'Asks for a stopper (a long running minor)'],
      ['twoSuited', 'Two-suited, strong'],
    ]),
  ),
  heading(
    'Notrump overcalls',
    subject(
      'ov.1ntDirect',
      '1NT overcall, direct (HCP)',
      [
        '15-17',
        '15-18',
        '16-18',
        ['systemsOn', 'Systems on', ACBL],
        ['staymanOnly', '2!c Stayman only; other systems off'],
        ['stopper', 'Promises a stopper'],
        ['conv', 'Conventional', ACBL],
      ],
      ACBL,
    ),
    subject(
      'ov.1ntBalance',
      '1NT overcall, balancing (HCP)',
      ['10-14', '11-14', '11-15', '12-15', ['systemsOn', 'Systems on'], ['conv', 'Conventional', ACBL]],
      ACBL,
    ),
    subject(
      'ov.unusual2nt',
      'Unusual 2NT (jump to 2NT)',
      [
        ['minors', 'Minors', ACBL],
        ['twoLowest', 'Two lowest unbid suits', ACBL],
        ['55', '5-5 or better'],
        ['weakOrStrong', 'Weak or strong (not intermediate)'],
        ['anyStrength', 'Any strength with good shape'],
      ],
      ACBL,
      BOOK,
    ),
    subject('ov.sandwich', 'Sandwich notrump', [
      ['unbid', '1NT or 2NT between their two suits: the two unbid suits'],
      ['natural', 'Natural'],
    ]),
  ),
  heading(
    'Cuebids',
    subject(
      'ov.cueMinor',
      'Direct cuebid over their minor',
      [
        ['natural', 'Natural', ACBL],
        ['strongTO', 'Strong takeout', ACBL],
        ['michaels', 'Michaels', ACBL],
        ['artificial', 'Artificial', ACBL],
      ],
      ACBL,
    ),
    subject(
      'ov.cueMajor',
      'Direct cuebid over their major',
      [
        ['natural', 'Natural', ACBL],
        ['strongTO', 'Strong takeout', ACBL],
        ['michaels', 'Michaels', ACBL],
        ['artificial', 'Artificial', ACBL],
      ],
      ACBL,
    ),
    subject(
      'ov.michaels',
      'Michaels cuebid',
      [
        ['minorMajors', 'Over a minor: both majors'],
        ['majorOther', 'Over a major: the other major and a minor'],
        ['55', '5-5 or better'],
        ['weakOrStrong', 'Weak or strong (not intermediate)'],
        ['anyStrength', 'Any strength'],
        ['naturalTwoBid', 'Natural when they have bid two suits'],
        ['2ntAsk', "Advancer's 2NT asks for the minor"],
      ],
      ACBL,
      BOOK,
    ),
  ),
);

const doublesAndRedoubles = category(
  'db',
  'Doubles and Redoubles',
  heading(
    'Takeout doubles',
    subject(
      'db.takeout',
      'Takeout double',
      [
        ['classic', 'Opening values, short in their suit, support for the unbid suits'],
        ['strong', 'Or any hand too strong to overcall (about 17+)'],
        ['lightBalance', 'Lighter in the balancing seat'],
        ['equalLevel', 'Equal-level conversion allowed'],
        ['sandwich', 'In the sandwich seat: the two unbid suits'],
      ],
      BOOK,
    ),
    subject('db.advancing', 'Advancing a takeout double', [
      ['jump911', 'A jump in a suit: about 9-11, invitational'],
      ['cuebidGf', 'Cuebid: game forcing or asking'],
      ['1nt', '1NT: about 6-10 with a stopper'],
      ['2nt', '2NT: about 11-12 with a stopper'],
      ['passPenalty', 'Pass for penalty only with strong trumps'],
    ]),
    subject(
      'db.minOffshape',
      'Minimum offshape takeout doubles',
      [
        ['allowed', 'May be minimum and offshape'],
        ['balancingOnly', 'Only in the balancing seat'],
      ],
      ACBL,
    ),
  ),
  heading(
    'Special doubles',
    subject(
      'db.negative',
      'Negative doubles',
      [
        ['2s', 'Through 2!s'],
        ['3s', 'Through 3!s'],
        ['4h', 'Through 4!h'],
        ['4s', 'Through 4!s'],
        ['any', 'Through any level'],
        ['promises4M', 'Promises 4 cards in an unbid major'],
        ['1h', '1!c or 1!d-(1!h)-double: exactly 4 !s (1!s shows 5+)'],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'db.penaltyAfterOvercall',
      'Penalty double after their overcall',
      [
        ['aboveNegative', 'Above the level of negative doubles'],
        ['always', 'Always (no negative doubles)'],
      ],
      ACBL,
    ),
    subject('db.reopening', "Opener's reopening double", [
      ['shortTheirSuit', 'Takeout, when short in their suit (partner may pass for penalty)'],
      ['passForPenalty', 'Responder passes for penalty with a trump stack'],
    ]),
    subject(
      'db.responsive',
      'Responsive doubles',
      [
        ['2s', 'Through 2!s'],
        ['3s', 'Through 3!s'],
        ['4h', 'Through 4!h'],
        ['any', 'Through any level'],
        ['afterOvercall', "Also after partner's overcall"],
      ],
      ACBL,
      BOOK,
    ),
    subject(
      'db.support',
      'Support doubles',
      [
        ['2h', 'Through 2!h'],
        ['2s', 'Through 2!s'],
        ['3c', 'Through 3!c'],
        ['3d', 'Through 3!d'],
        ['redouble', 'Support redouble', ACBL],
      ],
      ACBL,
    ),
    subject(
      'db.maximal',
      'Maximal doubles',
      [
        ['gameTry', 'A game try when there is no room for one (1!s-(2!h)-2!s-(3!h)-double)'],
        ['minors', 'Also in the minors'],
      ],
      ACBL,
    ),
    subject(
      'db.cardShowing',
      'Card-showing doubles',
      [
        ['values', 'Values without a clear bid (cooperative)'],
        ['3level', 'At the 3 level and above'],
      ],
      ACBL,
    ),
    subject('db.1ntOvercall', 'Double of their 1NT overcall', [
      ['penalty', 'Penalty (values)'],
      ['systemsOn', 'Systems on, as over our own 1NT'],
    ]),
  ),
  heading(
    'Lead-directing doubles',
    subject(
      'db.leadDirecting',
      'Lead-directing doubles',
      [
        ['artificial', 'A double of an artificial bid (Stayman, transfer, cuebid) asks for that suit'],
        ['noDouble', 'No double of an artificial bid suggests another lead'],
      ],
      BOOK,
    ),
    subject('db.3nt', 'Double of 3NT', [
      ['doublerSuit', 'If the doubler bid a suit: lead it'],
      ['leaderSuit', 'If the leader bid a suit: lead it'],
      ['dummySuit', "If neither bid: lead dummy's first-bid suit"],
    ]),
    subject('db.lightner', 'Lightner slam double', [['unusual', "Asks for an unusual lead (often dummy's first-bid suit)"]]),
    subject('db.snapdragon', 'Snapdragon double', [['fourthHand', "After three suits are bid: 5+ in the unbid suit and tolerance for partner's"]]),
    subject('db.rosenkranz', 'Rosenkranz double and redouble', [['topHonor', "After partner's overcall: support with a top honor in partner's suit"]]),
  ),
  heading(
    'Over their takeout double',
    subject(
      'db.redouble',
      'Redouble after their takeout double',
      [
        ['10plus', '10+ HCP'],
        ['noFit', 'Implies no fit', ACBL],
        ['penaltyLater', 'Later doubles are penalty'],
      ],
      ACBL,
    ),
    subject(
      'db.newSuitOverDouble',
      'New suit after their takeout double',
      [
        ['1level', 'Forcing at the 1 level', ACBL],
        ['2level', 'Forcing at the 2 level', ACBL],
        ['2levelNF', 'Not forcing at the 2 level'],
        ['transfers', 'Transfer responses'],
      ],
      ACBL,
    ),
    subject('db.jumpShiftOverDouble', 'Jump shift after their takeout double', FORCE_INV_WEAK, ACBL),
    subject('db.jumpRaiseOverDouble', 'Jump raise after their takeout double', [
      ['preemptive', 'Preemptive'],
      ['inv', 'Invitational'],
    ]),
    subject(
      'db.2ntOverDouble',
      '2NT after their takeout double (Jordan 2NT)',
      [
        ['majorLimitPlus', 'Over a major: limit raise or better', ACBL],
        ['majorLimit', 'Over a major: limit raise', ACBL],
        ['majorWeak', 'Over a major: weak', ACBL],
        ['minorLimitPlus', 'Over a minor: limit raise or better', ACBL],
        ['minorLimit', 'Over a minor: limit raise', ACBL],
        ['minorWeak', 'Over a minor: weak', ACBL],
        ['natural', 'Natural'],
      ],
      ACBL,
    ),
  ),
  heading(
    'Other doubles and redoubles',
    subject('db.sos', 'SOS redouble', [
      ['lowLevel', 'A redouble of a low-level penalty double asks partner to choose a suit'],
      ['passout', 'In the passout seat: rescue when two or more strains are possible'],
    ]),
  ),
);

const defensiveBidding = category(
  'df',
  'Defensive Bidding vs Their Openings',
  heading(
    'Versus their 1NT',
    subject('df.vs1nt', 'Defense to 1NT', [
      ['natural', 'Natural, double for penalty'],
      ['dont', 'DONT'],
      ['cappelletti', 'Cappelletti (Hamilton)'],
      ['landy', 'Landy (2!c = both majors)'],
      ['meckwell', 'Meckwell'],
      ['woolsey', 'Woolsey (Multi-Landy)'],
      ['brozel', 'Brozel (double: a one-suiter; 2!c or 2!d: that minor and !h; 2!h: both majors; 2!s: !s and a minor)'],
      ['astro', 'Astro (2!c: !h and a minor; 2!d: !s and another suit)'],
    ]),
    subject(
      'df.vsWeak',
      'Versus a weak 1NT',
      [
        ['same', 'Same as versus a strong 1NT'],
        ['penaltyDouble', 'Double: penalty; other bids as versus a strong 1NT'],
        ['natural', 'All natural, double for penalty'],
      ],
      ACBL,
    ),
    subject(
      'df.double',
      'Double of their 1NT',
      [
        ['penalty', 'Penalty'],
        ['oneSuiter', 'A one-suiter (DONT)'],
        ['meckwell', 'A minor, or both majors (Meckwell)'],
        ['woolsey', 'A 4-card major and a longer minor (Woolsey)'],
      ],
      ACBL,
    ),
    subject(
      'df.2c',
      '2!c over their 1NT',
      [
        ['natural', 'Natural'],
        ['cHigher', '!c and a higher suit (DONT)'],
        ['majors', 'Both majors (Landy, Woolsey)'],
        ['oneSuiter', 'A one-suiter (Cappelletti)'],
        ['cMajor', '!c and a major (Meckwell)'],
      ],
      ACBL,
    ),
    subject(
      'df.2d',
      '2!d over their 1NT',
      [
        ['natural', 'Natural'],
        ['dMajor', '!d and a major (DONT, Meckwell)'],
        ['majors', 'Both majors (Cappelletti)'],
        ['oneMajor', 'One major (Woolsey)'],
      ],
      ACBL,
    ),
    subject(
      'df.2h',
      '2!h over their 1NT',
      [
        ['natural', 'Natural'],
        ['hs', '!h and !s (DONT)'],
        ['hMinor', '!h and a minor (Cappelletti, Woolsey)'],
      ],
      ACBL,
    ),
    subject(
      'df.2s',
      '2!s over their 1NT',
      [
        ['natural', 'Natural'],
        ['sMinor', '!s and a minor (Cappelletti, Woolsey)'],
      ],
      ACBL,
    ),
    subject('df.2nt', '2NT over their 1NT', [
      ['minors', 'Both minors'],
      ['natural', 'Natural'],
    ]),
    subject('df.balancing', 'Balancing versus 1NT', [
      ['same', 'Same as in the direct seat'],
      ['penaltyDouble', 'Double: penalty'],
    ]),
    // Advancer's continuations after our own action over their 1NT (the relays of DONT and
    // Cappelletti); what the action itself shows stays in the subjects above.
    subject('df.advance1nt', 'Advancing our defense to 1NT', [
      ['relay', 'After a one-suiter (DONT double, Cappelletti 2!c): the next step relays; the one-suiter passes or bids the suit'],
      ['passOrCorrect', 'After a two-suiter naming one suit: pass with support, or bid the next step to ask for the other suit (pass or correct)'],
      ['ownSuit', "A suit other than the relay or the ask: advancer's own long suit, to play"],
      ['2ntAsk', '2NT: artificial, invitational or better, asks for more about the hand'],
      ['majorsChoose', 'After both majors are shown: bid the longer major; 3!c or 3!d is natural'],
    ]),
    // A lead-directing double is recorded under "Lead-directing doubles" (db.leadDirecting); the
    // retired key df.vsStaymanTransfer.doubleLead recorded it twice (packages/domain retired-keys.ts).
    subject('df.vsStaymanTransfer', 'Versus their Stayman or transfer', [['cuebidTakeout', 'A cuebid of the transfer suit: takeout']]),
  ),
  heading(
    'Versus their preempts',
    subject(
      'df.preemptDouble',
      'Double of their preempt',
      [
        ['3s', 'Takeout through 3!s', ACBL],
        ['4h', 'Takeout through 4!h', ACBL],
        ['4s', 'Takeout through 4!s', ACBL],
        ['penalty', 'Penalty', ACBL],
      ],
      ACBL,
    ),
    subject(
      'df.convTakeout',
      'Conventional takeout of their preempt',
      [
        ['fishbein', 'Fishbein (cheapest suit)'],
        ['cheaperMinor', 'Cheaper minor'],
        ['4ntTakeout', '4NT over their 4-level preempt: takeout'],
      ],
      ACBL,
    ),
    subject(
      'df.lebensohl',
      'Lebensohl after partner doubles their weak two',
      [
        ['relay', '2NT: relay to 3!c with a weak hand'],
        ['direct', 'Direct 3-level bids: constructive'],
        ['slowShows', 'A slow cuebid or 3NT shows a stopper'],
      ],
      ACBL,
      BOOK,
    ),
    subject('df.2ntOvercall', '2NT overcall of their weak two (HCP)', ['15-18', '16-19', '15-19']),
    subject('df.cuebidWeakTwo', 'Cuebid of their weak two', [
      ['michaels', 'Michaels (two-suited)'],
      ['stopperAsk', 'Asks for a stopper (a long running minor)'],
    ]),
    subject('df.leapingMichaels', 'Leaping Michaels', [
      ['4m', 'Over their weak two: 4!c or 4!d shows that minor and the other major, 5-5, game values'],
      ['over2d', 'Over a weak 2!d: 4!d shows both majors'],
    ]),
    subject('df.overcallPreempt', 'Overcalls of their preempts', [
      ['sound', 'Sound, natural'],
      ['3nt', '3NT: to play'],
      ['jumpStrong', 'A jump overcall is strong'],
    ]),
    subject('df.vsGambling', 'Versus their Gambling 3NT', [
      ['doubleStrong', 'Double: a strong hand'],
      ['4cTakeout', '4!c: takeout'],
    ]),
  ),
  heading(
    'Versus their conventional overcalls',
    // Key kept from its earlier home in Doubles and Redoubles (docs/bridge.md §6: keys stay stable).
    subject('df.twoSuited', 'Over their Michaels or Unusual 2NT', [
      ['unusualVsUnusual', 'Unusual vs unusual: the lower cuebid shows the lower of our two suits, the higher cuebid the higher; invitational or better'],
      ['doublePenalty', 'Double: penalty interest in at least one of their suits'],
    ]),
  ),
  heading(
    'Versus strong and artificial openings',
    subject('df.strongClub', 'Versus their strong 1!c', [
      ['natural', 'Natural; double = the majors, 1NT = the minors'],
      ['crash', 'CRASH (double: two suits of the same color; 1!d: of the same rank; 1NT: of the same shape, pointed or rounded)'],
      ['truscott', 'Truscott (two-suiters)'],
      ['suction', 'Suction (a suit shows the next suit up, or the other two)'],
      ['passTrap', 'Pass, then act'],
    ]),
    subject('df.strong2c', 'Versus their strong 2!c', [
      ['doubleClubs', 'Double: lead-directing (!c)'],
      ['natural', 'Overcalls natural, preemptive'],
      ['2ntMinors', '2NT: the minors'],
    ]),
    subject('df.multi', 'Versus their Multi 2!d', [
      ['doubleBal', 'Double: 13-15 balanced or strong'],
      ['laterTakeout', 'Natural bids; a later double is takeout'],
      ['doubleThenNt', 'After our double of 2!d: a notrump rebid shows 13-15 balanced, a suit rebid a strong hand'],
    ]),
    // A double of an artificial bid that asks for its suit (a double of Namyats 4!c, for example)
    // is recorded once, under "Lead-directing doubles" (db.leadDirecting.artificial); a natural
    // 2NT over a two-suited weak two, under "2NT overcall of their weak two".
    subject('df.flannery', 'Versus their Flannery 2!d', [
      ['asOver1h', 'As over their 1!h opening, one level higher (double: takeout; 2!h: a cuebid)'],
      ['doubleBal', 'Double: a strong balanced hand; later doubles are takeout'],
      ['2sNatural', '2!s: natural'],
      ['2ntMinors', '2NT: both minors'],
    ]),
    subject('df.weakTwoSuited', 'Versus their two-suited weak two (Muiderberg, 2!d for the majors)', [
      ['takeoutMajor', 'Over a major and a minor (Muiderberg 2!h or 2!s): double is takeout of the major'],
      ['majorsDouble', 'Over 2!d for both majors: double shows values (about 13+); later doubles are penalty'],
      ['majorsCueMinors', 'Over 2!d for both majors: a cuebid of a major shows both minors'],
    ]),
    subject('df.namyats', 'Versus their Namyats', [
      ['doubleTakeout', 'Double of 4!c or 4!d: takeout of the major it shows'],
      ['cueTakeout', 'A bid of the major it shows: takeout'],
      ['laterDoubleTakeout', 'Pass, then a double of their 4!h or 4!s: takeout'],
      ['4ntMinors', '4NT: both minors'],
    ]),
    subject('df.shortMinor', 'Versus their short club or nebulous diamond', [
      ['cueNatural', 'Cuebid: natural'],
      ['cueMichaels', 'Cuebid: Michaels'],
    ]),
  ),
);

const openingLeads = category(
  'ld',
  'Opening Leads',
  heading(
    'Length leads',
    subject(
      'ld.lengthSuits',
      'Length leads versus suits',
      [
        ['4th', '4th best', ACBL],
        ['3rd5th', '3rd and 5th best', ACBL],
        ['3rdLow', '3rd from even, low from odd'],
        ['2nd4th', '2nd and 4th best'],
      ],
      ACBL,
    ),
    subject(
      'ld.lengthNt',
      'Length leads versus notrump',
      [
        ['4th', '4th best', ACBL],
        ['3rd5th', '3rd and 5th best', ACBL],
        ['attitude', 'Attitude (low = a good suit)', ACBL],
        ['2ndFromSmall', '2nd highest from 4+ small cards'],
      ],
      ACBL,
    ),
    subject('ld.style', 'Opening lead style', [
      ['attacking', 'Attacking'],
      ['passive', 'Passive'],
      ['byAuction', 'By the auction'],
    ]),
  ),
  heading(
    'Leads versus suits',
    // The ACBL card's grid versus suits; the keys are those of the former one-row subjects.
    subject(
      'ld.ak',
      'Lead from AKx versus suits',
      [
        ['a', 'Ace'],
        ['k', 'King'],
      ],
      ACBL,
    ),
    subject(
      'ld.kq',
      'Lead from KQx versus suits',
      [
        ['k', 'King'],
        ['q', 'Queen (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.qj',
      'Lead from QJx versus suits',
      [
        ['q', 'Queen'],
        ['j', 'Jack (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.j10',
      'Lead from J10x versus suits',
      [
        ['j', 'Jack'],
        ['10', 'Ten (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.109',
      'Lead from 109x versus suits',
      [
        ['10', 'Ten'],
        ['9', 'Nine (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.kq10',
      'Lead from KQ10x versus suits',
      [
        ['k', 'King'],
        ['q', 'Queen'],
      ],
      ACBL,
    ),
    subject(
      'ld.interior',
      'Lead from an interior sequence (KJ10x, K109x, Q109x, AJ10x) versus suits',
      [
        ['top', 'Top of the interior sequence'],
        ['zeroTwo', 'Jack, ten or nine: zero or two higher honors'],
        ['4th', '4th best'],
      ],
      ACBL,
    ),
    subject(
      'ld.xx',
      'Lead from xx versus suits',
      [
        ['top', 'Top'],
        ['low', 'Low'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxx',
      'Lead from xxx versus suits',
      [
        ['top', 'Top'],
        ['middle', 'Middle (MUD)'],
        ['low', 'Low'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxxx',
      'Lead from xxxx versus suits',
      [
        ['4th', '4th best'],
        ['3rd', '3rd best'],
        ['2nd', '2nd highest'],
        ['top', 'Top'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxxxx',
      'Lead from xxxxx versus suits',
      [
        ['4th', '4th best'],
        ['5th', '5th best (3rd and 5th)'],
        ['2nd', '2nd highest'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxx',
      'Lead from Hxx versus suits',
      [
        ['low', 'Low'],
        ['middle', 'Middle'],
        ['honor', 'Honor'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxxx',
      'Lead from Hxxx versus suits',
      [
        ['4th', '4th best'],
        ['3rd', '3rd best (3rd and 5th)'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxxxx',
      'Lead from Hxxxx versus suits',
      [
        ['4th', '4th best'],
        ['5th', '5th best (3rd and 5th)'],
      ],
      ACBL,
    ),
    subject(
      'ld.hhx',
      'Lead from two non-touching honors (AJx, KJx, K10x) versus suits',
      [
        ['low', 'Low'],
        ['high', 'The higher honor'],
      ],
      ACBL,
    ),
  ),
  heading(
    'Leads versus notrump',
    // The ACBL card's grid versus notrump (docs/bridge.md §6).
    subject(
      'ld.akNt',
      'Lead from AKx versus notrump',
      [
        ['a', 'Ace'],
        ['k', 'King'],
      ],
      ACBL,
    ),
    subject(
      'ld.kqNt',
      'Lead from KQx versus notrump',
      [
        ['k', 'King'],
        ['q', 'Queen (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.qjNt',
      'Lead from QJx versus notrump',
      [
        ['q', 'Queen'],
        ['j', 'Jack (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.j10Nt',
      'Lead from J10x versus notrump',
      [
        ['j', 'Jack'],
        ['10', 'Ten (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.109Nt',
      'Lead from 109x versus notrump',
      [
        ['10', 'Ten'],
        ['9', 'Nine (Rusinow)'],
      ],
      ACBL,
    ),
    subject(
      'ld.kq10Nt',
      'Lead from KQ10x versus notrump',
      [
        ['k', 'King'],
        ['q', 'Queen'],
      ],
      ACBL,
    ),
    subject(
      'ld.interiorNt',
      'Lead from an interior sequence (KJ10x, K109x, Q109x, AJ10x) versus notrump',
      [
        ['top', 'Top of the interior sequence'],
        ['zeroTwo', 'Jack, ten or nine: zero or two higher honors'],
        ['4th', '4th best'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxNt',
      'Lead from xx versus notrump',
      [
        ['top', 'Top'],
        ['low', 'Low'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxxNt',
      'Lead from xxx versus notrump',
      [
        ['top', 'Top'],
        ['middle', 'Middle (MUD)'],
        ['low', 'Low'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxxxNt',
      'Lead from xxxx versus notrump',
      [
        ['4th', '4th best'],
        ['3rd', '3rd best'],
        ['2nd', '2nd highest'],
        ['top', 'Top'],
      ],
      ACBL,
    ),
    subject(
      'ld.xxxxxNt',
      'Lead from xxxxx versus notrump',
      [
        ['4th', '4th best'],
        ['5th', '5th best (3rd and 5th)'],
        ['2nd', '2nd highest'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxxNt',
      'Lead from Hxx versus notrump',
      [
        ['low', 'Low'],
        ['middle', 'Middle'],
        ['honor', 'Honor'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxxxNt',
      'Lead from Hxxx versus notrump',
      [
        ['4th', '4th best'],
        ['3rd', '3rd best (3rd and 5th)'],
      ],
      ACBL,
    ),
    subject(
      'ld.hxxxxNt',
      'Lead from Hxxxx versus notrump',
      [
        ['4th', '4th best'],
        ['5th', '5th best (3rd and 5th)'],
      ],
      ACBL,
    ),
    subject(
      'ld.hhxNt',
      'Lead from two non-touching honors (AJx, KJx, K10x) versus notrump',
      [
        ['low', 'Low'],
        ['high', 'The higher honor'],
      ],
      ACBL,
    ),
  ),
  heading(
    'Honor-lead agreements',
    subject('ld.ntHonors', 'Honor leads versus notrump', [
      ['standard', 'Top of sequences'],
      ['aAttKCount', 'Ace asks for attitude, king asks for count'],
      ['kUnblock', 'King asks for an unblock'],
      ['aUnblockQJack', 'Ace asks for an unblock or count; queen asks for the jack'],
    ]),
    subject('ld.rusinow', 'Rusinow leads', [
      ['suits', 'Versus suits'],
      ['nt', 'Versus notrump'],
      ['trickOne', 'Opening lead only'],
    ]),
    subject('ld.journalist', 'Journalist leads', [
      ['nt', 'Versus notrump'],
      ['suits', 'Versus suits'],
    ]),
  ),
  heading(
    'Other lead agreements',
    // Versus suits and versus notrump, as the grids are split (the row versus suits keeps the key).
    subject('ld.hx', 'Lead from a doubleton honor (Kx, Qx, Jx) versus suits', [
      ['honor', 'The honor'],
      ['avoid', 'Avoided'],
    ]),
    subject('ld.hxNt', 'Lead from a doubleton honor (Kx, Qx, Jx) versus notrump', [
      ['honor', 'The honor'],
      ['avoid', 'Avoided'],
    ]),
    subject('ld.underleadAce', 'Underleading an ace versus suits', [
      ['never', 'Never'],
      ['rarely', 'Rarely'],
    ]),
    subject('ld.partnerSuit', "Leading partner's suit", [
      ['topDoubleton', 'Top from a doubleton'],
      ['lowFromHxx', 'Low from three to an honor'],
      ['honorFromHxx', 'The honor from three to an honor (versus suits)'],
      ['topOfSmall', 'Top of three small'],
      ['lowFromSmall', 'Low from three small'],
      ['middleFromSmall', 'Middle from three small (MUD)'],
    ]),
    subject('ld.afterFirst', 'Leads after the first trick', [
      ['same', 'Same as opening leads'],
      ['presentCount', 'Present count'],
      ['attitude', 'Attitude (high = no interest)'],
    ]),
    subject('ld.trump', 'Trump leads', [
      ['low', 'Low from xx and xxx'],
      ['top', 'Top from xx'],
    ]),
    subject('ld.vsSlam', 'Leads versus slams', [
      ['attacking', 'Attacking'],
      ['safe', 'Safe (passive)'],
      ['aceVsSmall', 'Cash an ace versus a small slam'],
    ]),
  ),
);

const signalsAndDiscards = category(
  'sg',
  'Signals and Discards',
  heading(
    'Carding',
    subject(
      'sg.standard',
      'Standard signals (high encourages, high-low shows an even number)',
      [
        ['suits', 'Versus suits', ACBL],
        ['nt', 'Versus notrump', ACBL],
        ['except', 'Except (describe)', ACBL],
      ],
      ACBL,
    ),
    subject(
      'sg.upsideDown',
      'Upside-down signals',
      [
        ['countSuits', 'Count versus suits', ACBL],
        ['countNt', 'Count versus notrump', ACBL],
        ['attSuits', 'Attitude versus suits', ACBL],
        ['attNt', 'Attitude versus notrump', ACBL],
      ],
      ACBL,
    ),
    subject(
      'sg.primaryLead',
      "Primary signal to partner's leads",
      [
        ['attitude', 'Attitude', ACBL],
        ['count', 'Count', ACBL],
        ['suitPref', 'Suit preference', ACBL],
      ],
      ACBL,
    ),
    subject('sg.primaryDeclarer', "Primary signal on declarer's leads", [
      ['count', 'Count'],
      ['suitPref', 'Suit preference'],
      ['attitude', 'Attitude'],
    ]),
    // The ACBL classic card asks for the first discard versus suits and versus notrump: the row
    // versus suits keeps the key of the former one-row subject, the row versus notrump adds `Nt`
    // (as the lead grids were split).
    subject('sg.firstDiscard', 'First discard versus suits', FIRST_DISCARDS, ACBL),
    subject('sg.firstDiscardNt', 'First discard versus notrump', FIRST_DISCARDS, ACBL),
  ),
  heading(
    'Other carding',
    subject(
      'sg.smith',
      'Smith echo',
      [
        ['nt', 'Versus notrump'],
        ['suits', 'Versus suits'],
        ['reverse', 'Reverse Smith'],
      ],
      ACBL,
    ),
    subject(
      'sg.trump',
      'Trump signals',
      [
        ['suitPref', 'Suit preference in trumps'],
        ['count', 'Count in trumps (high-low with three)'],
        ['ruff', 'High-low shows a wish to ruff'],
      ],
      ACBL,
    ),
    subject('sg.foster', 'Foster echo', [['nt', 'Versus notrump: unblock with the second-highest card']], ACBL),
    subject('sg.suitPref', 'Suit-preference signals', [
      ['ruff', 'When a ruff is available'],
      ['dummySingleton', 'At trick one when dummy has a singleton'],
      ['obviousAttitude', 'When attitude is obvious'],
    ]),
    subject('sg.byTrick', 'Signals at trick one and on later tricks', [
      ['attThenCount', 'Attitude at trick one; count when the suit is played again'],
      ['countDummyHonors', 'Count, not attitude, at trick one when dummy holds the high honors of the suit led'],
      ['dummyWinsSuitPref', 'When dummy wins trick one: suit preference'],
      ['dummyWinsCount', 'When dummy wins trick one: count'],
      ['dummyWinsAttitude', 'When dummy wins trick one: attitude, as on any lead of partner'],
    ]),
    subject('sg.count', 'Count signals', [
      ['declarerLead', 'When declarer leads a suit'],
      ['needed', 'Only when partner needs it'],
      ['present', 'Present count later in the hand'],
    ]),
    subject('sg.obviousShift', 'Obvious shift principle', [
      [
        'played',
        "Played: attitude on partner's lead compares continuing with the switch partner would find obvious from dummy; discouraging asks for that switch",
      ],
    ]),
    subject('sg.honorLeads', 'Signals on honor leads', [
      ['aceAttitude', 'Ace lead: attitude'],
      ['kingCount', 'King lead: count (ace for attitude, king for count)'],
      ['kingAttitude', 'King lead: attitude'],
      ['queenUnblock', 'Queen lead versus notrump: unblock the jack or give count'],
    ]),
    subject('sg.honorDiscards', 'Honor discards', [['topOfSequence', 'Top of a sequence, denying the card above']]),
    subject(
      'sg.special',
      'Special carding (please alert)',
      [
        ['oddEvenTrick1', 'Odd/even signals at trick one'],
        ['describe', 'Other (describe)'],
      ],
      ACBL,
    ),
  ),
);

/**
 * Options that exclude each other (ADR 120): a template selects at most one option of
 * each group. `'all'`: every option of the subject is an alternative (a range, one meaning of a
 * call). Options left out of every group combine freely with the others (a modifier such as
 * "Off in competition").
 */
const EXCLUSIVE_OPTIONS: Readonly<Record<string, ExclusiveSpec>> = {
  'ga.twoOverOne': [['gf', 'gfExceptRebid', 'oneRound']],
  'ga.majorStyle': 'all',
  'ga.psychics': 'all',
  'ga.openingRange': 'all',
  'ga.minOpen': [
    ['rule20', 'rule22', '11', '12', 'sound'],
    ['balanced12', 'balancedGood11'],
  ],
  'nt.range': 'all',
  'nt.fiveMajor': 'all',
  'nt.2ntRange': 'all',
  'nt.2ntFiveMajor': 'all',
  'nt.3nt': 'all',
  'nt.2s': 'all',
  'nt.2nt': 'all',
  'nt.3c': 'all',
  'nt.3d': 'all',
  'nt.3h': 'all',
  'nt.3s': 'all',
  'nt.lebensohl': [['fastDenies', 'slowDenies']],
  'nt.double': [['neg2s', 'neg3s', 'penalty']],
  'nt.systemsOn': [
    ['artificial2c', 'off', 'offCuebidStayman'],
    ['double', 'off'],
  ],
  'nt.responseComp': [
    ['xferAccept3', 'xferAlways'],
    ['staymanStopper', 'staymanNormal'],
    ['staymanStopper', 'staymanPassClubs'],
  ],
  'nt.superAccept': [
    ['max4', 'never'],
    ['jump3', 'doubleton', 'never'],
  ],
  'mj.length12': 'all',
  'mj.length34': [
    ['4', '5'],
    ['4', 'good4'],
  ],
  'mj.single': 'all',
  'mj.jumpRaise': [
    ['force', 'inv', 'weak', 'mixed'],
    ['force', 'weak', 'mixed', 'limit4'],
  ],
  'mj.jumpRaiseComp': 'all',
  'mj.3nt': 'all',
  'mj.4m': 'all',
  'mj.1nt': [
    ['forcing', 'semi', 'nf'],
    ['6-10', '6-12'],
  ],
  'mj.2nt': [
    ['forcing', 'inv'],
    ['11-12', '13-15'],
  ],
  'mj.2hOver1s': 'all',
  'mn.1cLength': 'all',
  'mn.1dLength': [
    ['5', '4', '3', 'short', 'conv', '4except4432'],
    ['5', '4', '3', 'conv', '4except4432', 'nebulous'],
  ],
  'mn.choice': [['1d44', '1c44']],
  'mn.strong1c': 'all',
  'mn.strong1cRebid': [
    ['suitF', 'suitNF'],
    ['1nt1618', '1nt1719'],
    ['2nt1921', '2nt2021'],
  ],
  'mn.inverted': [
    ['forcing1', 'gf'],
    ['passedOn', 'passedOff'],
    ['compOff', 'compOn'],
  ],
  'mn.jumpRaise': 'all',
  'mn.jumpRaiseComp': 'all',
  'mn.bypass': 'all',
  'mn.1nt1c': [['6-10', '8-10', '6-9', '8-11']],
  'mn.1nt1d': [['6-10', '8-10', '6-9']],
  'mn.2nt': [
    ['forcing', 'inv'],
    ['11-12', '13-15'],
  ],
  'mn.3nt': 'all',
  'mn.1d2c': [
    ['gf', 'oneRound'],
    ['five', 'four'],
  ],
  'mn.upTheLine': 'all',
  'mn.invertedRebid': [['newSuitStopper', 'newSuitNatural']],
  'mn.1ntRebid': 'all',
  'mn.raiseWith3': 'all',
  'tw.2c': [
    ['strong', 'precision'],
    ['22', '21', '20', 'noRange', 'precision'],
    ['veryStrong', 'precision'],
  ],
  'tw.2cResp2d': [['waiting', 'negative']],
  'tw.2cSecondNeg': 'all',
  'tw.2cForcing': [['gfExcept', 'suit3M4m', 'oneRound']],
  'tw.weakTwos': [
    ['dhs', 'hs'],
    ['5-11', '5-10', '6-10', '8-10'],
  ],
  'tw.weakTwo3rd': 'all',
  'tw.2d': [
    ['weak', 'intermediate', 'strong', 'conv'],
    ['weak', 'intermediate', 'strong', 'flannery', 'multi', 'precision', 'miniRoman', 'majors'],
  ],
  'tw.2h': [
    ['weak', 'intermediate', 'strong', 'conv'],
    ['weak', 'intermediate', 'strong', 'hMinor', 'majors'],
  ],
  'tw.2s': [
    ['weak', 'intermediate', 'strong', 'conv'],
    ['weak', 'intermediate', 'strong', 'sMinor', 'minors'],
  ],
  'tw.2ntResp': [['feature', 'ogust', 'shortness']],
  'tw.2ntReplies': [
    ['ogust', 'ogustRedSwapped', 'minRebid'],
    ['ogust', 'ogustRedSwapped', 'featureMax'],
  ],
  'tw.newSuit': 'all',
  'tw.raise': 'all',
  'tw.doubleOvercall': 'all',
  'pr.style': [['sound', 'light', 'veryLight', 'byVul']],
  'pr.sideMajor': 'all',
  'pr.thirdSeat': 'all',
  'pr.responses': [['newSuitF', 'newSuitNF']],
  'pr.4nt': 'all',
  'co.fsf': [
    ['oneRound', 'gf'],
    ['1sNatural', '1sArtificial'],
  ],
  'co.sjs': 'all',
  'co.passedJs': 'all',
  'co.1ntRebid': 'all',
  'co.2ntRebid': 'all',
  'co.responderJumpRebid': 'all',
  'co.jumpPreference': 'all',
  'co.responder3m': 'all',
  'co.reverse': [['17', '16']],
  'co.2MRebid': 'all',
  'co.serious3nt': 'all',
  'sl.blackwood': [['standard', 'roman']],
  'sl.rkcb': [['1430', '3014']],
  'sl.kingAsk': [['number', 'specific']],
  'sl.specificSuitAsk': 'all',
  'sl.minorKeyCard': 'all',
  'sl.gerber': [['direct', 'ntOpeningsRebids', 'anyNt']],
  'sl.interference': [['dopi', 'dopi03']],
  'sl.4ntComp': 'all',
  'sl.control': [
    ['upTheLine', 'firstRoundFirst'],
    ['firstRoundFirst', 'italian'],
  ],
  'sl.5nt': 'all',
  'ov.1level': 'all',
  'ov.2level': [['10-17', '11-17', '12-17', 'opening']],
  'ov.style': [
    ['often4', 'rare4'],
    ['veryLight', 'sound'],
  ],
  'ov.newSuit': [['forcing', 'nfConst', 'nf', '1nf2f']],
  'ov.jumpRaise': 'all',
  'ov.jump': 'all',
  'ov.advJs': 'all',
  'ov.1ntDirect': [
    ['15-17', '15-18', '16-18'],
    ['systemsOn', 'staymanOnly'],
  ],
  'ov.1ntBalance': [['10-14', '11-14', '11-15', '12-15']],
  'ov.unusual2nt': [
    ['minors', 'twoLowest'],
    ['weakOrStrong', 'anyStrength'],
  ],
  'ov.michaels': [['weakOrStrong', 'anyStrength']],
  'ov.cueMinor': [['natural', 'strongTO', 'michaels']],
  'ov.cueMajor': [['natural', 'strongTO', 'michaels']],
  'ov.sandwich': 'all',
  'db.negative': [['2s', '3s', '4h', '4s', 'any']],
  'db.penaltyAfterOvercall': 'all',
  'db.responsive': [['2s', '3s', '4h', 'any']],
  'db.support': [['2h', '2s', '3c', '3d']],
  'db.1ntOvercall': 'all',
  'db.newSuitOverDouble': [['2level', '2levelNF']],
  'db.jumpShiftOverDouble': 'all',
  'db.jumpRaiseOverDouble': 'all',
  'db.2ntOverDouble': [
    ['majorLimitPlus', 'majorLimit', 'majorWeak', 'natural'],
    ['minorLimitPlus', 'minorLimit', 'minorWeak', 'natural'],
  ],
  'df.vs1nt': 'all',
  'df.vsWeak': 'all',
  'df.double': 'all',
  'df.2c': 'all',
  'df.2d': 'all',
  'df.2h': 'all',
  'df.2s': 'all',
  'df.2nt': 'all',
  'df.balancing': 'all',
  'df.preemptDouble': 'all',
  'df.2ntOvercall': 'all',
  'df.cuebidWeakTwo': 'all',
  'df.strongClub': 'all',
  'df.shortMinor': 'all',
  'df.flannery': [['asOver1h', 'doubleBal']],
  'ld.lengthSuits': 'all',
  'ld.lengthNt': [['4th', '3rd5th', 'attitude']],
  'ld.style': 'all',
  'ld.ak': 'all',
  'ld.akNt': 'all',
  'ld.kq': 'all',
  'ld.kqNt': 'all',
  'ld.qj': 'all',
  'ld.qjNt': 'all',
  'ld.j10': 'all',
  'ld.j10Nt': 'all',
  'ld.109': 'all',
  'ld.109Nt': 'all',
  'ld.kq10': 'all',
  'ld.kq10Nt': 'all',
  'ld.interior': 'all',
  'ld.interiorNt': 'all',
  'ld.xx': 'all',
  'ld.xxNt': 'all',
  'ld.xxx': 'all',
  'ld.xxxNt': 'all',
  'ld.xxxx': 'all',
  'ld.xxxxNt': 'all',
  'ld.xxxxx': 'all',
  'ld.xxxxxNt': 'all',
  'ld.hxx': 'all',
  'ld.hxxNt': 'all',
  'ld.hxxx': 'all',
  'ld.hxxxNt': 'all',
  'ld.hxxxx': 'all',
  'ld.hxxxxNt': 'all',
  'ld.hhx': 'all',
  'ld.hhxNt': 'all',
  'ld.ntHonors': 'all',
  'ld.hx': 'all',
  'ld.hxNt': 'all',
  'ld.partnerSuit': [['topOfSmall', 'lowFromSmall', 'middleFromSmall']],
  'ld.underleadAce': 'all',
  'ld.vsSlam': [['attacking', 'safe']],
  'sg.primaryLead': 'all',
  'sg.primaryDeclarer': 'all',
  'sg.firstDiscard': 'all',
  'sg.firstDiscardNt': 'all',
  'sg.byTrick': [['dummyWinsSuitPref', 'dummyWinsCount', 'dummyWinsAttitude']],
};

/**
 * The 13 categories, in order and named exactly as docs/bridge.md §3 names them; Overcalls
 * and Doubles and Redoubles are the trial categories (docs/product.md §1). Exclusive options are
 * marked from EXCLUSIVE_OPTIONS.
 */
export const CATALOGUE: readonly CatalogueCategory[] = markExclusive(
  [
    generalApproach,
    notrumpOpenings,
    majorOpenings,
    minorOpenings,
    twoLevelOpenings,
    preempts,
    constructiveBidding,
    slamBidding,
    overcalls,
    doublesAndRedoubles,
    defensiveBidding,
    openingLeads,
    signalsAndDiscards,
  ],
  EXCLUSIVE_OPTIONS,
);
