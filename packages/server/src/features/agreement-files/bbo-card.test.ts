/**
 * BBO convention cards (docs/agreement-format.md, "BBO cards"): the card a BBO player exported
 * (the shared sample) is read into an agreement with its report; the export writes every element
 * the sample has; and, a property test (fast-check), any agreement exported as a BBO card and
 * imported back keeps every tick and range the BBO card carries. Hostile XML is refused.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import { BBO_CLASSIC_FIELDS } from '@bpa/domain/bbo-card';
import { displayName } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { fillOfficialCard } from '@bpa/domain/official-card';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { AppError } from '../../errors';
import { XML_DOCTYPE_MESSAGE, readBboCard } from '../../file-import/read-bbo-card';
import { readUploadedFile } from '../../file-import/read-uploaded-agreement';
import { testCatalogue } from '../../test/test-app';
import { toggledAgreement, toggles } from '../../test/toggled-agreement';
import { documentOfUpload, toBboCardXml } from './agreement-files';
import { selectedKeys, subjectByKey } from '../../test/agreement-by-key';

/** A card BBO's card manager exported (from the public-domain bridge-craftwork/Bridge-Classroom samples; test/fixtures/README.md). */
const SAMPLE = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'bbo-card-example.xml'), 'utf8');
const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const templateOf = (file: string) => parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));

async function importBbo(xml: string): Promise<ReturnType<typeof documentOfUpload>> {
  return documentOfUpload(await readUploadedFile(new TextEncoder().encode(xml)), testCatalogue());
}

describe('the BBO card a player exported (the sample)', () => {
  it('is read through its wrapper and placed on catalogue items, with a report', async () => {
    const { document, report } = await importBbo(SAMPLE);
    expect(report.format).toBe('BBO convention card (XML)');
    expect(report.read).toBeGreaterThan(140);
    expect(document.playerNames).toEqual(['Rick', 'Art']);
    expect(selectedKeys(document, 'nt.range')).toEqual(['nt.range.15-17']);
    expect(selectedKeys(document, 'nt.2ntRange')).toEqual(['nt.2ntRange.20-21']);
    expect(selectedKeys(document, 'nt.stayman')).toContain('nt.stayman.regular');
    expect(selectedKeys(document, 'nt.jacoby')).toEqual(expect.arrayContaining(['nt.jacoby.2d', 'nt.jacoby.2h']));
    expect(selectedKeys(document, 'ga.twoOverOne')).toEqual(['ga.twoOverOne.gf']);
    expect(selectedKeys(document, 'sl.interference')).toEqual(expect.arrayContaining(['sl.interference.dopi', 'sl.interference.depo', 'sl.interference.ropi']));
    expect(selectedKeys(document, 'ld.ak')).toEqual(['ld.ak.a']);
    // Weak twos 5-10 (no option says 5-10 HCP for 2♥ itself: the weak two-bids' range).
    expect(selectedKeys(document, 'tw.weakTwos')).toContain('tw.weakTwos.5-10');
    // Its free text is kept in notes.
    expect(subjectByKey(document, 'nt.2s').note).toBe('bal inv or clubs');
  });

  it('has every element the export writes, and the export writes every element it has', () => {
    const inner = /\n<cc [^>]*>.*?<\/cc>/s.exec(SAMPLE)![0];
    const sampleNames = new Set([...inner.matchAll(/<([ECL]_[A-Za-z0-9_-]+)/g)].map((match) => match[1]!));
    const agreement = createAgreementFromTemplate(templateOf('basic-2-over-1-game-forcing.csv'), 'Export');
    const exported = new Set([...toBboCardXml(agreement).matchAll(/<([ECL]_[A-Za-z0-9_-]+)/g)].map((match) => match[1]!));
    const missing = [...sampleNames].filter((name) => !name.startsWith('L_') && !exported.has(name));
    expect(missing).toEqual([]);
  });
});

describe('the BBO card map', () => {
  it('names only classic card fields: boxes for C_ elements, text fields for E_ elements', () => {
    for (const [name, field] of Object.entries(BBO_CLASSIC_FIELDS)) {
      const spec = ACBL_CLASSIC_CARD.fields[field];
      expect(spec, `${name} → ${field}`).toBeDefined();
      expect(spec!.kind === 'tick', `${name} → ${field}`).toBe(name.startsWith('C_'));
    }
  });
});

describe('a round trip through a BBO card (property)', () => {
  const templates = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));
  it('keeps every tick and range of the BBO card, whatever the agreement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), toggles, async (file, moves) => {
        const agreement = toggledAgreement(templateOf(file), moves);
        const { document } = await importBbo(toBboCardXml(agreement));
        const before = fillOfficialCard(agreement, ACBL_CLASSIC_CARD).fields;
        const after = fillOfficialCard(document, ACBL_CLASSIC_CARD).fields;
        for (const field of Object.values(BBO_CLASSIC_FIELDS)) {
          const spec = ACBL_CLASSIC_CARD.fields[field]!;
          const [was, is] = [before.get(field), after.get(field)];
          if (spec.kind === 'tick') expect(is?.kind === 'tick', `${file} ${field}`).toBe(was?.kind === 'tick');
          if (spec.kind === 'low' || spec.kind === 'high')
            expect(is?.kind === 'text' ? is.text : undefined, `${file} ${field}`).toBe(was?.kind === 'text' ? was.text : undefined);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the first discard versus notrump on a BBO card', () => {
  it('stays apart from the discards versus suits when the card leaves its box empty (the property found it)', async () => {
    const agreement = createAgreementFromTemplate(templateOf('lc-standard.csv'), 'Discards');
    // Versus suits standard and odd/even; versus notrump odd/even only, which a BBO card has no box for.
    const versusSuits = subjectByKey(agreement, 'sg.firstDiscard');
    versusSuits.isSelected = true;
    for (const option of versusSuits.options) option.isSelected = option.key === 'sg.firstDiscard.standard' || option.key === 'sg.firstDiscard.oddEven';
    const versusNt = subjectByKey(agreement, 'sg.firstDiscardNt');
    versusNt.isSelected = true;
    for (const option of versusNt.options) option.isSelected = option.key === 'sg.firstDiscardNt.oddEven';
    const xml = toBboCardXml(agreement);
    expect(xml).toContain('<C_discardSuits c="y"/>');
    expect(xml).toContain('<C_discardNT c="n"/>');
    const { document } = await importBbo(xml);
    // Read back, the notrump discards are played apart (the card says they differ), so "other vs NT" stays empty.
    expect(subjectByKey(document, 'sg.firstDiscardNt').isSelected).toBe(true);
    expect(fillOfficialCard(document, ACBL_CLASSIC_CARD).fields.get('other vs NT')).toBeUndefined();
    expect(fillOfficialCard(document, ACBL_CLASSIC_CARD).fields.get('other vs Suits')).toEqual({ kind: 'tick' });
  });
});

describe('hostile XML', () => {
  it('refuses entity declarations before parsing (no "billion laughs")', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE cc [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><cc><E_names t="&b;"/></cc>`;
    expect(() => readBboCard(bomb)).toThrow(new AppError('bad_request', XML_DOCTYPE_MESSAGE));
  });

  it('refuses XML that is not a BBO card, or not well-formed, with a message naming the format', async () => {
    await expect(readUploadedFile(new TextEncoder().encode('<html><body>hi</body></html>'))).rejects.toMatchObject({
      message: expect.stringMatching(/not a BBO convention card/),
    });
    await expect(readUploadedFile(new TextEncoder().encode('<cc><E_names t="x"></cc'))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('reads a deep nest of elements without recursion trouble, as not a card', () => {
    const deep = `${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`;
    expect(() => readBboCard(deep)).toThrow(AppError);
  });
});

describe('names of a BBO card', () => {
  it('are written and read back as the two player names', async () => {
    const agreement = { ...createAgreementFromTemplate(templateOf('lc-standard.csv'), 'Names'), playerNames: ['Anna Gray', 'Bob White'] as [string, string] };
    const { document } = await importBbo(toBboCardXml(agreement));
    expect(document.playerNames).toEqual(['Anna Gray', 'Bob White']);
    expect(displayName(subjectByKey(document, 'nt.range'))).toBeTruthy();
  });
});
