/// <reference types="node" />
/**
 * A small HTTP server for the web package's tests of RTK Query calls: the app's store and endpoints
 * run for real, through fetch, against answers the test sets per `METHOD /path` (the web app may not
 * import the server package, so the answers follow `@bpa/domain/api*`). The relative `/api/v1`
 * the app calls (same origin in a browser) is sent to this server by a `Request` stub.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

/** What the test server answers to `METHOD /path`; 'drop' closes the connection (network failure). */
export type TestAnswer = { status: number; body: unknown } | 'drop';

/** A running test server and what it has received. */
export interface TestApiServer {
  /** Sets the answer to `METHOD /path` (the full path, e.g. `GET /api/v1/contracts/my`); unknown routes answer 404. */
  answer(route: string, status: number, body: unknown): void;
  /** Makes `route` close the connection without answering. */
  drop(route: string): void;
  /** Every request received, in order. */
  received: { method: string; path: string; body: string }[];
  /** Forgets the answers and the requests received. */
  reset(): void;
  /** Stops the server and removes the `Request` stub. */
  close(): Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 and points the app's relative calls at it.
 * Call in `beforeAll`, and `close()` in `afterAll`.
 */
export async function startTestApiServer(): Promise<TestApiServer> {
  const answers = new Map<string, TestAnswer>();
  const received: TestApiServer['received'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', body });
      const answer = answers.get(`${request.method ?? ''} ${request.url ?? ''}`) ?? {
        status: 404,
        body: { status: 'fail', code: 'not_found', message: 'Not found' },
      };
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, origin) : input, init);
      }
    },
  );
  return {
    answer: (route, status, body) => answers.set(route, { status, body }),
    drop: (route) => answers.set(route, 'drop'),
    received,
    reset() {
      answers.clear();
      received.length = 0;
    },
    async close() {
      vi.unstubAllGlobals();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
