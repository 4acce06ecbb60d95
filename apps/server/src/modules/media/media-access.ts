/**
 * Who may play a media: its own team anywhere (the editor's preview included), else whoever the
 * policy's lesson table lets play the lesson it is played in (assets' `releasedLessonAccess`, or a live
 * share's lesson by `sharedLessonRights`), when that lesson holds its block. Anything refused answers
 * 404, as another team's data does.
 */
import { Code, mediaIdsOf, type DocNode } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/cache.ts';
import type { MediaRow } from '../../db/schema.ts';
import {
  releasedLessonAccess,
  sharedLessonRights,
  viewerOfGrant,
  type LessonViewer,
} from '../assets/index.ts';
import { sharedLessonFacts } from '../courses/index.ts';
import { findMedia } from './media.repo.ts';
import type { PlayGrant } from './media-urls.ts';

export { viewerOfGrant };
/** The viewer: a member of a team (their current one), or null for a visitor. */
export type MediaViewer = LessonViewer;
/**
 * Where the media is played: the lesson holding its block (0 for the team's own preview), and the
 * share whose page plays it ('' for none).
 */
export type PlayPlace = { mediaId: number; courseId: number; lessonId: number; share: string };

/** The block must be in that lesson of a course of the media's own team: naming another team's media opens nothing. */
const holds = (lesson: { courseTeamId: number; content: DocNode }, row: MediaRow) =>
  lesson.courseTeamId === row.teamId && mediaIdsOf(lesson.content).includes(row.id);

async function playsThere(ctx: AppContext, viewer: MediaViewer, place: PlayPlace, row: MediaRow) {
  if (!place.courseId || !place.lessonId) return false;
  const released = await releasedLessonAccess(ctx, viewer, place);
  if (released && holds(released, row) && released.rights.play) return true;
  if (!place.share) return false;
  const shared = await sharedLessonFacts(ctx, place.share, place.courseId, place.lessonId);
  return shared !== null && holds(shared, row) && sharedLessonRights(shared).play;
}

export async function playableMedia(
  ctx: AppContext,
  viewer: MediaViewer,
  place: PlayPlace,
): Promise<MediaRow> {
  const row = await findMedia(ctx.db, place.mediaId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  const ownTeam = viewer !== null && viewer.teamId === row.teamId;
  if (!ownTeam && !(await playsThere(ctx, viewer, place, row))) throw new AppError(Code.NOT_FOUND);
  return row;
}

/**
 * A playback's key (hex) when its viewer may still play the media there (the policy, through
 * `playableMedia`), else null. A player asks for the key at every start, seek and rendition switch, so
 * a yes is kept a few seconds per process; any change of a membership ('auth': a removed member) or of
 * what the store holds ('store': a release, an unrelease, a sale, a refund's revoked entitlement)
 * empties it in every process before the change's own request answers (platform/cache.ts), so a
 * refund or an unrelease still stops the very next key request. A no is never kept, nor a yes by a
 * share: revoking a share or unmarking a lesson's free preview notifies no cache.
 */
const KEY_CACHE = { ttlMs: 10_000, max: 10_000 };
const keyCaches = new WeakMap<AppContext, TtlCache<string | null>>();

export async function playbackKey(ctx: AppContext, grant: PlayGrant): Promise<string | null> {
  let cache = keyCaches.get(ctx);
  if (!cache) keyCaches.set(ctx, (cache = new TtlCache(ctx.db, ['store', 'auth'], KEY_CACHE)));
  const key = [grant.mediaId, grant.courseId, grant.lessonId, grant.userId, grant.teamId, grant.share].join(
    '.',
  );
  const decide = async () => {
    try {
      const row = await playableMedia(ctx, await viewerOfGrant(ctx, grant), grant);
      return row.status === 'failed' ? null : row.hlsKey;
    } catch (err) {
      if (err instanceof AppError && err.code === Code.NOT_FOUND) return null;
      throw err;
    }
  };
  return cache.get(key, decide, (hlsKey) => hlsKey !== null && !grant.share);
}
