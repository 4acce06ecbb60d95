import { Routes } from '@studio/contract/constants';
import type { CommentCreate, CommentReply } from '@studio/contract';
import { call } from '../../lib/call.ts';

/** Query keys: comments belong to the current team, so the team is part of every key. */
export const commentKeys = {
  all: ['comments'] as const,
  lesson: (teamId: number | undefined, lessonId: number, status: 'open' | 'all') =>
    ['comments', teamId, 'lesson', lessonId, status] as const,
  course: (teamId: number | undefined, courseId: number) => ['comments', teamId, 'course', courseId] as const,
  mentions: (teamId: number | undefined) => ['comments', teamId, 'mentions'] as const,
  unread: (teamId: number | undefined) => ['comments', teamId, 'unread'] as const,
};

export const commentApi = {
  lesson: (lessonId: number, status: 'open' | 'all') =>
    call.get(Routes.comment.lessonList, { lessonId, status }),
  course: (courseId: number) => call.get(Routes.comment.courseList, { courseId }),
  create: (body: CommentCreate) => call.post(Routes.comment.create, body),
  reply: (body: CommentReply) => call.post(Routes.comment.reply, body),
  resolve: (threadId: number) => call.post(Routes.comment.resolve, { threadId }),
  reopen: (threadId: number) => call.post(Routes.comment.reopen, { threadId }),
  remove: (commentId: number) => call.post(Routes.comment.remove, { commentId }),
  mentions: () => call.get(Routes.comment.mentions),
  /** Quiet: the header asks in the background, and a failure there is not worth a notice. */
  unread: () => call.get(Routes.comment.mentionsUnread, undefined, { silent: true }),
  read: (commentIds?: number[]) => call.post(Routes.comment.mentionsRead, commentIds ? { commentIds } : {}),
};
