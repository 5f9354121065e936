import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFiles } from './schema/pdf-files';
import { byteaAsBase64 } from './bytea';
import { type TestDatabase, openTestDatabase } from '../test/test-db';

describe('bytea columns, carried as base64 text (ADR 187)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const everyByte = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
  const cases: [string, Buffer][] = [
    ['every byte value', everyByte],
    ['no bytes', Buffer.alloc(0)],
    ['a PDF-sized file (100 kB, random)', randomBytes(100_000)],
    ['a view into a larger buffer', everyByte.subarray(10, 20)],
  ];

  it.each(cases)('stores and reads back %s byte for byte, through base64 and through the column', async (_name, bytes) => {
    const pathName = randomBytes(16).toString('base64url');
    await database.db.insert(pdfFiles).values({ pathName, fileName: 'x.pdf', isGuest: true, content: bytes });
    const [viaBase64] = await database.db
      .select({ content: byteaAsBase64(pdfFiles.content) })
      .from(pdfFiles)
      .where(eq(pdfFiles.pathName, pathName));
    const [viaColumn] = await database.db.select({ content: pdfFiles.content }).from(pdfFiles).where(eq(pdfFiles.pathName, pathName));
    expect(Buffer.isBuffer(viaBase64!.content)).toBe(true);
    expect(viaBase64!.content.equals(bytes)).toBe(true);
    expect(Buffer.from(viaColumn!.content).equals(bytes)).toBe(true);
  });
});
