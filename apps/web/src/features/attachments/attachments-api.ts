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
  /** Multipart: `lessonId` first (the server checks the lesson before reading the file), then `file`. */
  upload: (lessonId: number, file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('lessonId', String(lessonId));
    form.append('file', file);
    return call.post(Routes.attachment.upload, form, {
      // A large file over a slow line: no 30 s cap on the whole upload.
      timeout: 0,
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    });
  },
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
