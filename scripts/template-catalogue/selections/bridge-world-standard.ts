/**
 * Bridge World Standard 2017 (BWS): the poll-based consensus of American experts published by The
 * Bridge World (first version 1968; revised 1984, 1994, 2001 and 2017). This is the "bridge-site
 * Standard" of the product spec (docs/bridge.md §4.4 explains the choice).
 *
 * Sources: bridgeworld.com "BWS 2017 complete system" and "BWS 2017 polls"; BWS 2001 complete
 * text (bridgeguys); Bridge World Standard Defense (leads and carding); jdh8/bridge-tutorial
 * notes; older BWS summaries (Jim Loy). Choices where sources are silent are listed in
 * templates/README.md.
 */
import type { Selection } from '../catalogue-model';
import { leadRows } from './common';

export const BRIDGE_WORLD_STANDARD: Selection = {
  // General: 2/1 game force with a semi-forcing 1NT; 5-card majors in 1st and 2nd seat.
  'ga.system': ['bws'],
  'ga.twoOverOne': ['gf'],
  'ga.forcingOpening': ['2c'],
  'ga.majorStyle': ['fiveFirstSecond'],
  // An undiscussed call that could be natural or artificial is natural (BWS 2001 polls, General
  // Understandings, question 102: 69% of the experts, 72% of the readers; templates/README.md).
  'ga.defaults': ['natural'],

  // Notrump: 15-17; 2!s range ask or clubs, 2NT transfer to diamonds; Jacoby, Texas, Smolen.
  'nt.range': ['15-17'],
  'nt.stayman': ['regular', 'over2nt'],
  'nt.staymanReplies': ['heartsFirst', '2dDenies'],
  'nt.jacoby': ['2d', '2h', 'over2nt'],
  'nt.texas': ['4d4h', 'over2nt'],
  'nt.2s': ['rangeAsk'],
  'nt.2nt': ['diamonds'],
  'nt.smolen': ['1nt'],
  'nt.4nt': ['quantitative'],
  'nt.lebensohl': ['fastDenies'],
  'nt.2ntRange': ['20-bad22'],
  'nt.2nt3s': ['minors'],

  // Majors: constructive single raise; 4-card limit jump raise; 2NT forcing raise asking for
  // shortness; splinters; a triple jump to 4M is natural and preemptive (2017 change).
  'mj.length12': ['5'],
  'mj.length34': ['4'],
  'mj.single': ['constructive'],
  'mj.jumpRaise': ['inv', 'limit4'],
  'mj.jacoby2nt': ['gf4', 'shortness'],
  'mj.splinters': ['responder', 'after21'],
  'mj.limit3': ['via1nt'],
  'mj.4m': ['preemptive'],
  'mj.1nt': ['semi'],
  'mj.drury': ['reverse'],

  // Minors: 1m-1NT 6-10, 1m-2NT 11-12, 1m-3NT 16-17; inverted raises.
  'mn.1cLength': ['3'],
  'mn.1dLength': ['4except4432'],
  'mn.inverted': ['forcing1'],
  // After 1m-2m: 2NT a balanced minimum, 3m an unbalanced minimum, 3NT 18-19 balanced
  // (jdh8/bridge-tutorial, which follows BWS 2017's structure; to confirm [?], templates/README.md).
  'mn.invertedRebid': ['2ntMin', '3mMin', '3nt1819'],
  'mn.jumpRaise': ['weak'],
  'mn.forcingRaise': ['single'],
  'mn.1nt1c': ['6-10'],
  'mn.1nt1d': ['6-10'],
  'mn.2nt': ['inv', '11-12'],
  'mn.3nt': ['16-17'],
  'mn.1d2c': ['gf'],

  // Two-level: 2!c strong, by tricks when unbalanced; 2!d neutral; cheaper-minor second negative;
  // 2!c then 2NT a good 22-24; weak twos with a 2NT feature ask.
  'tw.2c': ['strong', 'noRange'],
  'tw.2cResp2d': ['waiting'],
  'tw.2cPositive': ['8good5'],
  'tw.2cSecondNeg': ['cheaperMinor'],
  'tw.2cNt': ['2ntGood22'],
  'tw.weakTwos': ['dhs'],
  'tw.2d': ['weak'],
  'tw.2h': ['weak'],
  'tw.2s': ['weak'],
  'tw.2ntResp': ['forcing', 'feature'],
  // The feature ask's replies: a minimum rebids the suit, a maximum shows a side ace or king
  // (jdh8/bridge-tutorial, which follows BWS 2017's structure; to confirm [?], templates/README.md).
  'tw.2ntReplies': ['minRebid', 'featureMax'],
  // A new suit in response to a weak two is forcing [mem] (templates/README.md).
  'tw.newSuit': ['forcing'],

  // Gambling 3NT (older BWS summary): its one home is Preempts.
  'pr.gambling': ['solid7'],

  // Constructive: after a 2/1, reverses and 3-level new suits show extras; 1!d-2!c-2M needs none.
  'co.nmf': ['invPlus', 'after1nt'],
  'co.fsf': ['gf', '1sNatural'],
  'co.sjs': ['19'],
  'co.wjs': ['inComp'],
  'co.after21': ['extras', '1d2cNoExtras'],
  'co.1ntRebid': ['12-14'],
  'co.2ntRebid': ['18-19'],
  // Opener's reverse is forcing one round [mem].
  'co.reverse': ['oneRound'],

  // Slam: undiscussed forcing 5NT = pick a slam, then GSF, then control-showing; competitive 4NT
  // = takeout first (2017 polls).
  'sl.rkcb': ['1430'],
  'sl.gerber': ['direct'],
  'sl.gsf': ['josephine'],
  'sl.5nt': ['bwsOrder'],
  'sl.4ntComp': ['bwsOrder'],
  'sl.control': ['upTheLine'],
  'sl.interference': ['dopi'],

  // Overcalls (BWS 2001, kept in 2017): sound two-level overcalls, maximum about 18; 1NT 15-18
  // direct and 10-14 reopening; reopening 2NT 18-19; Michaels and 2NT weakish or very strong.
  'ov.1level': ['8-18'],
  'ov.2level': ['opening', 'goodSuit'],
  // "The vulnerability somewhat affects the minimum strength required" (BWS 2001, VI.A).
  'ov.style': ['vulSounder'],
  // Advancer's new suit is constructive, not forcing [mem].
  'ov.newSuit': ['nfConst'],
  'ov.balancing': ['2ntNatural'],
  'ov.cuebidRaise': ['limitPlus'],
  'ov.jump': ['weak'],
  'ov.1ntDirect': ['15-18', 'systemsOn'],
  'ov.1ntBalance': ['10-14'],
  'ov.unusual2nt': ['twoLowest', 'weakOrStrong'],
  'ov.michaels': ['minorMajors', 'majorOther', 'weakOrStrong'],
  'ov.cueMinor': ['michaels'],
  'ov.cueMajor': ['michaels'],

  // Doubles: negative and responsive doubles, support doubles; the 2017 rescue redouble.
  'db.takeout': ['classic', 'strong'],
  'db.negative': ['4s'],
  'db.penaltyAfterOvercall': ['aboveNegative'],
  'db.responsive': ['4h'],
  'db.support': ['2h', 'redouble'],
  'db.leadDirecting': ['artificial'],
  'db.lightner': ['unusual'],
  'db.redouble': ['10plus'],
  // After their takeout double, a new suit at the 1 level is forcing [mem].
  'db.newSuitOverDouble': ['1level'],
  'db.jumpRaiseOverDouble': ['preemptive'],
  'db.2ntOverDouble': ['majorLimitPlus', 'minorLimitPlus'],
  'db.sos': ['lowLevel', 'passout'],

  // Defense to 1NT: penalty double, 2!c for the majors.
  'df.vs1nt': ['landy'],
  'df.double': ['penalty'],
  'df.2c': ['majors'],
  'df.2d': ['natural'],
  'df.2h': ['natural'],
  'df.2s': ['natural'],
  'df.preemptDouble': ['4h'],
  'df.lebensohl': ['relay', 'slowShows'],

  // Bridge World Standard Defense: king from AK versus suits; 3rd from even, low from odd versus
  // suits; versus notrump 4th best, 2nd highest from weak suits, the ace asks for an unblock or
  // count and the queen for the jack; standard attitude and count, upside-down count in trumps.
  'ld.lengthSuits': ['3rdLow'],
  'ld.lengthNt': ['4th', '2ndFromSmall'],
  ...leadRows(
    {
      ak: 'k',
      kq: 'k',
      qj: 'q',
      j10: 'j',
      '109': '10',
      kq10: 'k',
      interior: 'top',
      xx: 'top',
      xxx: 'low',
      xxxx: '3rd',
      xxxxx: '5th',
      hxx: 'low',
      hxxx: '3rd',
      hxxxx: '5th',
      hhx: 'low',
    },
    // Versus notrump: 4th best from an honor, 2nd highest from weak suits; the queen asks for the jack.
    { kq10: 'q', xxx: 'middle', xxxx: '2nd', xxxxx: '2nd', hxxx: '4th', hxxxx: '4th' },
  ),
  'ld.ntHonors': ['aUnblockQJack'],
  'ld.afterFirst': ['presentCount'],
  'sg.standard': ['suits', 'nt'],
  'sg.primaryLead': ['attitude'],
  'sg.primaryDeclarer': ['count'],
  'sg.firstDiscard': ['standard'],
  'sg.firstDiscardNt': ['standard'],
  'sg.trump': ['count'],
};
