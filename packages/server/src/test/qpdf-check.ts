/**
 * `qpdf --check` on a PDF (qpdf, Debian package qpdf; `.ci/run` installs it): an independent
 * validator of the file's syntax, cross-reference stream, object streams and stream encodings, for
 * the renderer's own PDF writer (pdf/pdf-document.ts, ADR 194).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A test switch, not server configuration: read here rather than through config.ts.
// eslint-disable-next-line no-restricted-syntax
const { CI: isCi } = process.env;

/** True when qpdf can be run; without it the checks are skipped with a warning (and fail under CI). */
export const hasQpdf = spawnSync('qpdf', ['--version']).error === undefined;
if (!hasQpdf) {
  const message = 'QPDF CHECK SKIPPED: qpdf not found (apt-get install qpdf).';
  if (isCi) throw new Error(message);
  console.warn(`!! ${message}`);
}

/**
 * Runs `qpdf --check` on `pdf`.
 *
 * @returns qpdf's exit status (0: no errors, 3: warnings only, 2: errors) and what it printed
 * @throws when qpdf cannot be started
 */
export function qpdfCheck(pdf: Uint8Array): { status: number; output: string } {
  const workDir = mkdtempSync(join(tmpdir(), 'bpa-qpdf-'));
  try {
    const path = join(workDir, 'file.pdf');
    writeFileSync(path, pdf);
    const result = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
    if (result.error) throw result.error;
    return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
