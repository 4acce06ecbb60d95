/** What the media module builds once per app from its config: the upload store and the tools. */
import type { AppContext } from '../../platform/context.ts';
import { ToolError } from './ffmpeg.ts';
import { mediaToolsFor, type MediaTools } from './media-tools.ts';
import { createOriginals, type Originals } from './media-originals.ts';

export type MediaContext = { originals: Originals; tools: MediaTools };

const built = new WeakMap<AppContext, MediaContext>();

export function mediaContext(ctx: AppContext): MediaContext {
  let found = built.get(ctx);
  if (!found) {
    found = { originals: createOriginals(ctx.config), tools: toolsOrRefusal(ctx) };
    built.set(ctx, found);
  }
  return found;
}

/** Where a media's HLS files and poster are kept in the app's storage (local folder or S3). */
export const hlsPrefix = (teamId: number, mediaId: number) => `media/${teamId}/${mediaId}/`;

/**
 * The chosen tools; without any (media-tools.ts), each use throws the start's message as a ToolError:
 * uploads are refused before that (media-upload.ts), a queued transcode fails saying why.
 */
function toolsOrRefusal(ctx: AppContext): MediaTools {
  const choice = mediaToolsFor(ctx.config);
  if (choice.tools) return choice.tools;
  const fail = (): never => {
    throw new ToolError(choice.message);
  };
  return {
    get ffmpeg() {
      return fail();
    },
    get ffprobe() {
      return fail();
    },
  };
}
