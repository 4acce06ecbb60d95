import { Routes } from '@studio/contract/constants';
import type { AttachmentLinkBody } from '@studio/contract';
import { call } from '../../lib/call.ts';

/**
 * Lesson attachments: the draft's list (the author's, by the current team) and a released lesson's
 * (what the viewer may see and download). Keys carry the team: what a team sees is its own.
 */
export const attachmentKeys = {
  draft: (teamId: number | undefined, lessonId: number) =>
    ['attachments', teamId, 'draft', lessonId] as const,
  released: (teamId: number | undefined, courseId: number, lessonId: number) =>
    ['attachments', teamId, 'released', courseId, lessonId] as const,
};

export const attachmentsApi = {
  list: (lessonId: number) => call.get(Routes.attachment.list, { lessonId }),
  rename: (attachmentId: number, name: string) => call.post(Routes.attachment.rename, { attachmentId, name }),
  remove: (attachmentId: number) => call.post(Routes.attachment.remove, { attachmentId }),
  reorder: (lessonId: number, attachmentIds: number[]) =>
    call.post(Routes.attachment.reorder, { lessonId, attachmentIds }),
  released: (courseId: number, lessonId: number) =>
    call.get(Routes.attachment.lesson, { courseId, lessonId }, { silent: true }),
  /** Public: a share's attachment names (no login needed; a stale token must not send the visitor away). */
  share: (shareId: string) =>
    call.get(Routes.attachment.share, { shareId }, { silent: true, stayOnPage: true }),
  link: (body: AttachmentLinkBody) => call.post(Routes.attachment.link, body),
};
