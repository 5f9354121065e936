/**
 * Bridgodex convention cards (docs/agreement-format.md, "Bridgodex cards"): bridgeodex.com exports
 * a card as JSON, an object whose `settings` holds one object per section of the card, and in
 * each a value per box or line:
 *
 *     { "settings": { "names": { "names": "Anna & Bob" },
 *                     "1_no_trump": { "a_range_min": "15", "a_range_max": "17", "2c_stayman": "on" }, … } }
 *
 * A box is ticked when its value is the string "on" (or true); a line is a string (or a number).
 * Here each settings path (`1_no_trump.a_range_min`, relative to `settings`) is named by the ACBL
 * classic card's field it stands for (acbl-classic-card.ts, `ACBL_CLASSIC_CARD`; each field's
 * comment says where it is printed), so the import reads a Bridgodex card back through the classic
 * card's map like a filled classic PDF or a BBO card (card-import.ts, `agreementFromCard`).
 *
 * Source: we have no description of the format from Bridgodex. The paths are those of the
 * "Bridgeodex" column of another project's cross-format notes (the shared reference
 * `card-formats/field-mapping-notes.md`); the field each stands for was chosen here by the concept
 * of the notes' row and the place of the classic card's field, not taken from the notes' "ACBL
 * Classic" column, which names several fields of the wrong box (`Weak_3` for the major jump raise,
 * `Fit` for the jump shift over a double). Rows the notes give only in shorthand (a bare key
 * without its section, `jump_shift_fit/_f`, "any tfr_4c/4d/4h") are listed in
 * BRIDGODEX_APPROXIMATE_PATHS: those mappings rest on the notes' approximate rows. Import only:
 * no Bridgodex card is written.
 */
import { AgreementFileError } from './agreement-file';
import type { CardFieldValue } from './card-import';

/**
 * Bridgodex boxes → the classic card's check box each stands for. Where several boxes stand for
 * one (the classic card's "NF 0-2" for Bridgodex's 1♣ NF 2, NF 1 and NF 0), the field is ticked
 * when any of them is.
 */
export const BRIDGODEX_BOXES: Readonly<Record<string, string>> = {
  // General approach.
  'overview.forcing_1c': 'FORCING OPENING 1c',
  'overview.forcing_2c': '2c',
  // 1NT opening.
  '1_no_trump.5_card_major': '5card Major common',
  '1_no_trump.2c_stayman': '2c Stayman',
  '1_no_trump.2c_puppet': 'Puppet',
  '1_no_trump.2d_tfr': '2d Transfer to h',
  '1_no_trump.2h_tfr': '2h Transfer to s',
  '1_no_trump.tfr_4d': '4d  4h  Transfer',
  '1_no_trump.tfr_4h': '4d  4h  Transfer',
  '1_no_trump.smolen': 'Smolen',
  '1_no_trump.lebensohl': 'Lebensohl',
  '1_no_trump.dbl_neg': 'Neg Double',
  // 2NT opening.
  '2_no_trump.puppet': 'Puppet Stayman',
  '2_no_trump.tfr_3lvl': 'Jacoby',
  '2_no_trump.tfr_4lvl': 'Texas',
  // Major openings.
  'majors.min_len_1st_2nd_4': '1st/2nd 4',
  'majors.min_len_1st_2nd_5': '1st/2nd 5',
  'majors.min_len_3rd_4th_4': '3rd/rth 4',
  'majors.min_len_3rd_4th_5': '3rd/rth 5',
  'majors.1nt_forcing': '1NT  Forcing',
  'majors.1nt_semi_forcing': 'Semiforcing',
  'majors.art_raises_2nt': 'Conv Raise 2NT',
  'majors.art_raises_splinter': 'Splinter',
  'majors.art_raises_3nt': '3NT_2',
  'majors.jump_raise_weak': 'Weak_5',
  'majors.jump_raise_inv': 'Inv_4',
  'majors.jump_raise_overcall_weak': 'Weak_6',
  'majors.jump_raise_overcall_inv': 'Inv_5',
  'majors.drury_2c': 'Drury',
  'majors.drury_2d': '2Way',
  // Minor openings (the classic card's jump raises are for both minors; Bridgodex's for 1♣).
  'minors.1c_min_len_4': '1c 4',
  'minors.1c_min_len_3': '1c 3',
  'minors.1c_nf2': '1c NF',
  'minors.1c_nf1': '1c NF',
  'minors.1c_nf0': '1c NF',
  'minors.1c_art_f': '1c conv',
  'minors.1c_transfer_resp': 'Transfer Resp_2',
  'minors.1c_1d_bypass_5': 'Freq bypass 4d',
  // An inverted single raise (invitational+ or game forcing) is the classic card's "Forcing raise: single raise".
  'minors.1c_single_raise_inv': 'Single raise',
  'minors.1c_single_raise_gf': 'Single raise',
  'minors.1c_jump_raise_weak': 'Weak_4',
  'minors.1c_jump_raise_inv': 'Inv_3',
  'minors.1c_jump_raise_overcall_weak': 'Weak_7',
  'minors.1c_jump_raise_overcall_inv': 'Inv_6',
  'minors.1d_min_len_4': '1d 4',
  'minors.1d_min_len_3': '1d 3',
  // "4 unless 4-4-3-2": the classic card's "4" box, which prints that option too.
  'minors.1d_4432_only': '1d 4',
  // 2-level openings: 2♣ (a strong 2♣ is "Very strong"; natural or conventional, "Other").
  'two_level.2c_very_str': 'Very Strong',
  'two_level.2c_str': 'Very Strong',
  'two_level.2c_nat': 'Other_8',
  'two_level.2c_conv': 'Other_8',
  'two_level.2c_2d_neg': '2d Resp  Neg',
  'two_level.2c_2d_waiting': 'Waiting',
  // 2♦, 2♥, 2♠ (a two-suited two is conventional: the Conv. box).
  'two_level.2d_weak': 'NaturalWeak',
  'two_level.2d_int': 'Intermediate_2',
  'two_level.2d_str': 'Strong_2',
  'two_level.2d_conv': 'Conv_3',
  'two_level.2d_2suits': 'Conv_3',
  'two_level.2d_nsnf': 'New Suit NF',
  'two_level.2h_weak': 'NaturalWeak_2',
  'two_level.2h_int': 'Intermediate_3',
  'two_level.2h_str': 'Strong_3',
  'two_level.2h_conv': 'Conv_4',
  'two_level.2h_2suits': 'Conv_4',
  'two_level.2h_nsnf': 'New Suit NF_2',
  'two_level.2s_weak': 'NaturalWeak_3',
  'two_level.2s_int': 'Intermediate_4',
  'two_level.2s_str': 'Strong_4',
  'two_level.2s_conv': 'Conv_5',
  'two_level.2s_2suits': 'Conv_5',
  'two_level.2s_nsnf': 'New Suit NF_3',
  // Other conventional calls.
  'other.nmf': 'OTHER CONV CALLS New Minor Forcing',
  'other.2_way_nmf': '2Way NMF',
  'other.fsf_1_rnd': '4th  Suit  Forcing  1 Rd',
  'other.fsf_gf': 'Game',
  // Special doubles.
  'doubles.negative': 'Negative',
  'doubles.responsive': 'Responsive',
  'doubles.maximal': 'Maximal',
  'doubles.support': 'Support Dbl',
  'doubles.support_rdbl': 'Redbl',
  // Simple and jump overcalls.
  'overcalls.often_4_cards': 'often 4 cards',
  'overcalls.jump_wk': 'Weak_2',
  'overcalls.jump_int': 'Intermediate',
  'overcalls.jump_str': 'Strong',
  'overcalls.new_suit_f': 'New Suit Forcing',
  'overcalls.new_suit_nf_const': 'NFConst',
  'overcalls.new_suit_nf': 'NF',
  'overcalls.jump_raise_wk': 'Weak',
  'overcalls.jump_raise_inv': 'Inv',
  // Direct cuebids: the classic card's rows Natural, Strong T/O (Bridgodex's "other"), Michaels.
  'direct_cuebids.nat_minors_michaels': 'Michaels Minor',
  'direct_cuebids.nat_majors_michaels': 'Michaels Major',
  'direct_cuebids.nat_minors_natural': 'Natural Minor',
  'direct_cuebids.nat_majors_natural': 'Natural Major',
  'direct_cuebids.nat_minors_other': 'Strong Minor',
  'direct_cuebids.nat_majors_other': 'Strong Major',
  // Slam conventions (the classic card has one Gerber box).
  'slams.gerber_directly_over_nt': 'SLAM CONVENTIONS   Gerber',
  'slams.gerber_over_nt_seq': 'SLAM CONVENTIONS   Gerber',
  'slams.gerber_non_nt_seq': 'SLAM CONVENTIONS   Gerber',
  'slams.4nt_blackwood': '4NT Blackwood',
  'slams.4nt_rkc_0314': 'RKC',
  'slams.4nt_rkc_1430': '1430',
  // Notrump overcalls.
  'nt_overcalls.direct_systems_on': 'Systems on',
  'nt_overcalls.jump_2nt_2_lowest_unbid': 'Jump to 2NT 2 Lowest',
  // Over their takeout double.
  'vs_to_double.new_suit_forcing_2_level': '2 level',
  'vs_to_double.new_suit_forcing_trf': 'Transfer Resp',
  'vs_to_double.jump_shift_weak': 'Weak_3',
  'vs_to_double.jump_shift_inv': 'Inv_2',
  'vs_to_double.jump_shift_f': 'Jump Shift Forcing',
  'vs_to_double.redouble_denies_fit': 'Redbl implies no fit',
  'vs_to_double.2nt_over_minors_raise': 'Minors Limit+',
  'vs_to_double.2nt_over_majors_raise': 'Majors Limit+',
  // Versus opening preempts.
  'vs_preempts.to_dbl_penalty': 'Penalty',
  'vs_preempts.2nt_lebensohl_resp': 'Lebensohl  2NT  Response',
  // Defensive carding.
  'carding.suits_std_att': 'Standard vs Suits',
  'carding.nt_std_att': 'Standard vs NT',
  'carding.suits_ud_att': 'attitude vs Suits',
  'carding.nt_ud_att': 'attitude vs NT',
  'carding.suits_ud_count': 'count vs Suits',
  'carding.nt_ud_count': 'count vs NT',
  'carding.smith_echo_suits': 'smith echo vs Suits',
  'carding.smith_echo_nt': 'smith echo vs NT',
  // Signals: one box per first discard in Bridgodex, one catalogue option for both columns.
  'signals.first_discard_std': 'other vs Suits',
  'signals.first_discard_lavinthal': 'Lavinthal vs Suits',
  'signals.first_discard_odd_even': 'odd/even vs Suits',
  'signals.partner_lead_att': 'Attitude',
  'signals.partner_lead_count': 'Count',
  'signals.partner_lead_sp': 'Suit preference',
  // Length leads.
  'leads_vs_suits.length_4th': 'vs SUITS',
  'leads_vs_suits.length_3_5': 'vs SUITS_2',
  'leads_vs_nt.length_4th': 'vs NT',
  'leads_vs_nt.length_3_5': 'vs NT_2',
  'leads_vs_nt.length_attitude': 'Attitude vs NT',
};

/** Bridgodex lines (texts, ranges) → the classic card's text field each stands for. */
export const BRIDGODEX_TEXTS: Readonly<Record<string, string>> = {
  'names.names': 'NAMES',
  'overview.general_approach': 'GENERAL APPROACH',
  // 1NT opening: the range, the second range, then the response lines.
  '1_no_trump.a_range_min': 'to_4',
  '1_no_trump.a_range_max': '1_2',
  '1_no_trump.b_range_min': 'to_6',
  '1_no_trump.b_range_max': '2_2',
  '1_no_trump.sys_on_vs': 'System on over',
  '1_no_trump.2s_other': '2s',
  '1_no_trump.2nt_other': '2NT_2',
  '1_no_trump.3c': 'NOTRUMP OPENING BIDS',
  '1_no_trump.3d': '3d',
  '1_no_trump.3h': '3h 1',
  '1_no_trump.3s': '3h 2',
  '1_no_trump.lebensohl_desc': 'denies Conventional NT Openings',
  // The line after "Neg. Double □".
  '1_no_trump.dbl_neg_desc': 'Other_3',
  // 2NT and 3NT openings.
  '2_no_trump.range_min': '2NT',
  '2_no_trump.range_max': 'to_5',
  '2_no_trump.3s_desc': 'undefined_6',
  '3_no_trump.range_min': 'to_7',
  '3_no_trump.range_max': 'undefined_8',
  // The 3NT box's line, where a gambling 3NT is written.
  '3_no_trump.one_suit_desc': '3NT',
  // Major openings: "Other" under Conv. Raise, and the section's last line.
  'majors.art_raises_other': 'Other_5',
  'majors.other': 'Other_5',
  'majors.more': 'undefined_16',
  // Minor openings.
  'minors.1c_1nt_min': 'to_9',
  'minors.1c_1nt_max': 'to_11',
  'minors.1c_2nt_min': 'undefined_12',
  'minors.1c_2nt_max': 'undefined_13',
  'minors.1c_1d': 'to_12',
  // 2-level openings: each row's HCP range, its Describe column and its Responses/Rebids column.
  'two_level.2c_min': 'Other_7',
  'two_level.2c_other': '2C Force New Suit NFRow1',
  'two_level.2d_min': '2d_2',
  'two_level.2d_max': 'to_14',
  'two_level.2d_desc': '2D Force New describe',
  'two_level.2d_other': '2D Force New Suit NFRow1',
  'two_level.2h_min': '2h_2',
  'two_level.2h_max': 'to_15',
  'two_level.2h_desc': '2H Force New describe',
  'two_level.2h_other': '2NT Force New Suit NFRow1',
  'two_level.2s_min': '2s_2',
  'two_level.2s_max': 'to_16',
  'two_level.2s_desc': '2S Force New describe',
  'two_level.2s_other': '2NT Force New Suit NFRow1_2',
  // Defense vs notrump: "vs. (Very) Strong Openings" is the line after the notrump columns.
  'other.vs_str_open': 'Other_2',
  // Special doubles: the "thru ___" lines, then the section's last line.
  'doubles.negative_thru': 'thru',
  'doubles.responsive_thru': 'thru_2',
  'doubles.support_thru': 'thru_3',
  'doubles.other': 'undefined_5',
  // Simple overcall.
  'overcalls.1_lvl_min': 'SIMPLE OVERCALL',
  'overcalls.1_lvl_max': 'to_3',
  'overcalls.other': 'undefined_7',
  // Opening preempts: the "Conv. Resp." line.
  'preempts.3_lvl_response': 'ConvResp',
  // Direct cuebid: the line under the grid.
  'direct_cuebids.describe': 'Michaels',
  // Slam conventions: the second free line, and "Level" of versus interference.
  'slams.other': '2_4',
  'slams.trump_level': 'undefined_14',
  // Notrump overcalls: direct range, its "Conv. ___" line, balancing range, the last line.
  'nt_overcalls.direct_1nt_min': 'NOTRUMP OVERCALLS',
  'nt_overcalls.direct_1nt_max': 'undefined',
  'nt_overcalls.conv': 'to',
  'nt_overcalls.balance_1nt_min': 'to_2',
  'nt_overcalls.balance_1nt_max': 'undefined_2',
  'nt_overcalls.other': 'undefined_3',
  // Defense vs notrump: column a (versus a strong 1NT) and column b (versus a weak one).
  'vs_1nt_opening.vs_a': 'DEFENSE VS NOTRUMP',
  'vs_1nt_opening.vs_b': '1',
  'vs_1nt_opening.vs_a_2c': '2c_2',
  'vs_1nt_opening.vs_b_2c': '2',
  'vs_1nt_opening.vs_a_2d': '2d',
  'vs_1nt_opening.vs_b_2d': '3',
  'vs_1nt_opening.vs_a_2h': '2h',
  'vs_1nt_opening.vs_b_2h': '4',
  'vs_1nt_opening.vs_a_2s': '2s 1',
  'vs_1nt_opening.vs_b_2s': '5',
  'vs_1nt_opening.vs_a_dbl': 'Dbl',
  'vs_1nt_opening.vs_b_dbl': '6',
  // Over their takeout double: the section's "Other" line.
  'vs_to_double.other': 'Minors_2',
  // Versus opening preempts: "Takeout □ thru ___", and the section's "Other".
  'vs_preempts.to_dbl_thru': 'VS Opening Preempts Double Is',
  'vs_preempts.other': 'Other_4',
  // Defensive carding: the two "Except" lines (the second holds special carding).
  'carding.exceptions': 'Except 1',
  'carding.other': 'Except 2',
};

/**
 * Bridgodex boxes the classic card has no box for, whose catalogue lead option they tick
 * (docs/catalogue-keys.md).
 */
export const BRIDGODEX_LEADS: Readonly<Record<string, string>> = {
  'leads_vs_suits.length_3_low': 'ld.lengthSuits.3rdLow',
  'leads_vs_suits.small_from_xx': 'ld.xx.low',
  'leads_vs_nt.length_2nd_from_xxxx_plus': 'ld.lengthNt.2ndFromSmall',
};

/** Why these paths of the notes stand for no classic field. */
const ONLY_2022 = 'the 2022 card has a field for it, the classic card has none';
const NO_ROOM = 'the classic card has no field for it';

/**
 * Paths the notes list that stand for no classic field, and why. Their values are not lost: the
 * import keeps each ticked or written one in "Imported, not placed" under its Bridgodex path.
 */
export const BRIDGODEX_UNMAPPED: Readonly<Record<string, string>> = {
  'overview.1nt_open_str': `${ONLY_2022} (OV.c.7); the classic card shows the 1NT range`,
  'overview.1nt_open_wk': `${ONLY_2022} (OV.c.8); the classic card shows the 1NT range`,
  'overview.1nt_open_variable': `${ONLY_2022} (OV.c.9); the classic card shows both 1NT ranges`,
  'overview.min_exp_hcp_bal_opening': `${ONLY_2022} (OV.t.2)`,
  'overview.min_exp_hcp_bal_responding': `${ONLY_2022} (OV.t.3)`,
  'overview.bids_prep': `${ONLY_2022} (OV.t.10)`,
  '1_no_trump.b_range_same_resp': `${ONLY_2022} (its Same responses box)`,
  '1_no_trump.tfr_4c': `${NO_ROOM}: a 4♣ transfer is not the classic card's "4♦ 4♥ Transfer"`,
  '1_no_trump.dbl_pen': `${ONLY_2022} (1NT.c.27)`,
  '1_no_trump.dbl_other': `${ONLY_2022} (1NT.t.38); the classic line after Neg. Double holds dbl_neg_desc`,
  '1_no_trump.2d_other': `${ONLY_2022} (1NT.t.11)`,
  '1_no_trump.2h_other': `${ONLY_2022} (1NT.t.14)`,
  '2_no_trump.neg_dbl': `${ONLY_2022} (2NT.c.10)`,
  '2_no_trump.3s': `${ONLY_2022} (2NT.c.4); its description fills the classic card's 3♠ line`,
  '2_no_trump.other': `${NO_ROOM} with a catalogue subject (the 2NT box's last line prints nothing)`,
  '3_no_trump.one_suit': `${ONLY_2022} (3NT.c.3); its description fills the classic card's 3NT line`,
  'majors.bypass_1s': `${ONLY_2022} (1H1S.c.7)`,
  'majors.jump_raise_mixed': `${ONLY_2022} (1H1S.c.18): the classic card has Force, Inv., Weak`,
  'majors.jump_raise_overcall_mixed': `${ONLY_2022} (1H1S.c.21)`,
  'majors.drury_in_comp': `${ONLY_2022} (1H1S.c.14)`,
  'majors.drury_other': `${ONLY_2022} (1H1S.t.15)`,
  'minors.1c_min_len_5': `${ONLY_2022} (1C.c.1): the classic card's 1♣ lengths are 4, 3, NF 0-2`,
  'minors.1c_unbal': NO_ROOM,
  'minors.1c_single_raise_nf': `${NO_ROOM}: a non-forcing single raise is the classic card's default`,
  'minors.1c_jump_raise_mixed': `${ONLY_2022} (1C.c.22)`,
  'minors.1c_jump_raise_overcall_mixed': `${ONLY_2022} (1C.c.25)`,
  'minors.1d_min_len_5': `${ONLY_2022} (1D.c.1)`,
  'minors.1d_same_as_1c': `${ONLY_2022} (1D.c.10)`,
  'two_level.2c_2h_steps': `${ONLY_2022} (2C.c.5)`,
  'two_level.2c_2h_neg': `${ONLY_2022} (2C.c.7)`,
  'two_level.2d_rebids_2nt': `${ONLY_2022} (2D.t.9); the row's Responses column holds 2d_other`,
  'two_level.2h_rebids_2nt': `${ONLY_2022} (2H.t.9); the row's Responses column holds 2h_other`,
  'two_level.2s_rebids_2nt': `${ONLY_2022} (2S.t.9); the row's Responses column holds 2s_other`,
  'other.jump_shift_resp': `${ONLY_2022} (O.t.1)`,
  'other.xyz': `${ONLY_2022} (O.c.5): the classic card has no XYZ box`,
  'doubles.to_style': `${ONLY_2022} (D.t.10)`,
  'overcalls.2_lvl_min': `${ONLY_2022} (OC.t.4)`,
  'overcalls.2_lvl_max': `${ONLY_2022} (OC.t.5)`,
  'overcalls.conv': `${ONLY_2022} (OC.t.10)`,
  'overcalls.new_suit_tfr': `${ONLY_2022} (OC.c.14)`,
  'overcalls.jump_raise_mixed': `${ONLY_2022} (OC.c.16)`,
  'overcalls.cuebids': `${ONLY_2022} (OC.t.18)`,
  'overcalls.cue_support': `${ONLY_2022} (OC.c.19)`,
  'preempts.3_lvl_style': `${NO_ROOM} as a line: its Sound / Light / Very light boxes are not a text`,
  'preempts.4_lvl_style': `${ONLY_2022} (P.t.4)`,
  'preempts.4_lvl_response': `${ONLY_2022} (P.t.5)`,
  'preempts.transfer_4c4d': `${ONLY_2022} (P.c.6)`,
  'preempts.other': `${ONLY_2022} (P.t.7)`,
  'direct_cuebids.art_michaels': `${NO_ROOM} with a catalogue subject (the Artif. bids column)`,
  'direct_cuebids.art_natural': `${NO_ROOM} with a catalogue subject (the Artif. bids column)`,
  'direct_cuebids.art_other': `${NO_ROOM} with a catalogue subject (the Artif. bids column)`,
  'direct_cuebids.quasi_michaels': `${ONLY_2022} (DC.c.2)`,
  'direct_cuebids.quasi_natural': `${ONLY_2022} (DC.c.6)`,
  'direct_cuebids.quasi_other': `${ONLY_2022} (DC.c.10)`,
  'slams.4nt_more': `${ONLY_2022} (SL.t.8)`,
  'slams.control_bids': `${ONLY_2022} (SL.t.9)`,
  'slams.vs_interference': `${ONLY_2022} (SL.t.10): the classic card has DOPI / DEPO / ROPI boxes`,
  'nt_overcalls.balance_systems_on': `${ONLY_2022} (NTO.c.6)`,
  'vs_1nt_opening.vs_a_2nt': `${ONLY_2022} (V1NT.t.13)`,
  'vs_1nt_opening.vs_b_2nt': `${ONLY_2022} (V1NT.t.14)`,
  'vs_to_double.jump_shift_fit': `${NO_ROOM}: the classic jump shift is Forcing, Inv. or Weak`,
  'vs_to_double.redouble_10_plus': `${ONLY_2022} (VTD.c.8)`,
  'vs_to_double.redouble_conv_desc': `${ONLY_2022} (VTD.t.10)`,
  'vs_to_double.2nt_over_minors_min': `${ONLY_2022} (VTD.t.13)`,
  'vs_to_double.2nt_over_minors_max': `${ONLY_2022} (VTD.t.14)`,
  'vs_to_double.2nt_over_majors_min': `${ONLY_2022} (VTD.t.17)`,
  'vs_to_double.2nt_over_majors_max': `${ONLY_2022} (VTD.t.18)`,
  'vs_preempts.2nt_overcall': `${ONLY_2022} (VP.t.1)`,
  'vs_preempts.cuebid': `${ONLY_2022} (VP.t.5)`,
  'vs_preempts.jump_overcalls': `${ONLY_2022} (VP.t.6)`,
  'carding.suits_std_count': `${NO_ROOM}: standard count is what the Upside-down count box does not say`,
  'carding.nt_std_count': `${NO_ROOM}: standard count is what the Upside-down count box does not say`,
  'carding.smith_echo_reverse': `${ONLY_2022} (C.c.13)`,
  'carding.trump_signals': `${NO_ROOM} as a line: the classic "Trump" signal is a box (2022: C.t.15)`,
  'signals.first_discard_ud': `${NO_ROOM}: the classic third row's box would read back as Standard`,
  'signals.declarer_lead_att': `${ONLY_2022} (SI.c.2)`,
  'signals.declarer_lead_count': `${ONLY_2022} (SI.c.4)`,
  'signals.declarer_lead_sp': `${ONLY_2022} (SI.c.6)`,
  'leads_vs_suits.length_attitude': `${ONLY_2022} (LS.c.4)`,
  'leads_vs_suits.after_first_trick': `${ONLY_2022} (LS.t.6)`,
  'leads_vs_suits.honor_leads_akx_varies': `${ONLY_2022} (LS.c.7)`,
  'leads_vs_suits.exceptions': `${ONLY_2022} (LS.t.9)`,
  'leads_vs_nt.length_3_low': `${ONLY_2022} (LN.c.3); the catalogue has no 3rd-and-low lead versus notrump`,
  'leads_vs_nt.after_first_trick': `${ONLY_2022} (LN.t.6)`,
  'leads_vs_nt.honor_leads_akxx_varies': `${ONLY_2022} (LN.c.7)`,
  'leads_vs_nt.exceptions': `${ONLY_2022} (LN.t.9)`,
};

/**
 * Paths whose mapping rests on an approximate row of the notes: the notes give the key without
 * its section (the section is that of the row's table), in shorthand, or as "any of".
 */
export const BRIDGODEX_APPROXIMATE_PATHS: readonly string[] = [
  '1_no_trump.b_range_same_resp',
  '1_no_trump.tfr_4c',
  '1_no_trump.tfr_4d',
  '1_no_trump.tfr_4h',
  '1_no_trump.lebensohl',
  '1_no_trump.lebensohl_desc',
  '1_no_trump.dbl_neg',
  '1_no_trump.dbl_pen',
  '1_no_trump.dbl_neg_desc',
  '1_no_trump.dbl_other',
  'vs_to_double.jump_shift_fit',
  'vs_to_double.jump_shift_f',
  'vs_to_double.2nt_over_minors_raise',
  'vs_to_double.2nt_over_minors_min',
  'vs_to_double.2nt_over_minors_max',
  'vs_to_double.2nt_over_majors_raise',
  'vs_to_double.2nt_over_majors_min',
  'vs_to_double.2nt_over_majors_max',
];

/** Deepest a value of a Bridgodex card may be, counting from the file's object (`settings` is 1, `settings.names.names` 3). */
export const MAX_BRIDGODEX_DEPTH = 8;
/** Most values (boxes, lines and sections) read from one card; a card has a few hundred. */
export const MAX_BRIDGODEX_VALUES = 3_000;
/** Longest text kept from one line, in characters. */
const MAX_TEXT_LENGTH = 1_000;

const BOXES = new Map(Object.entries(BRIDGODEX_BOXES));
const TEXTS = new Map(Object.entries(BRIDGODEX_TEXTS));
const LEADS = new Map(Object.entries(BRIDGODEX_LEADS));
/** The sections of settings the notes name: each must be an object. */
const SECTIONS = new Set([...BOXES.keys(), ...TEXTS.keys(), ...LEADS.keys(), ...Object.keys(BRIDGODEX_UNMAPPED)].map((path) => path.split('.')[0]!));

/** The 400 text for a Bridgodex card that cannot be read, naming the place (`settings.names`). */
const problem = (path: string, what: string) =>
  new AgreementFileError(`This Bridgodex card cannot be read: ${path} ${what}.`, [{ field: path, message: `${path} ${what}` }]);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const typeName = (value: unknown) =>
  Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/**
 * Whether a parsed JSON value is a Bridgodex card: an object with a `settings` object and no
 * `format` key (which every agreement file of the product's has, docs/agreement-format.md "JSON").
 */
export function isBridgodexCard(json: unknown): json is { settings: Record<string, unknown> } {
  return isPlainObject(json) && !Object.hasOwn(json, 'format') && Object.hasOwn(json, 'settings') && isPlainObject(json.settings);
}

/** What a Bridgodex card says, as the import reads it (`agreementFromCard` with the classic card's map). */
export interface BridgodexValues {
  /** Classic card fields: true for a ticked box, a string for a line. */
  values: Record<string, CardFieldValue>;
  /** Catalogue lead options ticked by boxes the classic card has no box for (BRIDGODEX_LEADS). */
  leads: string[];
  /** "path: value" of each ticked or written value no classic field takes (BRIDGODEX_UNMAPPED, and paths the notes do not list). */
  unknown: string[];
}

/**
 * A Bridgodex card's values (docs/agreement-format.md, "Bridgodex cards").
 *
 * @param json the parsed file: `{ settings: { <section>: { <key>: value } } }`; keys outside
 *   `settings` (the card's name, dates) are not read
 * @returns the classic card's fields the card fills, the lead options it ticks, and the values no
 *   field takes, each as "path: value" (path relative to settings)
 * @throws AgreementFileError naming the path (`settings.names`) when: the file is not a Bridgodex
 *   card (isBridgodexCard); a section the notes name is not an object; a box is not a string or
 *   true/false; a line is not a string or number; any value is a list (null counts as blank); a
 *   value is nested deeper than MAX_BRIDGODEX_DEPTH; the card has more than MAX_BRIDGODEX_VALUES
 *   values
 */
export function bridgodexValuesOf(json: unknown): BridgodexValues {
  if (!isBridgodexCard(json)) throw problem('settings', 'is missing, or is not an object');
  const out: BridgodexValues = { values: {}, leads: [], unknown: [] };
  let count = 0;

  const walk = (node: Record<string, unknown>, path: string, depth: number) => {
    const keys = Object.keys(node);
    if (count + keys.length > MAX_BRIDGODEX_VALUES) {
      throw problem(`${path}.${keys[MAX_BRIDGODEX_VALUES - count] ?? ''}`, `is past the ${MAX_BRIDGODEX_VALUES} values a card may have`);
    }
    count += keys.length;
    for (const key of keys) {
      const value = node[key];
      const full = `${path}.${key}`;
      const relative = full.slice('settings.'.length);
      if (depth + 1 > MAX_BRIDGODEX_DEPTH) throw problem(full, `is nested deeper than the ${MAX_BRIDGODEX_DEPTH} levels a card may have`);
      if (isPlainObject(value)) walk(value, full, depth + 1);
      else if (depth === 1 && SECTIONS.has(key) && value !== null) throw problem(full, `is ${typeName(value)} where an object belongs`);
      else read(relative, full, value);
    }
  };

  const read = (relative: string, full: string, value: unknown) => {
    if (value === null) return;
    if (Array.isArray(value)) throw problem(full, 'is a list where a box or a line belongs');
    const box = BOXES.get(relative);
    const text = TEXTS.get(relative);
    const lead = LEADS.get(relative);
    if (box !== undefined || lead !== undefined) {
      if (typeof value !== 'string' && typeof value !== 'boolean') throw problem(full, `is ${typeName(value)} where a box ("on") belongs`);
      const ticked = value === true || value === 'on';
      if (!ticked) return;
      if (box !== undefined) out.values[box] = true;
      else out.leads.push(lead!);
      return;
    }
    if (text !== undefined) {
      if (typeof value !== 'string' && typeof value !== 'number') throw problem(full, `is ${typeName(value)} where a text belongs`);
      const written = String(value).trim().slice(0, MAX_TEXT_LENGTH);
      if (written !== '') out.values[text] = written;
      return;
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw problem(full, `is ${typeName(value)}`);
    if (value === true || value === 'on') out.unknown.push(`${relative}: ticked`);
    else if (typeof value !== 'boolean' && String(value).trim() !== '' && value !== 'off')
      out.unknown.push(`${relative}: ${String(value).trim().slice(0, MAX_TEXT_LENGTH)}`);
  };

  walk(json.settings, 'settings', 1);
  return out;
}
