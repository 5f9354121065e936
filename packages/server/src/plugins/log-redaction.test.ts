/**
 * docs/product.md §D11: no one-time token or query value in any log line. The app logs at info level into
 * an array; the test reads every line it wrote.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { NewLinkAnswerSchema } from '@bpa/domain/api-sharing';
import { insertTestAgreement } from '../features/agreements/test-agreements';
import { createTestAccount, signInAs } from '../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../test/test-app';
import { loadTemplates } from '../features/templates/load-templates';
import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from '../features/sessions/session-cookie';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import { REDACTED, redactLogLine } from './log-redaction';

const TOKEN = 'Tok3n-abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('redactLogLine', () => {
  it('replaces token segments and query values, and nothing else', () => {
    expect(redactLogLine(`{"url":"/api/v1/users/resetPassword/${TOKEN}"}`)).toBe(`{"url":"/api/v1/users/resetPassword/${REDACTED}"}`);
    expect(redactLogLine(`{"url":"/api/v1/users/signup-complete/${TOKEN}?x=1"}`)).toBe(`{"url":"/api/v1/users/signup-complete/${REDACTED}?x=${REDACTED}"}`);
    expect(redactLogLine(`link https://bpa.example.org/accept-invite/${TOKEN} sent`)).toBe(`link https://bpa.example.org/accept-invite/${REDACTED} sent`);
    expect(redactLogLine('/api/v1/contracts/pdfviewer/abcDEF123/Partner.pdf')).toBe(`/api/v1/contracts/pdfviewer/${REDACTED}/Partner.pdf`);
    expect(redactLogLine('/api/v1/contracts/pdfviewer/Partner.pdf')).toBe('/api/v1/contracts/pdfviewer/Partner.pdf');
    expect(redactLogLine('{"url":"/api/v1/users/login","msg":"incoming request"}')).toBe('{"url":"/api/v1/users/login","msg":"incoming request"}');
    expect(redactLogLine('"/reset-password/abc" "/login/def"')).toBe(`"/reset-password/${REDACTED}" "/login/${REDACTED}"`);
    expect(redactLogLine(`{"url":"/api/v1/shared-links/${TOKEN}/pdf?pageSize=a4"}`)).toBe(
      `{"url":"/api/v1/shared-links/${REDACTED}/pdf?pageSize=${REDACTED}"}`,
    );
    expect(redactLogLine(`{"url":"/shared/${TOKEN}"}`)).toBe(`{"url":"/shared/${REDACTED}"}`);
    expect(redactLogLine(`{"url":"/unsubscribe/${TOKEN}?kind=digest"}`)).toBe(`{"url":"/unsubscribe/${REDACTED}?kind=${REDACTED}"}`);
    expect(redactLogLine(`{"url":"/api/v1/notices/unsubscribe/${TOKEN}"}`)).toBe(`{"url":"/api/v1/notices/unsubscribe/${REDACTED}"}`);
    expect(redactLogLine('{"url":"/api/v1/notices/unsubscribe"}')).toBe('{"url":"/api/v1/notices/unsubscribe"}');
    expect(redactLogLine('{"url":"/api/v1/contracts/shared"}')).toBe('{"url":"/api/v1/contracts/shared"}');
  });
});

describe('the server log', () => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'log-redaction-'));
    // No SMTP_URL: the mailer writes to the outbox and logs the link, which holds a token.
    app = await buildTestApp(database.db, {
      config: makeTestConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLIC_URL: 'https://bpa.example.org' }),
      logDestination: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never carries a token, a PDF path name or a query value', async () => {
    const calls: { method: 'GET' | 'PATCH' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/api/v1/users/signup-complete/${TOKEN}` },
      { method: 'PATCH', url: `/api/v1/users/resetPassword/${TOKEN}`, payload: { password: 'Some-password-1', passwordConfirm: 'Some-password-1' } },
      { method: 'PATCH', url: `/api/v1/users/setPassword/${TOKEN}`, payload: {} },
      { method: 'GET', url: `/reset-password/${TOKEN}` },
      { method: 'GET', url: `/accept-invite/${TOKEN}` },
      { method: 'GET', url: `/login/${TOKEN}` },
      { method: 'GET', url: `/api/v1/contracts/pdfviewer/${TOKEN}/Partner.pdf` },
      { method: 'GET', url: `/api/v1/health?token=${TOKEN}` },
      { method: 'GET', url: `/api/v1/nothing-here/login/${TOKEN}?secret=${TOKEN}` },
    ];
    for (const call of calls) await app.inject(call);

    // A reset email in outbox mode: its link (with a fresh token) is logged, redacted.
    const account = await createTestAccount(database.db);
    const forgot = await app.inject({ method: 'POST', url: '/api/v1/users/forgotPassword', payload: { email: account.email } });
    expect(forgot.statusCode).toBe(200);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(calls.length * 2);
    expect(log).not.toContain(TOKEN);
    expect(log).toContain(`/api/v1/users/resetPassword/${REDACTED}`);
    const outboxLine = lines.find((line) => line.includes('Email written to the outbox'));
    expect(outboxLine).toBeDefined();
    expect(outboxLine).toContain(`/reset-password/${REDACTED}`);
    expect(outboxLine).not.toMatch(/reset-password\/(?!\[redacted\])/);
  });

  it("never carries a read-only link's token: its page, its API and its PDF (ADR 172)", async () => {
    await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    const owner = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Linked' });
    // PUBLIC_URL is https here: the session cookie has its secure name.
    const cookie = (await signInAs(database.db, owner.id)).replace(SESSION_COOKIE_NAME, SECURE_SESSION_COOKIE_NAME);
    const made = await app.inject({ method: 'POST', url: `/api/v1/contracts/my/${agreement.id}/link`, headers: { cookie } });
    expect(made.statusCode, made.body).toBe(200);
    const token = NewLinkAnswerSchema.parse(made.json()).data.linkToken;
    const from = lines.length;
    for (const url of [
      `/shared/${token}`,
      `/api/v1/shared-links/${token}`,
      `/api/v1/shared-links/${token}/pdf?pageSize=a4`,
      `/api/v1/shared-links/${token}x`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.slice(from).join('');
    expect(log).toContain(`/api/v1/shared-links/${REDACTED}/pdf`);
    expect(log).toContain(`/shared/${REDACTED}`);
    expect(lines.join('')).not.toContain(token);
  });
});
