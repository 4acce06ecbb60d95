import {
  aiAssistBody,
  aiJobIdQuery,
  DOCUMENT_LIMITS,
  INT32_MAX,
  queryNumber,
  Routes,
  endpoints,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { membershipOf, teamCtxOf } from '../../platform/auth.ts';
import { authorize } from '../../platform/policy.ts';
import { fileUpload } from '../../platform/file-upload.ts';
import { parseDocument } from './documents/ai.documents.ts';
import { docRefused } from './documents/doc-errors.ts';
import { documentName } from './documents/document-name.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  cancelJob,
  createJob,
  generateLessons,
  jobDetail,
  listJobs,
  retryLesson,
  saveOutline,
} from './jobs/ai.service.ts';
import { streamAssist } from './jobs/ai.assist.ts';
import { restartJob } from './ai.restart.ts';
import { courseTranslations, translateCourse } from './translate/ai.translate.ts';
import { streamJob } from './jobs/ai.stream.ts';
import { estimateAssist } from './cost/ai.estimate.ts';
import { holdAssist } from './cost/ai.usage.ts';
import { aiUsageRoutes } from './cost/ai.usage.routes.ts';
import { serve } from '../../platform/endpoint.ts';

const team = { auth: 'team' } as const;

export const aiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const c = (r: FastifyRequest) => ({ ...teamCtxOf(r), log: r.log });

    serve(app, endpoints.ai.create, async (r) => createJob(c(r), r.body));
    serve(app, endpoints.ai.documentParse, async (r, _reply, report) => {
      const { bytes, filename } = await fileUpload(r, DOCUMENT_LIMITS.maxBytes, docRefused.tooLarge);
      // The pages read and pictures stored go out as lines when the web asks (platform/progress-lines.ts).
      return parseDocument(teamCtxOf(r), documentName(filename), bytes, report);
    });
    serve(app, endpoints.ai.translate, async (r) => translateCourse(c(r), r.body));
    serve(app, endpoints.ai.translations, async (r) => courseTranslations(c(r), r.query.courseId));
    serve(app, endpoints.ai.list, async (r) => listJobs(c(r), r.query.pageNum, r.query.pageSize));
    serve(app, endpoints.ai.detail, async (r) => jobDetail(c(r), r.query.jobId));
    serve(app, endpoints.ai.outline, async (r) => saveOutline(c(r), r.body.jobId, r.body.outline));
    serve(app, endpoints.ai.generate, async (r) => generateLessons(c(r), r.body.jobId));
    serve(app, endpoints.ai.cancel, async (r) => cancelJob(c(r), r.body.jobId));
    serve(app, endpoints.ai.retry, async (r) => retryLesson(c(r), r.body.jobId, r.body.idx));
    serve(app, endpoints.ai.restart, async (r) => restartJob(c(r), r.body.jobId));
    app.get(
      Routes.ai.stream,
      {
        config: { ...team, rateLimit: false },
        schema: {
          summary: 'Server-sent events of a job; resumes after Last-Event-ID',
          description:
            'text/event-stream. Each `data:` line is one JSON event of the contract’s `aiEventSchema`, ' +
            'discriminated by `type`: stage, outline, lesson-start, text-delta, lesson-done, error, done; ' +
            'each with an `id:`. `{"type":"keepalive"}` comes without an id.',
          querystring: aiJobIdQuery.extend({
            lastEventId: queryNumber(z.number().int().min(0).max(INT32_MAX)).optional(),
          }),
        },
      },
      async (r, reply) => {
        await jobDetail(c(r), r.query.jobId); // 404 for another team's job, before any stream starts
        const header = Number(r.headers['last-event-id']);
        const from =
          Number.isInteger(header) && header > 0 && header <= INT32_MAX ? header : (r.query.lastEventId ?? 0);
        await streamJob(ctx, r, reply, r.query.jobId, from);
      },
    );
    app.post(
      Routes.ai.assist,
      {
        config: { ...team, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { summary: 'Editor assist, streamed as server-sent events', body: aiAssistBody },
      },
      async (r, reply) => {
        const { membership, actor } = teamCtxOf(r);
        authorize(membershipOf(r), 'ai.assist');
        // Holds the assist's estimate while it streams; refused (50060) when nothing is left.
        const hold = await holdAssist(ctx, membership.team.id, estimateAssist(r.body.action, r.body.text));
        await streamAssist(
          ctx,
          r,
          reply,
          r.body,
          { teamId: membership.team.id, userId: actor.user.id, jobId: null },
          hold,
        );
      },
    );
    serve(app, endpoints.ai.generator, async () => ({
      kind: ctx.generator.kind,
      label: ctx.generator.label,
    }));
    await app.register(aiUsageRoutes);
  };
