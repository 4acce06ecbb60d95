import { Routes } from '@studio/contract/constants';
import type {
  CommentCourseList,
  CommentCreate,
  CommentMentionList,
  CommentReply,
  CommentThread,
  CommentThreadList,
  CommentUnread,
} from '@studio/contract';
import { api, unwrap } from '../../lib/request.ts';

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
    api.get<CommentThreadList>(Routes.comment.lessonList, { params: { lessonId, status } }).then(unwrap),
  course: (courseId: number) =>
    api.get<CommentCourseList>(Routes.comment.courseList, { params: { courseId } }).then(unwrap),
  create: (body: CommentCreate) => api.post<CommentThread>(Routes.comment.create, body).then(unwrap),
  reply: (body: CommentReply) => api.post<CommentThread>(Routes.comment.reply, body).then(unwrap),
  resolve: (threadId: number) => api.post<CommentThread>(Routes.comment.resolve, { threadId }).then(unwrap),
  reopen: (threadId: number) => api.post<CommentThread>(Routes.comment.reopen, { threadId }).then(unwrap),
  remove: (commentId: number) => api.post<null>(Routes.comment.remove, { commentId }).then(unwrap),
  mentions: () => api.get<CommentMentionList>(Routes.comment.mentions).then(unwrap),
  /** Quiet: the header asks in the background, and a failure there is not worth a notice. */
  unread: () => api.get<CommentUnread>(Routes.comment.mentionsUnread, { silent: true }).then(unwrap),
  read: (commentIds?: number[]) =>
    api.post<CommentUnread>(Routes.comment.mentionsRead, commentIds ? { commentIds } : {}).then(unwrap),
};
