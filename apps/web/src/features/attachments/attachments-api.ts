import { Routes } from '@studio/contract/constants';
import type {
  Attachment,
  AttachmentLink,
  AttachmentLinkBody,
  AttachmentList,
  ReleasedAttachments,
  ShareAttachments,
} from '@studio/contract';
import { api, unwrap } from '../../lib/request.ts';

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
  list: (lessonId: number) =>
    api.get<AttachmentList>(Routes.attachment.list, { params: { lessonId } }).then(unwrap),
  /** Multipart: `lessonId` first (the server checks the lesson before reading the file), then `file`. */
  upload: (lessonId: number, file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('lessonId', String(lessonId));
    form.append('file', file);
    return api
      .post<Attachment>(Routes.attachment.upload, form, {
        // A large file over a slow line: no 30 s cap on the whole upload.
        timeout: 0,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      })
      .then(unwrap);
  },
  rename: (attachmentId: number, name: string) =>
    api.post<Attachment>(Routes.attachment.rename, { attachmentId, name }).then(unwrap),
  remove: (attachmentId: number) => api.post<null>(Routes.attachment.remove, { attachmentId }).then(unwrap),
  reorder: (lessonId: number, attachmentIds: number[]) =>
    api.post<AttachmentList>(Routes.attachment.reorder, { lessonId, attachmentIds }).then(unwrap),
  released: (courseId: number, lessonId: number) =>
    api
      .get<ReleasedAttachments>(Routes.attachment.lesson, { params: { courseId, lessonId }, silent: true })
      .then(unwrap),
  /** Public: a share's attachment names (no login needed; a stale token must not send the visitor away). */
  share: (shareId: string) =>
    api
      .get<ShareAttachments>(Routes.attachment.share, { params: { shareId }, silent: true, stayOnPage: true })
      .then(unwrap),
  link: (body: AttachmentLinkBody) => api.post<AttachmentLink>(Routes.attachment.link, body).then(unwrap),
};
