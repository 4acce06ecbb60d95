/**
 * Media's part of the hourly asset sweep (modules/assets' asset-sweep.ts, one run at a time across
 * processes; registered by media's face):
 * - an upload unfinished after MEDIA_UPLOAD_EXPIRY_HOURS: its partial file and its row go (the
 *   quota it held comes back);
 * - a finished media that no lesson and no release of its team's courses refers to any more (its
 *   block, lesson or course deleted) is marked unused; still unused MEDIA_UNUSED_GRACE_HOURS later,
 *   its original, HLS files, key and poster are deleted, then its row. A release (and so a sold
 *   course, even deleted: its buyers keep learning its releases) keeps its media; the grace lets an
 *   author undo a deletion, and an upload not yet saved into a lesson wait for its save.
 * Files are deleted before the row, so a run cut short is finished by the next.
 */
import type { AppContext } from '../../platform/context.ts';
import type { MediaRow } from '../../db/schema.ts';
import { mediaInUse } from '../courses/index.ts';
import { hlsPrefix, mediaContext } from './media-context.ts';
import { deleteMedia, finishedMedia, markUnused, staleUploads } from './media.repo.ts';

const HOUR = 3600_000;

/** Deletes a media's files (original, HLS, poster) and then its row. */
export async function freeMedia(ctx: AppContext, row: MediaRow): Promise<void> {
  const { originals } = mediaContext(ctx);
  await ctx.storage.deletePrefix(hlsPrefix(row.teamId, row.id));
  await originals.remove(row.uploadId);
  await deleteMedia(ctx.db, row.id);
}

/** Uploads unfinished after MEDIA_UPLOAD_EXPIRY_HOURS: their files and rows. Answers how many. */
export async function cleanUpAbandonedUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const { originals } = mediaContext(ctx);
  // The upload store's own expiry (by its clock), then every row older than the limit by ours.
  await originals.datastore.deleteExpired();
  const stale = await staleUploads(ctx.db, new Date(now - ctx.config.MEDIA_UPLOAD_EXPIRY_HOURS * HOUR));
  for (const row of stale) await freeMedia(ctx, row);
  return stale.length;
}

/** Marks and frees finished media nothing refers to. Answers how many were freed. */
export async function freeUnusedMedia(ctx: AppContext, now = Date.now()): Promise<number> {
  const rows = await finishedMedia(ctx.db);
  if (rows.length === 0) return 0;
  const inUse = await mediaInUse(ctx, [...new Set(rows.map((r) => r.teamId))]);
  const used = rows.filter((r) => inUse.has(r.id));
  const unused = rows.filter((r) => !inUse.has(r.id));
  await markUnused(
    ctx.db,
    unused.map((r) => r.id),
    used.filter((r) => r.unusedSince).map((r) => r.id),
    new Date(now),
  );
  const limit = now - ctx.config.MEDIA_UNUSED_GRACE_HOURS * HOUR;
  const expired = unused.filter((r) => r.unusedSince && r.unusedSince.getTime() <= limit);
  for (const row of expired) await freeMedia(ctx, row);
  return expired.length;
}

/** What media's sweep freed: abandoned uploads and media no longer referred to. */
export async function sweepMedia(ctx: AppContext, now = Date.now()) {
  const abandoned = await cleanUpAbandonedUploads(ctx, now);
  const unused = await freeUnusedMedia(ctx, now);
  return { abandoned, unused };
}
