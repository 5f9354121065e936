import { PdfFileInfoSchema } from '@bpa/domain/api';
import { describe, expect, it } from 'vitest';
import { makePathName, makePdfFileName } from './pdf-file-names';

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
    expect(fileName.length).toBeLessThanOrEqual(104);
    expect(PdfFileInfoSchema.shape.fileName.safeParse(fileName).success).toBe(true);
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
