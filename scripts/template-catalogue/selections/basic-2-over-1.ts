/**
 * Basic 2 over 1 Game Forcing: Standard American with a game-forcing two-over-one response by an
 * unpassed hand, a forcing 1NT response, Jacoby 2NT, inverted minors and the usual modern
 * conventions (docs/bridge.md §4.3).
 *
 * Sources: Max Hardy's 2/1 summary; Harvard Bridge Club 2/1 notes; GIB system notes
 * (bridgebase.com); 2/1 lesson sheets. Choices where they disagree are listed in
 * templates/README.md.
 */
import type { Selection } from '../catalogue-model';
import { STANDARD_LEADS, STANDARD_SIGNALS } from './common';

export const BASIC_2_OVER_1: Selection = {
  'ga.system': ['2over1'],
  'ga.twoOverOne': ['gf', 'notPassed', 'notComp'],
  'ga.forcingOpening': ['2c'],
  // Five-card majors; the good 4-card major of a light 3rd-seat opening is recorded under
  // mj.length34 and ga.thirdSeat (Hardy).
  'ga.majorStyle': ['five'],
  'ga.openingRange': ['12-21'],
  'ga.thirdSeat': ['light', 'fourMajor'],
  'ga.fourthSeat': ['rule15'],

  // Notrump: 15-17, Stayman, Jacoby, Texas, Smolen, Lebensohl.
  'nt.range': ['15-17'],
  'nt.fiveMajor': ['possible'],
  'nt.stayman': ['regular', 'over2nt'],
  'nt.staymanReplies': ['heartsFirst', '2dDenies'],
  'nt.jacoby': ['2d', '2h', 'over2nt', 'inv2nt', 'newSuitGF'],
  'nt.superAccept': ['max4'],
  'nt.texas': ['4d4h', 'over2nt'],
  'nt.2s': ['minorRelay'],
  'nt.2nt': ['natural'],
  'nt.smolen': ['1nt'],
  'nt.lebensohl': ['fastDenies'],
  'nt.4nt': ['quantitative'],
  'nt.2ntRange': ['20-21'],

  // Majors: 5+ in 1st/2nd seat; 1NT forcing (6-12); limit raises; Jacoby 2NT; splinters; Reverse Drury.
  'mj.length12': ['5'],
  'mj.length34': ['5', 'good4'],
  'mj.single': ['6-10'],
  'mj.jumpRaise': ['inv'],
  'mj.jumpRaiseComp': ['weak'],
  'mj.jacoby2nt': ['gf4', 'shortness', 'source', '3m18', '3nt', '4mMin', 'unpassed'],
  'mj.splinters': ['responder'],
  'mj.limit3': ['via1nt'],
  'mj.4m': ['preemptive'],
  'mj.1nt': ['forcing', '6-12', 'passedNF'],
  'mj.drury': ['reverse'],
  'mj.after1nt': ['threeCardMinor', '2c33'],
  'mj.2mResponse': ['four', 'three2c'],
  'mj.gameTries': ['helpSuit'],

  // Minors: 1!d 4+ except 4=4=3=2, 1!c 3+; inverted minors.
  'mn.1cLength': ['3'],
  'mn.1dLength': ['4except4432'],
  'mn.choice': ['1c33', '1d44'],
  'mn.inverted': ['forcing1', 'passedOff', 'compOff'],
  'mn.jumpRaise': ['weak'],
  'mn.jumpRaiseComp': ['weak'],
  'mn.forcingRaise': ['single'],
  'mn.1nt1c': ['6-10'],
  'mn.1nt1d': ['6-10'],
  'mn.2nt': ['inv', '11-12'],
  'mn.3nt': ['13-15'],
  'mn.1d2c': ['gf', 'four'],
  'mn.upTheLine': ['upTheLine'],

  // Two-level: strong 2!c 22+, 2!d waiting; weak twos 5-10 with Ogust.
  'tw.2c': ['strong', '22'],
  'tw.2cResp2d': ['waiting'],
  'tw.2cSecondNeg': ['cheaperMinor'],
  'tw.2cNt': ['2nt2224', '3nt2527'],
  'tw.2cForcing': ['gfExcept'],
  'tw.weakTwos': ['dhs', '5-10', 'good6', 'disciplined'],
  'tw.2d': ['weak'],
  'tw.2h': ['weak'],
  'tw.2s': ['weak'],
  'tw.2ntResp': ['forcing', 'ogust'],
  'tw.newSuit': ['forcing'],
  'tw.raise': ['preemptive'],

  'pr.3level': ['7cards'],
  'pr.4level': ['8cards'],

  // Constructive: NMF, 4th suit game forcing, weak jump shifts, fast arrival.
  'co.nmf': ['invPlus', 'after1nt'],
  'co.fsf': ['gf'],
  'co.wjs': ['inComp', 'notInComp'],
  'co.passedJs': ['fit'],
  'co.1ntRebid': ['12-14'],
  'co.2ntRebid': ['18-19'],
  'co.responder2nt': ['inv'],
  'co.reverse': ['oneRound'],
  'co.fastArrival': ['played'],
  'co.newSuit': ['forcing', 'passedNF'],

  // Slam: RKCB 1430, Gerber over notrump, DOPI/ROPI.
  'sl.rkcb': ['1430'],
  'sl.queenAsk': ['nextStep'],
  'sl.kingAsk': ['number'],
  'sl.gerber': ['direct'],
  'sl.interference': ['dopi', 'ropi'],
  'sl.control': ['upTheLine'],
  'sl.quantitative': ['4ntOther'],

  // Overcalls: weak jump overcalls, Michaels, Unusual 2NT.
  'ov.1level': ['8-17'],
  'ov.newSuit': ['nfConst'],
  'ov.cuebidRaise': ['limitPlus'],
  'ov.jumpRaise': ['weak'],
  'ov.jump': ['weak'],
  'ov.1ntDirect': ['15-18', 'systemsOn'],
  'ov.1ntBalance': ['11-14'],
  'ov.unusual2nt': ['twoLowest', '55'],
  'ov.michaels': ['minorMajors', 'majorOther', '55'],
  'ov.cueMinor': ['michaels'],
  'ov.cueMajor': ['michaels'],

  // Doubles: negative through 3!s, responsive, support double and redouble.
  'db.takeout': ['classic', 'strong'],
  'db.negative': ['3s'],
  'db.penaltyAfterOvercall': ['aboveNegative'],
  'db.responsive': ['3s'],
  'db.support': ['2h', 'redouble'],
  'db.leadDirecting': ['artificial'],
  'db.redouble': ['10plus'],
  'db.newSuitOverDouble': ['1level'],
  'db.jumpRaiseOverDouble': ['preemptive'],
  'db.2ntOverDouble': ['majorLimitPlus', 'minorLimitPlus'],

  // Defense: DONT versus 1NT; Lebensohl after doubling a weak two.
  'df.vs1nt': ['dont'],
  'df.double': ['oneSuiter'],
  'df.2c': ['cHigher'],
  'df.2d': ['dMajor'],
  'df.2h': ['hs'],
  'df.2s': ['natural'],
  // DONT's own continuations (Marty Bergen's DONT): after the one-suited double advancer relays
  // 2!c; after a two-suiter advancer passes or bids the next step, pass or correct.
  'df.advance1nt': ['relay', 'passOrCorrect'],
  'df.preemptDouble': ['4h'],
  'df.lebensohl': ['relay', 'slowShows'],

  ...STANDARD_LEADS,
  ...STANDARD_SIGNALS,
};
