/**
 * The key audit (docs/catalogue-keys.md, "The contract"): every catalogue category, subject and
 * option has a well-formed key of its level, unique over the whole catalogue; every item of every
 * shipped template carries a catalogue key; no retired key (domain retired-keys.ts) is used again,
 * and every key a retired option moved to exists; every key the ACBL card names (domain
 * acbl-card.ts) is a catalogue key of the right level; every key the Alert procedures flag (domain
 * alert-procedures.ts) is a catalogue subject or option key.
 *
 * Each check is a small pure function returning its problems (empty when all is well), tested on
 * the real catalogue and templates and on a deliberately broken input, so that a check that could
 * never fail is noticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { OfficialCardMap } from '@bpa/domain/official-card';
import { ALERT_FLAGS, type AlertFlag } from '@bpa/domain/alert-procedures';
import { CATALOGUE_KEY_PATTERN, type KeyLevel, MAX_CATALOGUE_KEY_LENGTH, keyLevel, keysIn, optionKeyOf } from '@bpa/domain/catalogue-keys';
import type { Category, MasterTemplate } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { RETIRED_OPTIONS, type RetiredOption } from '@bpa/domain/retired-keys';
import { describe, expect, it } from 'vitest';
import { category, heading, subject, subjectsOf, type CatalogueCategory } from './template-catalogue/catalogue-model';
import { CATALOGUE } from './template-catalogue/catalogue';
import { TEMPLATES_DIR } from './generate-templates';

/** One keyed item of the catalogue: its full key, its level, its parent's key and where it is, for messages. */
interface CatalogueEntry {
  key: string;
  level: KeyLevel;
  /** The key of the category (for a subject) or subject (for an option) it sits under. */
  parent?: string;
  where: string;
}

/** Every category, subject and option of a catalogue with its full key (an option's is `subjectKey.word`). */
function catalogueEntries(catalogue: readonly CatalogueCategory[]): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const entry of catalogue) {
    entries.push({ key: entry.key, level: 'category', where: `category "${entry.name}"` });
    for (const item of subjectsOf(entry)) {
      entries.push({ key: item.key, level: 'subject', parent: entry.key, where: `subject "${item.name}" of "${entry.name}"` });
      for (const option of item.options)
        entries.push({ key: optionKeyOf(item.key, option.key), level: 'option', parent: item.key, where: `option "${option.name}" of "${item.name}"` });
    }
  }
  return entries;
}

/**
 * Keys not of CATALOGUE_KEY_PATTERN's form, too long, of the wrong level (keyLevel), or not under
 * their parent's key (docs/catalogue-keys.md, "Form").
 */
function malformedKeys(entries: readonly CatalogueEntry[]): string[] {
  const problems: string[] = [];
  for (const { key, level, parent, where } of entries) {
    if (!CATALOGUE_KEY_PATTERN.test(key) || key.length > MAX_CATALOGUE_KEY_LENGTH) problems.push(`${where}: "${key}" is not of the key form`);
    else if (keyLevel(key) !== level) problems.push(`${where}: "${key}" is at the ${keyLevel(key)} level, not the ${level} level`);
    if (parent !== undefined && !key.startsWith(`${parent}.`)) problems.push(`${where}: "${key}" is not under its parent's key "${parent}"`);
  }
  return problems;
}

/** Keys given to more than one item, each named once. */
function duplicateKeys(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const key of keys) (seen.has(key) ? twice : seen).add(key);
  return [...twice].map((key) => `"${key}" is the key of more than one item`);
}

/**
 * Items of a template without a key, or whose key is not a catalogue key of the item's level.
 *
 * @param catalogueLevels every catalogue key -> its level.
 */
function templateKeyProblems(fileName: string, categories: readonly Category[], catalogueLevels: ReadonlyMap<string, KeyLevel>): string[] {
  const problems: string[] = [];
  const check = (key: string | undefined, level: KeyLevel, where: string) => {
    if (key === undefined) problems.push(`${fileName}: ${where} has no key`);
    else if (catalogueLevels.get(key) !== level) problems.push(`${fileName}: ${where} has the key "${key}", not a catalogue ${level} key`);
  };
  for (const entry of categories) {
    check(entry.key, 'category', `category "${entry.categoryName}"`);
    for (const item of entry.subjects) {
      check(item.key, 'subject', `subject "${item.subjectName}"`);
      for (const option of item.options) check(option.key, 'option', `option "${option.optionName}" of "${item.subjectName}"`);
    }
  }
  return problems;
}

/**
 * Retired keys used again (in the catalogue or a template), and `into` keys that are not catalogue
 * option keys (docs/catalogue-keys.md, "Never reused" and "Merged duplicates").
 *
 * @param templateKeys file name -> every key the template carries.
 */
function retiredKeyProblems(
  retired: readonly RetiredOption[],
  catalogueLevels: ReadonlyMap<string, KeyLevel>,
  templateKeys: Readonly<Record<string, ReadonlySet<string>>>,
): string[] {
  const problems: string[] = [];
  for (const option of retired) {
    if (catalogueLevels.has(option.key)) problems.push(`retired key "${option.key}" is in the catalogue`);
    for (const [fileName, keys] of Object.entries(templateKeys)) if (keys.has(option.key)) problems.push(`retired key "${option.key}" is in ${fileName}`);
    if (option.into.length === 0) problems.push(`retired key "${option.key}" moves into nothing`);
    for (const into of option.into)
      if (catalogueLevels.get(into) !== 'option') problems.push(`retired key "${option.key}" moves into "${into}", not a catalogue option key`);
  }
  return problems;
}

/**
 * Keys an official card's field map names that are not catalogue keys of the level the field
 * needs (docs/official-cards.md §2): a tick names subjects or options, a write-in and a range
 * subjects (a range's fallback condition an option), a lead mark an option.
 */
function cardMapProblems(map: OfficialCardMap, catalogueLevels: ReadonlyMap<string, KeyLevel>): string[] {
  const problems: string[] = [];
  const check = (field: string, key: string, levels: readonly KeyLevel[]) => {
    const level = catalogueLevels.get(key);
    if (level === undefined || !levels.includes(level)) problems.push(`${map.id} field "${field}": "${key}" is not a catalogue ${levels.join(' or ')} key`);
  };
  for (const [field, spec] of Object.entries(map.fields)) {
    if (spec.kind === 'tick') for (const key of spec.keys) check(field, key, ['subject', 'option']);
    if (spec.kind === 'write') for (const key of spec.subjects) check(field, key, ['subject']);
    if (spec.kind === 'low' || spec.kind === 'high') {
      check(field, spec.subject, ['subject']);
      if (spec.fallback) {
        check(field, spec.fallback.subject, ['subject']);
        check(field, spec.fallback.when, ['option']);
      }
    }
    if (spec.kind === 'derived') for (const key of spec.keys) check(field, key, ['subject', 'option']);
  }
  for (const lead of map.leads) check('lead grid', lead.option, ['option']);
  return problems;
}

/**
 * Alert flags (docs/bridge.md §1c) whose key is not a catalogue subject or option key, and flags
 * that announce their subject's ranges on a subject without a range option (`nt.range.15-17`).
 */
function alertFlagProblems(flags: readonly AlertFlag[], catalogue: readonly CatalogueEntry[]): string[] {
  const levels = new Map(catalogue.map((entry) => [entry.key, entry.level] as const));
  const problems: string[] = [];
  for (const flag of flags) {
    const level = levels.get(flag.key);
    if (level !== 'subject' && level !== 'option') problems.push(`Alert flag "${flag.key}" is not a catalogue subject or option key`);
    else if (
      flag.announcesRangeOptions &&
      !catalogue.some((entry) => entry.level === 'option' && entry.parent === flag.key && /^\d+-\d+$/.test(entry.key.split('.').at(-1) ?? ''))
    )
      problems.push(`Alert flag "${flag.key}" announces the ranges of a subject without range options`);
  }
  return problems;
}

const entries = catalogueEntries(CATALOGUE);
const catalogueLevels = new Map(entries.map((entry) => [entry.key, entry.level] as const));
const templateFiles = readdirSync(TEMPLATES_DIR)
  .filter((fileName) => fileName.endsWith('.csv'))
  .sort();
const templates: Record<string, MasterTemplate> = Object.fromEntries(
  templateFiles.map((fileName) => [fileName, parseMasterCsv(readFileSync(join(TEMPLATES_DIR, fileName), 'utf8'))]),
);
/** Every key each template carries, at any level. */
const templateKeys: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(templates).map(([fileName, template]) => [fileName, new Set(keysIn(template.categories).map(({ key }) => key))]),
);

describe('the catalogue keys (docs/catalogue-keys.md)', () => {
  it('gives every catalogue category, subject and option a key of the key form, of its level, under its parent', () => {
    expect(entries.filter((entry) => entry.level === 'category')).toHaveLength(13);
    expect(entries.filter((entry) => entry.level === 'option').length).toBeGreaterThan(500);
    expect(malformedKeys(entries)).toEqual([]);
  });

  it('gives no two catalogue items the same key', () => {
    expect(duplicateKeys(entries.map((entry) => entry.key))).toEqual([]);
  });

  it('keys every item of every shipped template with a catalogue key of its level', () => {
    expect(templateFiles).toContain('blank.csv');
    expect(templateFiles.length).toBeGreaterThanOrEqual(7);
    for (const [fileName, template] of Object.entries(templates))
      expect(templateKeyProblems(fileName, template.categories, catalogueLevels), fileName).toEqual([]);
  });

  it('uses no retired key in the catalogue or a shipped template, and moves every retired option into catalogue options', () => {
    expect(RETIRED_OPTIONS.length).toBeGreaterThan(0);
    expect(retiredKeyProblems(RETIRED_OPTIONS, catalogueLevels, templateKeys)).toEqual([]);
  });

  it.each([ACBL_CLASSIC_CARD, ACBL_2022_CARD])('names in the $id card’s field map only catalogue keys of the right level', (map) => {
    expect(cardMapProblems(map, catalogueLevels)).toEqual([]);
  });

  it('flags for the Alert procedures only catalogue subject and option keys (docs/bridge.md §1c)', () => {
    expect(ALERT_FLAGS.length).toBeGreaterThan(7);
    expect(alertFlagProblems(ALERT_FLAGS, entries)).toEqual([]);
  });
});

describe('the key audit reports a broken input', () => {
  const broken = [
    category(
      'nt',
      'Notrump Openings',
      heading(
        '',
        subject('nt.stayman', 'Stayman', [
          ['2c', '2!c'],
          ['bad word', 'Bad'],
        ]),
        subject('mj.elsewhere', 'Under the wrong category', ['x']),
        subject('nt.three.words', 'Three words', ['y']),
      ),
    ),
    category('Bad', 'Badly keyed', heading('')),
    category('nt', 'Notrump again', heading('', subject('nt.stayman', 'Stayman again', [['2c', '2!c']]))),
  ];

  it('reports malformed keys, keys of the wrong level and keys not under their parent', () => {
    const problems = malformedKeys(catalogueEntries(broken)).join('\n');
    expect(problems).toMatch(/"nt\.stayman\.bad word" is not of the key form/);
    expect(problems).toMatch(/"mj\.elsewhere" is not under its parent's key "nt"/);
    expect(problems).toMatch(/category "Badly keyed": "Bad" is not of the key form/);
    expect(problems).toMatch(/subject "Three words" of "Notrump Openings": "nt\.three\.words" is at the option level, not the subject level/);
  });

  it('reports a key given twice', () => {
    expect(duplicateKeys(catalogueEntries(broken).map((entry) => entry.key))).toEqual([
      '"nt" is the key of more than one item',
      '"nt.stayman" is the key of more than one item',
      '"nt.stayman.2c" is the key of more than one item',
    ]);
  });

  it('reports a template item without a key, or with a key the catalogue does not have at its level', () => {
    const blank = templates['blank.csv']!;
    const [first, ...rest] = blank.categories;
    const [firstSubject, ...otherSubjects] = first!.subjects;
    const [firstOption, ...otherOptions] = firstSubject!.options;
    const { key: _dropped, ...unkeyedOption } = firstOption!;
    const edited: Category[] = [
      {
        ...first!,
        subjects: [{ ...firstSubject!, key: 'ga.noSuchSubject', options: [unkeyedOption, ...otherOptions] }, ...otherSubjects],
      },
      { ...rest[0]!, key: 'nt.stayman' },
      ...rest.slice(1),
    ];
    const problems = templateKeyProblems('edited.csv', edited, catalogueLevels).join('\n');
    expect(problems).toMatch(/subject "Basic system" has the key "ga\.noSuchSubject", not a catalogue subject key/);
    expect(problems).toMatch(/option "Standard American" of "Basic system" has no key/);
    expect(problems).toMatch(/category "Notrump Openings" has the key "nt\.stayman", not a catalogue category key/);
  });

  it('reports a retired key used again and an into key the catalogue lacks', () => {
    const retired: RetiredOption[] = [
      { key: 'nt.stayman.regular', names: ['Notrump Openings', 'Stayman', '2!c Stayman'], into: ['nt.stayman.gone', 'nt'], reason: 'test' },
    ];
    const problems = retiredKeyProblems(retired, catalogueLevels, { 'x.csv': new Set(['nt.stayman.regular']) }).join('\n');
    expect(problems).toMatch(/retired key "nt\.stayman\.regular" is in the catalogue/);
    expect(problems).toMatch(/retired key "nt\.stayman\.regular" is in x\.csv/);
    expect(problems).toMatch(/moves into "nt\.stayman\.gone", not a catalogue option key/);
    expect(problems).toMatch(/moves into "nt", not a catalogue option key/);
  });

  it('reports Alert flags on unknown keys, on a category, or announcing ranges a subject does not have', () => {
    const flags: AlertFlag[] = [
      { key: 'nt.noSuchSubject', kind: 'alert', source: 'test' },
      { key: 'nt', kind: 'alert', source: 'test' },
      { key: 'nt.stayman', kind: 'announce', announcesRangeOptions: true, source: 'test' },
      { key: 'nt.range', kind: 'announce', announcesRangeOptions: true, source: 'test' },
    ];
    expect(alertFlagProblems(flags, entries)).toEqual([
      'Alert flag "nt.noSuchSubject" is not a catalogue subject or option key',
      'Alert flag "nt" is not a catalogue subject or option key',
      'Alert flag "nt.stayman" announces the ranges of a subject without range options',
    ]);
  });

  it('reports card map fields that name an unknown key or a key of the wrong level', () => {
    const map: OfficialCardMap = {
      id: 'classic',
      title: 'test',
      page: 0,
      fields: {
        a: { kind: 'tick', keys: ['nt.noSuchSubject'] },
        b: { kind: 'write', subjects: ['nt.stayman.regular'] },
        c: { kind: 'low', subject: 'nt.range', fallback: { subject: 'tw.weakTwos', when: 'tw.2h' } },
      },
      leads: [{ option: 'ld.xx', x: 0, y: 0, width: 1, height: 1 }],
      footer: { x: 0, y: 0 },
    };
    expect(cardMapProblems(map, catalogueLevels)).toEqual([
      'classic field "a": "nt.noSuchSubject" is not a catalogue subject or option key',
      'classic field "b": "nt.stayman.regular" is not a catalogue subject key',
      'classic field "c": "tw.2h" is not a catalogue option key',
      'classic field "lead grid": "ld.xx" is not a catalogue option key',
    ]);
  });
});
