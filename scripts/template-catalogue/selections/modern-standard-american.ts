/**
 * Modern Standard American: the ACBL Standard American Yellow Card (SAYC booklet, revised
 * January 2006) plus the add-ons most often written on a modern Standard American card (RKCB 1430,
 * negative doubles through 3!s, Texas transfers, New Minor Forcing, weak jump shifts in
 * competition; docs/bridge.md §4.2). 2/1 is forcing one round only.
 *
 * Sources: ACBL SAYC System Booklet; SAYC summaries (bridgelessonssayc, swangames); BBO's SAYC
 * card notes. Choices where they disagree are listed in templates/README.md.
 */
import type { Selection } from '../catalogue-model';
import { STANDARD_LEADS, STANDARD_SIGNALS } from './common';

export const MODERN_STANDARD_AMERICAN: Selection = {
  'ga.system': ['msa'],
  'ga.twoOverOne': ['oneRound'],
  'ga.forcingOpening': ['2c'],
  'ga.majorStyle': ['five'],
  'ga.openingRange': ['12-21'],
  'ga.minOpen': ['rule20'],
  'ga.twoSuited': ['higher55'],

  // 1NT 15-17 (a 5-card major allowed), Stayman, Jacoby, 2!s minor relay, invitational 3m; Texas added.
  'nt.range': ['15-17'],
  'nt.fiveMajor': ['possible'],
  'nt.stayman': ['regular', 'inv2M', 'over2nt'],
  'nt.staymanReplies': ['heartsFirst', '2dDenies'],
  'nt.jacoby': ['2d', '2h', 'over2nt', 'inv2nt', 'newSuitGF'],
  // SAYC booklet: opener must accept the transfer, but may jump to 3 of the major with 4 trumps and 17.
  'nt.superAccept': ['max4', 'jump3'],
  'nt.texas': ['4d4h'],
  'nt.2s': ['minorRelay'],
  'nt.2nt': ['natural'],
  'nt.3c': ['inv'],
  'nt.3d': ['inv'],
  'nt.4nt': ['quantitative'],
  'nt.2ntRange': ['20-21'],
  'nt.3nt': ['25-27'],
  // SAYC booklet: systems on over a double; over an overcall conventional responses are off and a
  // cuebid is Stayman.
  'nt.systemsOn': ['double', 'offCuebidStayman'],
  // SAYC texts: over a double of a transfer opener completes it with 3+ trumps and passes with 2
  // (a voluntary bid shows a real fit), and redoubles with a strong holding in the doubled suit.
  'nt.responseComp': ['xferAccept3', 'xferRedouble'],

  // Majors: 5-card in every seat; 1NT not forcing 6-10; limit jump raise; Jacoby 2NT; 3NT 15-17.
  'mj.length12': ['5'],
  'mj.length34': ['5'],
  'mj.single': ['6-10'],
  'mj.jumpRaise': ['inv'],
  'mj.jumpRaiseComp': ['weak'],
  'mj.jacoby2nt': ['gf4', 'shortness', 'source', '3m18', '3nt', '4mMin'],
  'mj.3nt': ['15-17'],
  'mj.4m': ['preemptive'],
  'mj.1nt': ['nf', '6-10'],
  'mj.gameTries': ['helpSuit'],

  // Minors: 1!d 4+ except 4=4=3=2, 1!c 3+; standard raises; 1m-2NT 13-15 forcing; 1m-3NT 16-17.
  'mn.1cLength': ['3'],
  'mn.1dLength': ['4except4432'],
  'mn.choice': ['1c33', '1d44'],
  'mn.single': ['6-10', 'support'],
  'mn.jumpRaise': ['inv'],
  'mn.jumpRaiseComp': ['weak'],
  'mn.forcingRaise': ['newSuit'],
  'mn.1nt1c': ['6-10'],
  'mn.1nt1d': ['6-10'],
  'mn.2nt': ['forcing', '13-15'],
  'mn.3nt': ['16-17'],
  'mn.1d2c': ['oneRound', 'four'],
  'mn.upTheLine': ['upTheLine'],

  // Two-level: strong 2!c (22+ or 9 tricks), 2!d waiting; weak twos 5-11, 2NT feature ask.
  'tw.2c': ['strong', '22'],
  'tw.2cResp2d': ['waiting'],
  'tw.2cPositive': ['8good5'],
  'tw.2cNt': ['2nt2224', '3nt2527'],
  // SAYC booklet: after 2!c-2!d, 2NT is not forcing and a suit rebid forces to 3 of a major or 4
  // of a minor; there is no second negative.
  'tw.2cForcing': ['suit3M4m', '2ntNF'],
  'tw.2cSecondNeg': ['none'],
  'tw.weakTwos': ['dhs', '5-11', 'good6'],
  'tw.2d': ['weak'],
  'tw.2h': ['weak'],
  'tw.2s': ['weak'],
  'tw.2ntResp': ['forcing', 'feature'],
  'tw.2ntReplies': ['minRebid', 'featureMax'],
  'tw.newSuit': ['forcing'],
  'tw.raise': ['preemptive'],

  'pr.style': ['light'],
  'pr.3level': ['7cards'],
  'pr.4level': ['8cards'],

  // Constructive: strong jump shifts (weak in competition), 4th suit forcing, NMF.
  'co.nmf': ['invPlus', 'after1nt'],
  'co.fsf': ['oneRound'],
  'co.sjs': ['19'],
  'co.wjs': ['inComp'],
  'co.1ntRebid': ['12-14'],
  'co.2ntRebid': ['18-19'],
  'co.responder2nt': ['inv'],
  'co.reverse': ['oneRound', '17'],
  'co.openerJs': ['gf'],
  'co.newSuit': ['forcing'],

  // Slam: RKCB 1430 (the modern add-on), Gerber over notrump, DOPI. No Grand Slam Force: neither the
  // SAYC booklet nor the add-ons have it.
  'sl.rkcb': ['1430'],
  'sl.gerber': ['ntOpeningsRebids'],
  'sl.interference': ['dopi'],
  'sl.quantitative': ['4ntOther'],

  // Overcalls: 8-16 at the 1 level; cuebid raise; weak jumps; 1NT 15-18 with Stayman only.
  'ov.1level': ['8-16'],
  'ov.newSuit': ['nf'],
  'ov.cuebidRaise': ['limitPlus'],
  'ov.jumpRaise': ['weak'],
  'ov.jump': ['weak'],
  'ov.1ntDirect': ['15-18', 'staymanOnly'],
  'ov.unusual2nt': ['twoLowest'],
  'ov.michaels': ['minorMajors', 'majorOther', '55', 'naturalTwoBid'],
  'ov.cueMinor': ['michaels'],
  'ov.cueMajor': ['michaels'],

  // Doubles: negative through 3!s (SAYC: 2!s); no responsive or support doubles.
  'db.takeout': ['classic', 'strong'],
  'db.negative': ['3s'],
  'db.penaltyAfterOvercall': ['aboveNegative'],
  'db.redouble': ['10plus'],
  'db.newSuitOverDouble': ['1level'],
  'db.jumpRaiseOverDouble': ['preemptive'],
  'db.2ntOverDouble': ['majorLimitPlus', 'minorLimitPlus'],

  // Defense: natural versus 1NT; takeout doubles of preempts through 3!s.
  'df.vs1nt': ['natural'],
  'df.double': ['penalty'],
  'df.2c': ['natural'],
  'df.2d': ['natural'],
  'df.2h': ['natural'],
  'df.2s': ['natural'],
  'df.preemptDouble': ['3s'],
  // swangames SAYC: a 2NT overcall of a weak two is natural, balanced, 16-19.
  'df.2ntOvercall': ['16-19'],

  // Leads: standard, the ace from AKx as on the ACBL card (docs/bridge.md §6: one SAYC summary's king is
  // the older style; see templates/README.md); infrequent count.
  ...STANDARD_LEADS,
  ...STANDARD_SIGNALS,
  'sg.count': ['needed'],
};
