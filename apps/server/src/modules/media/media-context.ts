/** What the media module builds once per app from its config: the upload store and the tools. */
import type { AppContext } from '../../platform/context.ts';
import { mediaTools, type MediaTools } from './ffmpeg.ts';
import { createOriginals, type Originals } from './media-originals.ts';

export type MediaContext = { originals: Originals; tools: MediaTools };

const built = new WeakMap<AppContext, MediaContext>();

export function mediaContext(ctx: AppContext): MediaContext {
  let found = built.get(ctx);
  if (!found) {
    found = { originals: createOriginals(ctx.config), tools: mediaTools(ctx.config) };
    built.set(ctx, found);
  }
  return found;
}

/** Where a media's HLS files and poster are kept in the app's storage (local folder or S3). */
export const hlsPrefix = (teamId: number, mediaId: number) => `media/${teamId}/${mediaId}/`;
