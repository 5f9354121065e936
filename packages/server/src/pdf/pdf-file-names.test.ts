import { PdfFileInfoSchema } from '@bpa/domain/api';
import { describe, expect, it } from 'vitest';
import { makePathName, makePdfDownloadName, makePdfFileName } from './pdf-file-names';

describe('makePdfFileName', () => {
  it.each([
    ['Trial Agreement', 'Trial-Agreement.pdf'],
    ['##c2#Partner### 1: Anna & Bob', 'Partner-1-Anna-Bob.pdf'],
    ['Zoë Müller’s card', 'Zoe-Muller-s-card.pdf'],
    ['../../etc/passwd', 'etc-passwd.pdf'],
    ['"quoted"; filename=evil.exe', 'quoted-filename-evil.exe.pdf'],
    ['♠♥♦♣', 'agreement.pdf'],
    ['', 'agreement.pdf'],
  ])('%j -> %s', (name, expected) => {
    expect(makePdfFileName(name)).toBe(expected);
  });

  it('keeps long names within the schema limits', () => {
    const fileName = makePdfFileName('Partner '.repeat(100));
    // A URL path segment of the viewer route: always well under the router's 100 characters.
    expect(fileName.length).toBeLessThanOrEqual(84);
    expect(PdfFileInfoSchema.shape.fileName.safeParse(fileName).success).toBe(true);
  });
});

describe('makePdfDownloadName (docs/pdf.md §4)', () => {
  it.each([
    ['##c2#Ånna### & Bøb: 1!c', 'Ånna & Bøb 1♣.pdf'],
    ['Партнёр 1 — 2/1', 'Партнёр 1 — 2 1.pdf'],
    ['../../etc/passwd', 'etc passwd.pdf'],
    ['tab\there\u0000and "quotes"', 'tab here and quotes.pdf'],
    ['', 'agreement.pdf'],
    ['  ', 'agreement.pdf'],
  ])('%j -> %s', (name, expected) => {
    expect(makePdfDownloadName(name)).toBe(expected);
  });

  it('keeps at most 120 whole characters of a long name, never half an emoji', () => {
    const name = makePdfDownloadName('🂡'.repeat(300));
    expect(Array.from(name)).toHaveLength(124);
    expect(name.endsWith('🂡.pdf')).toBe(true);
  });
});

describe('makePathName', () => {
  it('makes distinct 192-bit base64url names that the schema accepts', () => {
    const names = new Set(Array.from({ length: 1000 }, makePathName));
    expect(names.size).toBe(1000);
    for (const name of names) {
      expect(name).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(PdfFileInfoSchema.shape.pathName.safeParse(name).success).toBe(true);
    }
  });
});
