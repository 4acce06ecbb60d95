import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  courseDetail,
  createCourse,
  duplicateCourse,
  listCourses,
  modifyCourse,
  previewCourse,
  removeCourse,
} from './courses.service.ts';
import {
  listReleases,
  releaseCheck,
  releaseCourse,
  releaseDiff,
  resetDraft,
  rollbackRelease,
  unreleaseCourse,
} from './releases.service.ts';
import { serve } from '../../platform/endpoint.ts';

/** Every route here acts in the request's team: teamCtxOf(request) carries the context. */
export const coursesRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.course.list, async (r) => listCourses(teamCtxOf(r), r.query));
    serve(app, endpoints.course.create, async (r) => createCourse(teamCtxOf(r), r.body.title));
    serve(app, endpoints.course.detail, async (r) => courseDetail(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.course.modify, async (r) => modifyCourse(teamCtxOf(r), r.body));
    serve(app, endpoints.course.duplicate, async (r) => duplicateCourse(teamCtxOf(r), r.body.courseId));
    serve(app, endpoints.course.delete, async (r) => {
      await removeCourse(teamCtxOf(r), r.body.courseId);
      return null;
    });
    serve(app, endpoints.course.preview, async (r) => previewCourse(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.course.releaseCheck, async (r) => releaseCheck(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.course.release, async (r) => releaseCourse(teamCtxOf(r), r.body.courseId, r.body));
    serve(app, endpoints.course.unrelease, async (r) => {
      await unreleaseCourse(teamCtxOf(r), r.body.courseId);
      return null;
    });
    serve(app, endpoints.course.releaseList, async (r) => listReleases(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.course.releaseDiff, async (r) => releaseDiff(teamCtxOf(r), r.query));
    serve(app, endpoints.course.releaseRollback, async (r) => rollbackRelease(teamCtxOf(r), r.body));
    serve(app, endpoints.course.draftReset, async (r) => {
      await resetDraft(teamCtxOf(r), r.body);
      return null;
    });
  };
