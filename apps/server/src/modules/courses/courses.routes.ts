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
  releaseBody,
  releaseCheckSchema,
  releaseSchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, membershipOf } from '../../platform/auth.ts';
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
import { listReleases, releaseCheck, releaseCourse, unreleaseCourse } from './releases.service.ts';

export const teamCtx = (ctx: AppContext, request: FastifyRequest) => ({
  ctx,
  actor: actorOf(request),
  membership: membershipOf(request),
});
const team = { auth: 'team' } as const;
const done = envelope(z.null());

export const coursesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const c = (request: FastifyRequest) => teamCtx(ctx, request);

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
      async (r) => ok(await listCourses(c(r), r.query)),
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
      async (r) => ok(await createCourse(c(r), r.body.title)),
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
      async (r) => ok(await courseDetail(c(r), r.query.courseId)),
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
      async (r) => ok(await modifyCourse(c(r), r.body)),
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
      async (r) => ok(await duplicateCourse(c(r), r.body.courseId)),
    );
    app.post(
      Routes.course.delete,
      { config: team, schema: { summary: 'Delete a course', body: courseIdBody, response: { 200: done } } },
      async (r) => {
        await removeCourse(c(r), r.body.courseId);
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
      async (r) => ok(await previewCourse(c(r), r.query.courseId)),
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
      async (r) => ok(await releaseCheck(c(r), r.query.courseId)),
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
      async (r) => ok(await releaseCourse(c(r), r.body.courseId, r.body.notes)),
    );
    app.post(
      Routes.course.unrelease,
      {
        config: team,
        schema: { summary: 'Take a course out of the store', body: courseIdBody, response: { 200: done } },
      },
      async (r) => {
        await unreleaseCourse(c(r), r.body.courseId);
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
      async (r) => ok(await listReleases(c(r), r.query.courseId)),
    );
  };
