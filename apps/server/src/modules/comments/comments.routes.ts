import {
  commentCourseListSchema,
  commentCourseQuery,
  commentCreateBody,
  commentIdBody,
  commentLessonQuery,
  commentMentionListSchema,
  commentMentionReadBody,
  commentReplyBody,
  commentThreadBody,
  commentThreadListSchema,
  commentThreadSchema,
  commentUnreadSchema,
  envelope,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  courseThreads,
  createThread,
  lessonThreads,
  removeComment,
  replyToThread,
  resolveThread,
} from './comments.service.ts';
import { myMentions, readMentions, unreadMentions } from './mentions.service.ts';

const team = { auth: 'team' } as const;
const thread = { 200: envelope(commentThreadSchema) };

export const commentsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.comment.lessonList,
      {
        config: team,
        schema: {
          summary:
            "A draft lesson's review threads (open, or all) with replies (another team's lesson answers 404)",
          querystring: commentLessonQuery,
          response: { 200: envelope(commentThreadListSchema) },
        },
      },
      async (r) => ok(await lessonThreads(teamCtxOf(r), r.query)),
    );
    app.get(
      Routes.comment.courseList,
      {
        config: team,
        schema: {
          summary: "A course's open review threads, with each lesson's title and open count",
          querystring: commentCourseQuery,
          response: { 200: envelope(commentCourseListSchema) },
        },
      },
      async (r) => ok(await courseThreads(teamCtxOf(r), r.query.courseId)),
    );
    app.post(
      Routes.comment.create,
      {
        config: team,
        schema: {
          summary:
            'Open a review thread on a range of a lesson (anchors: base64 Yjs relative positions; `mentions`: team members)',
          body: commentCreateBody,
          response: thread,
        },
      },
      async (r) => ok(await createThread(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.comment.reply,
      {
        config: team,
        schema: { summary: 'Reply to a review thread', body: commentReplyBody, response: thread },
      },
      async (r) => ok(await replyToThread(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.comment.resolve,
      {
        config: team,
        schema: { summary: 'Resolve a review thread', body: commentThreadBody, response: thread },
      },
      async (r) => ok(await resolveThread(teamCtxOf(r), r.body.threadId, true)),
    );
    app.post(
      Routes.comment.reopen,
      {
        config: team,
        schema: { summary: 'Reopen a resolved review thread', body: commentThreadBody, response: thread },
      },
      async (r) => ok(await resolveThread(teamCtxOf(r), r.body.threadId, false)),
    );
    app.post(
      Routes.comment.remove,
      {
        config: team,
        schema: {
          summary:
            "Delete a comment (its author, or OWNER/ADMIN); a thread's first comment takes its replies",
          body: commentIdBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (r) => {
        await removeComment(teamCtxOf(r), r.body.commentId);
        return ok(null);
      },
    );
    app.get(
      Routes.comment.mentions,
      {
        config: team,
        schema: {
          summary: "The asker's @mentions in the current team, unread first",
          response: { 200: envelope(commentMentionListSchema) },
        },
      },
      async (r) => ok(await myMentions(teamCtxOf(r))),
    );
    app.post(
      Routes.comment.mentionsRead,
      {
        config: team,
        schema: {
          summary: "Mark the asker's mentions read (all of them without `commentIds`)",
          body: commentMentionReadBody,
          response: { 200: envelope(commentUnreadSchema) },
        },
      },
      async (r) => ok(await readMentions(teamCtxOf(r), r.body.commentIds)),
    );
    app.get(
      Routes.comment.mentionsUnread,
      {
        config: team,
        schema: {
          summary: "How many of the asker's mentions are unread (the header's badge)",
          response: { 200: envelope(commentUnreadSchema) },
        },
      },
      async (r) => ok(await unreadMentions(teamCtxOf(r))),
    );
  };
