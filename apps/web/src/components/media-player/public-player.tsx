/**
 * The player on a server-rendered public page (buy page, share, phone preview), loaded by the page's
 * script only when a visitor presses a media block's play button (`public-client.ts`): React, the player
 * and, once addresses are in, hls.js. The visitor has no session: `/api/media/play` without a token,
 * which answers free-preview lessons only, and no watermark (nobody to name).
 */
import type { EndpointAt, InputOf, OutputOf } from '@studio/contract';
import {
  API_BASE,
  PLATFORM_CODE,
  Routes,
  SOURCE_HEADER,
  isSuccessCode,
  type UiLang,
} from '@studio/contract/constants';
import { createRoot, type Root } from 'react-dom/client';
import { MediaPlayer } from './media-player.tsx';

/** A refused `/api/media/play`: its business code (or HTTP status), read by `playback.ts`. */
export class PlayError extends Error {
  constructor(readonly code: number) {
    super(`media play ${code}`);
  }
}

/** `/api/media/play`'s body and answer, from the contract's endpoint table (types only). */
type Play = EndpointAt<typeof Routes.media.play>;

export const publicFetchPlay = async (body: InputOf<Play>): Promise<OutputOf<Play>> => {
  const response = await fetch(`${API_BASE}${Routes.media.play}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SOURCE_HEADER]: PLATFORM_CODE },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; data?: unknown } | null;
  if (typeof envelope?.code !== 'number') throw new PlayError(response.status || 500);
  if (!isSuccessCode(envelope.code)) throw new PlayError(envelope.code);
  return envelope.data as OutputOf<Play>;
};

const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The player in the media block `block` (a `data-media` placeholder), started at once; null if not one. */
export function mountPublicPlayer(block: HTMLElement, fetchPlay = publicFetchPlay): Root | null {
  const mediaId = positive(block.dataset.mediaId);
  if (!mediaId || block.dataset.mounted !== undefined) return null;
  const place = block.closest<HTMLElement>('[data-media-lesson]')?.dataset ?? {};
  const title = block.textContent?.trim() ?? '';
  const lang: UiLang = document.documentElement.lang === 'en-US' ? 'en-US' : 'zh-CN';
  block.textContent = '';
  block.dataset.mounted = '';
  const root = createRoot(block);
  root.render(
    <MediaPlayer
      mediaId={mediaId}
      kind={block.dataset.kind === 'audio' ? 'audio' : 'video'}
      title={title}
      courseId={positive(place.mediaCourse)}
      lessonId={positive(place.mediaLesson)}
      shareId={place.mediaShare}
      paid={place.mediaPaid !== 'false'}
      lang={lang}
      viewer={null}
      fetchPlay={fetchPlay}
      autoStart
    />,
  );
  return root;
}
