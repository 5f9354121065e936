/**
 * BBO convention cards (docs/agreement-format.md, "BBO cards"): Bridge Base Online's card manager
 * keeps a card as XML, a `<cc>` element whose children are `E_…` text fields (`t="…"`), `C_…` check
 * boxes (`c="y"`) and `L_…` leads (`l="y"`), in the ACBL classic card's layout. So a BBO element
 * is named here by the classic card's field it stands for (acbl-classic-card.ts): one mapping,
 * shared with the official card's output and its import (card-import.ts). Parsing and writing the
 * XML itself is the server's (with fast-xml-parser); this module only maps.
 *
 * The element names are those of a card BBO exported (../shared sample `bbo-card-example.xml`,
 * 155 elements); what each stands for was read from its name and the classic card's layout. Lead
 * elements follow the one the sample holds (`L_ls-akx-a`: versus suits, from AKx, the ace).
 */
import type { CardFieldValue } from './card-import';
import type { ContractDocument } from './contract';
import { ACBL_CLASSIC_CARD } from './acbl-classic-card';
import { stripMarkup } from './markup';
import { fillOfficialCard } from './official-card';

/** BBO element → the classic card field it is (acbl-classic-card.ts field names). */
export const BBO_CLASSIC_FIELDS: Readonly<Record<string, string>> = {
  E_names: 'NAMES',
  E_approach: 'GENERAL APPROACH',
  C_2over1GF: 'Two Over One Game Forcing',
  C_F2C: '2c',
  // Notrump openings.
  E_1NTMin1: 'to_4',
  E_1NTMax1: '1_2',
  C_1N5M: '5card Major common',
  E_1NSysOn: 'System on over',
  C_1NStayman: '2c Stayman',
  C_1N2DTrans: '2d Transfer to h',
  C_1N2HTrans: '2h Transfer to s',
  E_1N2S: '2s',
  E_1N2N: '2NT_2',
  E_1N3C: 'NOTRUMP OPENING BIDS',
  E_1N3D: '3d',
  E_1N3H: '3h 1',
  E_1N3S: '3h 2',
  C_1NTexas: '4d  4h  Transfer',
  C_1NSmolen: 'Smolen',
  C_1NLeb: 'Lebensohl',
  E_1NLebDenies: 'denies Conventional NT Openings',
  C_1NNeg: 'Neg Double',
  E_1NNegOther: 'Other_3',
  E_1NOther3: '3s 2',
  E_2NTMin: '2NT',
  E_2NTMax: 'to_5',
  C_2NPuppet: 'Puppet Stayman',
  C_2NJacoby: 'Jacoby',
  C_2NTexas: 'Texas',
  E_2N3S: 'undefined_6',
  E_2NOther: '3s',
  E_3NOther: '3NT',
  // Major openings.
  'C_major12-4': '1st/2nd 4',
  'C_major12-5': '1st/2nd 5',
  'C_major34-4': '3rd/rth 4',
  'C_major34-5': '3rd/rth 5',
  C_major2RaiseW: 'Weak_5',
  C_majorO2RaiseW: 'Weak_6',
  C_major2NTRaise: 'Conv Raise 2NT',
  C_majorSplinter: 'Splinter',
  C_major1NTSF: 'Semiforcing',
  C_druryRev: 'Reverse',
  E_majorOther1: 'Other_5',
  E_majorOther2: 'undefined_16',
  E_major3NTMin: 'to_10',
  E_major3NTMax: 'undefined_11',
  // Minor openings.
  C_minorC3: '1c 3',
  C_minorD3: '1d 3',
  C_minor2RaiseW: 'Weak_4',
  C_minorO2RaiseW: 'Weak_7',
  C_minorSingleRaise: 'Single raise',
  C_minor2NTI: 'Inv_8',
  C_bypassDs: 'Freq bypass 4d',
  E_minor1NTMin: 'to_9',
  E_minor1NTMax: 'to_11',
  E_minor2NTMin: 'undefined_12',
  E_minor2NTMax: 'undefined_13',
  E_minor3NTMin: '3NT_3',
  E_minor3NTMax: 'undefined_15',
  E_minorOther1: 'to_12',
  // 2-level openings: a row's two columns (describe, responses / rebids).
  C_2CStrong: 'Very Strong',
  C_2DWaiting: 'Waiting',
  E_2CMin: 'Other_7',
  E_2CMax: 'to_13',
  E_2COther1: '2C Force New describe',
  E_2COther2: '2CD Force New describe',
  E_2COther4: '2C Force New Suit NFRow1',
  E_2COther5: '2CD Force New Suit NFRow1',
  E_2DMin: '2d_2',
  E_2DMax: 'to_14',
  C_2DWeak: 'NaturalWeak',
  C_2D2NT: '2NT Force',
  E_2DOther1: '2D Force New describe',
  E_2DOther2: '2D Force New Suit NFRow1',
  E_2HMin: '2h_2',
  E_2HMax: 'to_15',
  C_2HWeak: 'NaturalWeak_2',
  C_2H2NT: '2NT Force_2',
  E_2HOther1: '2H Force New describe',
  E_2HOther2: '2NT Force New Suit NFRow1',
  E_2SMin: '2s_2',
  E_2SMax: 'to_16',
  C_2SWeak: 'NaturalWeak_3',
  C_2S2NT: '2NT Force_3',
  E_2SOther1: '2S Force New describe',
  E_2SOther2: '2NT Force New Suit NFRow1_2',
  // Other conventional calls.
  C_WJS: 'Not  in  Comp',
  C_WJSComp: 'Weak  Jump  Shifts  In  Comp',
  C_FSFG: 'Game',
  C_NMF: 'OTHER CONV CALLS New Minor Forcing',
  C_NMF2: '2Way NMF',
  E_other4: '1_5',
  E_other5: '2_5',
  // Special doubles: the "thru ___" lines in the card's order, then its last line.
  C_dblNegative: 'Negative',
  C_dblResponsive: 'Responsive',
  C_dblMaximal: 'Maximal',
  C_dblSupport: 'Support Dbl',
  C_rdblSupport: 'Redbl',
  E_dblOther1: 'SPECIAL DOUBLES',
  E_dblOther2: 'thru',
  E_dblOther3: 'thru_2',
  E_dblOther4: 'thru_3',
  E_dblOther5: 'undefined_5',
  // Overcalls, jump overcalls, preempts, direct cuebids.
  E_ocallMin: 'SIMPLE OVERCALL',
  E_ocallMax: 'to_3',
  C_ocallNSC: 'NFConst',
  C_ocallJRW: 'Weak',
  E_ocallOther: 'undefined_7',
  C_jOcallW: 'Weak_2',
  C_preL: 'Light',
  C_cueMinorM: 'Michaels Minor',
  C_cueMajorM: 'Michaels Major',
  E_cueOther: 'Michaels',
  // Notrump overcalls.
  E_1NOcallDMin: 'NOTRUMP OVERCALLS',
  E_1NOcallDMax: 'undefined',
  C_systemOn: 'Systems on',
  E_1NOcallBMin: 'to_2',
  E_1NOcallBMax: 'undefined_2',
  E_1NOcallOther1: 'to',
  E_1NOcallOther2: 'undefined_3',
  // Defense vs notrump: the two columns.
  E_vs1NTHead1: 'DEFENSE VS NOTRUMP',
  E_vs1NTHead2: '1',
  E_vs1NT2C1: '2c_2',
  E_vs1NT2C2: '2',
  E_vs1NT2D1: '2d',
  E_vs1NT2D2: '3',
  E_vs1NT2H1: '2h',
  E_vs1NT2H2: '4',
  E_vs1NT2S1: '2s 1',
  E_vs1NT2S2: '5',
  E_vs1NTDbl1: 'Dbl',
  E_vs1NTDbl2: '6',
  E_vs1NTOther1: '2s 2',
  // Over their takeout double, vs preempts.
  C_vsTONSF1: 'New Suit Forcing 1 level',
  C_vsTORdbl: 'Redbl implies no fit',
  C_vsTOMajorsLP: 'Majors Limit+',
  C_vsTOMinorsLP: 'Minors Limit+',
  E_vsTOOther: 'Minors_2',
  C_vsPreTO: 'Takeout',
  E_vsPreTOThru: 'VS Opening Preempts Double Is',
  C_vsPreLeb: 'Lebensohl  2NT  Response',
  // Slams.
  C_gerber: 'SLAM CONVENTIONS   Gerber',
  C_1430: '1430',
  C_dopi: 'vs Interference DOPI',
  C_depo: 'DEPO',
  C_ropi: 'ROPI',
  E_slamOther1: '1_4',
  E_slamOther2: '2_4',
  E_slamLevel: 'undefined_14',
  // Leads and carding.
  C_4thSuits: 'vs SUITS',
  C_4thNT: 'vs NT',
  C_primaryA: 'Attitude',
  C_UDCSuits: 'count vs Suits',
  C_UDCNT: 'count vs NT',
  C_UDASuits: 'attitude vs Suits',
  C_UDANT: 'attitude vs NT',
  // First discard's third row: its name, then its boxes.
  E_discardOther: 'OddEven',
  C_discardSuits: 'other vs Suits',
  C_discardNT: 'other vs NT',
  C_smithNT: 'smith echo vs NT',
  C_trumpSP: 'Trump vs Suits',
};

/**
 * Lines of a BBO card the classic card has no field for (the third line of each 2♣ column):
 * exported empty, so the file has every element a BBO card has; on import, their text is kept in
 * "Imported, not placed".
 */
export const BBO_TEXTS_WITHOUT_FIELD: readonly string[] = ['E_2COther3', 'E_2COther6'];

/**
 * BBO lead elements → the catalogue lead option (docs/catalogue-keys.md): `L_ls-` versus suits,
 * `L_ln-` versus notrump, the holding, then the card led (t for the ten).
 */
export const BBO_LEADS: Readonly<Record<string, string>> = {
  'L_ls-akx-a': 'ld.ak.a',
  'L_ls-akx-k': 'ld.ak.k',
  'L_ls-kqx-k': 'ld.kq.k',
  'L_ls-kqx-q': 'ld.kq.q',
  'L_ls-qjx-q': 'ld.qj.q',
  'L_ls-qjx-j': 'ld.qj.j',
  'L_ls-jt9-j': 'ld.j10.j',
  'L_ls-jt9-t': 'ld.j10.10',
  'L_ls-kqt9-k': 'ld.kq10.k',
  'L_ls-kqt9-q': 'ld.kq10.q',
  'L_ls-t9x-t': 'ld.109.10',
  'L_ls-t9x-9': 'ld.109.9',
  'L_ln-akjx-a': 'ld.akNt.a',
  'L_ln-akjx-k': 'ld.akNt.k',
  'L_ln-kqjx-k': 'ld.kqNt.k',
  'L_ln-kqjx-q': 'ld.kqNt.q',
  'L_ln-qjtx-q': 'ld.qjNt.q',
  'L_ln-qjtx-j': 'ld.qjNt.j',
  'L_ln-jt9x-j': 'ld.j10Nt.j',
  'L_ln-jt9x-t': 'ld.j10Nt.10',
  'L_ln-kqt9-k': 'ld.kq10Nt.k',
  'L_ln-kqt9-q': 'ld.kq10Nt.q',
  'L_ln-t9xx-t': 'ld.109Nt.10',
  'L_ln-t9xx-9': 'ld.109Nt.9',
};

/** One element of a BBO card: its name and its value (`t` of a text, `c="y"` / `l="y"` as true). */
export interface BboElement {
  name: string;
  value: CardFieldValue;
}

/**
 * A BBO card's elements as classic-card values, the lead options they tick, and the elements no
 * mapping knows (kept as not placed by the import).
 */
export function classicValuesOfBbo(elements: readonly BboElement[]): { values: Record<string, CardFieldValue>; leads: string[]; unknown: string[] } {
  const values: Record<string, CardFieldValue> = {};
  const leads: string[] = [];
  const unknown: string[] = [];
  for (const { name, value } of elements) {
    const field = BBO_CLASSIC_FIELDS[name];
    const lead = BBO_LEADS[name];
    if (field !== undefined) values[field] = value;
    else if (lead !== undefined) {
      if (value === true) leads.push(lead);
    } else if (value === true || (typeof value === 'string' && value.trim() !== '')) unknown.push(`${name}: ${value === true ? 'ticked' : value}`);
  }
  return { values, leads, unknown };
}

/**
 * The agreement as a BBO card's elements (docs/agreement-format.md, "BBO cards"): every element of
 * BBO_CLASSIC_FIELDS, a text (`t`, '' when the agreement says nothing there) or a box (true or
 * false), filled as the official classic card is (official-card.ts), text without colour marks and
 * with BBO's suit codes (`!h`, which are the product's own shorthand); then the leads it ticks.
 */
export function bboElementsOf(document: ContractDocument): BboElement[] {
  const filled = fillOfficialCard(document, ACBL_CLASSIC_CARD);
  const elements: BboElement[] = Object.entries(BBO_CLASSIC_FIELDS).map(([name, field]) => {
    const value = filled.fields.get(field);
    if (name.startsWith('C_')) return { name, value: value !== undefined };
    return { name, value: value?.kind === 'text' ? stripMarkup(value.text) : '' };
  });
  for (const name of BBO_TEXTS_WITHOUT_FIELD) elements.push({ name, value: '' });
  const ticked = new Set(filled.leads.map((lead) => lead.option));
  for (const [name, option] of Object.entries(BBO_LEADS)) if (ticked.has(option)) elements.push({ name, value: true });
  return elements;
}
