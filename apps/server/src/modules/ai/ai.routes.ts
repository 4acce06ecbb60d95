import {
  aiAssistBody,
  aiJobIdQuery,
  aiDocumentParseQuery,
  aiDocumentSchema,
  DOCUMENT_LIMITS,
  envelope,
  INT32_MAX,
  queryNumber,
  Routes,
  endpoints,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { membershipOf, teamCtxOf } from '../../platform/auth.ts';
import { authorize } from '../../platform/policy.ts';
import { invalidInput } from '../../platform/errors.ts';
import { parseDocument } from './documents/ai.documents.ts';
import { NDJSON, parseProgressLines } from './documents/ai.documents-stream.ts';
import { docRefused } from './documents/doc-errors.ts';
import { documentName } from './documents/document-name.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
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
    app.post(
      Routes.ai.documentParse,
      {
        config: { ...team, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Read a document (PDF, DOCX, PPTX, Markdown, text) into sections for a job',
          description:
            `Multipart, field \`file\`. Judged by its bytes; at most ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB ` +
            `and ${DOCUMENT_LIMITS.maxPages} pages; refusals are codes 50030–50038. The file is read in memory and not kept; ` +
            `a DOCX's or PPTX's pictures (PNG, JPEG, GIF, WebP; the first ${DOCUMENT_LIMITS.imagesMax}, each at most ` +
            `${DOCUMENT_LIMITS.imageMaxBytes / 1024 / 1024} MB) are stored re-encoded as lesson images, and each section says how many it has. ` +
            'With `progress=1` the answer is NDJSON (`application/x-ndjson`): a line `{"progress":{"done","total","unit"}}` ' +
            'after each page (PDF) or slide (PPTX) read, then the envelope (success or refusal) as the last line.',
          consumes: ['multipart/form-data'],
          querystring: aiDocumentParseQuery,
          response: { 200: envelope(aiDocumentSchema) },
        },
      },
      async (r, reply) => {
        if (!r.isMultipart()) throw invalidInput('file', 'multipartRequired');
        const part = await r.file({ limits: { fileSize: DOCUMENT_LIMITS.maxBytes, files: 1 } });
        if (!part) throw invalidInput('file', 'fileMissing');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw docRefused.tooLarge();
          throw err;
        }
        const name = documentName(part.filename);
        if (r.query.progress)
          // A stream of lines, not the schema's object: the typed reply is widened for it.
          return (reply as unknown as FastifyReply)
            .type(NDJSON)
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no')
            .send(
              parseProgressLines(r, (onProgress) => parseDocument(teamCtxOf(r), name, bytes, onProgress)),
            );
        return ok(await parseDocument(teamCtxOf(r), name, bytes));
      },
    );
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
