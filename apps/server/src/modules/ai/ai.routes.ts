import {
  aiAssistBody,
  aiCreateBody,
  aiGeneratorSchema,
  aiJobIdBody,
  aiJobIdQuery,
  aiJobSchema,
  aiOutlineBody,
  aiDocumentParseQuery,
  aiDocumentSchema,
  aiRetryBody,
  aiTranslateBody,
  aiTranslationsQuery,
  courseTranslationsSchema,
  DOCUMENT_LIMITS,
  envelope,
  INT32_MAX,
  pageQuerySchema,
  pageSchema,
  queryNumber,
  Routes,
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

const team = { auth: 'team' } as const;
const job = envelope(aiJobSchema);

export const aiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const c = (r: FastifyRequest) => ({ ...teamCtxOf(r), log: r.log });

    app.post(
      Routes.ai.create,
      {
        config: { ...team, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Start a generation job (outline first)',
          body: aiCreateBody,
          response: { 200: job },
        },
      },
      async (r) => ok(await createJob(c(r), r.body)),
    );
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
    app.post(
      Routes.ai.translate,
      {
        config: { ...team, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Translate a course into a new draft course (a job of kind translate)',
          description:
            'Lesson by lesson, streamed on /ai/job/stream like generation; code blocks, quiz answer keys, ' +
            'images, media, attachments and link targets stay as they are. The language is zh-CN, en-US or ' +
            'one of AI_TRANSLATE_LANGUAGES. Without an AI provider: code 50041.',
          body: aiTranslateBody,
          response: { 200: job },
        },
      },
      async (r) => ok(await translateCourse(c(r), r.body)),
    );
    app.get(
      Routes.ai.translations,
      {
        config: team,
        schema: {
          summary: "A course's translations (and its source), with whether the source changed since",
          querystring: aiTranslationsQuery,
          response: { 200: envelope(courseTranslationsSchema) },
        },
      },
      async (r) => ok(await courseTranslations(c(r), r.query.courseId)),
    );
    app.get(
      Routes.ai.list,
      {
        config: team,
        schema: {
          summary: "The team's generation jobs",
          querystring: pageQuerySchema,
          response: { 200: envelope(pageSchema(aiJobSchema)) },
        },
      },
      async (r) => ok(await listJobs(c(r), r.query.pageNum, r.query.pageSize)),
    );
    app.get(
      Routes.ai.detail,
      {
        config: team,
        schema: {
          summary: 'A job: status, outline, lessons, percent',
          querystring: aiJobIdQuery,
          response: { 200: job },
        },
      },
      async (r) => ok(await jobDetail(c(r), r.query.jobId)),
    );
    app.post(
      Routes.ai.outline,
      {
        config: team,
        schema: { summary: 'Save the reviewed outline', body: aiOutlineBody, response: { 200: job } },
      },
      async (r) => ok(await saveOutline(c(r), r.body.jobId, r.body.outline)),
    );
    app.post(
      Routes.ai.generate,
      {
        config: team,
        schema: {
          summary: 'Write every lesson into a new draft course',
          body: aiJobIdBody,
          response: { 200: job },
        },
      },
      async (r) => ok(await generateLessons(c(r), r.body.jobId)),
    );
    app.post(
      Routes.ai.cancel,
      { config: team, schema: { summary: 'Cancel a job', body: aiJobIdBody, response: { 200: job } } },
      async (r) => ok(await cancelJob(c(r), r.body.jobId)),
    );
    app.post(
      Routes.ai.retry,
      {
        config: team,
        schema: { summary: 'Retry one failed lesson', body: aiRetryBody, response: { 200: job } },
      },
      async (r) => ok(await retryLesson(c(r), r.body.jobId, r.body.idx)),
    );
    app.post(
      Routes.ai.restart,
      {
        config: { ...team, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Start again: a new job with a cancelled or failed one’s topic and outline',
          body: aiJobIdBody,
          response: { 200: job },
        },
      },
      async (r) => ok(await restartJob(c(r), r.body.jobId)),
    );
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
    app.get(
      Routes.ai.generator,
      {
        config: team,
        schema: {
          summary: 'Which generator writes courses: a model, or the template (not AI)',
          response: { 200: envelope(aiGeneratorSchema) },
        },
      },
      async () => ok({ kind: ctx.generator.kind, label: ctx.generator.label }),
    );
    await app.register(aiUsageRoutes);
  };
