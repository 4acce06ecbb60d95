import { LIMITS, Routes, UPLOAD_MIME_TYPES } from '@studio/contract/constants';
import type { UploadKind, UploadResult } from '@studio/contract';
import { call } from './call.ts';

export type UploadProblem = 'tooLarge' | 'badType';

/** Checked before sending, so a too-big file is refused at once instead of after a slow upload. */
export const checkImage = (file: Blob): UploadProblem | null => {
  if (!UPLOAD_MIME_TYPES.some((type) => type === file.type)) return 'badType';
  if (file.size > LIMITS.uploadMaxBytes) return 'tooLarge';
  return null;
};

/**
 * POST /api/file/upload as multipart: `kind` first, then `file` (the server reads fields in order
 * and needs the kind before the stream). Answers `{url, key, size}`; `url` is used as given.
 */
export const uploadFile = async (
  kind: UploadKind,
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<UploadResult> => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return call.post(Routes.file.upload, form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
};
