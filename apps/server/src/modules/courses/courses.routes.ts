import {
  courseCreateBody,
  courseDetailSchema,
  courseIdBody,
  courseIdQuery,
  courseListQuery,
  courseModifyBody,
  coursePreviewSchema,
  courseSchema,
  envelope,
  pageSchema,
  courseChangesSchema,
  releaseBody,
  releaseDiffQuery,
  releaseRollbackBody,
  draftResetBody,
  releaseCheckSchema,
  releaseSchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
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

const team = { auth: 'team' } as const;
const done = envelope(z.null());

/** Every route here acts in the request's team: teamCtxOf(request) carries the context. */
export const coursesRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.course.list,
      {
        config: team,
        schema: {
          summary: "The current team's courses",
          querystring: courseListQuery,
          response: { 200: envelope(pageSchema(courseSchema)) },
        },
      },
      async (r) => ok(await listCourses(teamCtxOf(r), r.query)),
    );
    app.post(
      Routes.course.create,
      {
        config: team,
        schema: {
          summary: 'Create a draft course',
          body: courseCreateBody,
          response: { 200: envelope(courseSchema) },
        },
      },
      async (r) => ok(await createCourse(teamCtxOf(r), r.body.title)),
    );
    app.get(
      Routes.course.detail,
      {
        config: team,
        schema: {
          summary: 'A course with its lesson list',
          querystring: courseIdQuery,
          response: { 200: envelope(courseDetailSchema) },
        },
      },
      async (r) => ok(await courseDetail(teamCtxOf(r), r.query.courseId)),
    );
    app.post(
      Routes.course.modify,
      {
        config: team,
        schema: {
          summary: 'Edit course details (409 on a stale version)',
          body: courseModifyBody,
          response: { 200: envelope(courseSchema) },
        },
      },
      async (r) => ok(await modifyCourse(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.course.duplicate,
      {
        config: team,
        schema: {
          summary: 'Duplicate a course as a new draft',
          body: courseIdBody,
          response: { 200: envelope(courseSchema) },
        },
      },
      async (r) => ok(await duplicateCourse(teamCtxOf(r), r.body.courseId)),
    );
    app.post(
      Routes.course.delete,
      { config: team, schema: { summary: 'Delete a course', body: courseIdBody, response: { 200: done } } },
      async (r) => {
        await removeCourse(teamCtxOf(r), r.body.courseId);
        return ok(null);
      },
    );
    app.get(
      Routes.course.preview,
      {
        config: team,
        schema: {
          summary: 'The draft with every lesson, for the previews',
          querystring: courseIdQuery,
          response: { 200: envelope(coursePreviewSchema) },
        },
      },
      async (r) => ok(await previewCourse(teamCtxOf(r), r.query.courseId)),
    );
    app.get(
      Routes.course.releaseCheck,
      {
        config: team,
        schema: {
          summary: 'The release checklist',
          querystring: courseIdQuery,
          response: { 200: envelope(releaseCheckSchema) },
        },
      },
      async (r) => ok(await releaseCheck(teamCtxOf(r), r.query.courseId)),
    );
    app.post(
      Routes.course.release,
      {
        config: team,
        schema: {
          summary: 'Publish an immutable numbered version',
          body: releaseBody,
          response: { 200: envelope(releaseSchema) },
        },
      },
      async (r) => ok(await releaseCourse(teamCtxOf(r), r.body.courseId, r.body)),
    );
    app.post(
      Routes.course.unrelease,
      {
        config: team,
        schema: { summary: 'Take a course out of the store', body: courseIdBody, response: { 200: done } },
      },
      async (r) => {
        await unreleaseCourse(teamCtxOf(r), r.body.courseId);
        return ok(null);
      },
    );
    app.get(
      Routes.course.releaseList,
      {
        config: team,
        schema: {
          summary: 'Released versions of a course',
          querystring: courseIdQuery,
          response: { 200: envelope(z.object({ list: z.array(releaseSchema) })) },
        },
      },
      async (r) => ok(await listReleases(teamCtxOf(r), r.query.courseId)),
    );
    app.get(
      Routes.course.releaseDiff,
      {
        config: team,
        schema: {
          summary: 'What changed from a release to another one, or to the draft',
          querystring: releaseDiffQuery,
          response: { 200: envelope(courseChangesSchema) },
        },
      },
      async (r) => ok(await releaseDiff(teamCtxOf(r), r.query)),
    );
    app.post(
      Routes.course.releaseRollback,
      {
        config: team,
        schema: {
          summary: 'Publish an earlier release again as a new numbered release',
          body: releaseRollbackBody,
          response: { 200: envelope(releaseSchema) },
        },
      },
      async (r) => ok(await rollbackRelease(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.course.draftReset,
      {
        config: team,
        schema: {
          summary: 'Reset the draft to a release (the draft as it was stays in the lesson history)',
          body: draftResetBody,
          response: { 200: done },
        },
      },
      async (r) => {
        await resetDraft(teamCtxOf(r), r.body);
        return ok(null);
      },
    );
  };
