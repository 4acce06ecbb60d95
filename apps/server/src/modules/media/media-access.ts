/**
 * Who may play a media: the policy's `canPlayMedia`, from the facts of the lesson it is played in (the
 * store's `releasedLessonFacts`). Anything refused answers 404, as another team's data does.
 */
import type { ViewerIds } from '../../platform/auth.ts';
import { Code, mediaIdsOf, type DocNode } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/cache.ts';
import { canPlayMedia } from '../../platform/policy.ts';
import type { MediaRow } from '../../db/schema.ts';
import { sharedLessonFacts } from '../courses/shares.service.ts';
import { releasedLessonFacts } from '../store/catalog.service.ts';
import { findUserMembership } from '../teams/teams.service.ts';
import { findMedia } from './media.repo.ts';
import type { PlayGrant } from './media-urls.ts';

/** The viewer: a member of a team (their current one), or null for a visitor. */
export type MediaViewer = ViewerIds;
/**
 * Where the media is played: the lesson holding its block (0 for the team's own preview), and the
 * share whose page plays it ('' for none).
 */
export type PlayPlace = { mediaId: number; courseId: number; lessonId: number; share: string };

/** The block must be in that lesson of a course of the media's own team: naming another team's media opens nothing. */
const holds = (facts: { courseTeamId: number; content: DocNode }, row: MediaRow) =>
  facts.courseTeamId === row.teamId && mediaIdsOf(facts.content).includes(row.id);

export async function playableMedia(
  ctx: AppContext,
  viewer: MediaViewer,
  place: PlayPlace,
): Promise<MediaRow> {
  const row = await findMedia(ctx.db, place.mediaId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  const ownTeam = viewer !== null && viewer.teamId === row.teamId;
  let lesson = null;
  let shared = null;
  if (!ownTeam && place.courseId && place.lessonId) {
    const facts = await releasedLessonFacts(ctx, viewer?.teamId, place.courseId, place.lessonId);
    if (facts && holds(facts, row)) lesson = facts;
    if (place.share) {
      const onShare = await sharedLessonFacts(ctx, place.share, place.courseId, place.lessonId);
      if (onShare && holds(onShare, row)) shared = onShare;
    }
  }
  if (!canPlayMedia({ ownTeam, lesson, shared })) throw new AppError(Code.NOT_FOUND);
  return row;
}

/**
 * The viewer a signed address names, checked again: still a member of that team (a removed member's
 * addresses stop working), or a visitor (0).
 */
export async function viewerOfGrant(
  ctx: AppContext,
  grant: { userId: number; teamId: number },
): Promise<MediaViewer> {
  if (!grant.userId) return null;
  const membership = await findUserMembership(ctx, grant.userId, grant.teamId);
  if (!membership) throw new AppError(Code.NOT_FOUND);
  return { userId: grant.userId, teamId: grant.teamId };
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
