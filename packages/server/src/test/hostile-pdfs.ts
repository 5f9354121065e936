/**
 * Hand-built PDFs for the tests of untrusted files (docs/decisions/190-untrusted-files-off-the-request-thread.md):
 * a catalog whose `agreement.json` attachment is whatever the test gives, packed as it says, with a
 * correct cross-reference table so PDF.js reads the file as it would a real one.
 */
import { deflateSync } from 'node:zlib';

/** Deflates `data` `layers` times (0: stored as it is). */
export function deflateLayers(data: Buffer, layers: number): Buffer {
  let packed = data;
  for (let layer = 0; layer < layers; layer += 1) packed = deflateSync(packed, { level: 9 });
  return packed;
}

/**
 * A PDF whose only attachment, `agreement.json`, is `content` deflated `layers` times (the
 * dictionary names one FlateDecode per layer).
 *
 * @param options.filterName what the stream dictionary says its filter is (default the honest one)
 */
export function pdfWithAttachment(content: Buffer, layers: number, options: { filterName?: string } = {}): Buffer {
  const packed = deflateLayers(content, layers);
  const filter = options.filterName ?? (layers === 0 ? '' : `/Filter [${Array.from({ length: layers }, () => '/FlateDecode').join(' ')}]`);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(agreement.json) 4 0 R] >> >> >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
    Buffer.from('<< /Type /Filespec /F (agreement.json) /UF (agreement.json) /EF << /F 5 0 R >> >>'),
    Buffer.concat([Buffer.from(`<< /Type /EmbeddedFile ${filter} /Length ${packed.length} >>\nstream\n`), packed, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `)].join(
    '\n',
  );
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
