import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { PresenceStore } from './presence.ts';
import { coursePresence } from './collab.service.ts';
import { serve } from '../../platform/endpoint.ts';

/** Presence of the live co-editing, for the course's lesson list. */
export const collabRoutes =
  (presence: PresenceStore): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.lesson.presence, async (r) =>
      coursePresence(teamCtxOf(r), presence, r.query.courseId),
    );
  };
