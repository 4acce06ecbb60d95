/**
 * What a media block's card says, from the upload running in this page (if any) and the server's
 * state of the media: 上传中 x% / 转码中 x% / 可播放，仍在转码 x% (once the first rendition's first
 * segments are stored: it plays while it grows) / 可播放 / 失败 with why.
 */
import type { Media } from '@studio/contract';
import { ApiError } from '../../../../lib/api-error.ts';
import { mediaErrorText } from './media-errors.ts';
import type { UploadSnapshot } from './media-upload.ts';

export type MediaCardState =
  | { kind: 'loading' }
  | { kind: 'uploading'; upload: UploadSnapshot }
  /** The server still waits for bytes and nothing sends them here: the file must be picked again. */
  | { kind: 'interrupted' }
  | { kind: 'processing'; percent: number }
  /** Plays; `percent` while transcoding goes on (the first rendition growing, or the higher ones). */
  | { kind: 'playable'; percent: number | null }
  | { kind: 'failed'; message: string }
  /** Deleted, refused or another team's: nothing to show. */
  | { kind: 'missing' };

export function mediaCardState(
  local: UploadSnapshot | null,
  info: Media | undefined,
  infoError: unknown,
): MediaCardState {
  if (local && ['starting', 'uploading', 'paused'].includes(local.phase))
    return { kind: 'uploading', upload: local };
  if (local?.phase === 'failed') return { kind: 'failed', message: local.error ?? mediaErrorText(0) };
  if (infoError instanceof ApiError && infoError.code === 404) return { kind: 'missing' };
  if (!info) return { kind: 'loading' };
  switch (info.status) {
    case 'uploading':
      return { kind: 'interrupted' };
    case 'processing':
      return info.renditions.length > 0
        ? { kind: 'playable', percent: info.progress }
        : { kind: 'processing', percent: info.progress };
    case 'ready':
      return { kind: 'playable', percent: null };
    case 'failed':
      return { kind: 'failed', message: mediaErrorText(info.errorCode ?? 0) };
  }
}

/** Whether the server's state can still change by itself (transcoding), so it is asked again. */
export const mediaSettled = (info: Media | undefined, infoError: unknown): boolean =>
  (infoError instanceof ApiError && infoError.code === 404) ||
  info?.status === 'ready' ||
  info?.status === 'failed';

/** How often the card asks while the media is not settled (ms). */
export const MEDIA_POLL_MS = 2_500;
