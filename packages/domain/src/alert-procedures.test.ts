import { describe, expect, it } from 'vitest';
import { ALERT_FLAGS, ALERT_PROCEDURES, alertOf, tableWordsOf } from './alert-procedures';

describe('the Alert procedures (docs/bridge.md §1c)', () => {
  it('names the edition it follows', () => {
    expect(ALERT_PROCEDURES.effective).toBe('2021-01-01');
    expect(ALERT_PROCEDURES.url).toMatch(/^https:\/\/web2\.acbl\.org\//);
  });

  it('flags each key once, with a source, and words for every announcement', () => {
    const keys = ALERT_FLAGS.map((flag) => flag.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const flag of ALERT_FLAGS) {
      expect(flag.source.length, flag.key).toBeGreaterThan(10);
      if (flag.kind === 'announce') expect(flag.say !== undefined || flag.announcesRangeOptions === true, flag.key).toBe(true);
      else expect(flag.say, flag.key).toBeUndefined();
    }
  });

  it('flags the Announcements and Alerts the procedures name', () => {
    expect(alertOf('nt.range')).toBe('announce');
    expect(alertOf('nt.jacoby.2d')).toBe('announce');
    expect(alertOf('mj.1nt.forcing')).toBe('announce');
    expect(alertOf('mn.1cLength.short')).toBe('announce');
    expect(alertOf('mj.jacoby2nt')).toBe('alert');
    expect(alertOf('tw.2c.other')).toBe('alert');
    expect(alertOf('ov.cueMajor.artificial')).toBe('alert');
  });

  it('leaves unflagged what the procedures exempt or the sources could not confirm', () => {
    for (const key of ['nt.stayman', 'nt.stayman.regular', 'db.support', 'ov.michaels', 'ov.cueMinor.michaels', 'tw.2c.veryStrong', 'nt.texas', 'sl.blackwood'])
      expect(alertOf(key), key).toBeUndefined();
    expect(alertOf('')).toBeUndefined();
    expect(alertOf('no.such.key')).toBeUndefined();
  });

  it('gives an option its subject flag only for the ranges of a range subject', () => {
    expect(alertOf('nt.range.15-17')).toBe('announce');
    expect(alertOf('nt.range2.12-14')).toBe('announce');
    // Not a range: the second range's seat and vulnerability options.
    expect(alertOf('nt.range2.vul')).toBeUndefined();
    // A flagged subject's options do not inherit its flag.
    expect(alertOf('nt.jacoby.inv2nt')).toBeUndefined();
    expect(alertOf('mj.jacoby2nt.gf4')).toBeUndefined();
  });

  it('says the range the option names, the suit of a transfer, or Alert', () => {
    expect(tableWordsOf('nt.range', 'nt.range.15-17', '15-17')).toBe('Announce: 15 to 17');
    expect(tableWordsOf('nt.range', 'nt.range.15-17', '##c2#14–16###')).toBe('Announce: 14 to 16');
    expect(tableWordsOf('nt.range', 'nt.range.15-17', 'Strong')).toBe('Announce: 15 to 17');
    expect(tableWordsOf('nt.range', 'nt.range.12-14')).toBe('Announce: 12 to 14');
    expect(tableWordsOf('nt.range')).toBe('Announce: the range, e.g. "15 to 17"');
    expect(tableWordsOf('nt.jacoby', 'nt.jacoby.2d', '2!d transfer to !h')).toBe('Announce: Hearts');
    expect(tableWordsOf('mj.1nt', 'mj.1nt.semi')).toBe('Announce: Semi-forcing');
    expect(tableWordsOf('mj.jacoby2nt')).toBe('Alert');
    expect(tableWordsOf('mj.jacoby2nt', 'mj.jacoby2nt.gf4')).toBeUndefined();
    expect(tableWordsOf('nt.stayman', 'nt.stayman.regular')).toBeUndefined();
  });

  it('refuses an option key of another subject', () => {
    expect(() => tableWordsOf('nt.stayman', 'nt.range.15-17')).toThrow(/not an option of nt\.stayman/);
    expect(() => tableWordsOf('nt.range', 'nt.range')).toThrow();
  });
});
