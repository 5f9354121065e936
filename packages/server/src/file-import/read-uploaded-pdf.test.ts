/**
 * PDFs as other programs save them, read by readUploadedFile (read-uploaded-agreement.ts, with
 * pdf-lib): a filled classic ACBL card protected by an owner password (AES-256, the user password
 * empty, as viewers save "secured" forms), and the same card with its objects packed in object
 * streams. Made with qpdf (the Debian package `.ci/run` installs). An agreement attachment whose
 * embedded file has no `/Params` (optional in ISO 32000-1 §7.11.4) is read in import-pool.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { OFFICIAL_CARD_FILES } from '../pdf/render-official-card';
import { hasQpdf } from '../test/qpdf-check';
import { readUploadedFile } from './read-uploaded-agreement';

const workDir = mkdtempSync(join(tmpdir(), 'bpa-read-pdf-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The classic card with the partnership's names and one box ticked, saved by pdf-lib. */
async function filledClassicCard(): Promise<Uint8Array> {
  const document = await PDFDocument.load(readFileSync(OFFICIAL_CARD_FILES.classic));
  const form = document.getForm();
  form.getTextField('NAMES').setText('Ann and Bob');
  form.getCheckBox('After Overcall Penalty').check();
  return document.save();
}

/** `pdf` rewritten by qpdf with `args` (e.g. `--encrypt … --`). */
function qpdf(pdf: Uint8Array, args: string[]): Uint8Array {
  const input = join(workDir, 'in.pdf');
  const output = join(workDir, 'out.pdf');
  writeFileSync(input, pdf);
  const run = spawnSync('qpdf', [...args, input, output]);
  if (run.status !== 0) throw new Error(`qpdf failed: ${String(run.stderr)}`);
  return readFileSync(output);
}

describe.skipIf(!hasQpdf)('PDFs saved by other programs', () => {
  it.each([
    ['protected by an owner password (AES-256, no user password)', ['--encrypt', '', 'owner-secret', '256', '--']],
    ['with its objects in object streams', ['--object-streams=generate']],
  ])('reads a filled classic card %s', async (_name, args) => {
    const upload = await readUploadedFile(qpdf(await filledClassicCard(), args));
    expect(upload.kind).toBe('card');
    if (upload.kind !== 'card') return;
    expect(upload.card).toBe('classic');
    expect(upload.values['NAMES']).toBe('Ann and Bob');
    expect(upload.values['After Overcall Penalty']).toBe(true);
    expect(upload.values['SPECIAL DOUBLES']).toBe('');
  });
});
