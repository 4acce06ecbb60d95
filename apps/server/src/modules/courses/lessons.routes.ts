import {
  envelope,
  lessonCreateBody,
  lessonIdBody,
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
  };
