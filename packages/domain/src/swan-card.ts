/**
 * Bridge Winners convention cards (docs/agreement-format.md, "Bridge Winners cards"): Bridge Winners
 * exports a card as JSON, nicknamed SWAN, `{ "Convention_Card": { "Overview": {…}, "Minors": {…}, … } }`:
 * nested sections whose leaves are check boxes (true / false) and write-in lines (text), in the
 * layout of the ACBL 2022 card. So a SWAN leaf is named here, by its path under `Convention_Card`
 * (`Minors.one_club.length.four`), with the 2022 card's field it stands for (acbl-2022-card.ts): one
 * mapping, shared with the official card's output and its import (card-import.ts). Leaves of the
 * lead grids name a card of a holding (`Leads_vs_suits.honor_leads.king_queen.king`): they map to
 * the catalogue's lead options. Parsing the JSON is the server's; this module maps and checks.
 *
 * The leaves are those of a Bridge Winners export's shape (the public-domain repository
 * bridge-craftwork/Bridge-Classroom, `swan-bridge-card-schema.json`; the server's test fixture
 * `swan-card-schema.json`, 466 leaves). Bridge Winners' own exporter has known faults, handled here
 * (docs/agreement-format.md, "Bridge Winners cards"): it writes the 1♥/1♠ length boxes "4" and "5"
 * under each other's names, and two of the four "2NT over their takeout double" boxes under each
 * other's names; `Other_conventional_calls.vs_strong` and `vs_strong2` hold the section's two free
 * lines, not the "Vs (Very) Str Open" line, which it does not export at all. Its importer refuses a
 * file that lacks any leaf: `swanCardOf` writes every one.
 */
import { ACBL_2022_CARD } from './acbl-2022-card';
import { AgreementFileError } from './agreement-file';
import type { CardFieldValue } from './card-import';
import type { ContractDocument } from './contract';
import { stripMarkup } from './markup';
import { fillOfficialCard } from './official-card';

/** The top-level key of a Bridge Winners card. */
export const SWAN_ROOT = 'Convention_Card';

/** SWAN leaf (path under `Convention_Card`) → the 2022 card field it is (acbl-2022-card.ts field names). */
export const SWAN_2022_FIELDS: Readonly<Record<string, string>> = {
  // Names and Overview.
  'Overview.names': 'Name.t.1',
  'Overview.general_approach': 'OV.t.1',
  'Overview.opening_hcp': 'OV.t.2',
  'Overview.responding_hcp': 'OV.t.3',
  'Overview.forcing_openings.one_club': 'OV.c.4',
  'Overview.forcing_openings.two_clubs': 'OV.c.5',
  'Overview.one_notrump.strong': 'OV.c.7',
  'Overview.one_notrump.weak': 'OV.c.8',
  'Overview.one_notrump.variable': 'OV.c.9',
  'Overview.bids_prep1': 'OV.t.10',
  'Overview.bids_prep2': 'OV.t.11',

  // Doubles.
  'Doubles.negative_doubles.negative': 'D.c.1',
  'Doubles.negative_doubles.through': 'D.t.2',
  'Doubles.penalty': 'D.c.3',
  'Doubles.responsive_doubles.responsive': 'D.c.4',
  'Doubles.responsive_doubles.through': 'D.t.5',
  'Doubles.responsive_doubles.maximal_doubles': 'D.c.6',
  'Doubles.support_doubles.support': 'D.c.7',
  'Doubles.support_doubles.through': 'D.t.8',
  'Doubles.support_doubles.support_redoubles': 'D.c.9',
  'Doubles.takeout_style': 'D.t.10',
  'Doubles.dbl_exp': 'D.t.11',

  // Notrump overcalls.
  'Notrump_overcalls.direct.nt_overcall_rmin': 'NTO.t.1',
  'Notrump_overcalls.direct.nt_overcall_rmax': 'NTO.t.2',
  'Notrump_overcalls.direct.systems_on': 'NTO.c.3',
  'Notrump_overcalls.balance.bal_nt_rmin': 'NTO.t.4',
  'Notrump_overcalls.balance.bal_nt_rmax': 'NTO.t.5',
  'Notrump_overcalls.balance.systems_on': 'NTO.c.6',
  'Notrump_overcalls.conventional': 'NTO.c.7',
  'Notrump_overcalls.conv_expl': 'NTO.t.8',
  'Notrump_overcalls.jump_two_notrump_overcalls.two_lowest': 'NTO.c.9',
  'Notrump_overcalls.jump_two_notrump_overcalls.other': 'NTO.t.10',

  // Overcalls (the jump overcalls' "Conv" box is not exported: see SWAN_UNMAPPED).
  'Overcalls.one_level_range_min': 'OC.t.1',
  'Overcalls.one_level_range_max': 'OC.t.2',
  'Overcalls.often_four': 'OC.c.3',
  'Overcalls.two_level_range_min': 'OC.t.4',
  'Overcalls.two_level_range_max': 'OC.t.5',
  'Overcalls.Jump_overcall.weak': 'OC.c.6',
  'Overcalls.Jump_overcall.intermediate': 'OC.c.7',
  'Overcalls.Jump_overcall.strong': 'OC.c.8',
  'Overcalls.Jump_overcall.conv_expl': 'OC.t.10',
  'Overcalls.responses.new_suit.forcing': 'OC.c.11',
  'Overcalls.responses.new_suit.non_forcing_constructive': 'OC.c.12',
  'Overcalls.responses.new_suit.non_forcing': 'OC.c.13',
  'Overcalls.responses.new_suit.transfer': 'OC.c.14',
  'Overcalls.responses.jump_raise.weak': 'OC.c.15',
  'Overcalls.responses.jump_raise.mixed': 'OC.c.16',
  'Overcalls.responses.jump_raise.invitational': 'OC.c.17',
  'Overcalls.responses.cuebids': 'OC.t.18',
  'Overcalls.responses.support': 'OC.c.19',
  'Overcalls.oc_other': 'OC.t.20',

  // Direct cuebids: the 2022 card's columns (artificial ♣♦, quasi ♣♦, natural ♣♦, natural ♥♠) by rows.
  'Direct_cuebids.vs_art_minors.michaels': 'DC.c.1',
  'Direct_cuebids.vs_quasi_minors.michaels': 'DC.c.2',
  'Direct_cuebids.vs_nat_minors.michaels': 'DC.c.3',
  'Direct_cuebids.vs_nat_majors.michaels': 'DC.c.4',
  'Direct_cuebids.vs_art_minors.natural': 'DC.c.5',
  'Direct_cuebids.vs_quasi_minors.natural': 'DC.c.6',
  'Direct_cuebids.vs_nat_minors.natural': 'DC.c.7',
  'Direct_cuebids.vs_nat_majors.natural': 'DC.c.8',
  'Direct_cuebids.vs_art_minors.other': 'DC.c.9',
  'Direct_cuebids.vs_quasi_minors.other': 'DC.c.10',
  'Direct_cuebids.vs_nat_minors.other': 'DC.c.11',
  'Direct_cuebids.vs_nat_majors.other': 'DC.c.12',
  'Direct_cuebids.cue_describe': 'DC.t.13',

  // Preempts.
  'Preempts.three_level_style1': 'P.t.1',
  'Preempts.three_level_style2': 'P.t.2',
  'Preempts.three_level_response': 'P.t.3',
  'Preempts.four_level_style': 'P.t.4',
  'Preempts.four_level_response': 'P.t.5',
  'Preempts.fourCD_transfer': 'P.c.6',
  'Preempts.preempts_other': 'P.t.7',

  // Slams.
  'Slams.gerber.directlyNT': 'SL.c.1',
  'Slams.gerber.seq_NT': 'SL.c.2',
  'Slams.gerber.non_seq_NT': 'SL.c.3',
  'Slams.gerber.gerber_expl': 'SL.t.4',
  'Slams.fourNT.blackwood': 'SL.c.5',
  'Slams.fourNT.rkc_0314': 'SL.c.6',
  'Slams.fourNT.rkc_1430': 'SL.c.7',
  'Slams.fourNT.fourNT_expl': 'SL.t.8',
  'Slams.control_bids': 'SL.t.9',
  'Slams.vs_interference': 'SL.t.10',
  'Slams.slams_other': 'SL.t.11',

  // Carding: Suits and NT columns; Smith echo and its line.
  'Carding.suits.standard_attitude': 'C.c.1',
  'Carding.notrump.standard_attitude': 'C.c.2',
  'Carding.suits.standard_count': 'C.c.3',
  'Carding.notrump.standard_count': 'C.c.4',
  'Carding.suits.upside_down_attitude': 'C.c.5',
  'Carding.notrump.upside_down_attitude': 'C.c.6',
  'Carding.suits.upside_down_count': 'C.c.7',
  'Carding.notrump.upside_down_count': 'C.c.8',
  'Carding.exceptions': 'C.t.9',
  'Carding.other_carding': 'C.t.10',
  'Carding.smith.smith_suits': 'C.c.11',
  'Carding.smith.smith_NT': 'C.c.12',
  'Carding.smith.reverse_smith': 'C.c.13',
  'Carding.smith.smith_expl': 'C.t.14',
  'Carding.trump_signals': 'C.t.15',

  // Signals (the 2022 card's "Primary Signals to" line has no leaf).
  'Signals.declarer_lead.attitude': 'SI.c.2',
  'Signals.partner_lead.attitude': 'SI.c.3',
  'Signals.declarer_lead.count': 'SI.c.4',
  'Signals.partner_lead.count': 'SI.c.5',
  'Signals.declarer_lead.suit_pref': 'SI.c.6',
  'Signals.partner_lead.suit_pref': 'SI.c.7',
  'Signals.exceptions': 'SI.t.8',
  'Signals.first_discard.standard': 'SI.c.9',
  'Signals.first_discard.upside_down': 'SI.c.10',
  'Signals.first_discard.lavinthal': 'SI.c.11',
  'Signals.first_discard.odd_even': 'SI.c.12',
  'Signals.first_discard.other': 'SI.c.13',
  'Signals.signals_other1': 'SI.t.14',
  'Signals.signals_other2': 'SI.t.15',

  // Leads: the boxes and lines around the grids (the grids' cards are SWAN_LEADS).
  'Leads_vs_suits.length_leads.fourth': 'LS.c.1',
  'Leads_vs_suits.length_leads.third_fifth': 'LS.c.2',
  'Leads_vs_suits.length_leads.third_low': 'LS.c.3',
  'Leads_vs_suits.length_leads.attitude': 'LS.c.4',
  'Leads_vs_suits.length_leads.small_from_xx': 'LS.c.5',
  'Leads_vs_suits.after_first_trick': 'LS.t.6',
  'Leads_vs_suits.honor_leads.ace_king.varies': 'LS.c.7',
  'Leads_vs_suits.honor_leads.ace_king.varies_expl': 'LS.t.8',
  'Leads_vs_suits.exceptions': 'LS.t.9',
  'Leads_vs_notrump.length_leads.fourth': 'LN.c.1',
  'Leads_vs_notrump.length_leads.third_fifth': 'LN.c.2',
  'Leads_vs_notrump.length_leads.third_low': 'LN.c.3',
  'Leads_vs_notrump.length_leads.attitude': 'LN.c.4',
  'Leads_vs_notrump.length_leads.second_from_xxxx': 'LN.c.5',
  'Leads_vs_notrump.after_first_trick': 'LN.t.6',
  'Leads_vs_notrump.honor_leads.ace_king.varies': 'LN.c.7',
  'Leads_vs_notrump.honor_leads.ace_king.varies_expl': 'LN.t.8',
  'Leads_vs_notrump.exceptions': 'LN.t.9',

  // Vs 1NT opening: two columns.
  'Vs_notrump.versus.vs1': 'V1NT.t.1',
  'Vs_notrump.versus.vs2': 'V1NT.t.2',
  'Vs_notrump.double.double1': 'V1NT.t.3',
  'Vs_notrump.double.double2': 'V1NT.t.4',
  'Vs_notrump.two_clubs.twoC1': 'V1NT.t.5',
  'Vs_notrump.two_clubs.twoC2': 'V1NT.t.6',
  'Vs_notrump.two_diamonds.twoD1': 'V1NT.t.7',
  'Vs_notrump.two_diamonds.twoD2': 'V1NT.t.8',
  'Vs_notrump.two_hearts.twoH1': 'V1NT.t.9',
  'Vs_notrump.two_hearts.twoH2': 'V1NT.t.10',
  'Vs_notrump.two_spades.twoS1': 'V1NT.t.11',
  'Vs_notrump.two_spades.twoS2': 'V1NT.t.12',
  'Vs_notrump.two_NT.twoNT1': 'V1NT.t.13',
  'Vs_notrump.two_NT.twoNT2': 'V1NT.t.14',
  'Vs_notrump.nt_def_other': 'V1NT.t.15',

  // Vs takeout double. Bridge Winners' exporter writes the "2NT Over ♣♦: Raise" box as
  // `nat_majors` and the "2NT Over ♥♠: Nat" box as `raise_minors`: crossed here on purpose.
  'Vs_takeout_double.new_suit_forcing.two_level': 'VTD.c.1',
  'Vs_takeout_double.new_suit_forcing.transfer': 'VTD.c.2',
  'Vs_takeout_double.new_suit_forcing.tfr_expl': 'VTD.t.3',
  'Vs_takeout_double.jump_shift.weak': 'VTD.c.4',
  'Vs_takeout_double.jump_shift.invitational': 'VTD.c.5',
  'Vs_takeout_double.jump_shift.forcing': 'VTD.c.6',
  'Vs_takeout_double.jump_shift.fit': 'VTD.c.7',
  'Vs_takeout_double.redouble_10': 'VTD.c.8',
  'Vs_takeout_double.conventional': 'VTD.c.9',
  'Vs_takeout_double.conv_expl': 'VTD.t.10',
  'Vs_takeout_double.two_notrump_over.nat_minors': 'VTD.c.11',
  'Vs_takeout_double.two_notrump_over.nat_majors': 'VTD.c.12',
  'Vs_takeout_double.two_notrump_over.rmin_minors': 'VTD.t.13',
  'Vs_takeout_double.two_notrump_over.rmax_minors': 'VTD.t.14',
  'Vs_takeout_double.two_notrump_over.raise_minors': 'VTD.c.15',
  'Vs_takeout_double.two_notrump_over.raise_majors': 'VTD.c.16',
  'Vs_takeout_double.two_notrump_over.rmin_majors': 'VTD.t.17',
  'Vs_takeout_double.two_notrump_over.rmax_majors': 'VTD.t.18',
  'Vs_takeout_double.vs_takeout_other': 'VTD.t.19',

  // Vs preempts.
  'Vs_preempts.twoNT_overcall': 'VP.t.1',
  'Vs_preempts.takeout_through': 'VP.t.2',
  'Vs_preempts.penalty': 'VP.c.3',
  'Vs_preempts.leb_2NT': 'VP.c.4',
  'Vs_preempts.leb_expl': 'VP.t.4',
  'Vs_preempts.cuebid': 'VP.t.5',
  'Vs_preempts.jump_overcalls': 'VP.t.6',
  'Vs_preempts.vs_preempt_other': 'VP.t.7',

  // 1♣.
  'Minors.one_club.length.five': '1C.c.1',
  'Minors.one_club.length.four': '1C.c.2',
  'Minors.one_club.length.three': '1C.c.3',
  'Minors.one_club.length.nf2': '1C.c.4',
  'Minors.one_club.length.only_4432': '1C.c.5',
  'Minors.one_club.length.nf1': '1C.c.6',
  'Minors.one_club.length.nf0': '1C.c.7',
  'Minors.one_club.length.artf': '1C.c.8',
  'Minors.one_club.responses.response1': '1C.t.9',
  'Minors.one_club.responses.transfer_response': '1C.c.10',
  'Minors.one_club.responses.response2': '1C.t.11',
  'Minors.one_club.responses.one_diamond': '1C.t.12',
  'Minors.one_club.responses.bypass_five_diamonds': '1C.c.13',
  'Minors.one_club.responses.onent_range_min': '1C.t.14',
  'Minors.one_club.responses.onent_range_max': '1C.t.15',
  'Minors.one_club.responses.twont_range_min': '1C.t.16',
  'Minors.one_club.responses.twont_range_max': '1C.t.17',
  'Minors.one_club.raises.single.non_forcing': '1C.c.18',
  'Minors.one_club.raises.single.inv_plus': '1C.c.19',
  'Minors.one_club.raises.single.game_forcing': '1C.c.20',
  'Minors.one_club.raises.jump.weak': '1C.c.21',
  'Minors.one_club.raises.jump.mixed': '1C.c.22',
  'Minors.one_club.raises.jump.invitational': '1C.c.23',
  'Minors.one_club.raises.after_overcall.weak': '1C.c.24',
  'Minors.one_club.raises.after_overcall.mixed': '1C.c.25',
  'Minors.one_club.raises.after_overcall.invitational': '1C.c.26',

  // 1♦.
  'Minors.one_diamond.length.five': '1D.c.1',
  'Minors.one_diamond.length.four': '1D.c.2',
  'Minors.one_diamond.length.three': '1D.c.3',
  'Minors.one_diamond.length.unbalanced': '1D.c.4',
  'Minors.one_diamond.length.nf2': '1D.c.5',
  'Minors.one_diamond.length.nf1': '1D.c.6',
  'Minors.one_diamond.length.nf0': '1D.c.7',
  'Minors.one_diamond.length.artf': '1D.c.8',
  'Minors.one_diamond.responses.response1': '1D.t.9',
  'Minors.one_diamond.responses.same_one_club': '1D.c.10',
  'Minors.one_diamond.responses.response2': '1D.t.11',
  'Minors.one_diamond.responses.onent_range_min': '1D.t.12',
  'Minors.one_diamond.responses.onent_range_max': '1D.t.13',
  'Minors.one_diamond.responses.twont_range_min': '1D.t.14',
  'Minors.one_diamond.responses.twont_range_max': '1D.t.15',
  'Minors.one_diamond.raises.single.non_forcing': '1D.c.16',
  'Minors.one_diamond.raises.single.inv_plus': '1D.c.17',
  'Minors.one_diamond.raises.single.game_forcing': '1D.c.18',
  'Minors.one_diamond.raises.jump.weak': '1D.c.19',
  'Minors.one_diamond.raises.jump.mixed': '1D.c.20',
  'Minors.one_diamond.raises.jump.invitational': '1D.c.21',
  'Minors.one_diamond.raises.after_overcall.weak': '1D.c.22',
  'Minors.one_diamond.raises.after_overcall.mixed': '1D.c.23',
  'Minors.one_diamond.raises.after_overcall.invitational': '1D.c.24',

  // 1♥/1♠. Bridge Winners' exporter writes the "5" length box as `four` and the "4" box as
  // `five`: crossed here on purpose.
  'Majors.first_second.five': '1H1S.c.1',
  'Majors.first_second.four': '1H1S.c.2',
  'Majors.third_fourth.five': '1H1S.c.3',
  'Majors.third_fourth.four': '1H1S.c.4',
  'Majors.one_notrump.forcing': '1H1S.c.5',
  'Majors.one_notrump.semi_forcing': '1H1S.c.6',
  'Majors.one_notrump.bypass_spades': '1H1S.c.7',
  'Majors.art_raises.two_notrump': '1H1S.c.8',
  'Majors.art_raises.three_notrump': '1H1S.c.9',
  'Majors.art_raises.splinter': '1H1S.c.10',
  'Majors.art_raises.art_other': '1H1S.t.11',
  'Majors.drury.two_clubs': '1H1S.c.12',
  'Majors.drury.two_diamonds': '1H1S.c.13',
  'Majors.drury.in_comp': '1H1S.c.14',
  'Majors.drury.in_comp_expl': '1H1S.t.15',
  'Majors.major_other1': '1H1S.t.16',
  'Majors.major_other2': '1H1S.t.16b',
  'Majors.jump.weak': '1H1S.c.17',
  'Majors.jump.mixed': '1H1S.c.18',
  'Majors.jump.invitational': '1H1S.c.19',
  'Majors.after_overcall.weak': '1H1S.c.20',
  'Majors.after_overcall.mixed': '1H1S.c.21',
  'Majors.after_overcall.invitational': '1H1S.c.22',

  // 1NT.
  'Notrump.one_notrump_opening.range.nt_open_rmin1': '1NT.t.1',
  'Notrump.one_notrump_opening.range.nt_open_rmax1': '1NT.t.2',
  'Notrump.one_notrump_opening.range.seat_vul': '1NT.t.3',
  'Notrump.one_notrump_opening.range.nt_open_rmin2': '1NT.t.28',
  'Notrump.one_notrump_opening.range.nt_open_rmax2': '1NT.t.29',
  'Notrump.one_notrump_opening.range.same_response_yes': '1NT.c.30',
  'Notrump.one_notrump_opening.range.same_response_no': '1NT.c.31',
  'Notrump.one_notrump_opening.misc.five_card_major_common': '1NT.c.4',
  'Notrump.one_notrump_opening.misc.systems_on': '1NT.t.5',
  'Notrump.one_notrump_opening.two_clubs.stayman': '1NT.c.6',
  'Notrump.one_notrump_opening.two_clubs.puppet_stayman': '1NT.c.7',
  'Notrump.one_notrump_opening.two_clubs.other': '1NT.c.8',
  'Notrump.one_notrump_opening.two_diamonds.natural': '1NT.c.9',
  'Notrump.one_notrump_opening.two_diamonds.transfer': '1NT.c.10',
  'Notrump.one_notrump_opening.two_diamonds.other': '1NT.t.11',
  'Notrump.one_notrump_opening.two_hearts.natural': '1NT.c.12',
  'Notrump.one_notrump_opening.two_hearts.transfer': '1NT.c.13',
  'Notrump.one_notrump_opening.two_hearts.other': '1NT.t.14',
  'Notrump.one_notrump_opening.two_spades.natural': '1NT.c.15',
  'Notrump.one_notrump_opening.two_spades.transfer': '1NT.c.16',
  'Notrump.one_notrump_opening.two_spades.other': '1NT.t.17',
  'Notrump.one_notrump_opening.two_notrump.natural': '1NT.c.18',
  'Notrump.one_notrump_opening.two_notrump.transfer': '1NT.c.19',
  'Notrump.one_notrump_opening.two_notrump.other': '1NT.t.20',
  'Notrump.one_notrump_opening.other_conventions.smolen': '1NT.c.21',
  'Notrump.one_notrump_opening.other_conventions.fourC_transfer': '1NT.c.22',
  'Notrump.one_notrump_opening.other_conventions.fourD_transfer': '1NT.c.23',
  'Notrump.one_notrump_opening.other_conventions.fourH_transfer': '1NT.c.24',
  'Notrump.one_notrump_opening.other_conventions.negative_double': '1NT.c.25',
  'Notrump.one_notrump_opening.other_conventions.neg_dbl_expl': '1NT.t.26',
  'Notrump.one_notrump_opening.other_conventions.penalty_double': '1NT.c.27',
  // `other_misc`: the "Other" line at the end of the doubles row.
  'Notrump.one_notrump_opening.other_conventions.other_misc': '1NT.t.38',
  'Notrump.one_notrump_opening.other_conventions.lebensohl.lebensohl': '1NT.c.39',
  'Notrump.one_notrump_opening.other_conventions.lebensohl.leb_expl': '1NT.t.40',
  'Notrump.one_notrump_opening.three_clubs': '1NT.t.32',
  'Notrump.one_notrump_opening.three_diamonds': '1NT.t.33',
  'Notrump.one_notrump_opening.three_hearts': '1NT.t.34',
  'Notrump.one_notrump_opening.three_spades': '1NT.t.35',
  'Notrump.one_notrump_opening.other.other1': '1NT.t.36',
  'Notrump.one_notrump_opening.other.other2': '1NT.t.37',

  // 2NT and 3NT.
  'Notrump.two_notrump_opening.twont_open_min': '2NT.t.1',
  'Notrump.two_notrump_opening.twont_open_max': '2NT.t.2',
  'Notrump.two_notrump_opening.puppet': '2NT.c.3',
  'Notrump.two_notrump_opening.three_spades': '2NT.c.4',
  'Notrump.two_notrump_opening.three_spades_expl': '2NT.t.5',
  'Notrump.two_notrump_opening.conventional': '2NT.c.6',
  'Notrump.two_notrump_opening.conv_explanation': '2NT.t.7',
  'Notrump.two_notrump_opening.transfer.three_level': '2NT.c.8',
  'Notrump.two_notrump_opening.transfer.four_level': '2NT.c.9',
  'Notrump.two_notrump_opening.negative_doubles': '2NT.c.10',
  'Notrump.two_notrump_opening.other': '2NT.t.11',
  'Notrump.three_notrump_opening.threent_open_min': '3NT.t.1',
  'Notrump.three_notrump_opening.threent_open_max': '3NT.t.2',
  'Notrump.three_notrump_opening.one_suit': '3NT.c.3',
  'Notrump.three_notrump_opening.one_suit_expl': '3NT.t.4',

  // 2♣.
  'Two_level.two_clubs.twoC_range_min': '2C.t.1',
  'Two_level.two_clubs.twoC_range_max': '2C.t.2',
  'Two_level.two_clubs.twoC_expl': '2C.t.3a',
  'Two_level.two_clubs.two_diamonds.negative': '2C.c.3b',
  'Two_level.two_clubs.two_diamonds.waiting': '2C.c.4',
  'Two_level.two_clubs.steps': '2C.c.5',
  'Two_level.two_clubs.steps_expl': '2C.t.6',
  'Two_level.two_clubs.twoH_neg': '2C.c.7',
  'Two_level.two_clubs.very_strong': '2C.c.8',
  'Two_level.two_clubs.strong': '2C.c.9',
  'Two_level.two_clubs.natural': '2C.c.10',
  'Two_level.two_clubs.conventional': '2C.c.11',
  'Two_level.two_clubs.conv_explanation': '2C.t.12',
  'Two_level.two_clubs.twoC_other': '2C.t.13',

  // 2♦, 2♥, 2♠ (the 2022 card's top of the 2♠ range is the field it misspells `21.t.2`).
  'Two_level.two_diamonds.twoD_range_min': '2D.t.1',
  'Two_level.two_diamonds.twoD_range_max': '2D.t.2',
  'Two_level.two_diamonds.twoD_expl': '2D.t.3',
  'Two_level.two_diamonds.new_suit_non_forcing': '2D.c.4',
  'Two_level.two_diamonds.weak': '2D.c.5',
  'Two_level.two_diamonds.intermediate': '2D.c.6',
  'Two_level.two_diamonds.strong': '2D.c.7',
  'Two_level.two_diamonds.conventional': '2D.c.8',
  'Two_level.two_diamonds.rebid_over_2nt': '2D.t.9',
  'Two_level.two_diamonds.twoD_other': '2D.t.10',
  'Two_level.two_hearts.twoH_range_min': '2H.t.1',
  'Two_level.two_hearts.twoH_range_max': '2H.t.2',
  'Two_level.two_hearts.twoH_expl': '2H.t.3',
  'Two_level.two_hearts.new_suit_non_forcing': '2H.c.4',
  'Two_level.two_hearts.weak': '2H.c.5',
  'Two_level.two_hearts.intermediate': '2H.c.6',
  'Two_level.two_hearts.strong': '2H.c.7',
  'Two_level.two_hearts.rebid_over_2nt': '2H.t.9',
  'Two_level.two_hearts.twoH_other': '2H.t.10',
  'Two_level.two_spades.twoS_range_min': '2S.t.1',
  'Two_level.two_spades.twoS_range_max': '21.t.2',
  'Two_level.two_spades.twoS_expl': '2S.t.3',
  'Two_level.two_spades.new_suit_non_forcing': '2S.c.4',
  'Two_level.two_spades.weak': '2S.c.5',
  'Two_level.two_spades.intermediate': '2S.c.6',
  'Two_level.two_spades.strong': '2S.c.7',
  'Two_level.two_spades.rebid_over_2nt': '2S.t.9',
  'Two_level.two_spades.twoS_other': '2S.t.10',

  // Other conventional calls: `vs_strong` and `vs_strong2` hold the section's two free lines (the
  // "Vs (Very) Str Open" line, O.t.2, is not in the export).
  'Other_conventional_calls.jump_shift_resp': 'O.t.1',
  'Other_conventional_calls.new_minor_forcing': 'O.c.3',
  'Other_conventional_calls.two_way': 'O.c.4',
  'Other_conventional_calls.xyz': 'O.c.5',
  'Other_conventional_calls.fourth_suit_forcing.one_round': 'O.c.6',
  'Other_conventional_calls.fourth_suit_forcing.to_game': 'O.c.7',
  'Other_conventional_calls.vs_strong': 'O.t.8',
  'Other_conventional_calls.vs_strong2': 'O.t.9',
};

/**
 * SWAN lead leaves → the catalogue lead option (docs/catalogue-keys.md) that leads that card. A
 * holding Bridge Winners prints differently from the catalogue is read as the nearest one with the
 * same card led, as the 2022 card's grid does (acbl-2022-card.ts ACBL_2022_LEADS): J10x versus suits
 * in JT9, AKx versus notrump in AKxx, KQx in KQJx, QJx in QJTx, J10x in JT9x. Interior sequences mark
 * the catalogue's three choices in each holding it names (KJ10x, K109x, Q109x versus suits; AJ10x,
 * Q109x versus notrump): the top of the sequence, the card below it ("zero or two higher honors"),
 * and the fourth.
 */
export const SWAN_LEADS: Readonly<Record<string, string>> = {
  // Versus suits: small cards and H-holdings.
  'Leads_vs_suits.length_leads.doubleton.first': 'ld.xx.top',
  'Leads_vs_suits.length_leads.doubleton.second': 'ld.xx.low',
  'Leads_vs_suits.length_leads.tripleton.first': 'ld.xxx.top',
  'Leads_vs_suits.length_leads.tripleton.second': 'ld.xxx.middle',
  'Leads_vs_suits.length_leads.tripleton.third': 'ld.xxx.low',
  'Leads_vs_suits.length_leads.four_small.first': 'ld.xxxx.top',
  'Leads_vs_suits.length_leads.four_small.second': 'ld.xxxx.2nd',
  'Leads_vs_suits.length_leads.four_small.third': 'ld.xxxx.3rd',
  'Leads_vs_suits.length_leads.four_small.fourth': 'ld.xxxx.4th',
  'Leads_vs_suits.length_leads.five_small.second': 'ld.xxxxx.2nd',
  'Leads_vs_suits.length_leads.five_small.fourth': 'ld.xxxxx.4th',
  'Leads_vs_suits.length_leads.five_small.fifth': 'ld.xxxxx.5th',
  'Leads_vs_suits.length_leads.Hxx.first': 'ld.hxx.honor',
  'Leads_vs_suits.length_leads.Hxx.second': 'ld.hxx.middle',
  'Leads_vs_suits.length_leads.Hxx.third': 'ld.hxx.low',
  'Leads_vs_suits.length_leads.Hxxx.third': 'ld.hxxx.3rd',
  'Leads_vs_suits.length_leads.Hxxx.fourth': 'ld.hxxx.4th',
  'Leads_vs_suits.length_leads.Hxxxx.fourth': 'ld.hxxxx.4th',
  'Leads_vs_suits.length_leads.Hxxxx.fifth': 'ld.hxxxx.5th',
  // Versus suits: honour sequences.
  'Leads_vs_suits.honor_leads.ace_king.ace': 'ld.ak.a',
  'Leads_vs_suits.honor_leads.ace_king.king': 'ld.ak.k',
  'Leads_vs_suits.honor_leads.king_queen.king': 'ld.kq.k',
  'Leads_vs_suits.honor_leads.king_queen.queen': 'ld.kq.q',
  'Leads_vs_suits.honor_leads.queen_jack.queen': 'ld.qj.q',
  'Leads_vs_suits.honor_leads.queen_jack.jack': 'ld.qj.j',
  'Leads_vs_suits.honor_leads.jack_ten.jack': 'ld.j10.j',
  'Leads_vs_suits.honor_leads.jack_ten.ten': 'ld.j10.10',
  // Versus suits: interior sequences.
  'Leads_vs_suits.interior_seq.king_jack_ten.jack': 'ld.interior.top',
  'Leads_vs_suits.interior_seq.king_jack_ten.ten': 'ld.interior.zeroTwo',
  'Leads_vs_suits.interior_seq.king_jack_ten.low': 'ld.interior.4th',
  'Leads_vs_suits.interior_seq.king_ten_nine.ten': 'ld.interior.top',
  'Leads_vs_suits.interior_seq.king_ten_nine.nine': 'ld.interior.zeroTwo',
  'Leads_vs_suits.interior_seq.king_ten_nine.low': 'ld.interior.4th',
  'Leads_vs_suits.interior_seq.queen_ten_nine.ten': 'ld.interior.top',
  'Leads_vs_suits.interior_seq.queen_ten_nine.nine': 'ld.interior.zeroTwo',
  'Leads_vs_suits.interior_seq.queen_ten_nine.low': 'ld.interior.4th',
  // Versus notrump: small cards and H-holdings.
  'Leads_vs_notrump.length_leads.doubleton.first': 'ld.xxNt.top',
  'Leads_vs_notrump.length_leads.doubleton.second': 'ld.xxNt.low',
  'Leads_vs_notrump.length_leads.tripleton.first': 'ld.xxxNt.top',
  'Leads_vs_notrump.length_leads.tripleton.second': 'ld.xxxNt.middle',
  'Leads_vs_notrump.length_leads.tripleton.third': 'ld.xxxNt.low',
  'Leads_vs_notrump.length_leads.four_small.first': 'ld.xxxxNt.top',
  'Leads_vs_notrump.length_leads.four_small.second': 'ld.xxxxNt.2nd',
  'Leads_vs_notrump.length_leads.four_small.third': 'ld.xxxxNt.3rd',
  'Leads_vs_notrump.length_leads.four_small.fourth': 'ld.xxxxNt.4th',
  'Leads_vs_notrump.length_leads.five_small.second': 'ld.xxxxxNt.2nd',
  'Leads_vs_notrump.length_leads.five_small.fourth': 'ld.xxxxxNt.4th',
  'Leads_vs_notrump.length_leads.five_small.fifth': 'ld.xxxxxNt.5th',
  'Leads_vs_notrump.length_leads.Hxx.first': 'ld.hxxNt.honor',
  'Leads_vs_notrump.length_leads.Hxx.second': 'ld.hxxNt.middle',
  'Leads_vs_notrump.length_leads.Hxx.third': 'ld.hxxNt.low',
  'Leads_vs_notrump.length_leads.Hxxx.third': 'ld.hxxxNt.3rd',
  'Leads_vs_notrump.length_leads.Hxxx.fourth': 'ld.hxxxNt.4th',
  'Leads_vs_notrump.length_leads.Hxxxx.fourth': 'ld.hxxxxNt.4th',
  'Leads_vs_notrump.length_leads.Hxxxx.fifth': 'ld.hxxxxNt.5th',
  // Versus notrump: honour sequences.
  'Leads_vs_notrump.honor_leads.ace_king.ace': 'ld.akNt.a',
  'Leads_vs_notrump.honor_leads.ace_king.king': 'ld.akNt.k',
  'Leads_vs_notrump.honor_leads.king_queen_jack.king': 'ld.kqNt.k',
  'Leads_vs_notrump.honor_leads.king_queen_jack.queen': 'ld.kqNt.q',
  'Leads_vs_notrump.honor_leads.king_queen_ten_nine.king': 'ld.kq10Nt.k',
  'Leads_vs_notrump.honor_leads.king_queen_ten_nine.queen': 'ld.kq10Nt.q',
  'Leads_vs_notrump.honor_leads.queen_jack_ten.queen': 'ld.qjNt.q',
  'Leads_vs_notrump.honor_leads.queen_jack_ten.jack': 'ld.qjNt.j',
  'Leads_vs_notrump.honor_leads.jack_ten_nine.jack': 'ld.j10Nt.j',
  'Leads_vs_notrump.honor_leads.jack_ten_nine.ten': 'ld.j10Nt.10',
  // Versus notrump: interior sequences.
  'Leads_vs_notrump.interior_seq.ace_jack_ten.jack': 'ld.interiorNt.top',
  'Leads_vs_notrump.interior_seq.ace_jack_ten.ten': 'ld.interiorNt.zeroTwo',
  'Leads_vs_notrump.interior_seq.ace_jack_ten.low': 'ld.interiorNt.4th',
  'Leads_vs_notrump.interior_seq.queen_ten_nine.ten': 'ld.interiorNt.top',
  'Leads_vs_notrump.interior_seq.queen_ten_nine.nine': 'ld.interiorNt.zeroTwo',
  'Leads_vs_notrump.interior_seq.queen_ten_nine.low': 'ld.interiorNt.4th',
};

/** A leaf's type in a Bridge Winners card: a check box or a write-in line. */
export type SwanLeafType = 'boolean' | 'string';

/** Lead leaves of one holding that no catalogue option leads, with the reason. */
const unmappedCards = (holding: string, cards: readonly string[], reason: string): [string, { type: SwanLeafType; reason: string }][] =>
  cards.map((card) => [`${holding}.${card}`, { type: 'boolean', reason }]);

const NO_OPTION = 'the catalogue has no option that leads this card from this holding';

/**
 * SWAN leaves with no 2022 field and no lead option, with their type and the reason: the export
 * writes them blank (false or ''), the import keeps a non-blank one in "Imported, not placed".
 */
export const SWAN_UNMAPPED: Readonly<Record<string, { type: SwanLeafType; reason: string }>> = Object.fromEntries([
  ['Overview.forcing_openings.other', { type: 'boolean', reason: 'a box on this card; the 2022 card’s forcing “Other” (OV.t.6) is a line' }],
  [
    'Overcalls.Jump_overcall.conventional',
    { type: 'string', reason: 'the jump overcalls’ “Conv” box, which Bridge Winners exports as an always empty text and does not import' },
  ],
  ['Two_level.two_hearts.conventional', { type: 'boolean', reason: '2♥ “Conv”: the 2022 card’s box there is “2 Suits” (2H.c.8)' }],
  ['Two_level.two_spades.conventional', { type: 'boolean', reason: '2♠ “Conv”: the 2022 card’s box there is “2 Suits” (2S.c.8)' }],
  ...unmappedCards('Leads_vs_suits.length_leads.five_small', ['first', 'third'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.length_leads.Hxxx', ['first', 'second'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.length_leads.Hxxxx', ['first', 'second', 'third'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.honor_leads.ace_king', ['low'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.honor_leads.king_queen', ['low'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.honor_leads.queen_jack', ['low'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.honor_leads.jack_ten', ['nine'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.interior_seq.king_jack_ten', ['king'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.interior_seq.king_ten_nine', ['king'], NO_OPTION),
  ...unmappedCards('Leads_vs_suits.interior_seq.queen_ten_nine', ['queen'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.length_leads.five_small', ['first', 'third'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.length_leads.Hxxx', ['first', 'second'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.length_leads.Hxxxx', ['first', 'second', 'third'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.honor_leads.ace_king', ['low1', 'low2'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.honor_leads.king_queen_jack', ['jack', 'low'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.honor_leads.king_queen_ten_nine', ['ten', 'nine'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.honor_leads.queen_jack_ten', ['ten', 'low'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.honor_leads.jack_ten_nine', ['nine', 'low'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.interior_seq.ace_jack_ten', ['ace'], NO_OPTION),
  ...unmappedCards('Leads_vs_notrump.interior_seq.queen_ten_nine', ['queen'], NO_OPTION),
  ...unmappedCards(
    'Leads_vs_notrump.interior_seq.ace_queen_jack',
    ['ace', 'queen', 'jack', 'low'],
    'AQJx: not among the catalogue’s interior sequences (KJ10x, K109x, Q109x, AJ10x)',
  ),
  ...unmappedCards(
    'Leads_vs_notrump.interior_seq.ace_ten_nine',
    ['ace', 'ten', 'nine', 'low'],
    'A109x, which Bridge Winners prints where the 2022 card prints K109x: not among the catalogue’s interior sequences',
  ),
]);

/** Leaves that say which format the file is, not what the agreement is: written as shown, ignored on import. */
export const SWAN_FORMAT_LEAVES: Readonly<Record<string, boolean>> = { New_Format: true };

/** Most nested objects from the file's root to a leaf (a Bridge Winners card has 6). */
export const SWAN_MAX_DEPTH = 8;
/** Most leaves read from one card (a Bridge Winners card has 466). */
export const SWAN_MAX_LEAVES = 3_000;
/** Longest text kept from one leaf, in characters. */
const MAX_TEXT_LENGTH = 1_000;

/** Every leaf of a Bridge Winners card, by path under `Convention_Card`, with its type (mapped, lead, unmapped, format). */
export function swanLeafTypes(): Map<string, SwanLeafType> {
  const types = new Map<string, SwanLeafType>();
  for (const [path, field] of Object.entries(SWAN_2022_FIELDS)) types.set(path, /\.c\./.test(field) ? 'boolean' : 'string');
  for (const path of Object.keys(SWAN_LEADS)) types.set(path, 'boolean');
  for (const [path, { type }] of Object.entries(SWAN_UNMAPPED)) types.set(path, type);
  for (const path of Object.keys(SWAN_FORMAT_LEAVES)) types.set(path, 'boolean');
  return types;
}

const LEAF_TYPES = swanLeafTypes();

/** Whether a parsed JSON value is a Bridge Winners card: an object with a `Convention_Card` key. */
export function isSwanCard(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && Object.hasOwn(json, SWAN_ROOT);
}

const describeValue = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'number'
        ? 'a number'
        : typeof value === 'string'
          ? 'text'
          : String(typeof value);

/**
 * A Bridge Winners card's leaves as 2022 card values, the lead options it ticks, and the non-blank
 * leaves no mapping places (kept as not placed by the import), checked leaf by leaf.
 *
 * @param json the parsed file: `{ "Convention_Card": { section: { … leaf } } }`; a leaf is true /
 *   false (a box) or text (a line); leaves may be missing (blank); leaves this module does not know
 *   are kept as not placed when they hold something
 * @returns `values` by 2022 field name (acbl-2022-card.ts), `leads` as catalogue option keys,
 *   `unknown` as "path: value" lines ("ticked" for a box)
 * @throws AgreementFileError naming the leaf's path: a value that is not an object, true / false or
 *   text; a box holding text or a line holding true / false; nesting deeper than SWAN_MAX_DEPTH;
 *   more than SWAN_MAX_LEAVES leaves; no `Convention_Card` object
 */
export function swanValuesOf(json: unknown): { values: Record<string, CardFieldValue>; leads: string[]; unknown: string[] } {
  const refuse = (message: string): never => {
    throw new AgreementFileError(`This Bridge Winners card cannot be read: ${message}`, [{ message }]);
  };
  const root = isSwanCard(json) ? (json as Record<string, unknown>)[SWAN_ROOT] : undefined;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return refuse(`${SWAN_ROOT} should be an object of sections.`);
  const values: Record<string, CardFieldValue> = {};
  const leads = new Set<string>();
  const unknown: string[] = [];
  let leaves = 0;
  // Depth-first without recursion: [path, value, depth below the file's root].
  const stack: [string, unknown, number][] = Object.entries(root).map(([key, value]) => [key, value, 2]);
  stack.reverse();
  while (stack.length > 0) {
    const [path, value, depth] = stack.pop()!;
    const shown = `${SWAN_ROOT}.${path}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      if (LEAF_TYPES.has(path)) refuse(`${shown} should be ${LEAF_TYPES.get(path) === 'boolean' ? 'true or false' : 'text'}, not an object.`);
      if (depth >= SWAN_MAX_DEPTH) refuse(`${shown} is nested deeper than a card’s sections (at most ${SWAN_MAX_DEPTH} levels).`);
      const children = Object.entries(value).map(([key, child]): [string, unknown, number] => [`${path}.${key}`, child, depth + 1]);
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
      continue;
    }
    leaves += 1;
    if (leaves > SWAN_MAX_LEAVES) refuse(`it has more than ${SWAN_MAX_LEAVES} values (the next is ${shown}); a card has about 470.`);
    if (typeof value !== 'boolean' && typeof value !== 'string') refuse(`${shown} should be true, false or text, not ${describeValue(value)}.`);
    const leaf = value as boolean | string;
    const type = LEAF_TYPES.get(path);
    if (type !== undefined && typeof leaf !== type) refuse(`${shown} should be ${type === 'boolean' ? 'true or false' : 'text'}, not ${describeValue(leaf)}.`);
    if (Object.hasOwn(SWAN_FORMAT_LEAVES, path)) continue;
    const kept = typeof leaf === 'string' ? leaf.slice(0, MAX_TEXT_LENGTH) : leaf;
    const field = SWAN_2022_FIELDS[path];
    const lead = SWAN_LEADS[path];
    if (field !== undefined) values[field] = kept;
    else if (lead !== undefined) {
      if (kept === true) leads.add(lead);
    } else if (kept === true || (typeof kept === 'string' && kept.trim() !== '')) unknown.push(`${path}: ${kept === true ? 'ticked' : kept}`);
  }
  return { values, leads: [...leads], unknown };
}

/** A nested SWAN object with `value` set at the dotted `path`. */
function setLeaf(target: Record<string, unknown>, path: string, value: boolean | string): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/**
 * The agreement as a Bridge Winners card (docs/agreement-format.md, "Bridge Winners cards"):
 * `{ "Convention_Card": { … } }` with every leaf of a Bridge Winners export (Bridge Winners' importer
 * refuses a file that lacks one), filled as the official 2022 card is (official-card.ts): a box
 * true or false, a line its text without colour marks (suits as the product's `!h` shorthand,
 * which Bridge Winners writes too) or ''; the lead cards of the options the agreement ticks; the
 * unmapped leaves blank; `New_Format` true.
 */
export function swanCardOf(document: ContractDocument): { [SWAN_ROOT]: Record<string, unknown> } {
  const filled = fillOfficialCard(document, ACBL_2022_CARD);
  const ticked = new Set(filled.leads.map((lead) => lead.option));
  const card: Record<string, unknown> = {};
  for (const [path, field] of Object.entries(SWAN_2022_FIELDS)) {
    const value = filled.fields.get(field);
    if (LEAF_TYPES.get(path) === 'boolean') setLeaf(card, path, value !== undefined);
    else setLeaf(card, path, value?.kind === 'text' ? stripMarkup(value.text) : '');
  }
  for (const [path, option] of Object.entries(SWAN_LEADS)) setLeaf(card, path, ticked.has(option));
  for (const [path, { type }] of Object.entries(SWAN_UNMAPPED)) setLeaf(card, path, type === 'boolean' ? false : '');
  for (const [path, value] of Object.entries(SWAN_FORMAT_LEAVES)) setLeaf(card, path, value);
  return { [SWAN_ROOT]: card };
}
