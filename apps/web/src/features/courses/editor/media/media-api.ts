import { API_BASE, Routes, TOKEN_HEADER } from '@studio/contract/constants';
import type { Media } from '@studio/contract';
import { readToken } from '../../../../lib/storage.ts';
import { call } from '../../../../lib/call.ts';

export const mediaKeys = {
  info: (mediaId: number) => ['media', 'info', mediaId] as const,
};

/** A media's state. Silent: the card polls it and says itself what a failure means. */
export const fetchMediaInfo = (mediaId: number): Promise<Media> =>
  call.get(Routes.media.info, { mediaId }, { silent: true });

/** How many bytes of an upload the server holds (tus HEAD), or null when it cannot say. */
export async function storedOffset(uploadUrl: string): Promise<number | null> {
  if (!uploadUrl.startsWith(`${API_BASE}${Routes.media.upload}/`)) return null;
  try {
    const res = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', [TOKEN_HEADER]: readToken() },
    });
    const offset = Number(res.headers.get('Upload-Offset'));
    return res.ok && Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}
