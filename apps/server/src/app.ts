import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { API_BASE, CODE_TABLE, COLLAB_PATH, type CodeEntry } from '@studio/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import findMyWay from 'find-my-way';
import type { Config } from './config.ts';
import { connect, type Db } from './db/client.ts';
import {
  refuseWithSecurityHeaders,
  registerSecurityHeaders,
  securityHeaders,
} from './platform/security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { findSessionActor } from './modules/auth/sessions.repo.ts';
import { simulatorRoutes } from './modules/auth/simulator.routes.ts';
import { mpSimulatorRoutes } from './modules/auth/mp-simulator.routes.ts';
import { findSimulatedLogin, findSimulatedMpLogin } from './modules/auth/wechat-states.repo.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { lessonsRoutes } from './modules/courses/lessons.routes.ts';
import { sharesRoutes } from './modules/courses/shares.routes.ts';
import { learningRoutes } from './modules/learning/learning.routes.ts';
import { defineMediaJobs, mediaRoutes, mediaUploadRoutes, registerMedia } from './modules/media/index.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { attachmentUploadRoutes, registerAttachments } from './modules/attachments/index.ts';
import { defineAssetJobs } from './modules/assets/index.ts';
import { registerCourses } from './modules/courses/index.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { register as registerComments } from './modules/comments/index.ts';
import { examsRoutes } from './modules/exams/exams.routes.ts';
import { registerExams } from './modules/exams/index.ts';
import { subscribeLearning } from './modules/learning/index.ts';
import { aiRoutes, defineAiJobs, register as registerAi } from './modules/ai/index.ts';
import { paymentsRoutes } from './modules/store/payments.routes.ts';
import { sandboxPayRoutes } from './modules/store/sandbox-pay.routes.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { couponRoutes } from './modules/store/coupons.routes.ts';
import { refundRoutes } from './modules/store/refunds.routes.ts';
import { invoiceRoutes } from './modules/store/invoices.routes.ts';
import { membersRoutes } from './modules/teams/members.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { trainingRoutes } from './modules/training/training.routes.ts';
import { defineTrainingJobs } from './modules/training/index.ts';
import { notificationsRoutes, register as registerNotifications } from './modules/notifications/index.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { registerAuth } from './platform/auth.ts';
import { collabRoutes } from './modules/collab/collab.routes.ts';
import { createCollab, register as registerCollab } from './modules/collab/index.ts';
import { createContext, type ContextOverrides } from './platform/context.ts';
import { EventBus } from './platform/events.ts';
import { JobQueue } from './platform/jobs.ts';
import { registerMetrics } from './platform/metrics.ts';
import { subscribeSearchIndex } from './modules/search/index.ts';
import { searchListing } from './modules/store/catalog.service.ts';
import { defineStoreJobs } from './modules/store/store.jobs.ts';
import { register as registerStore } from './modules/store/index.ts';
import { defineHistoryJobs } from './modules/courses/lesson-history.service.ts';
import { registerSuccessLanguage } from './platform/success-language.ts';
import { errorHandler, methodNotAllowedEnvelope, notFoundEnvelope } from './platform/error-handler.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { registerRequestLimits } from './platform/request-limits.ts';
import { registerPublicPages } from './modules/public-pages/public-pages.routes.ts';
import { isFrameablePath, registerWebApp, sendAppPage } from './platform/web-app.ts';

/** How often queued search documents are built (a migration's or an operator's rebuilds queue them). */
const SEARCH_OUTBOX_MS = 5_000;

/** The players the lesson renderer may frame (apps/web/src/components/content-view/video-embed.ts). */
const VIDEO_PLAYER_ORIGINS = [
  'https://player.bilibili.com',
  'https://www.youtube-nocookie.com',
  'https://v.qq.com',
  'https://player.youku.com',
];

export type BuildOptions = {
  config: Config;
  db: Db;
  logger: FastifyBaseLogger;
  overrides?: ContextOverrides;
  /** Where pg-boss keeps its jobs (the same database); jobs run only when given and JOBS_ENABLED. */
  databaseUrl?: string;
};

/** The OpenAPI document's list of business codes: the contract's table, so it never drifts. */
const codesDescription = () =>
  [
    'Every answer is `{code, msg, data}`: `msg` is the Chinese message of `code`, and a message with',
    '`{{params}}` finds them in `data`. Business outcomes answer HTTP 200 unless the table says',
    'otherwise; transport outcomes (validation 400, 404, 413, 429, 500) keep their HTTP status.',
    '',
    'Resumable uploads are tus 1.0.0 (creation, HEAD, PATCH, DELETE; not listed below):',
    '`/api/media/upload` (metadata `filename`; the creation answers `Media-Id`) and',
    '`/api/attachment/upload` (metadata `filename` and `lessonId`; the last PATCH answers',
    '`Attachment-Id`). A refusal is this envelope with a 4xx status.',
    '',
    '| code | message key | message (zh) | HTTP |',
    '| --- | --- | --- | --- |',
    ...Object.values(CODE_TABLE).map(
      (e: CodeEntry) => `| ${e.code} | ${e.key} | ${e.zh} | ${e.httpStatus ?? ''} |`,
    ),
  ].join('\n');

export async function buildApp({
  config,
  db,
  logger,
  overrides,
  databaseUrl,
}: BuildOptions): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // Lesson content may show https images (the sanitizer allows them) and embed known video players.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(config.IMAGE_BASE ? [config.IMAGE_BASE] : [])],
        'frame-src': VIDEO_PLAYER_ORIGINS,
        // Lesson video through hls.js: Media Source Extensions play from a blob: address.
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    loggerInstance: logger,
    frameworkErrors: refuseWithSecurityHeaders(setSecurityHeaders),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  const ctx = createContext(
    config,
    db,
    logger,
    {
      findSimulatedLogin: (state, code) => findSimulatedLogin(db, state, code),
      findSimulatedMpLogin: (code) => findSimulatedMpLogin(db, code),
    },
    overrides,
  );
  app.decorate('ctx', ctx);
  // Courses answers attachments (below it) about lessons and shares (platform/providers.ts).
  registerCourses(ctx);
  // Media's probed durations and unfinished media (asked by learning and the store) and both asset
  // kinds' sweeps.
  registerMedia(ctx);
  registerAttachments(ctx);
  // AI jobs' lessons run by their job's kind (modules/ai/index.ts).
  registerAi(ctx);
  // The store search keeps its documents from the owners' domain events, reading a course's store
  // version through the store's catalog (modules/search/index.ts).
  const search = subscribeSearchIndex(ctx.domainEvents, searchListing);
  // Review comments: unresolved threads are a warning of the release check (modules/comments).
  registerComments(ctx);
  // The notification centre listens to the events that become notices (modules/notifications).
  registerNotifications(ctx, logger);
  // Who bought a sold course, asked when it gets a new release (modules/store).
  registerStore(ctx);
  // Course exams: learning asks exams about a release's exam, and a pass may complete the course.
  registerExams(ctx);
  subscribeLearning(ctx);
  if (config.SEARCH_DATABASE_URL) {
    const replica = connect(config.SEARCH_DATABASE_URL, 10, (err) => logger.warn({ err }, 'search replica'));
    ctx.searchDb = replica.db;
    app.addHook('onClose', () => replica.close());
  }
  const searchUrl = config.SEARCH_DATABASE_URL ?? databaseUrl;
  if (searchUrl) {
    const generic = connect(searchUrl, 10, (err) => logger.warn({ err }, 'search pool'), { generic: true });
    ctx.searchGenericDb = generic.db;
    app.addHook('onClose', () => generic.close());
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerSuccessLanguage(app);

  registerSecurityHeaders(app, setSecurityHeaders);
  // Embeddable previews are the only pages other sites may frame.
  app.addHook('onSend', async (request, reply) => {
    if (!isFrameablePath(request.url)) return;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", 'frame-ancestors *'));
  });
  await registerRequestLimits(app, config, logger);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Course Studio API', version: '0.1.0', description: codesDescription() },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-request-tkToken' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const resolveToken = registerAuth(app, ctx, findSessionActor);
  // Live co-editing on this HTTP server's `upgrade` (modules/collab); REST saves reach it through ctx.
  const collab = createCollab(ctx, resolveToken, logger, (req) => {
    const forwarded = config.TRUST_PROXY ? req.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || req.socket.remoteAddress || 'unknown';
  });
  registerCollab(ctx, collab);
  app.decorate('collab', collab);
  app.server.on('upgrade', (req, socket, head) => {
    if (req.url?.split('?')[0] === COLLAB_PATH) collab.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  app.addHook('preClose', () => collab.close());
  // Before any route: schemas checked as each is registered, input before validation (docs/security.md).
  registerInputGuard(app);
  ctx.metrics = registerMetrics(app);

  // Every API path, whatever its method, so an unknown method on a known path answers 405.
  const apiPaths = findMyWay();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_BASE) && !apiPaths.find('GET', route.url))
      apiPaths.on('GET', route.url, () => undefined);
  });

  await app.register(
    async (api) => {
      for (const routes of [
        systemRoutes,
        authRoutes,
        accountRoutes,
        filesRoutes,
        teamsRoutes,
        membersRoutes,
        coursesRoutes,
        lessonsRoutes,
        sharesRoutes,
        storeRoutes,
        couponRoutes,
        refundRoutes,
        invoiceRoutes,
        paymentsRoutes,
        aiRoutes,
        learningRoutes,
        trainingRoutes,
        notificationsRoutes,
        mediaRoutes,
        mediaUploadRoutes,
        attachmentUploadRoutes,
        attachmentsRoutes,
        commentsRoutes,
        examsRoutes,
      ]) {
        await api.register(routes(ctx));
      }
      await api.register(collabRoutes(collab.presence));
      if (ctx.wechat.mode === 'simulator') await api.register(simulatorRoutes(ctx));
      if (ctx.wechatMp.mode === 'simulator') await api.register(mpSimulatorRoutes(ctx));
      if (ctx.sandbox) await api.register(sandboxPayRoutes(ctx, ctx.sandbox));
    },
    { prefix: API_BASE },
  );

  // In-process work (no job queue) ends before anything closes: the event bus, the queue, and then
  // the caller's database pool.
  // Search documents queued in the search's outbox (by a migration, or an operator's rebuild) are
  // built once the app is up, then every few seconds (an empty outbox costs one
  // index probe). Each batch is its own transaction and rows are taken with SKIP LOCKED, so processes
  // share the work and a crash loses nothing.
  const drain = () => ctx.background.run(() => search.drainOutbox(db), logger);
  drain();
  const drainTimer = setInterval(drain, SEARCH_OUTBOX_MS).unref();
  app.addHook('preClose', async () => clearInterval(drainTimer));
  app.addHook('preClose', () => ctx.background.drain());
  if (databaseUrl) {
    const events = new EventBus(databaseUrl, logger);
    ctx.events = events;
    app.addHook('onClose', () => events.close());
  }
  if (config.JOBS_ENABLED && databaseUrl) {
    const jobs = await JobQueue.start(databaseUrl, logger, (queue, outcome) =>
      ctx.metrics?.jobs.inc({ queue, outcome }),
    );
    ctx.jobs = jobs;
    await defineStoreJobs(ctx, jobs, logger);
    await defineHistoryJobs(ctx, jobs);
    await defineAiJobs(ctx, jobs, logger);
    await defineMediaJobs(ctx, jobs, logger);
    await defineAssetJobs(ctx, jobs, logger);
    await defineTrainingJobs(ctx, jobs);
    app.addHook('onClose', () => jobs.stop());
  }

  const hasWeb = await registerWebApp(app, config.webDist);
  if (hasWeb) await registerPublicPages(app, ctx, config.webDist);
  if (!hasWeb)
    logger.warn({ webDist: config.webDist }, 'no web build here: pages answer 404 (npm run build)');
  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0]!;
    if (pathOnly === API_BASE || pathOnly.startsWith(`${API_BASE}/`)) {
      if (apiPaths.find('GET', pathOnly)) return reply.status(405).send(methodNotAllowedEnvelope());
      return reply.status(404).send(notFoundEnvelope());
    }
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD'))
      return sendAppPage(reply, pathOnly);
    return reply.status(404).send(notFoundEnvelope());
  });
  return app;
}
