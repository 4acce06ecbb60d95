import {
  envelope,
  lessonCreateBody,
  lessonCheckpointBody,
  lessonHistoryQuery,
  lessonIdBody,
  lessonRestoreBody,
  lessonRevisionDetailSchema,
  lessonRevisionSchema,
  pageSchema,
  revisionIdQuery,
  lessonIdQuery,
  lessonReorderBody,
  lessonSaveBody,
  lessonSavedSchema,
  lessonSchema,
  lessonSummarySchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  createLesson,
  duplicateLesson,
  lessonDetail,
  removeLesson,
  reorderLessons,
  saveLesson,
} from './lessons.service.ts';
import {
  checkpointBeforeAssist,
  lessonHistory,
  restoreRevision,
  revisionDetail,
} from './lesson-history.service.ts';

const team = { auth: 'team' } as const;

/** Every route here acts in the request's team: teamCtxOf(request) carries the context. */
export const lessonsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.lesson.create,
      {
        config: team,
        schema: {
          summary: 'Add a lesson at the end',
          body: lessonCreateBody,
          response: { 200: envelope(lessonSchema) },
        },
      },
      async (r) => ok(await createLesson(teamCtxOf(r), r.body.courseId, r.body.title)),
    );
    app.get(
      Routes.lesson.detail,
      {
        config: team,
        schema: {
          summary: 'A lesson with its content',
          querystring: lessonIdQuery,
          response: { 200: envelope(lessonSchema) },
        },
      },
      async (r) => ok(await lessonDetail(teamCtxOf(r), r.query.lessonId)),
    );
    app.post(
      Routes.lesson.save,
      {
        config: { ...team, rateLimit: { max: 240, timeWindow: '1 minute' } },
        schema: {
          summary: 'Save a lesson (409 on a stale version)',
          body: lessonSaveBody,
          response: { 200: envelope(lessonSavedSchema) },
        },
        bodyLimit: 1024 * 1024,
      },
      async (r) => ok(await saveLesson(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.lesson.reorder,
      {
        config: team,
        schema: {
          summary: 'Reorder the lessons of a course',
          body: lessonReorderBody,
          response: { 200: envelope(z.array(lessonSummarySchema)) },
        },
      },
      async (r) => ok(await reorderLessons(teamCtxOf(r), r.body.courseId, r.body.lessonIds)),
    );
    app.post(
      Routes.lesson.duplicate,
      {
        config: team,
        schema: {
          summary: 'Duplicate a lesson',
          body: lessonIdBody,
          response: { 200: envelope(lessonSchema) },
        },
      },
      async (r) => ok(await duplicateLesson(teamCtxOf(r), r.body.lessonId)),
    );
    app.post(
      Routes.lesson.delete,
      {
        config: team,
        schema: { summary: 'Delete a lesson', body: lessonIdBody, response: { 200: envelope(z.null()) } },
      },
      async (r) => {
        await removeLesson(teamCtxOf(r), r.body.lessonId);
        return ok(null);
      },
    );
    app.get(
      Routes.lesson.history,
      {
        config: team,
        schema: {
          summary: "A lesson's revisions, newest first",
          querystring: lessonHistoryQuery,
          response: { 200: envelope(pageSchema(lessonRevisionSchema)) },
        },
      },
      async (r) => ok(await lessonHistory(teamCtxOf(r), r.query)),
    );
    app.get(
      Routes.lesson.historyDetail,
      {
        config: team,
        schema: {
          summary: 'A revision with its content',
          querystring: revisionIdQuery,
          response: { 200: envelope(lessonRevisionDetailSchema) },
        },
      },
      async (r) => ok(await revisionDetail(teamCtxOf(r), r.query.revisionId)),
    );
    app.post(
      Routes.lesson.restore,
      {
        config: team,
        schema: {
          summary: 'Restore a revision as a new version of its lesson',
          body: lessonRestoreBody,
          response: { 200: envelope(lessonSchema) },
        },
      },
      async (r) => ok(await restoreRevision(teamCtxOf(r), r.body.revisionId)),
    );
    app.post(
      Routes.lesson.historyCheckpoint,
      {
        config: team,
        schema: {
          summary: "Keep the lesson's current text as a revision (before an AI assist)",
          body: lessonCheckpointBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (r) => {
        await checkpointBeforeAssist(teamCtxOf(r), r.body.lessonId);
        return ok(null);
      },
    );
  };
