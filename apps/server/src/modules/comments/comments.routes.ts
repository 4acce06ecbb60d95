import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  courseThreads,
  createThread,
  lessonThreads,
  removeComment,
  replyToThread,
  resolveThread,
} from './comments.service.ts';
import { myMentions, readMentions, unreadMentions } from './mentions.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const commentsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.comment.lessonList, async (r) => lessonThreads(teamCtxOf(r), r.query));
    serve(app, endpoints.comment.courseList, async (r) => courseThreads(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.comment.create, async (r) => createThread(teamCtxOf(r), r.body));
    serve(app, endpoints.comment.reply, async (r) => replyToThread(teamCtxOf(r), r.body));
    serve(app, endpoints.comment.resolve, async (r) => resolveThread(teamCtxOf(r), r.body.threadId, true));
    serve(app, endpoints.comment.reopen, async (r) => resolveThread(teamCtxOf(r), r.body.threadId, false));
    serve(app, endpoints.comment.remove, async (r) => {
      await removeComment(teamCtxOf(r), r.body.commentId);
      return null;
    });
    serve(app, endpoints.comment.mentions, async (r) => myMentions(teamCtxOf(r)));
    serve(app, endpoints.comment.mentionsRead, async (r) => readMentions(teamCtxOf(r), r.body.commentIds));
    serve(app, endpoints.comment.mentionsUnread, async (r) => unreadMentions(teamCtxOf(r)));
  };
