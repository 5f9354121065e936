import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureStore, createAsyncThunk, miniSerializeError } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { NETWORK_FAILURE_MESSAGE, SERVER_FAILURE_MESSAGE, TIMEOUT_MESSAGE, UNKNOWN_FAILURE_MESSAGE, endedTheSession, toErrorMessage } from './error-message';

// A real HTTP server on the loopback address answers the way our API (docs/product.md §D7) and a broken proxy do.
const server = createServer((request, response) => {
  switch (request.url) {
    case '/api/v1/conflict':
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'fail', code: 'unauthorised', message: 'Incorrect Email or Password.' }));
      return;
    case '/api/v1/session-ended':
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'fail', code: 'unauthorised', message: 'You have an account but your subscription is not active.' }));
      return;
    case '/api/v1/bare-404':
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Not Found' }));
      return;
    case '/api/v1/proxy-page':
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>Bad gateway</body></html>');
      return;
    case '/api/v1/slow':
      setTimeout(() => response.end('{}'), 2000);
      return;
    default:
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'error', message: '' }));
  }
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs one GET through a real RTK Query api and store, and gives back what `unwrap()` rejects with. */
async function failureOf(url: string, timeout?: number): Promise<unknown> {
  const api = createApi({
    baseQuery: fetchBaseQuery({ baseUrl: url.startsWith('http') ? '' : baseUrl, timeout }),
    endpoints: (build) => ({ get: build.query<unknown, string>({ query: (path) => path }) }),
  });
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (getDefault) => getDefault().concat(api.middleware) });
  const result = store.dispatch(api.endpoints.get.initiate(url));
  try {
    await result.unwrap();
    throw new Error(`expected ${url} to fail`);
  } catch (error) {
    return error;
  } finally {
    result.unsubscribe();
  }
}

describe('toErrorMessage with real RTK Query failures', () => {
  it('shows the message of our error envelope', async () => {
    expect(toErrorMessage(await failureOf('/conflict'))).toBe('Incorrect Email or Password.');
  });

  it('falls back to a sentence for the HTTP code when the body is not our envelope', async () => {
    expect(toErrorMessage(await failureOf('/bare-404'))).toBe('What you asked for was not found.');
    expect(toErrorMessage(await failureOf('/empty-500'))).toBe(SERVER_FAILURE_MESSAGE);
  });

  it('treats an HTML error page from a proxy as a server failure', async () => {
    expect(toErrorMessage(await failureOf('/proxy-page'))).toBe(SERVER_FAILURE_MESSAGE);
  });

  it('says the server could not be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(toErrorMessage(await failureOf(`http://127.0.0.1:${String(port)}/api/v1/x`))).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('says the server took too long on a timeout', async () => {
    expect(toErrorMessage(await failureOf('/slow', 50))).toBe(TIMEOUT_MESSAGE);
  });
});

describe('toErrorMessage with other failures', () => {
  it('reads a SerializedError from a rejected thunk', async () => {
    const failingThunk = createAsyncThunk('test/fail', () => {
      throw new Error('The PDF could not be made.');
    });
    const store = configureStore({ reducer: () => null });
    const action = await store.dispatch(failingThunk());
    expect('error' in action && toErrorMessage(action.error)).toBe('The PDF could not be made.');
    expect(toErrorMessage(miniSerializeError(new Error('')))).toBe(UNKNOWN_FAILURE_MESSAGE);
  });

  it('reads an Error, and a failed fetch as a network failure', async () => {
    expect(toErrorMessage(new Error('Loading chunk trial failed.'))).toBe('Loading chunk trial failed.');
    const fetchFailure = await fetch('http://127.0.0.1:1/').catch((error: unknown) => error);
    expect(toErrorMessage(fetchFailure)).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('reads a string, a bare envelope, and gives a sentence for anything else', () => {
    expect(toErrorMessage('Your message was not sent.')).toBe('Your message was not sent.');
    expect(toErrorMessage({ status: 'fail', code: 'bad_request', message: 'Incorrect email format' })).toBe('Incorrect email format');
    for (const nothing of [undefined, null, 42, {}, '  ']) {
      expect(toErrorMessage(nothing)).toBe(UNKNOWN_FAILURE_MESSAGE);
    }
  });
});

describe('endedTheSession', () => {
  it('is true for a 401 of the API only: the sign-in page says why (ADR 110)', async () => {
    expect(endedTheSession(await failureOf('/session-ended'))).toBe(true);
    for (const other of [
      await failureOf('/conflict'),
      await failureOf('/bare-404'),
      await failureOf('/slow', 50),
      new Error('401'),
      'Please sign in',
      undefined,
    ])
      expect(endedTheSession(other)).toBe(false);
  });
});
