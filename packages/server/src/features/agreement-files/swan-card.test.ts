/**
 * Bridge Winners cards (docs/agreement-format.md, "Bridge Winners cards"): the export has exactly
 * the shape of a Bridge Winners export (every leaf, the same types: its importer refuses a file
 * that lacks one) for every shipped template; a filled card is read into an agreement with its
 * report; and, a property test (fast-check), any agreement exported as a Bridge Winners card and
 * imported back keeps every tick and range of the 2022 card fields the card carries. Hostile JSON is
 * refused with 400 and the path of the leaf at fault.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { NOT_PLACED_SUBJECT } from '@bpa/domain/card-import';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { fillOfficialCard } from '@bpa/domain/official-card';
import { SWAN_2022_FIELDS, SWAN_LEADS, SWAN_UNMAPPED, swanValuesOf } from '@bpa/domain/swan-card';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { REPO_ROOT } from '../../config';
import { readUploadedFile } from '../../file-import/read-uploaded-agreement';
import { createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, testCatalogue } from '../../test/test-app';
import { toggledAgreement, toggles } from '../../test/toggled-agreement';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestAgreement, insertTestAgreement } from '../agreements/test-agreements';
import { loadTemplates } from '../templates/load-templates';
import { SWAN_FORMAT_NAME, documentOfUpload, exportAgreement, toSwanCardJson } from './agreement-files';
import { selectedKeys, subjectByKey } from '../../test/agreement-by-key';

/** The shape of a Bridge Winners export, every leaf blank (public-domain bridge-craftwork/Bridge-Classroom; test/fixtures/README.md). */
const SCHEMA_TEXT = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'swan-card-schema.json'), 'utf8');
const blankCard = () => JSON.parse(SCHEMA_TEXT) as { Convention_Card: Record<string, unknown> };
const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const TEMPLATES = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));
const templateOf = (file: string) => parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));

/** Every leaf of a nested object: dotted path → JSON type. */
function leafTypes(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leafTypes(child, path ? `${path}.${key}` : key, into);
  } else into.set(path, Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  return into;
}

/** Sets a leaf of a card, by path under Convention_Card. */
function setLeaf(card: { Convention_Card: Record<string, unknown> }, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = card.Convention_Card;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

const encode = (json: unknown) => new TextEncoder().encode(typeof json === 'string' ? json : JSON.stringify(json));
async function importSwan(json: unknown): Promise<ReturnType<typeof documentOfUpload>> {
  return documentOfUpload(await readUploadedFile(encode(json)), testCatalogue());
}

describe('the Bridge Winners card map', () => {
  it('names 2022 card fields, each once: boxes for boolean leaves, lines for text leaves', () => {
    const schema = leafTypes(blankCard().Convention_Card);
    const fields = Object.values(SWAN_2022_FIELDS);
    expect(fields.filter((field, index) => fields.indexOf(field) !== index)).toEqual([]);
    for (const [path, field] of Object.entries(SWAN_2022_FIELDS)) {
      expect(ACBL_2022_CARD.fields[field], `${path} → ${field}`).toBeDefined();
      expect(schema.get(path), `${path} → ${field}`).toBe(/\.c\./.test(field) ? 'boolean' : 'string');
    }
  });

  it('maps lead cards to options of the 2022 card’s lead grid, and knows every leaf of the schema', () => {
    const gridOptions = new Set(ACBL_2022_CARD.leads.map((lead) => lead.option));
    for (const [path, option] of Object.entries(SWAN_LEADS)) expect(gridOptions.has(option), `${path} → ${option}`).toBe(true);
    const known = new Set([...Object.keys(SWAN_2022_FIELDS), ...Object.keys(SWAN_LEADS), ...Object.keys(SWAN_UNMAPPED), 'New_Format']);
    expect([...leafTypes(blankCard().Convention_Card).keys()].filter((path) => !known.has(path))).toEqual([]);
  });
});

describe('the export', () => {
  it.each(TEMPLATES)('has exactly the shape of a Bridge Winners card (every leaf, the same types): %s', (file) => {
    const agreement = createAgreementFromTemplate(templateOf(file), 'Export');
    const exported = JSON.parse(toSwanCardJson(agreement)) as unknown;
    expect(Object.fromEntries(leafTypes(exported))).toEqual(Object.fromEntries(leafTypes(blankCard())));
  });

  it('downloads as "<agreement> Bridge Winners card.json", written as the 2022 card is filled', () => {
    const agreement = {
      ...createAgreementFromTemplate(templateOf('basic-2-over-1-game-forcing.csv'), 'Club'),
      playerNames: ['Anna', 'Bob'] as [string, string],
    };
    const file = exportAgreement(agreement, 'swan', new Date());
    expect(file.downloadName).toBe('Club Bridge Winners card.json');
    expect(file.contentType).toBe('application/json; charset=utf-8');
    const card = (JSON.parse(file.body) as { Convention_Card: Record<string, Record<string, unknown>> }).Convention_Card;
    const filled = fillOfficialCard(agreement, ACBL_2022_CARD).fields;
    expect(card.Overview!.names).toBe('Anna & Bob');
    expect(card.New_Format).toBe(true);
    // 5-card majors: Bridge Winners writes the "5" box under `four` (docs/agreement-format.md, "Bridge Winners cards").
    expect(filled.get('1H1S.c.2')?.kind).toBe('tick');
    expect(card.Majors!.first_second).toEqual({ four: true, five: false });
  });
});

describe('a filled Bridge Winners card', () => {
  it('is read into catalogue items, with a report', async () => {
    const card = blankCard();
    setLeaf(card, 'Overview.names', 'Anna Gray & Bob White');
    setLeaf(card, 'Notrump.one_notrump_opening.range.nt_open_rmin1', '15');
    setLeaf(card, 'Notrump.one_notrump_opening.range.nt_open_rmax1', '17');
    setLeaf(card, 'Notrump.one_notrump_opening.two_clubs.stayman', true);
    setLeaf(card, 'Notrump.one_notrump_opening.two_diamonds.transfer', true);
    setLeaf(card, 'Leads_vs_suits.honor_leads.king_queen.king', true);
    setLeaf(card, 'Majors.first_second.four', true);
    setLeaf(card, 'Notrump.one_notrump_opening.three_clubs', 'Puppet to 3!d');
    // A lead with no catalogue option, and a leaf Bridge Winners may add later.
    setLeaf(card, 'Leads_vs_notrump.interior_seq.ace_queen_jack.queen', true);
    (card.Convention_Card.Overview as Record<string, unknown>).future_box = true;
    const { document, report } = await importSwan(card);
    expect(report.format).toBe(SWAN_FORMAT_NAME);
    expect(document.playerNames).toEqual(['Anna Gray', 'Bob White']);
    expect(selectedKeys(document, 'nt.range')).toEqual(['nt.range.15-17']);
    expect(selectedKeys(document, 'nt.stayman')).toContain('nt.stayman.regular');
    expect(selectedKeys(document, 'nt.jacoby')).toEqual(['nt.jacoby.2d']);
    expect(selectedKeys(document, 'ld.kq')).toEqual(['ld.kq.k']);
    expect(selectedKeys(document, 'mj.length12')).toEqual(['mj.length12.5']);
    expect(subjectByKey(document, 'nt.3c').note).toBe('Puppet to 3!d');
    expect(report.notPlaced).toEqual(expect.arrayContaining(['Leads_vs_notrump.interior_seq.ace_queen_jack.queen: ticked', 'Overview.future_box: ticked']));
    const notPlaced = document.categories[0]!.subjects.find((subject) => subject.editedName === NOT_PLACED_SUBJECT);
    expect(notPlaced?.options.map((option) => option.editedName)).toEqual(
      expect.arrayContaining(['Leads_vs_notrump.interior_seq.ace_queen_jack.queen: ticked']),
    );
    // Names, two range ends, three boxes, a line, the lead and the two not placed.
    expect(report.read).toBe(10);
    expect(report.placed).toBeGreaterThanOrEqual(7);
  });

  it('reads the two crossed "2NT over their takeout double" boxes as Bridge Winners writes them', () => {
    const card = blankCard();
    setLeaf(card, 'Vs_takeout_double.two_notrump_over.nat_majors', true);
    setLeaf(card, 'Vs_takeout_double.two_notrump_over.raise_minors', true);
    const { values } = swanValuesOf(card);
    expect(values['VTD.c.12']).toBe(true); // 2NT over ♣♦: Raise
    expect(values['VTD.c.15']).toBe(true); // 2NT over ♥♠: Nat
    expect(values['VTD.c.11']).toBe(false);
    expect(values['VTD.c.16']).toBe(false);
  });

  it('reads a blank card as an agreement with nothing ticked (New_Format is not content)', async () => {
    const { report } = await importSwan(blankCard());
    expect(report).toMatchObject({ read: 0, placed: 0, notPlaced: [] });
  });

  it('is told from other JSON by its top-level Convention_Card key only', async () => {
    const other = { format: 'something', sections: { Convention_Card: { Overview: {} } } };
    await expect(readUploadedFile(encode(other))).rejects.toMatchObject({ statusCode: 400, message: expect.not.stringContaining('Bridge Winners') });
  });
});

describe('a round trip through a Bridge Winners card (property)', () => {
  it('keeps every tick and range of the 2022 card fields the card carries, and its leads, whatever the agreement', async () => {
    const fields = Object.values(SWAN_2022_FIELDS);
    const leadOptions = new Set(Object.values(SWAN_LEADS));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TEMPLATES), toggles, async (file, moves) => {
        const agreement = toggledAgreement(templateOf(file), moves);
        const { document } = await importSwan(toSwanCardJson(agreement));
        const before = fillOfficialCard(agreement, ACBL_2022_CARD);
        const after = fillOfficialCard(document, ACBL_2022_CARD);
        for (const field of fields) {
          const spec = ACBL_2022_CARD.fields[field]!;
          const [was, is] = [before.fields.get(field), after.fields.get(field)];
          if (spec.kind === 'tick') expect(is?.kind === 'tick', `${file} ${field}`).toBe(was?.kind === 'tick');
          if (spec.kind === 'low' || spec.kind === 'high')
            expect(is?.kind === 'text' ? is.text : undefined, `${file} ${field}`).toBe(was?.kind === 'text' ? was.text : undefined);
        }
        const leadsOf = (filled: typeof before) => [...new Set(filled.leads.map((lead) => lead.option).filter((option) => leadOptions.has(option)))].sort();
        expect(leadsOf(after), file).toEqual(leadsOf(before));
      }),
      { numRuns: 25 },
    );
  });
});

describe('hostile JSON', () => {
  const refusal = async (json: unknown) => {
    const error = (await readUploadedFile(encode(json)).then(
      () => undefined,
      (caught: unknown) => caught,
    )) as { statusCode?: number; message?: string } | undefined;
    return { statusCode: error?.statusCode, message: error?.message ?? '' };
  };

  it('refuses a string where a box belongs, naming the leaf', async () => {
    const card = blankCard();
    setLeaf(card, 'Majors.jump.weak', 'yes');
    expect(await refusal(card)).toEqual({ statusCode: 400, message: expect.stringContaining('Convention_Card.Majors.jump.weak should be true or false') });
  });

  it('refuses numbers, lists and null, naming the leaf', async () => {
    for (const bad of [3, [true], null]) {
      const card = blankCard();
      setLeaf(card, 'Overview.opening_hcp', bad);
      expect(await refusal(card)).toEqual({ statusCode: 400, message: expect.stringContaining('Convention_Card.Overview.opening_hcp') });
    }
  });

  it('refuses deep nesting, naming where it goes too deep', async () => {
    const depth = 5000;
    const text = `{"Convention_Card":{"Overview":${'{"a":'.repeat(depth)}true${'}'.repeat(depth)}}}`;
    expect(await refusal(text)).toEqual({ statusCode: 400, message: expect.stringMatching(/Convention_Card\.Overview\.a\.a\.a\.a\.a\.a is nested deeper/) });
  });

  it('refuses 100,000 leaves, naming where the count ran over', async () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, '']));
    expect(await refusal({ Convention_Card: { Extra: many } })).toEqual({
      statusCode: 400,
      message: expect.stringContaining('more than 3000 values (the next is Convention_Card.Extra.k3000)'),
    });
  });

  it('refuses a Convention_Card that is not an object', async () => {
    expect(await refusal({ Convention_Card: 'x' })).toEqual({ statusCode: 400, message: expect.stringContaining('Convention_Card should be an object') });
  });
});

describe('over HTTP', () => {
  let database: TestDatabase;
  let app: App;
  let cookie: string;
  let agreement: TestAgreement;

  beforeAll(async () => {
    database = await openTestDatabase();
    await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    app = await buildTestApp(database.db);
    await app.ready();
    const account = await createTestAccount(database.db);
    cookie = await signInAs(database.db, account.id);
    agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Club game' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('exports format=swan as a Bridge Winners card to download', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/contracts/${agreement.id}/export?format=swan`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''Club%20game%20Bridge%20Winners%20card.json");
    expect(Object.fromEntries(leafTypes(JSON.parse(response.body)))).toEqual(Object.fromEntries(leafTypes(blankCard())));
  });

  it('previews a Bridge Winners card’s import, and refuses a broken one with 400 naming the leaf', async () => {
    const card = blankCard();
    setLeaf(card, 'Notrump.one_notrump_opening.two_clubs.stayman', true);
    const preview = await app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${agreement.id}/import-preview`,
      headers: { cookie },
      payload: { fileName: 'card.json', data: Buffer.from(JSON.stringify(card)).toString('base64') },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ data: { format: SWAN_FORMAT_NAME, read: 1, placed: 1 } });

    setLeaf(card, 'Notrump.one_notrump_opening.two_clubs.stayman', 'on');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${agreement.id}/import`,
      headers: { cookie },
      payload: { fileName: 'card.json', data: Buffer.from(JSON.stringify(card)).toString('base64') },
    });
    expect(refused.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(refused.json()).message).toContain('Convention_Card.Notrump.one_notrump_opening.two_clubs.stayman');
  });
});
