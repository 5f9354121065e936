/**
 * Bridgodex convention cards (docs/agreement-format.md, "Bridgodex cards"): a card built from the
 * notes' paths (test/fixtures/README.md) is told by its content, read through the classic card's
 * map into an agreement with its report; the map names only classic fields and only the paths the
 * notes list; hostile JSON is refused with a 400 naming the path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import {
  BRIDGODEX_APPROXIMATE_PATHS,
  BRIDGODEX_BOXES,
  BRIDGODEX_LEADS,
  BRIDGODEX_TEXTS,
  BRIDGODEX_UNMAPPED,
  MAX_BRIDGODEX_VALUES,
} from '@bpa/domain/bridgodex-card';
import { NOT_PLACED_SUBJECT } from '@bpa/domain/card-import';
import type { ContractDocument } from '@bpa/domain/contract';
import { describe, expect, it } from 'vitest';
import { readUploadedFile } from '../../file-import/read-uploaded-agreement';
import { testCatalogue } from '../../test/test-app';
import { documentOfUpload } from './agreement-files';
import { selectedKeys, subjectByKey } from '../../test/agreement-by-key';

/** A card written for these tests from the notes' field names (test/fixtures/README.md). */
const SAMPLE = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'bridgodex-card-example.json'), 'utf8');

/**
 * Every settings path of the "Bridgeodex" column of the shared notes (card-formats/field-mapping-notes.md),
 * relative to `settings`: `2<X>_…` for 2♦, 2♥ and 2♠; `jump_shift_fit/_f` as its two keys; "any
 * tfr_4c/4d/4h" as three; keys the notes give bare (`lebensohl`, `dbl_neg`, `2nt_over_minors_raise`)
 * in the section of their table.
 */
const NOTES_PATHS = [
  ...['names', 'overview.general_approach', 'overview.forcing_1c', 'overview.forcing_2c', 'overview.1nt_open_str', 'overview.1nt_open_wk'],
  ...['overview.1nt_open_variable', 'overview.min_exp_hcp_bal_opening', 'overview.min_exp_hcp_bal_responding', 'overview.bids_prep'],
  ...['a_range_min', 'a_range_max', 'b_range_min', 'b_range_max', 'b_range_same_resp', '5_card_major', 'sys_on_vs', '2c_stayman', '2c_puppet'].map(
    (key) => `1_no_trump.${key}`,
  ),
  ...['2d_tfr', '2h_tfr', 'tfr_4c', 'tfr_4d', 'tfr_4h', 'smolen', 'lebensohl', 'lebensohl_desc', 'dbl_neg', 'dbl_pen', 'dbl_neg_desc', 'dbl_other'].map(
    (key) => `1_no_trump.${key}`,
  ),
  ...['2d_other', '2h_other', '2s_other', '2nt_other', '3c', '3d', '3h', '3s'].map((key) => `1_no_trump.${key}`),
  ...['range_min', 'range_max', 'puppet', 'tfr_3lvl', 'tfr_4lvl', 'neg_dbl', '3s', '3s_desc', 'other'].map((key) => `2_no_trump.${key}`),
  ...['range_min', 'range_max', 'one_suit', 'one_suit_desc'].map((key) => `3_no_trump.${key}`),
  ...['min_len_1st_2nd_4', 'min_len_1st_2nd_5', 'min_len_3rd_4th_4', 'min_len_3rd_4th_5', '1nt_forcing', '1nt_semi_forcing', 'bypass_1s'].map(
    (key) => `majors.${key}`,
  ),
  ...['art_raises_2nt', 'art_raises_splinter', 'art_raises_3nt', 'art_raises_other', 'jump_raise_weak', 'jump_raise_mixed', 'jump_raise_inv'].map(
    (key) => `majors.${key}`,
  ),
  ...['jump_raise_overcall_weak', 'jump_raise_overcall_mixed', 'jump_raise_overcall_inv', 'drury_2c', 'drury_in_comp', 'drury_other', 'drury_2d'].map(
    (key) => `majors.${key}`,
  ),
  ...['more', 'other'].map((key) => `majors.${key}`),
  ...['1c_min_len_5', '1c_min_len_4', '1c_min_len_3', '1c_nf2', '1c_unbal', '1c_nf1', '1c_nf0', '1c_art_f', '1c_transfer_resp', '1c_1d_bypass_5'].map(
    (key) => `minors.${key}`,
  ),
  ...['1c_1nt_min', '1c_1nt_max', '1c_2nt_min', '1c_2nt_max', '1c_single_raise_nf', '1c_single_raise_inv', '1c_single_raise_gf'].map((key) => `minors.${key}`),
  ...['1c_jump_raise_weak', '1c_jump_raise_mixed', '1c_jump_raise_inv', '1c_jump_raise_overcall_weak', '1c_jump_raise_overcall_mixed'].map(
    (key) => `minors.${key}`,
  ),
  ...['1c_jump_raise_overcall_inv', '1d_min_len_5', '1d_min_len_4', '1d_min_len_3', '1d_4432_only', '1d_same_as_1c', '1c_1d'].map((key) => `minors.${key}`),
  ...['2c_min', '2c_2d_neg', '2c_2d_waiting', '2c_2h_steps', '2c_2h_neg', '2c_very_str', '2c_str', '2c_nat', '2c_conv', '2c_other'].map(
    (key) => `two_level.${key}`,
  ),
  ...['d', 'h', 's'].flatMap((x) =>
    ['min', 'max', 'desc', 'weak', 'int', 'str', 'conv', '2suits', 'rebids_2nt', 'nsnf', 'other'].map((key) => `two_level.2${x}_${key}`),
  ),
  ...['jump_shift_resp', 'vs_str_open', 'nmf', '2_way_nmf', 'xyz', 'fsf_1_rnd', 'fsf_gf'].map((key) => `other.${key}`),
  ...['negative', 'negative_thru', 'responsive', 'responsive_thru', 'maximal', 'support', 'support_thru', 'support_rdbl', 'to_style', 'other'].map(
    (key) => `doubles.${key}`,
  ),
  ...['1_lvl_min', '1_lvl_max', 'often_4_cards', '2_lvl_min', '2_lvl_max', 'jump_wk', 'jump_int', 'jump_str', 'conv', 'new_suit_f'].map(
    (key) => `overcalls.${key}`,
  ),
  ...['new_suit_nf_const', 'new_suit_nf', 'new_suit_tfr', 'jump_raise_wk', 'jump_raise_mixed', 'jump_raise_inv', 'cuebids', 'cue_support', 'other'].map(
    (key) => `overcalls.${key}`,
  ),
  ...['3_lvl_style', '3_lvl_response', '4_lvl_style', '4_lvl_response', 'transfer_4c4d', 'other'].map((key) => `preempts.${key}`),
  ...['art', 'quasi', 'nat_minors', 'nat_majors'].flatMap((against) => ['michaels', 'natural', 'other'].map((call) => `direct_cuebids.${against}_${call}`)),
  'direct_cuebids.describe',
  ...['gerber_directly_over_nt', 'gerber_over_nt_seq', 'gerber_non_nt_seq', '4nt_blackwood', '4nt_rkc_0314', '4nt_rkc_1430', '4nt_more'].map(
    (key) => `slams.${key}`,
  ),
  ...['control_bids', 'vs_interference', 'other', 'trump_level'].map((key) => `slams.${key}`),
  ...['direct_1nt_min', 'direct_1nt_max', 'direct_systems_on', 'balance_1nt_min', 'balance_1nt_max', 'balance_systems_on', 'conv'].map(
    (key) => `nt_overcalls.${key}`,
  ),
  ...['jump_2nt_2_lowest_unbid', 'other'].map((key) => `nt_overcalls.${key}`),
  ...['a', 'b'].flatMap((column) => ['', '_dbl', '_2c', '_2d', '_2h', '_2s', '_2nt'].map((row) => `vs_1nt_opening.vs_${column}${row}`)),
  ...['new_suit_forcing_2_level', 'new_suit_forcing_trf', 'jump_shift_weak', 'jump_shift_inv', 'jump_shift_fit', 'jump_shift_f', 'redouble_10_plus'].map(
    (key) => `vs_to_double.${key}`,
  ),
  ...['redouble_conv_desc', 'redouble_denies_fit', 'other'].map((key) => `vs_to_double.${key}`),
  ...['minors', 'majors'].flatMap((suits) => ['raise', 'min', 'max'].map((key) => `vs_to_double.2nt_over_${suits}_${key}`)),
  ...['2nt_overcall', 'to_dbl_thru', 'to_dbl_penalty', '2nt_lebensohl_resp', 'cuebid', 'jump_overcalls', 'other'].map((key) => `vs_preempts.${key}`),
  ...['suits_std_att', 'nt_std_att', 'suits_std_count', 'nt_std_count', 'suits_ud_att', 'nt_ud_att', 'suits_ud_count', 'nt_ud_count'].map(
    (key) => `carding.${key}`,
  ),
  ...['exceptions', 'other', 'smith_echo_suits', 'smith_echo_nt', 'smith_echo_reverse', 'trump_signals'].map((key) => `carding.${key}`),
  ...['first_discard_std', 'first_discard_ud', 'first_discard_lavinthal', 'first_discard_odd_even'].map((key) => `signals.${key}`),
  ...['declarer_lead_att', 'partner_lead_att', 'declarer_lead_count', 'partner_lead_count', 'declarer_lead_sp', 'partner_lead_sp'].map(
    (key) => `signals.${key}`,
  ),
  ...['length_4th', 'length_3_5', 'length_3_low', 'length_attitude', 'small_from_xx', 'after_first_trick', 'honor_leads_akx_varies', 'exceptions'].map(
    (key) => `leads_vs_suits.${key}`,
  ),
  ...['length_4th', 'length_3_5', 'length_3_low', 'length_attitude', 'length_2nd_from_xxxx_plus', 'after_first_trick', 'honor_leads_akxx_varies'].map(
    (key) => `leads_vs_nt.${key}`,
  ),
  'leads_vs_nt.exceptions',
].map((path) => (path === 'names' ? 'names.names' : path));

const upload = (text: string) => readUploadedFile(new TextEncoder().encode(text));
const importCard = async (text: string) => documentOfUpload(await upload(text), testCatalogue());
const notPlacedNames = (document: ContractDocument) =>
  document.categories[0]!.subjects.find((subject) => subject.editedName === NOT_PLACED_SUBJECT)?.options.map((option) => option.editedName) ?? [];

describe('a Bridgodex card (the sample written from the notes)', () => {
  it('is told by its content and placed on catalogue items through the classic card, with a report', async () => {
    expect((await upload(SAMPLE)).kind).toBe('bridgodex');
    const { document, report } = await importCard(SAMPLE);
    expect(report.format).toBe('Bridgodex convention card (JSON)');
    expect(document.playerNames).toEqual(['Anna', 'Bob']);
    expect(selectedKeys(document, 'nt.range')).toEqual(['nt.range.15-17']);
    expect(selectedKeys(document, 'nt.stayman')).toContain('nt.stayman.regular');
    expect(selectedKeys(document, 'nt.jacoby')).toEqual(expect.arrayContaining(['nt.jacoby.2d', 'nt.jacoby.2h']));
    expect(selectedKeys(document, 'nt.texas')).toEqual(['nt.texas.4d4h', 'nt.texas.over2nt']);
    expect(selectedKeys(document, 'nt.2ntRange')).toEqual(['nt.2ntRange.20-21']);
    expect(selectedKeys(document, 'mj.length12')).toEqual(['mj.length12.5']);
    expect(selectedKeys(document, 'mn.forcingRaise')).toEqual(['mn.forcingRaise.single']);
    expect(selectedKeys(document, 'tw.2d')).toEqual(['tw.2d.weak']);
    expect(selectedKeys(document, 'tw.weakTwos')).toContain('tw.weakTwos.5-10');
    expect(selectedKeys(document, 'sl.rkcb')).toEqual(['sl.rkcb.1430']);
    expect(selectedKeys(document, 'sg.firstDiscard')).toEqual(['sg.firstDiscard.lavinthal']);
    expect(selectedKeys(document, 'ld.lengthSuits')).toEqual(['ld.lengthSuits.4th']);
    expect(selectedKeys(document, 'ld.xx')).toEqual(['ld.xx.low']);
    // A line that names no option is a note.
    expect(subjectByKey(document, 'nt.2s').note).toBe('Minor suit stayman');
    // What the classic card has no field for is kept, under its Bridgodex path.
    expect(notPlacedNames(document)).toEqual(
      expect.arrayContaining([
        'overview.1nt_open_str: ticked',
        'overview.min_exp_hcp_bal_opening: 11',
        'majors.bypass_1s: ticked',
        '3_no_trump.one_suit: ticked',
        'two_level.2s_rebids_2nt: Ogust',
        'overcalls.cue_support: ticked',
      ]),
    );
    expect(report.notPlaced).toHaveLength(6);
    expect(report.read).toBe(report.placed + report.placedAsText + report.notPlaced.length);
    expect(report.placed).toBeGreaterThan(50);
  });

  it('is not taken for an agreement file of the product’s, nor is a file with `format`', async () => {
    await expect(upload(JSON.stringify({ format: 'something', settings: {} }))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/not an agreement/),
    });
    await expect(upload(JSON.stringify({ settings: 'x' }))).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/not an agreement/) });
  });
});

describe('the Bridgodex card map', () => {
  it('names only classic card fields: check boxes for boxes, text fields for lines', () => {
    for (const [path, field] of Object.entries(BRIDGODEX_BOXES)) expect(ACBL_CLASSIC_CARD.fields[field]?.kind, `${path} → ${field}`).toBe('tick');
    for (const [path, field] of Object.entries(BRIDGODEX_TEXTS)) {
      const kind = ACBL_CLASSIC_CARD.fields[field]?.kind;
      expect(kind !== undefined && kind !== 'tick' && kind !== 'blank', `${path} → ${field} (${kind})`).toBe(true);
    }
    const catalogueKeys = new Set(
      testCatalogue().template.categories.flatMap((category) => category.subjects.flatMap((subject) => subject.options.map((option) => option.key))),
    );
    for (const option of Object.values(BRIDGODEX_LEADS)) expect(catalogueKeys.has(option), option).toBe(true);
  });

  it('takes each text field from one line only', () => {
    const fields = Object.values(BRIDGODEX_TEXTS);
    expect(fields.filter((field, index) => fields.indexOf(field) !== index)).toEqual(['Other_5']);
  });

  it('lists every path of the notes once, mapped or not, and no other', () => {
    const listed = [...Object.keys(BRIDGODEX_BOXES), ...Object.keys(BRIDGODEX_TEXTS), ...Object.keys(BRIDGODEX_LEADS), ...Object.keys(BRIDGODEX_UNMAPPED)];
    expect(listed.filter((path, index) => listed.indexOf(path) !== index)).toEqual([]);
    expect([...listed].sort()).toEqual([...new Set(NOTES_PATHS)].sort());
    for (const path of BRIDGODEX_APPROXIMATE_PATHS) expect(listed).toContain(path);
  });
});

describe('hostile JSON', () => {
  const refusal = (path: string) => ({ statusCode: 400, message: expect.stringContaining(path) });

  it('refuses deep nesting, naming the path', async () => {
    const depth = 100_000;
    const deep = `{"settings":{"names":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    await expect(upload(deep)).rejects.toMatchObject(refusal('settings.names.a.a.a.a.a.a'));
  });

  it('refuses a number where a section belongs, and a wrong type where a box or a line belongs', async () => {
    await expect(upload(JSON.stringify({ settings: { names: 5 } }))).rejects.toMatchObject(refusal('settings.names is a number where an object belongs'));
    await expect(upload(JSON.stringify({ settings: { '1_no_trump': { '2c_stayman': 1 } } }))).rejects.toMatchObject(refusal('settings.1_no_trump.2c_stayman'));
    await expect(upload(JSON.stringify({ settings: { '1_no_trump': { a_range_min: true } } }))).rejects.toMatchObject(
      refusal('settings.1_no_trump.a_range_min'),
    );
    await expect(upload(JSON.stringify({ settings: { overview: { extra: [1, 2] } } }))).rejects.toMatchObject(refusal('settings.overview.extra'));
  });

  it('refuses 100,000 keys, naming the first past the bound', async () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 'on']));
    await expect(upload(JSON.stringify({ settings: { overview: many } }))).rejects.toMatchObject(refusal(`settings.overview.k${MAX_BRIDGODEX_VALUES - 1}`));
  });

  it('reads keys that name properties of objects as unknown paths, and nothing else', async () => {
    const { report } = await importCard('{"settings": {"__proto__": {"x": "on"}, "constructor": "on", "overview": {"toString": "y"}}}');
    expect(report.notPlaced).toEqual(['__proto__.x: ticked', 'constructor: ticked', 'overview.toString: y']);
  });
});
