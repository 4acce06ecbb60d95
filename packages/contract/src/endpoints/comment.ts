import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
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
} from '../schemas/comment.ts';

export const comment = {
  lessonList: endpoint({
    method: 'GET',
    path: Routes.comment.lessonList,
    auth: 'team',
    summary:
      "A draft lesson's review threads (open, or all) with replies (another team's lesson answers 404)",
    input: commentLessonQuery,
    output: commentThreadListSchema,
  }),
  courseList: endpoint({
    method: 'GET',
    path: Routes.comment.courseList,
    auth: 'team',
    summary: "A course's open review threads, with each lesson's title and open count",
    input: commentCourseQuery,
    output: commentCourseListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: Routes.comment.create,
    auth: 'team',
    summary:
      'Open a review thread on a range of a lesson (anchors: base64 Yjs relative positions; `mentions`: team members)',
    input: commentCreateBody,
    output: commentThreadSchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: Routes.comment.reply,
    auth: 'team',
    summary: 'Reply to a review thread',
    input: commentReplyBody,
    output: commentThreadSchema,
  }),
  resolve: endpoint({
    method: 'POST',
    path: Routes.comment.resolve,
    auth: 'team',
    summary: 'Resolve a review thread',
    input: commentThreadBody,
    output: commentThreadSchema,
  }),
  reopen: endpoint({
    method: 'POST',
    path: Routes.comment.reopen,
    auth: 'team',
    summary: 'Reopen a resolved review thread',
    input: commentThreadBody,
    output: commentThreadSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: Routes.comment.remove,
    auth: 'team',
    summary: "Delete a comment (its author, or OWNER/ADMIN); a thread's first comment takes its replies",
    input: commentIdBody,
    output: z.null(),
  }),
  mentions: endpoint({
    method: 'GET',
    path: Routes.comment.mentions,
    auth: 'team',
    summary: "The asker's @mentions in the current team, unread first",
    output: commentMentionListSchema,
  }),
  mentionsRead: endpoint({
    method: 'POST',
    path: Routes.comment.mentionsRead,
    auth: 'team',
    summary: "Mark the asker's mentions read (all of them without `commentIds`)",
    input: commentMentionReadBody,
    output: commentUnreadSchema,
  }),
  mentionsUnread: endpoint({
    method: 'GET',
    path: Routes.comment.mentionsUnread,
    auth: 'team',
    summary: "How many of the asker's mentions are unread (the header's badge)",
    output: commentUnreadSchema,
  }),
};
