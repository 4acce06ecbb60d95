import { envelope, lessonPresenceQuery, lessonPresenceSchema, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import { ok } from '../../platform/reply.ts';
import type { PresenceStore } from './presence.ts';
import { coursePresence } from './collab.service.ts';

/** Presence of the live co-editing, for the course's lesson list. */
export const collabRoutes =
  (presence: PresenceStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.lesson.presence,
      {
        config: { auth: 'team' },
        schema: {
          summary: 'Who is editing each lesson of a course now (live co-editing)',
          querystring: lessonPresenceQuery,
          response: { 200: envelope(lessonPresenceSchema) },
        },
      },
      async (r) => ok(await coursePresence(teamCtxOf(r), presence, r.query.courseId)),
    );
  };
