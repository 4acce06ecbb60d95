/** The team's media (state, usage) and playback: signed addresses and what they open. */
import { Code, type Media, type MediaPlay, type MediaPlayBody, type MediaUsage } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import type { MediaRow } from '../../db/schema.ts';
import { playableMedia, type MediaViewer } from './media-access.ts';
import { assetBytes } from '../assets/index.ts';
import { findTeamMedia, teamMediaDurations, teamMediaUnfinished } from './media.repo.ts';
import { hlsBase, signGrant, type PlayGrant } from './media-urls.ts';
import { captionsForPlay } from './captions.service.ts';

export const toMedia = (row: MediaRow): Media => ({
  mediaId: row.id,
  name: row.name,
  status: row.status,
  kind: row.kind,
  sizeBytes: row.sizeBytes,
  progress: row.progress,
  durationMs: row.durationMs,
  width: row.width,
  height: row.height,
  renditions: row.renditions,
  errorCode: row.errorCode,
  createTime: row.createdAt.getTime(),
});

export async function mediaInfo(c: TeamCtx, mediaId: number): Promise<Media> {
  authorize(c, 'media.view');
  const row = await findTeamMedia(c.ctx.db, c.membership.team.id, mediaId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return toMedia(row);
}

/**
 * The durations (ms) of the media a team's lessons name, by id: only the team's own media, and only
 * those probed (an upload still arriving, a refused or deleted one is absent). For learning's watch
 * progress and the store's course duration, which reach it as `ctx.mediaDurations` (app.ts).
 */
export async function mediaDurations(
  db: AppContext['db'],
  teamId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await teamMediaDurations(db, teamId, [...new Set(ids)]);
  return new Map(rows.flatMap((r) => (r.durationMs ? [[r.id, r.durationMs] as const] : [])));
}

/**
 * Those of a team's media that are not fully there yet (uploading, or transcoding while the first
 * rendition already plays): learning completes no lesson on them (`ctx.providers`' media.unfinished).
 */
export async function unfinishedMedia(
  db: AppContext['db'],
  teamId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  return new Set(await teamMediaUnfinished(db, teamId, [...new Set(ids)]));
}

export async function mediaUsage(c: TeamCtx): Promise<MediaUsage> {
  authorize(c, 'media.view');
  const teamId = c.membership.team.id;
  return {
    // Attachments and media share the quota: the usage shown is both.
    usedBytes: await assetBytes(c.ctx.db, teamId),
    quotaBytes: c.ctx.config.MEDIA_QUOTA_BYTES,
  };
}

/** Signed addresses of a media for a viewer who may play it where they ask (else 404). */
export async function playMedia(
  ctx: AppContext,
  viewer: MediaViewer,
  body: MediaPlayBody,
): Promise<MediaPlay> {
  const place = {
    mediaId: body.mediaId,
    courseId: body.courseId ?? 0,
    lessonId: body.lessonId ?? 0,
    share: body.shareId ?? '',
  };
  const row = await playableMedia(ctx, viewer, place);
  if (!row.kind) throw new AppError(Code.MEDIA_NOT_READY);
  const expires = Math.floor(Date.now() / 1000) + ctx.config.MEDIA_URL_TTL_SECONDS;
  const playable = row.renditions.length > 0;
  const base = playable
    ? hlsBase(
        await signGrant(ctx, {
          ...place,
          mediaTeamId: row.teamId,
          userId: viewer?.userId ?? 0,
          teamId: viewer?.teamId ?? 0,
          purpose: 'p',
          expires,
        }),
      )
    : null;
  return {
    mediaId: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    durationMs: row.durationMs,
    playlistUrl: base && `${base}master.m3u8`,
    posterUrl: base && row.kind === 'video' ? `${base}poster.jpg` : null,
    captions: await captionsForPlay(ctx, row.id, base),
    expireTime: expires * 1000,
  };
}

/** Segment addresses through a CDN are shared by every viewer within one such window (seconds). */
export const CDN_WINDOW_SECONDS = 3600;

/**
 * The segments' own address: ciphertext only, so it may outlive the playlist by the media's length.
 * With MEDIA_CDN_BASE it is on the CDN (which pulls from this server) and names no viewer, lesson or
 * exact time: one address per media and hour, so the CDN keeps one copy for every viewer.
 */
export async function segmentBase(ctx: AppContext, grant: PlayGrant, row: MediaRow): Promise<string> {
  const seconds = Math.ceil((row.durationMs ?? 0) / 1000);
  const expires = Math.floor(Date.now() / 1000) + ctx.config.MEDIA_URL_TTL_SECONDS + seconds;
  const cdn = ctx.config.MEDIA_CDN_BASE;
  if (!cdn)
    return hlsBase(await signGrant(ctx, { ...grant, mediaTeamId: row.teamId, purpose: 's', expires }));
  const windowed = Math.ceil(expires / CDN_WINDOW_SECONDS) * CDN_WINDOW_SECONDS;
  const shared = {
    ...{ mediaId: row.id, mediaTeamId: row.teamId, courseId: 0, lessonId: 0, userId: 0, teamId: 0 },
    share: '',
  };
  const token = await signGrant(ctx, { ...shared, purpose: 's', expires: windowed });
  return `${cdn.replace(/\/$/, '')}${hlsBase(token)}`;
}
