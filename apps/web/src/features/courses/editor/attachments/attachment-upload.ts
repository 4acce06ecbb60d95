/**
 * One attachment upload over tus (tus-js-client, as media's): the server checks the lesson, size and
 * quota at creation, and when the last byte arrives types the file by its bytes and answers the new
 * attachment's id in `Attachment-Id`. A dropped connection is retried from the offset the server holds
 * (`retryDelays`: HEAD, then PATCH of the rest); after the retries, choosing the same file again for
 * the same lesson resumes it (its address is kept under a fingerprint of team, lesson and file).
 * Nothing is listed before the server has stored the whole file.
 */
import { API_BASE, PLATFORM_CODE, Routes, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract/constants';
import { ATTACHMENT_ID_HEADER, ATTACHMENT_UPLOAD_METADATA } from '@studio/contract';
import { Upload, type HttpRequest, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { readToken } from '../../../../lib/storage.ts';
import { isRefusal, mediaErrorText } from '../media/media-errors.ts';
import { i18n } from '../../../../lib/i18n/index.ts';

/** Waits between tries of a failed request (a dropped line), then the upload stops with its error. */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000];
/** Bytes per PATCH: a lost request costs at most this much again. */
const CHUNK_BYTES = 20 * 1024 * 1024;

/** The part of tus-js-client's Upload used here (a test hands in its own). */
export interface AttachmentTus {
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<{ uploadUrl: string | null }[]>;
  resumeFromPreviousUpload(previous: never): void;
}
export type CreateAttachmentTus = (file: File, options: UploadOptions) => AttachmentTus;

type TusError = Error & { originalResponse?: { getStatus(): number; getBody(): string } | null };

/** Why an upload stopped, in the interface language: the server's refusal, else the server or network. */
export function attachmentFailureText(error: Error): string {
  const res = (error as TusError).originalResponse;
  try {
    const envelope = JSON.parse(res?.getBody() ?? '') as { code?: unknown; msg?: string; data?: unknown };
    if (typeof envelope.code === 'number') return mediaErrorText(envelope.code, envelope.data, envelope.msg);
  } catch {
    // Not our envelope: said by the status below.
  }
  if (res && res.getStatus() >= 500) return i18n.t('attachments.failedServer');
  return i18n.t('attachments.failedNetwork');
}

export class AttachmentUploadError extends Error {
  /** A refusal (4xx): choosing the file again will not help. */
  readonly refused: boolean;
  constructor(error: Error) {
    super(attachmentFailureText(error));
    this.refused = isRefusal(error);
  }
}

/** What picks the same upload again: this team's and lesson's file by name, size and change time. */
export const attachmentFingerprint = (file: File, teamId: number, lessonId: number): string =>
  ['studio-attachment', teamId, lessonId, file.name, file.size, file.lastModified].join('/');

/** Uploads `file` to the lesson; answers the new attachment's id (or rejects with the reason). */
export function uploadAttachment(
  file: File,
  target: { lessonId: number; teamId: number },
  onProgress: (percent: number) => void,
  createTus: CreateAttachmentTus = (f, o) => new Upload(f, o),
): Promise<number> {
  return new Promise((resolve, reject) => {
    let attachmentId = 0;
    const tus = createTus(file, {
      endpoint: new URL(`${API_BASE}${Routes.attachment.upload}`, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: {
        [ATTACHMENT_UPLOAD_METADATA.filename]: file.name,
        [ATTACHMENT_UPLOAD_METADATA.lessonId]: String(target.lessonId),
      },
      fingerprint: (f: File) => Promise.resolve(attachmentFingerprint(f, target.teamId, target.lessonId)),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // Read per request: the session's token may change while a long upload runs.
      onBeforeRequest: (req: HttpRequest) => {
        req.setHeader(TOKEN_HEADER, readToken());
        req.setHeader(SOURCE_HEADER, PLATFORM_CODE);
      },
      onAfterResponse: (_req: HttpRequest, res: HttpResponse) => {
        const id = Number(res.getHeader(ATTACHMENT_ID_HEADER));
        if (Number.isInteger(id) && id > 0) attachmentId = id;
      },
      // 100% means stored and checked: the last answer says so, not the send.
      onProgress: (sent: number, total: number) =>
        onProgress(total ? Math.min(99, Math.floor((sent / total) * 100)) : 0),
      onSuccess: () => {
        onProgress(100);
        resolve(attachmentId);
      },
      onError: (error: Error) => reject(new AttachmentUploadError(error)),
    } satisfies UploadOptions);
    void tus
      .findPreviousUploads()
      .catch(() => [])
      .then((previous) => {
        if (previous[0]) tus.resumeFromPreviousUpload(previous[0] as never);
        tus.start();
      });
  });
}
