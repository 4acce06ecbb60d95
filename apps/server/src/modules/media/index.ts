/**
 * The media module's face: the only file other modules (and app.ts's wiring) import from
 * modules/media (eslint.config.js). Media sits above courses (what lessons and releases refer to,
 * a share's lesson) and assets (one grant, quota and sweep for both kinds of lesson asset).
 */
import type { AppContext } from '../../platform/context.ts';
import { sweepMedia } from './media-gc.ts';
import { mediaDurations, unfinishedMedia } from './media.service.ts';

export { mediaRoutes } from './media.routes.ts';
export { mediaUploadRoutes } from './media-upload.ts';
export { defineMediaJobs } from './media-transcode.ts';
export { mediaToolsFor } from './media-tools.ts';

/** Media's providers: probed durations (learning, the store), media still being made (learning's completion) and its part of the asset sweep. */
export function registerMedia(ctx: AppContext): void {
  ctx.providers.provide('media.durations', (teamId, ids) => mediaDurations(ctx.db, teamId, ids));
  ctx.providers.provide('media.unfinished', (teamId, ids) => unfinishedMedia(ctx.db, teamId, ids));
  ctx.providers.provide('assets.sweepers', sweepMedia);
}
