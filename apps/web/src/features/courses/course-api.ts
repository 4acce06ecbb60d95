import { Routes } from '@studio/contract/constants';
import type { CourseListQuery, CourseModify, LessonSave, ShareCreate } from '@studio/contract';
import type { AxiosRequestConfig } from 'axios';
import { call } from '../../lib/call.ts';

/** Query keys. Course data belongs to the current team, so the team is part of every key. */
export const courseKeys = {
  all: ['course'] as const,
  list: (teamId: number | undefined, query: CourseListQuery) => ['course', teamId, 'list', query] as const,
  detail: (teamId: number | undefined, courseId: number) => ['course', teamId, 'detail', courseId] as const,
  preview: (teamId: number | undefined, courseId: number) => ['course', teamId, 'preview', courseId] as const,
  lesson: (teamId: number | undefined, lessonId: number) => ['course', teamId, 'lesson', lessonId] as const,
  releaseCheck: (teamId: number | undefined, courseId: number) =>
    ['course', teamId, 'releaseCheck', courseId] as const,
  releases: (teamId: number | undefined, courseId: number) =>
    ['course', teamId, 'releases', courseId] as const,
  releaseDiff: (teamId: number | undefined, courseId: number, from: number, to: number | undefined) =>
    ['course', teamId, 'releaseDiff', courseId, from, to ?? 'draft'] as const,
  shares: (teamId: number | undefined, courseId: number) => ['course', teamId, 'shares', courseId] as const,
  history: (teamId: number | undefined, lessonId: number) => ['course', teamId, 'history', lessonId] as const,
  presence: (teamId: number | undefined, courseId: number) =>
    ['course', teamId, 'presence', courseId] as const,
  revision: (teamId: number | undefined, revisionId: number) =>
    ['course', teamId, 'revision', revisionId] as const,
};

/** Every course, lesson, release and share call; answers are the envelope's data. */
export const courseApi = {
  list: (query: CourseListQuery) => call.get(Routes.course.list, query),
  create: (title?: string) => call.post(Routes.course.create, title ? { title } : {}),
  detail: (courseId: number, config?: AxiosRequestConfig) =>
    call.get(Routes.course.detail, { courseId }, config),
  modify: (body: CourseModify, config?: AxiosRequestConfig) => call.post(Routes.course.modify, body, config),
  duplicate: (courseId: number) => call.post(Routes.course.duplicate, { courseId }),
  remove: (courseId: number) => call.post(Routes.course.delete, { courseId }),
  preview: (courseId: number, config?: AxiosRequestConfig) =>
    call.get(Routes.course.preview, { courseId }, config),
  releaseCheck: (courseId: number) => call.get(Routes.course.releaseCheck, { courseId }),
  /** Publishes the draft with its public 更新说明 (`changelog`) and the team's 内部备注 (`notes`). */
  release: (courseId: number, texts: { changelog: string; notes: string }) =>
    call.post(Routes.course.release, { courseId, ...texts }),
  unrelease: (courseId: number) => call.post(Routes.course.unrelease, { courseId }),
  releases: (courseId: number) => call.get(Routes.course.releaseList, { courseId }).then((e) => e.list),
  /** From a release to another one, or to the draft. */
  releaseDiff: (courseId: number, fromReleaseId: number, toReleaseId?: number) =>
    call.get(Routes.course.releaseDiff, { courseId, fromReleaseId, ...(toReleaseId ? { toReleaseId } : {}) }),
  resetDraft: (courseId: number, releaseId: number) =>
    call.post(Routes.course.draftReset, { courseId, releaseId }),
  rollback: (courseId: number, releaseId: number, texts: { changelog: string; notes: string }) =>
    call.post(Routes.course.releaseRollback, { courseId, releaseId, ...texts }),
};

export const lessonApi = {
  create: (courseId: number, title?: string, config?: AxiosRequestConfig) =>
    call.post(Routes.lesson.create, title ? { courseId, title } : { courseId }, config),
  detail: (lessonId: number, config?: AxiosRequestConfig) =>
    call.get(Routes.lesson.detail, { lessonId }, config),
  save: (body: LessonSave, config?: AxiosRequestConfig) => call.post(Routes.lesson.save, body, config),
  reorder: (courseId: number, lessonIds: number[], config?: AxiosRequestConfig) =>
    call.post(Routes.lesson.reorder, { courseId, lessonIds }, config),
  duplicate: (lessonId: number) => call.post(Routes.lesson.duplicate, { lessonId }),
  remove: (lessonId: number) => call.post(Routes.lesson.delete, { lessonId }),
  history: (lessonId: number, pageNum: number, pageSize: number) =>
    call.get(Routes.lesson.history, { lessonId, pageNum, pageSize }),
  revision: (revisionId: number) => call.get(Routes.lesson.historyDetail, { revisionId }),
  restore: (revisionId: number) => call.post(Routes.lesson.restore, { revisionId }),
  /** Who is in the course's lessons now (live editing); quiet: the list works without it. */
  presence: (courseId: number) => call.get(Routes.lesson.presence, { courseId }, { silent: true }),
  /** Quiet: a failure only means one revision fewer, never a reason to stop the assist. */
  checkpoint: (lessonId: number) =>
    call.post(Routes.lesson.historyCheckpoint, { lessonId, reason: 'assist' }, { silent: true }),
};

export const shareApi = {
  create: (body: ShareCreate) => call.post(Routes.share.create, body),
  list: (courseId: number) => call.get(Routes.share.list, { courseId }),
  revoke: (shareId: string) => call.post(Routes.share.revoke, { shareId }),
  /** Public: no login needed, and a stale token must not send the visitor away. */
  view: (shareId: string) => call.get(Routes.share.view, { shareId }, { silent: true, stayOnPage: true }),
  copy: (shareId: string) => call.post(Routes.share.copy, { shareId }),
};
