/**
 * Builds the Fastify app (docs/conventions.md "Build vs run"): plugins, error handling, routes
 * and the web app. Nothing listens here: server.ts listens, tests call `app.inject()`.
 *
 * Request path: onRequest (helmet headers, origin check, rate limit) -> body parsing (JSON, at
 * most DEFAULT_BODY_LIMIT_BYTES, or AGREEMENT_BODY_LIMIT_BYTES where a route takes a whole agreement) -> zod validation -> route -> operation (features/<area>/) ->
 * zod-checked answer (except an agreement load, which sends the stored document text that was checked
 * when it was saved); any throw goes to the one error handler (plugins/error-handler.ts).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { join } from 'node:path';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { openSharedState } from './shared-state';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ANSWER_ENCODINGS, BROTLI_OPTIONS, GZIP_OPTIONS } from './compression';
import type { Config } from './config';
import type { Database } from './db/database';
import { startTableVacuum } from './db/table-vacuum';
import { guestAgreementRoutes } from './features/trial/guest-agreement-routes';
import { pdfFileRoutes } from './features/pdf-files/pdf-file-routes';
import type { RenderAcblCard, RenderAgreementPdf } from './pdf/render-pdf';
import { schedulePdfFileCleanup } from './jobs/schedule-cleanup';
import { acblCardRoutes } from './features/pdf-files/acbl-card-routes';
import { loadCatalogue } from './catalogue/catalogue';
import { exportImportRoutes } from './features/agreement-files/export-import-routes';
import { compareRoutes } from './features/compare/compare-routes';
import { reviewRoutes } from './features/review/review-routes';
import { noticeRoutes } from './features/notices/notice-routes';
import { createLiveHub } from './features/live/live-hub';
import { onAgreementStored } from './features/agreements/agreement-events';
import { liveRoutes } from './features/live/live-routes';
import { scheduleNotices } from './jobs/schedule-notices';
import { sharingRoutes } from './features/sharing/sharing-routes';
import { historyRoutes } from './features/history/history-routes';
import { agreementRoutes } from './features/agreements/agreement-routes';
import { pdfCreatorRoutes } from './features/pdf-files/pdf-creator-routes';
import { templateRoutes } from './features/templates/template-routes';
import { bookingRoutes } from './features/bookings/booking-routes';
import { healthRoutes } from './features/health/health-routes';
import { catalogueRoutes } from './features/templates/catalogue-routes';
import { type CaptchaTuning, messageRoutes } from './features/messages/message-routes';
import { createSessionCookie } from './features/sessions/session-cookie';
import { installSessions } from './features/sessions/session-plugin';
import { userRoutes } from './features/users/user-routes';
import { type Mailer, createMailer } from './mail/mailer';
import { questionnaireRoutes } from './features/questionnaires/questionnaire-routes';
import { practiceRoutes } from './features/practice/practice-routes';
import { createPdfPool } from './pdf/pdf-pool';
import { Admission, type AdmissionLimits } from './admission/admission';
import { createImportPool } from './file-import/import-pool';
import { registerApiDocs } from './plugins/api-docs';
import { installErrorHandling, sendApiNotFound } from './plugins/error-handler';
import { redactLogLine } from './plugins/log-redaction';
import { addOriginCheck } from './plugins/origin-check';
import { registerWebApp } from './plugins/web-app';
import { supportRoutes } from './features/support/support-routes';

/** The app with the zod type provider, as routes and tests see it. */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Default time between runs of the expired-PDF cleanup, in milliseconds. */
export const PDF_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

export interface BuildAppOptions {
  config: Config;
  /** The open, migrated database (db/database.ts); the caller closes it after the app. */
  db: Database;
  /**
   * PDF renderer; unless given, the real one (src/pdf/) in a pool of worker threads
   * (pdf/pdf-pool.ts, sized from the CPU count or `pdfPool`), closed with the app.
   */
  renderPdf?: RenderAgreementPdf;
  /**
   * Called when a subscriber loads or saves an agreement; unless given, the PDF pool's `prepare`
   * (pdf/pdf-pool.ts: a worker started and warm for their next PDF), nothing with `renderPdf`. For tests.
   */
  preparePdf?: () => void;
  /** Limits of the admission of expensive routes (default ADMISSION_LIMITS, admission/admission.ts), for tests. */
  admissionLimits?: AdmissionLimits;
  /** The admission's clock in milliseconds (default `performance.now`), for tests. */
  admissionClock?: () => number;
  /** Time limit and memory cap of the import worker (defaults: file-import/import-pool.ts), for tests. */
  importPool?: { timeLimitMs?: number; memoryLimitMb?: number };
  /** Worker threads and queue bound of the default PDF pool (defaults: pdf/pdf-pool.ts). */
  pdfPool?: { threads?: number; maxQueue?: number };
  /** Clock for expiries; `new Date()` unless given. */
  now?: () => Date;
  /** Where log lines (JSON) go; standard output unless given (tests read the log through it). */
  logDestination?: { write(line: string): void };
  /** Milliseconds between expired-PDF cleanups; 0 turns the timer off (tests run the cleanup directly). */
  pdfCleanupIntervalMs?: number;
  /** Milliseconds between runs of the email notices (default config NOTICE_INTERVAL_SECONDS); 0 turns the timer off (tests send them directly). */
  noticeIntervalMs?: number;
  /**
   * The vacuum of the agreement table (db/table-vacuum.ts, ADR 192): after `everyWrites` agreement
   * writes (default VACUUM_EVERY_WRITES; 0: never by count) and every `intervalMs` when writes were
   * counted (default VACUUM_INTERVAL_MS; 0: no timer).
   */
  tableVacuum?: { everyWrites?: number; intervalMs?: number };
  /**
   * Sends the account emails; unless given, one is made from the config (SMTP_URL, or the outbox
   * DATA_DIR/outbox) and closed with the app. A given mailer is the caller's to close.
   */
  mailer?: Mailer;
  /** Told about every route as it is added (the authorisation test lists them all with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Contact-form captcha difficulty and lifetime; src/captcha defaults unless given (tests make it easy to solve). */
  captcha?: CaptchaTuning;
}

/**
 * Content-Security-Policy (docs/product.md §D8: strict, no inline script). No inline styles either: the style
 * elements PrimeReact injects carry the per-response nonce that helmet adds to style-src
 * (`enableCSPNonces`) and the page hands to PrimeReact (plugins/web-app.ts, ADR 133);
 * blob: is for the PDF viewer's worker and frames.
 */
function contentSecurityPolicy(isHttps: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Only behind HTTPS: on plain http://localhost it would break every request for assets.
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Builds the app. Call `await app.ready()` (or `inject`/`listen`, which do it) before use and
 * `await app.close()` after; closing stops the cleanup and vacuum timers (waiting for a VACUUM that is running) but leaves the database open.
 *
 * @throws from `ready()` when a plugin fails to register
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const isHttps = config.publicUrl.startsWith('https:');

  const app = Fastify({
    // Every line goes through redactLogLine: no one-time token or query value reaches the log (docs/product.md §D11).
    logger: {
      level: config.logLevel,
      hooks: { streamWrite: redactLogLine },
      ...(options.logDestination ? { stream: options.logDestination } : {}),
    },
    // Routes that take a whole agreement set AGREEMENT_BODY_LIMIT_BYTES; uploads set their own.
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // Path segments up to 300 characters (the router's default is 100, which once refused PDF file
    // names of long agreement names with a 404: docs/pdf.md §4). File names stay at most 84.
    routerOptions: { maxParamLength: 300 },
    // Unique across servers, so a log line can be matched to a request whichever server took it.
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Installed first so that every plugin and route below inherits it; the web app's fallback is
  // known only once the build has been looked for.
  let onPageNotFound: Parameters<typeof installErrorHandling>[1]['onNotFound'] = (request, reply) => sendApiNotFound(request, reply);
  installErrorHandling(app, { bodyLimit: DEFAULT_BODY_LIMIT_BYTES, onNotFound: (request, reply) => onPageNotFound(request, reply) });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isHttps) },
    // A fresh nonce per response for script-src and style-src: index.html passes the style one to PrimeReact.
    enableCSPNonces: true,
    // HSTS only means something over HTTPS; over http it would only confuse a later https set-up on localhost.
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // API answers (JSON, CSV, the OpenAPI document) are compressed when the browser accepts it, with
  // the settings of compression.ts (an agreement's load answer is compressed once and kept:
  // agreement-memory.ts); files of the web build are sent precompressed (plugins/web-app.ts), and
  // PDFs are compressed already (their MIME type is not compressible), so neither is touched here.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  // Registered for sessions (features/sessions); signed cookies are not used: session ids are random and stored hashed.
  await app.register(fastifyCookie);
  // Counters several servers share live in Redis when REDIS_URL is set (ADR 160; shared-state.ts).
  const shared = await openSharedState(config.redisUrl, (error) => app.log.warn({ err: error }, 'redis: %s', error.message));
  app.addHook('onClose', async () => shared.close());
  if (config.redisUrl && !(await shared.ready(3000))) app.log.warn('redis: not answering yet; rate limits count in this server until it does');
  // Off for all routes; a route opts in with `config: { rateLimit: { max, timeWindow } }` (docs/product.md §D8).
  // With Redis the counts are kept there (every server counts the same requests); should Redis not
  // answer, requests are let through rather than refused (skipOnError).
  await app.register(fastifyRateLimit, { global: false, ...(shared.redis ? { redis: shared.redis, skipOnError: true, nameSpace: 'bpa-rate-limit-' } : {}) });
  addOriginCheck(app, config.publicOrigin);
  // After the origin check (a refused request costs no query); sets request.currentUser (docs/product.md §D8).
  const sessions = { db, now, cookie: createSessionCookie(isHttps) };
  installSessions(app, sessions);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger: app.log });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());

  await registerApiDocs(app, config.publicUrl);

  // PDFs are drawn off the request thread (ADR 130).
  let renderPdf = options.renderPdf;
  // The card is drawn in the same workers; an app given its own renderer (tests) draws it here,
  // loading the card's renderer (its fonts, pdf-lib) on first use, never in a server that has workers.
  let renderCard: RenderAcblCard = async (document, cardOptions) => {
    const { renderOfficialCard } = await import('./pdf/render-official-card');
    return renderOfficialCard(document, cardOptions.card, { revision: cardOptions.revision });
  };
  // Someone working on an agreement keeps a PDF worker started and warm for their next PDF (pdf-pool.ts).
  let preparePdf = options.preparePdf ?? (() => undefined);
  if (!renderPdf) {
    const pool = createPdfPool(options.pdfPool);
    app.addHook('onClose', async () => pool.close());
    renderPdf = pool.render;
    renderCard = pool.renderCard;
    preparePdf = options.preparePdf ?? (() => pool.prepare());
  }
  // Every expensive route goes through one admission, which charges each client's work (ADR 191).
  const admission = new Admission(options.admissionLimits, options.admissionClock);
  // Uploaded files are read in a worker with a time limit and a memory cap (ADR 190).
  // The keyed catalogue, read once (docs/catalogue-keys.md, "Keys by name").
  const catalogue = loadCatalogue(config.catalogueFile);
  const importPool = createImportPool({ ...options.importPool, onWorkerError: (error) => app.log.warn({ err: error }, 'import worker: %s', error.message) });
  app.addHook('onClose', async () => importPool.close());

  await app.register(healthRoutes, { db });
  await app.register(guestAgreementRoutes, { db, renderPdf, renderCard, now, admission, isHttps, shared });
  await app.register(pdfFileRoutes, { db, now });
  await app.register(agreementRoutes, { db, now, savesPerMinute: config.savesPerMinute, preparePdf });
  await app.register(pdfCreatorRoutes, { db, renderPdf, now, admission });
  await app.register(templateRoutes, { db });
  await app.register(compareRoutes, { renderPdf, admission });
  await app.register(exportImportRoutes, { db, now, importPool, catalogue, admission });
  await app.register(acblCardRoutes, { db, renderCard, now, admission });
  await app.register(reviewRoutes, { db, now });
  await app.register(noticeRoutes, { db, now });
  // Live changes of open agreements, across servers through Redis when there is one (ADR 199).
  const liveHub = createLiveHub({ redis: shared.redis, onError: (error) => app.log.warn({ err: error }, 'live: %s', error.message) });
  const stopHearing = onAgreementStored(db, (stored) =>
    liveHub.announceSaved(stored.contractId, { revision: stored.revision, authorUserId: stored.authorUserId, author: stored.authorLabel }),
  );
  app.addHook('onClose', async () => {
    stopHearing();
    await liveHub.close();
  });
  await app.register(liveRoutes, { db, now, hub: liveHub });
  await app.register(historyRoutes, { db, now });
  await app.register(questionnaireRoutes, { db, now, mail: { mailer, publicUrl: config.publicUrl } });
  await app.register(practiceRoutes, { db, now });
  await app.register(sharingRoutes, { db, renderPdf, renderCard, now, admission, mail: { mailer, publicUrl: config.publicUrl } });
  await app.register(userRoutes, { sessions, mail: { mailer, publicUrl: config.publicUrl }, shared });
  await app.register(bookingRoutes, { db, now });
  await app.register(messageRoutes, { db, now, captcha: { configuredKey: config.altchaHmacKey, dataDir: config.dataDir, ...options.captcha } });
  await app.register(catalogueRoutes, { db, now, importPool, catalogue, admission });
  await app.register(supportRoutes, { supportEmail: config.supportEmail });

  onPageNotFound = await registerWebApp(app, config.webDistDir, { hasSessionCookie: (request) => sessions.cookie.read(request) !== undefined });

  // Every agreement write leaves its replaced document dead until a VACUUM; the embedded database
  // has no autovacuum, PostgreSQL's is too slow for a burst of saves (ADR 192).
  const tableVacuum = startTableVacuum(db, { ...options.tableVacuum, isEmbedded: config.databaseUrl === undefined, log: app.log });
  app.addHook('onClose', async () => tableVacuum.close());

  const intervalMs = options.pdfCleanupIntervalMs ?? PDF_CLEANUP_INTERVAL_MS;
  if (intervalMs > 0) {
    let stopCleanup: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopCleanup = schedulePdfFileCleanup(db, { intervalMs, now, log: app.log, isShared: config.databaseUrl !== undefined });
    });
    app.addHook('onClose', async () => stopCleanup?.());
  }

  const noticeIntervalMs = options.noticeIntervalMs ?? config.noticeIntervalSeconds * 1000;
  if (noticeIntervalMs > 0) {
    let stopNotices: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopNotices = scheduleNotices(
        db,
        { mailer, publicUrl: config.publicUrl },
        { intervalMs: noticeIntervalMs, now, log: app.log, isShared: config.databaseUrl !== undefined },
      );
    });
    app.addHook('onClose', async () => stopNotices?.());
  }

  return app;
}
