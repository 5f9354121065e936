/**
 * Authorisation of EVERY route of the app (docs/product.md §D8): each route is called as an anonymous
 * visitor, a subscriber, an expired subscriber and an administrator, and each answer's status is
 * compared with the table below. A route that is registered without a line in the table fails the
 * first test, so whoever adds a route decides here who may call it.
 *
 * To add a route: one line in ROUTES, keyed `METHOD /url` exactly as registered (with `:params`),
 * with the four expected codes [anonymous, subscriber, expired, admin] and the four of the roles of
 * shared agreements [partner account, shared editor, shared viewer, link holder]. Path parameters are filled
 * from SAMPLE_PARAMS unless the line gives a `url`; give a `body` for POST/PATCH routes. HEAD
 * routes Fastify adds for GET routes are not listed.
 */
import { PdfFileInfoSchema } from '@bpa/domain/api';
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { contractLinks, contractShares, contracts } from '../../db/schema/contracts';
import { pdfFiles } from '../../db/schema/pdf-files';
import { hashSecret, makeSecret } from './secrets';
import { buildTestApp, FIXTURE_TEMPLATES_DIR, makeTestConfig } from '../../test/test-app';
import { TEST_PASSWORD, type TestAccount, createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { makePathName } from '../../pdf/pdf-file-names';
import { type TestAgreement, insertTestAgreement } from '../agreements/test-agreements';
import { loadTemplates } from '../templates/load-templates';
import { listMembers } from '../agreements/agreement-members';
import { questionnaires } from '../../db/schema/questionnaires';
import { buildQuestions } from '@bpa/domain/questionnaire';

type Role = 'anonymous' | 'subscriber' | 'expired' | 'admin' | 'partner' | 'editor' | 'viewer' | 'link';
/**
 * - `partner`: a partner account (docs/sharing.md §1) with nothing shared with it;
 * - `editor`: another subscriber whom `subscriber` shared its agreement with, can edit;
 * - `viewer`: a partner account it is shared with, can view;
 * - `link`: a visitor who holds an agreement's read-only link (no session): the link's own
 *   routes carry the live token for every role; every other route answers it as anonymous.
 */
const ROLES: readonly Role[] = ['anonymous', 'subscriber', 'expired', 'admin', 'partner', 'editor', 'viewer', 'link'];

/** What the lines of the table can use: accounts and stored things made in beforeAll. */
interface Fixtures {
  subscriber: TestAccount;
  /** Another active subscriber (the one impersonated). */
  other: TestAccount;
  trialId: string;
  /** A PDF owned by `subscriber`: only they and administrators may read it. */
  subscriberPdf: { pathName: string; fileName: string };
  /** An agreement of `subscriber` (revision 0), made from a visible template, shared with `editor` and `viewer`. */
  subscriberContract: TestAgreement;
  viewer: TestAccount;
  /** A partner of subscriberContract whose share the DELETE line ends. */
  leaving: TestAccount;
  /** The read-only link of another agreement of `subscriber` (the link lines must not replace it). */
  linkToken: string;
  /** Agreements of `subscriber` offered to `editor` and `viewer`, not accepted: one the accept line accepts, one the decline line declines. */
  offered: TestAgreement;
  declined: TestAgreement;
}

interface RouteCase {
  /** Expected status for [anonymous, subscriber, expired subscriber, administrator]. */
  codes: [number, number, number, number];
  /** Expected status for [partner account, shared editor, shared viewer, link holder] (docs/sharing.md §2). */
  shared: [number, number, number, number];
  /** The path, when SAMPLE_PARAMS do not fit; read when the line runs (earlier lines may have changed what is stored). */
  url?: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures) => object;
  /** An event stream (text/event-stream), which never ends by itself: asked over a real connection, its status read and the stream closed. */
  isStream?: boolean;
}

let emailCount = 0;
const newEmail = () => `new-user-${++emailCount}@example.org`;
const passwords = { password: 'Some-password-1', passwordConfirm: 'Some-password-1' };

const SAMPLE_PARAMS: Record<string, (f: Fixtures) => string> = {
  token: (f) => f.linkToken, // account-token routes answer 400 for it as for any unknown token
  id: (f) => f.trialId,
  pathName: (f) => f.subscriberPdf.pathName,
  fileName: (f) => f.subscriberPdf.fileName,
};

// prettier-ignore
const ROUTES: Record<string, RouteCase> = {
  //                                                          anon  sub  expired admin
  'GET /':                                           { codes: [503, 503, 503, 503], shared: [503, 503, 503, 503] }, // no web build in tests
  'GET /api/docs':                                   { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/docs/json':                              { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/docs/yaml':                              { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/docs/static/index.html':                 { codes: [302, 302, 302, 302], shared: [302, 302, 302, 302] }, // redirects to /api/docs/
  'GET /api/docs/static/swagger-initializer.js':     { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/docs/static/*':                          { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200], url: () => '/api/docs/static/swagger-ui.css' },
  'GET /api/v1/health':                              { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/ready':                               { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/contracts/guest':                     { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/contracts/guest/:id':                 { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'POST /api/v1/contracts/pdf-guest':                { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400], body: () => ({}) },
  'POST /api/v1/contracts/acbl-card-guest':          { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400], body: () => ({}) },
  'GET /api/v1/contracts/pdfviewer/:pathName/:fileName': { codes: [404, 200, 404, 200], shared: [404, 404, 404, 404] }, // the subscriber's own PDF
  'GET /api/v1/contracts/pdfviewer/:fileName':       { codes: [401, 200, 401, 404], shared: [404, 404, 404, 401] }, // by name: the caller's own files only
  'GET /api/v1/contracts/my':                        { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  'POST /api/v1/contracts/my':                       { codes: [401, 201, 401, 201], shared: [403, 201, 403, 401], body: () => ({}) },
  'GET /api/v1/contracts/my/:id':                    { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}` }, // owner only
  'PATCH /api/v1/contracts/my/:id':                  { codes: [401, 200, 401, 404], shared: [404, 200, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}`, body: (f) => ({ ...f.subscriberContract.document, revision: 0 }) },
  'PATCH /api/v1/contracts/my/:id/changes':          { codes: [401, 200, 401, 404], shared: [404, 200, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/changes`, body: () => ({ revision: 0, changes: [{ op: 'replace', path: '/contractName', value: 'Changed' }] }) },
  'PATCH /api/v1/contracts/my/:id/name':             { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/name`, body: () => ({ contractName: 'Renamed' }) },
  'PATCH /api/v1/contracts/my/:id/template':         { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/template`, body: (f) => ({ templateId: f.subscriberContract.templateId }) },
  'GET /api/v1/contracts/:id/latest':                { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/latest` },
  'GET /api/v1/contracts/templates/':                { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  'POST /api/v1/contracts/acbl-card': { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401], body: (f) => ({ contract: f.subscriberContract.document }) },
  'POST /api/v1/contracts/pdfCreator':               { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401], body: (f) => ({ contract: f.subscriberContract.document }) },
  'GET /api/v1/users/me':                            { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  'PATCH /api/v1/users/me/name':                     { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401], body: () => ({ userName: 'A name' }) },
  'GET /api/v1/users/session':                       { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] }, // user null for nobody
  'GET /api/v1/support':                             { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'POST /api/v1/users/login':                        { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200], body: (f) => ({ email: f.subscriber.email, password: TEST_PASSWORD }) },
  'GET /api/v1/users/logout':                        { codes: [403, 403, 403, 403], shared: [403, 403, 403, 403] }, // no Sec-Fetch-Site: same-origin (user-routes.test.ts)
  'POST /api/v1/users/logout':                       { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/users/signup-complete/:token':        { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400] },
  'POST /api/v1/users/forgotPassword':               { codes: [404, 404, 404, 404], shared: [404, 404, 404, 404], body: () => ({ email: 'nobody@example.org' }) },
  'PATCH /api/v1/users/resetPassword/:token':        { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400], body: () => passwords },
  'PATCH /api/v1/users/setPassword/:token':          { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400], body: () => passwords },
  'POST /api/v1/users/admin-signup':                 { codes: [401, 403, 401, 201], shared: [403, 403, 403, 401], body: () => ({ email: newEmail() }) },
  'GET /api/v1/users':                               { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401] },
  'POST /api/v1/users/im/login':                     { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401], body: (f) => ({ email: f.other.email }) },
  'POST /api/v1/users/im/logout':                    { codes: [401, 400, 401, 400], shared: [400, 400, 400, 401] },
  'GET /api/v1/bookings':                            { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401] },
  'PATCH /api/v1/bookings/:id/renew':                { codes: [401, 403, 401, 404], shared: [403, 403, 403, 401] }, // a template's id: no such subscription
  'PATCH /api/v1/bookings/:id/cancel':               { codes: [401, 403, 401, 404], shared: [403, 403, 403, 401] },
  'GET /api/v1/messages/challenge':                  { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'POST /api/v1/messages':                           { codes: [400, 400, 400, 400], shared: [400, 400, 400, 400], body: () => ({}) },
  'GET /api/v1/messages':                            { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401] },
  'DELETE /api/v1/messages/:id':                     { codes: [401, 403, 401, 404], shared: [403, 403, 403, 401] }, // a template's id: no such message
  'GET /api/v1/masters':                             { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401] },
  'POST /api/v1/masters':                            { codes: [401, 403, 401, 400], shared: [403, 403, 403, 401], body: () => ({}) }, // JSON, not a multipart upload
  'GET /api/v1/masters/:id/csv':                     { codes: [401, 403, 401, 200], shared: [403, 403, 403, 401] }, // the trial template: hidden, still downloadable

  // Compare (docs/sharing.md §9): a template as an agreement; the "What's different" PDF of two documents.
  'GET /api/v1/contracts/templates/:id':             { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401], url: (f) => `/api/v1/contracts/templates/${f.subscriberContract.templateId}` },
  'POST /api/v1/contracts/compare/pdf':              { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401], body: (f) => ({ left: { label: 'A', contract: f.subscriberContract.document }, right: { label: 'B', contract: f.subscriberContract.document } }) },
  'GET /api/v1/agreement-format': { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/contracts/:id/export':               { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/export?format=csv` },
  'POST /api/v1/contracts/:id/import':               { codes: [401, 200, 401, 404], shared: [404, 200, 403, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/import`, body: (f) => ({ fileName: 'a.json', data: Buffer.from(JSON.stringify(toAgreementFile(f.subscriberContract.document, new Date()))).toString('base64') }) },
  'POST /api/v1/contracts/:id/import-preview':       { codes: [401, 200, 401, 404], shared: [404, 200, 403, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/import-preview`, body: (f) => ({ fileName: 'a.json', data: Buffer.from(JSON.stringify(toAgreementFile(f.subscriberContract.document, new Date()))).toString('base64') }) },
  // Review (docs/sharing.md §6-7): changes since the last visit, marks. Viewers may review too.
  'GET /api/v1/contracts/changes-waiting':           { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  'GET /api/v1/contracts/:id/changes':               { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/changes` },
  'POST /api/v1/contracts/:id/seen':                 { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/seen`, body: () => ({ revision: 0 }) },
  'GET /api/v1/contracts/:id/marks':                 { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/marks` },
  'PUT /api/v1/contracts/:id/marks/:itemId':         { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: async (f) => `/api/v1/contracts/${f.subscriberContract.id}/marks/${await firstSubjectId(f.subscriberContract.id)}`, body: () => ({ status: 'discuss', note: 'Talk about it' }) },
  'DELETE /api/v1/contracts/:id/marks/:itemId':      { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/marks/item-1` },
  // Replies under an item to discuss (docs/sharing.md §7): every partner who may view replies; only a reply's author changes it (a reply of nobody's: 404 for all).
  'GET /api/v1/contracts/:id/replies':               { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/replies` },
  'POST /api/v1/contracts/:id/marks/:itemId/replies': { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: async (f) => `/api/v1/contracts/${f.subscriberContract.id}/marks/${await firstSubjectId(f.subscriberContract.id)}/replies`, body: () => ({ text: 'Let us talk' }) },
  'PATCH /api/v1/contracts/:id/replies/:replyId':    { codes: [401, 404, 401, 404], shared: [404, 404, 404, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/replies/00000000-0000-4000-8000-000000000001`, body: () => ({ text: 'Changed' }) },
  'DELETE /api/v1/contracts/:id/replies/:replyId':   { codes: [401, 404, 401, 404], shared: [404, 404, 404, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/replies/00000000-0000-4000-8000-000000000001` },
  // Email notices (docs/sharing.md §12): a member's own settings, any access; the unsubscribe links hold their own key (a made-up one: 404 for all).
  'GET /api/v1/contracts/:id/notices':               { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/notices` },
  'PUT /api/v1/contracts/:id/notices':               { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/notices`, body: () => ({ digest: true, discussion: true }) },
  'POST /api/v1/notices/unsubscribe':                { codes: [404, 404, 404, 404], shared: [404, 404, 404, 404], body: () => ({ token: 'A'.repeat(43), kind: 'all' }) },
  'POST /api/v1/notices/unsubscribe/:token':         { codes: [404, 404, 404, 404], shared: [404, 404, 404, 404], url: () => `/api/v1/notices/unsubscribe/${'B'.repeat(43)}` },
  // The live stream (docs/sharing.md §13): any access, as the agreement's other routes.
  'GET /api/v1/contracts/:id/live':                  { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/live`, isStream: true },
  // "Do we agree?" (docs/questionnaire.md): any member starts, answers and reads; adopting an answer saves, so it needs edit access (409 here: nothing revealed yet).
  'GET /api/v1/contracts/:id/questionnaires':        { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/questionnaires` },
  'POST /api/v1/contracts/:id/questionnaires':       { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/questionnaires`, body: () => ({ set: { kind: 'core' } }) },
  'GET /api/v1/contracts/:id/questionnaires/:questionnaireId': { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: async (f) => `/api/v1/contracts/${f.subscriberContract.id}/questionnaires/${await questionnaireOf(f.subscriberContract.id)}` },
  'PUT /api/v1/contracts/:id/questionnaires/:questionnaireId/answers': { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: async (f) => `/api/v1/contracts/${f.subscriberContract.id}/questionnaires/${await questionnaireOf(f.subscriberContract.id)}/answers`, body: () => ({ answers: {}, submit: false }) },
  'POST /api/v1/contracts/:id/questionnaires/:questionnaireId/adopt': { codes: [401, 409, 401, 404], shared: [404, 409, 403, 401], url: async (f) => `/api/v1/contracts/${f.subscriberContract.id}/questionnaires/${await questionnaireOf(f.subscriberContract.id)}/adopt`, body: (f) => ({ subjectId: 'item-1', fromUserId: f.subscriber.id }) },
  // Practice (docs/questionnaire.md §8): any member practises, and only their own schedule changes.
  'GET /api/v1/contracts/practice-progress':         { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  'GET /api/v1/contracts/:id/practice':              { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/practice?session=before` },
  'POST /api/v1/contracts/:id/practice/reviews':     { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/practice/reviews`, body: () => ({ reviews: [{ promptId: 'item-1', signature: 'm:x', rating: 'good', reviewedAt: new Date().toISOString() }] }) },
  // Sharing, read-only links and history (docs/sharing.md §2-4). The owner is `subscriber`.
  'GET /api/v1/contracts/shared':                    { codes: [401, 200, 401, 200], shared: [200, 200, 200, 401] },
  // Consent: only the partner a share names may accept or decline it.
  'POST /api/v1/contracts/shared/:id/accept':        { codes: [401, 404, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/shared/${f.offered.id}/accept` },
  'DELETE /api/v1/contracts/shared/:id':             { codes: [401, 404, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/shared/${f.declined.id}` },
  'GET /api/v1/contracts/my/:id/shares':             { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/shares` },
  'POST /api/v1/contracts/my/:id/shares':            { codes: [401, 201, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/shares`, body: () => ({ email: newEmail(), access: 'view' }) },
  'PATCH /api/v1/contracts/my/:id/shares/:userId':   { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/shares/${f.viewer.id}`, body: () => ({ access: 'view' }) },
  'DELETE /api/v1/contracts/my/:id/shares/:userId':  { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/shares/${f.leaving.id}` },
  'POST /api/v1/contracts/my/:id/link':              { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/link` },
  'DELETE /api/v1/contracts/my/:id/link':            { codes: [401, 200, 401, 404], shared: [404, 403, 403, 401], url: (f) => `/api/v1/contracts/my/${f.subscriberContract.id}/link` },
  'GET /api/v1/shared-links/:token':                 { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] }, // whoever holds the link
  'GET /api/v1/shared-links/:token/pdf':             { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/shared-links/:token/card':            { codes: [200, 200, 200, 200], shared: [200, 200, 200, 200] },
  'GET /api/v1/contracts/:id/revisions':             { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/revisions` },
  'GET /api/v1/contracts/:id/revisions/:revision':   { codes: [401, 200, 401, 404], shared: [404, 200, 200, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/revisions/0` },
  'POST /api/v1/contracts/:id/revisions/:revision/restore': { codes: [401, 200, 401, 404], shared: [404, 200, 403, 401], url: (f) => `/api/v1/contracts/${f.subscriberContract.id}/revisions/0/restore` },
};

/** The first subject of an agreement as stored now (a template load before gives it new ids): an item that can be marked. */
async function firstSubjectId(contractId: string): Promise<string> {
  const [row] = await database.db.select({ document: contracts.document }).from(contracts).where(eq(contracts.id, contractId));
  return row!.document.categories[0]!.subjects[0]!._id;
}

/** A questionnaire on an agreement asking its owner and every partner, made once (the lines above read and answer it). */
let questionnaireId: string | undefined;
async function questionnaireOf(contractId: string): Promise<string> {
  if (questionnaireId) return questionnaireId;
  const [row] = await database.db.select({ document: contracts.document, revision: contracts.revision }).from(contracts).where(eq(contracts.id, contractId));
  const members = (await listMembers(database.db, [contractId])).get(contractId) ?? [];
  const [made] = await database.db
    .insert(questionnaires)
    .values({
      contractId,
      startedBy: fixtures.subscriber.id,
      questionSet: { kind: 'all' },
      questions: buildQuestions(row!.document, { kind: 'all' }),
      participantIds: members.map((member) => member.userId),
      startRevision: row!.revision,
      startedAt: new Date(),
      deadline: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: questionnaires.id });
  questionnaireId = made!.id;
  return questionnaireId;
}

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
let fixtures: Fixtures;
const accounts: Partial<Record<Role, TestAccount>> = {};
/** Every route the app registered, as `METHOD /url` (HEAD left out). */
const registered: string[] = [];

function collectRoute(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  await insertBlankTemplate(database.db);
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }), onRoute: collectRoute });
  await app.ready();

  accounts.subscriber = await createTestAccount(database.db);
  accounts.expired = await createTestAccount(database.db, { subscription: 'expired' });
  accounts.admin = await createTestAccount(database.db, { role: 'admin' });
  const other = await createTestAccount(database.db);
  const guest = await app.inject({ method: 'GET', url: '/api/v1/contracts/guest' });
  const trialId = (guest.json() as { data: { _id: string }[] }).data[0]!._id;
  const subscriberPdf = PdfFileInfoSchema.parse({ pathName: makePathName(), fileName: 'Partner-1.pdf' });
  await database.db
    .insert(pdfFiles)
    .values({ ...subscriberPdf, ownerUserId: accounts.subscriber.id, isGuest: false, content: Buffer.from('%PDF-1.7\n%%EOF\n') });
  const subscriberContract = await insertTestAgreement(database.db, { ownerUserId: accounts.subscriber.id, contractName: 'Authorisation check' });
  accounts.partner = await createTestAccount(database.db, { role: 'partner' });
  accounts.editor = await createTestAccount(database.db);
  accounts.viewer = await createTestAccount(database.db, { role: 'partner' });
  const leaving = await createTestAccount(database.db, { role: 'partner' });
  const acceptedAt = new Date();
  await database.db.insert(contractShares).values([
    { contractId: subscriberContract.id, userId: accounts.editor.id, invitedEmail: accounts.editor.email, access: 'edit', acceptedAt },
    { contractId: subscriberContract.id, userId: accounts.viewer.id, invitedEmail: accounts.viewer.email, access: 'view', acceptedAt },
    { contractId: subscriberContract.id, userId: leaving.id, invitedEmail: leaving.email, access: 'view', acceptedAt },
  ]);
  // Offered to the editor and the viewer, not accepted yet: one to accept, one to decline.
  const offered = await insertTestAgreement(database.db, { ownerUserId: accounts.subscriber.id, contractName: 'Offered' });
  const declined = await insertTestAgreement(database.db, { ownerUserId: accounts.subscriber.id, contractName: 'Declined' });
  await database.db.insert(contractShares).values(
    [offered, declined].flatMap((contract) => [
      { contractId: contract.id, userId: accounts.editor!.id, invitedEmail: accounts.editor!.email, access: 'edit' as const },
      { contractId: contract.id, userId: accounts.viewer!.id, invitedEmail: accounts.viewer!.email, access: 'view' as const },
    ]),
  );
  const linked = await insertTestAgreement(database.db, { ownerUserId: accounts.subscriber.id, contractName: 'Linked' });
  const linkToken = makeSecret();
  await database.db.insert(contractLinks).values({ contractId: linked.id, tokenHash: hashSecret(linkToken) });
  fixtures = {
    subscriber: accounts.subscriber,
    other,
    trialId,
    subscriberPdf,
    subscriberContract,
    viewer: accounts.viewer,
    leaving,
    linkToken,
    offered,
    declined,
  };
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

/** The status of an event stream asked over a real connection (inject would wait for its end), the stream then closed. */
async function streamStatus(url: string, cookie: string | undefined): Promise<number> {
  const base = app.server.listening ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}` : await app.listen({ host: '127.0.0.1', port: 0 });
  const controller = new AbortController();
  const response = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  controller.abort();
  return response.status;
}

describe('route authorisation table', () => {
  it('has exactly one line for every registered route', () => {
    expect(registered.length).toBeGreaterThan(0);
    const missing = registered.filter((route) => !(route in ROUTES));
    expect(missing, `Add a line to ROUTES in ${import.meta.url.split('/').pop()} for each new route`).toEqual([]);
    const stale = Object.keys(ROUTES).filter((route) => !registered.includes(route));
    expect(stale, 'ROUTES lists routes the app does not have').toEqual([]);
  });

  let addressCount = 0;
  it.each(Object.keys(ROUTES))('%s answers as the table says for each role', async (key) => {
    const routeCase = ROUTES[key]!;
    const [method, pattern] = key.split(' ') as [string, string];
    const url = (await routeCase.url?.(fixtures)) ?? pattern.replace(/:(\w+)/g, (_match, name: string) => SAMPLE_PARAMS[name]!(fixtures));
    const actual: number[] = [];
    for (const role of ROLES) {
      const account = accounts[role as Exclude<Role, 'anonymous' | 'link'>];
      const cookie = account ? await signInAs(database.db, account.id) : undefined;
      addressCount += 1;
      if (routeCase.isStream) {
        actual.push(await streamStatus(url, cookie));
        continue;
      }
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: cookie ? { cookie } : {},
        ...(routeCase.body ? { payload: routeCase.body(fixtures) } : {}),
        // A fresh client address per call: the rate limits are tested elsewhere.
        remoteAddress: `10.3.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`,
      });
      actual.push(response.statusCode);
    }
    const expected = [...routeCase.codes, ...routeCase.shared];
    expect(Object.fromEntries(ROLES.map((role, i) => [role, actual[i]]))).toEqual(Object.fromEntries(ROLES.map((role, i) => [role, expected[i]])));
  });
});
