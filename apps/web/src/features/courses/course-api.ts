import { Routes } from '@studio/contract/constants';
import type {
  LessonPresence,
  Course,
  CourseChanges,
  CourseDetail,
  CourseListQuery,
  CourseModify,
  CoursePreview,
  Lesson,
  LessonRevision,
  LessonRevisionDetail,
  LessonSave,
  LessonSaved,
  LessonSummary,
  Page,
  Release,
  ReleaseCheck,
  Share,
  ShareCreate,
  ShareList,
  ShareView,
} from '@studio/contract';
import type { AxiosRequestConfig } from 'axios';
import { api, unwrap } from '../../lib/request.ts';

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
  list: (query: CourseListQuery) => api.get<Page<Course>>(Routes.course.list, { params: query }).then(unwrap),
  create: (title?: string) => api.post<Course>(Routes.course.create, title ? { title } : {}).then(unwrap),
  detail: (courseId: number, config?: AxiosRequestConfig) =>
    api.get<CourseDetail>(Routes.course.detail, { ...config, params: { courseId } }).then(unwrap),
  modify: (body: CourseModify, config?: AxiosRequestConfig) =>
    api.post<Course>(Routes.course.modify, body, config).then(unwrap),
  duplicate: (courseId: number) => api.post<Course>(Routes.course.duplicate, { courseId }).then(unwrap),
  remove: (courseId: number) => api.post<null>(Routes.course.delete, { courseId }).then(unwrap),
  preview: (courseId: number, config?: AxiosRequestConfig) =>
    api.get<CoursePreview>(Routes.course.preview, { ...config, params: { courseId } }).then(unwrap),
  releaseCheck: (courseId: number) =>
    api.get<ReleaseCheck>(Routes.course.releaseCheck, { params: { courseId } }).then(unwrap),
  /** Publishes the draft with its public 更新说明 (`changelog`) and the team's 内部备注 (`notes`). */
  release: (courseId: number, texts: { changelog: string; notes: string }) =>
    api.post<Release>(Routes.course.release, { courseId, ...texts }).then(unwrap),
  unrelease: (courseId: number) => api.post<null>(Routes.course.unrelease, { courseId }).then(unwrap),
  releases: (courseId: number) =>
    api
      .get<{ list: Release[] }>(Routes.course.releaseList, { params: { courseId } })
      .then((e) => unwrap(e).list),
  /** From a release to another one, or to the draft. */
  releaseDiff: (courseId: number, fromReleaseId: number, toReleaseId?: number) =>
    api
      .get<CourseChanges>(Routes.course.releaseDiff, {
        params: { courseId, fromReleaseId, ...(toReleaseId ? { toReleaseId } : {}) },
      })
      .then(unwrap),
  resetDraft: (courseId: number, releaseId: number) =>
    api.post<null>(Routes.course.draftReset, { courseId, releaseId }).then(unwrap),
  rollback: (courseId: number, releaseId: number, texts: { changelog: string; notes: string }) =>
    api.post<Release>(Routes.course.releaseRollback, { courseId, releaseId, ...texts }).then(unwrap),
};

export const lessonApi = {
  create: (courseId: number, title?: string, config?: AxiosRequestConfig) =>
    api.post<Lesson>(Routes.lesson.create, title ? { courseId, title } : { courseId }, config).then(unwrap),
  detail: (lessonId: number, config?: AxiosRequestConfig) =>
    api.get<Lesson>(Routes.lesson.detail, { ...config, params: { lessonId } }).then(unwrap),
  save: (body: LessonSave, config?: AxiosRequestConfig) =>
    api.post<LessonSaved>(Routes.lesson.save, body, config).then(unwrap),
  reorder: (courseId: number, lessonIds: number[], config?: AxiosRequestConfig) =>
    api.post<LessonSummary[]>(Routes.lesson.reorder, { courseId, lessonIds }, config).then(unwrap),
  duplicate: (lessonId: number) => api.post<Lesson>(Routes.lesson.duplicate, { lessonId }).then(unwrap),
  remove: (lessonId: number) => api.post<null>(Routes.lesson.delete, { lessonId }).then(unwrap),
  history: (lessonId: number, pageNum: number, pageSize: number) =>
    api
      .get<Page<LessonRevision>>(Routes.lesson.history, { params: { lessonId, pageNum, pageSize } })
      .then(unwrap),
  revision: (revisionId: number) =>
    api.get<LessonRevisionDetail>(Routes.lesson.historyDetail, { params: { revisionId } }).then(unwrap),
  restore: (revisionId: number) => api.post<Lesson>(Routes.lesson.restore, { revisionId }).then(unwrap),
  /** Who is in the course's lessons now (live editing); quiet: the list works without it. */
  presence: (courseId: number) =>
    api.get<LessonPresence>(Routes.lesson.presence, { params: { courseId }, silent: true }).then(unwrap),
  /** Quiet: a failure only means one revision fewer, never a reason to stop the assist. */
  checkpoint: (lessonId: number) =>
    api
      .post<null>(Routes.lesson.historyCheckpoint, { lessonId, reason: 'assist' }, { silent: true })
      .then(unwrap),
};

export const shareApi = {
  create: (body: ShareCreate) => api.post<Share>(Routes.share.create, body).then(unwrap),
  list: (courseId: number) => api.get<ShareList>(Routes.share.list, { params: { courseId } }).then(unwrap),
  revoke: (shareId: string) => api.post<null>(Routes.share.revoke, { shareId }).then(unwrap),
  /** Public: no login needed, and a stale token must not send the visitor away. */
  view: (shareId: string) =>
    api
      .get<ShareView>(Routes.share.view, { params: { shareId }, silent: true, stayOnPage: true })
      .then(unwrap),
  copy: (shareId: string) => api.post<Course>(Routes.share.copy, { shareId }).then(unwrap),
};
