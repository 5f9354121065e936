/**
 * Live changes of open agreements (docs/sharing.md §13; ADR 199): the stream of a real listening
 * server read as a browser's EventSource reads it: who else is in the agreement, a partner's save
 * as it is stored, access checked like every agreement route, and streams ended when the server
 * closes. With REDIS_URL, two hubs on one Redis (two servers) see each other's saves and members.
 */
import { Redis } from 'ioredis';
import { LIVE_STREAMS_PER_USER, LivePresenceSchema, LiveSavedSchema } from '@bpa/domain/api-live';
import { ContractAnswerSchema } from '@bpa/domain/api';
import { toggleSubject } from '@bpa/domain/editing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase, testRedisUrl } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';
import { type LiveListener, createLiveHub } from './live-hub';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
let base: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }) });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

/** An open event stream: its events as they arrive, read as EventSource reads them. */
interface EventStream {
  status: number;
  /** The next event of `type` not yet taken (waits up to 10 s). */
  next(type: string): Promise<unknown>;
  close(): void;
}

async function openStream(path: string, cookie?: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie, accept: 'text/event-stream' } : {}, signal: controller.signal });
  const queue: { type: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type && data) queue.push({ type, data: JSON.parse(data) as unknown });
            waiting.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // aborted
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    async next(type) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const index = queue.findIndex((event) => event.type === type);
        if (index >= 0) return queue.splice(index, 1)[0]!.data;
        if (Date.now() > deadline) throw new Error(`no ${type} event in 10 s`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => controller.abort(),
  };
}

async function partnership() {
  const owner = await createTestAccount(database.db);
  const partner = await createTestAccount(database.db, { role: 'partner' });
  const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Live' });
  const ownerCookie = await signInAs(database.db, owner.id);
  const partnerCookie = await signInAs(database.db, partner.id);
  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  expect((await call('PATCH', '/api/v1/users/me/name', ownerCookie, { userName: 'Anna' })).statusCode).toBe(200);
  expect((await call('PATCH', '/api/v1/users/me/name', partnerCookie, { userName: 'Bob' })).statusCode).toBe(200);
  expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, ownerCookie, { email: partner.email, access: 'edit' })).statusCode).toBe(201);
  expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, partnerCookie)).statusCode).toBe(200);
  return { owner, partner, agreement, ownerCookie: await signInAs(database.db, owner.id), partnerCookie, call };
}

describe('the live stream of an agreement', () => {
  it("shows who else is in it and delivers a partner's save as it is stored", async () => {
    const { owner, partner, agreement, ownerCookie, partnerCookie, call } = await partnership();
    const partnerStream = await openStream(`/api/v1/contracts/${agreement.id}/live`, partnerCookie);
    expect(partnerStream.status).toBe(200);
    expect(LivePresenceSchema.parse(await partnerStream.next('presence'))).toEqual({ others: [] });
    const ownerStream = await openStream(`/api/v1/contracts/${agreement.id}/live`, ownerCookie);
    expect(LivePresenceSchema.parse(await ownerStream.next('presence'))).toEqual({ others: [{ userId: partner.id, name: 'Bob' }] });
    expect(LivePresenceSchema.parse(await partnerStream.next('presence'))).toEqual({ others: [{ userId: owner.id, name: 'Anna' }] });

    const doc = ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${agreement.id}`, ownerCookie)).json()).data;
    const category = doc.categories.find((c) => c.subjects.some((s) => !s.isLocked && s.options.length > 0))!;
    const subject = category.subjects.find((s) => !s.isLocked && s.options.length > 0)!;
    const changed = toggleSubject(doc, category._id, subject._id);
    const saved = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, ownerCookie, {
      contractName: changed.contractName,
      categories: changed.categories,
      revision: changed.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(LiveSavedSchema.parse(await partnerStream.next('saved'))).toEqual({ revision: 1, authorUserId: owner.id, author: 'Anna', isYours: false });

    ownerStream.close();
    expect(LivePresenceSchema.parse(await partnerStream.next('presence'))).toEqual({ others: [] });
    partnerStream.close();
  });

  it('checks access like every agreement route: 401 without a session, 404 for a stranger', async () => {
    const { agreement } = await partnership();
    expect((await openStream(`/api/v1/contracts/${agreement.id}/live`)).status).toBe(401);
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    expect((await openStream(`/api/v1/contracts/${agreement.id}/live`, stranger)).status).toBe(404);
  });
});

describe('the bounds of live streams', () => {
  it(`answers 429 past ${LIVE_STREAMS_PER_USER} open streams of one account, and again 200 once one closes`, async () => {
    const { agreement, partnerCookie } = await partnership();
    const streams: EventStream[] = [];
    for (let index = 0; index < LIVE_STREAMS_PER_USER; index++) streams.push(await openStream(`/api/v1/contracts/${agreement.id}/live`, partnerCookie));
    expect(streams.map((stream) => stream.status)).toEqual(Array.from({ length: LIVE_STREAMS_PER_USER }, () => 200));
    await Promise.all(streams.map((stream) => stream.next('presence')));
    expect((await openStream(`/api/v1/contracts/${agreement.id}/live`, partnerCookie)).status).toBe(429);
    streams.pop()!.close();
    await expect
      .poll(async () => {
        const again = await openStream(`/api/v1/contracts/${agreement.id}/live`, partnerCookie);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('a server that closes ends its open streams first, so closing does not wait for them', async () => {
    const other = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }) });
    const otherBase = await other.listen({ host: '127.0.0.1', port: 0 });
    const { agreement, partnerCookie } = await partnership();
    const response = await fetch(`${otherBase}/api/v1/contracts/${agreement.id}/live`, { headers: { cookie: partnerCookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await other.close();
    // The stream is over: reading on reaches its end (or the cut connection), not a wait.
    const ended = await reader.read().then(
      async function rest(chunk): Promise<boolean> {
        return chunk.done ? true : reader.read().then(rest);
      },
      () => true,
    );
    expect(ended).toBe(true);
  });
});

const redisUrl = testRedisUrl();
describe.skipIf(!redisUrl)('two servers sharing Redis', () => {
  it("one server's streams hear the other's saves and members", async () => {
    const redisA = new Redis(redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const redisB = new Redis(redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const problems: Error[] = [];
    const onError = (error: Error) => void problems.push(error);
    const hubA = createLiveHub({ redis: redisA, onError });
    const hubB = createLiveHub({ redis: redisB, onError });
    try {
      await Promise.all([redisA, redisB].map((redis) => new Promise((resolve) => (redis.status === 'ready' ? resolve(true) : redis.once('ready', resolve)))));
      await Promise.all([hubA.ready(), hubB.ready()]);
      const heard: { saved: unknown[]; presence: unknown[] } = { saved: [], presence: [] };
      const listener: LiveListener = { saved: (event) => heard.saved.push(event), presence: (event) => heard.presence.push(event) };
      const contractId = crypto.randomUUID();
      hubA.join(contractId, { userId: 'u-a', name: 'Anna' }, listener);
      const leaveB = hubB.join(contractId, { userId: 'u-b', name: 'Bob' }, { saved: () => undefined, presence: () => undefined });
      await expect.poll(() => heard.presence.at(-1)).toEqual({ others: [{ userId: 'u-b', name: 'Bob' }] });
      hubB.announceSaved(contractId, { revision: 7, authorUserId: 'u-b', author: 'Bob' });
      await expect.poll(() => heard.saved).toEqual([{ revision: 7, authorUserId: 'u-b', author: 'Bob' }]);
      leaveB();
      await expect.poll(() => heard.presence.at(-1)).toEqual({ others: [] });
      expect(problems).toEqual([]);
    } finally {
      await hubA.close();
      await hubB.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
