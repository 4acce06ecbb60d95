import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
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
import { serve } from '../../platform/endpoint.ts';

/** Every route here acts in the request's team: teamCtxOf(request) carries the context. */
export const lessonsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.lesson.create, async (r) =>
      createLesson(teamCtxOf(r), r.body.courseId, r.body.title),
    );
    serve(app, endpoints.lesson.detail, async (r) => lessonDetail(teamCtxOf(r), r.query.lessonId));
    serve(app, endpoints.lesson.save, async (r) => saveLesson(teamCtxOf(r), r.body));
    serve(app, endpoints.lesson.reorder, async (r) =>
      reorderLessons(teamCtxOf(r), r.body.courseId, r.body.lessonIds),
    );
    serve(app, endpoints.lesson.duplicate, async (r) => duplicateLesson(teamCtxOf(r), r.body.lessonId));
    serve(app, endpoints.lesson.delete, async (r) => {
      await removeLesson(teamCtxOf(r), r.body.lessonId);
      return null;
    });
    serve(app, endpoints.lesson.history, async (r) => lessonHistory(teamCtxOf(r), r.query));
    serve(app, endpoints.lesson.historyDetail, async (r) => revisionDetail(teamCtxOf(r), r.query.revisionId));
    serve(app, endpoints.lesson.restore, async (r) => restoreRevision(teamCtxOf(r), r.body.revisionId));
    serve(app, endpoints.lesson.historyCheckpoint, async (r) => {
      await checkpointBeforeAssist(teamCtxOf(r), r.body.lessonId);
      return null;
    });
  };
