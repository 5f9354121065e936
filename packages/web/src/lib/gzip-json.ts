/**
 * A request body as gzip-compressed JSON, compressed by the browser's own CompressionStream (docs/pdf.md
 * §8: a trial visitor's PDF and card requests carry the agreement; compressed, a phone's slow upload
 * takes a fraction of the time). The server decompresses it (@fastify/compress) and limits it by its
 * size once decompressed.
 */

/** A body compressed by `gzipJson`, sent with `Content-Encoding: gzip`. */
export interface GzippedJson {
  gzipped: Blob;
}

/**
 * The value as JSON, gzip-compressed; the value itself where the browser cannot compress (no
 * CompressionStream) or compressing fails, so the request is sent as before.
 */
export async function gzipJson<T>(value: T): Promise<T | GzippedJson> {
  if (typeof CompressionStream === 'undefined') return value;
  try {
    const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip'));
    // Typed as JSON by the Blob itself: RTK Query drops a Content-Type header set beside a Blob body,
    // and fetch then takes the Blob's type.
    return { gzipped: new Blob([await new Response(stream).arrayBuffer()], { type: 'application/json' }) };
  } catch {
    return value;
  }
}

/** The `body` and `headers` of a fetch for a body that may be compressed. */
export function jsonBody<T extends object>(body: T | GzippedJson): { body: T | Blob; headers?: Record<string, string> } {
  return 'gzipped' in body ? { body: body.gzipped, headers: { 'content-encoding': 'gzip' } } : { body };
}
