/**
 * Who may read a released lesson, gathered once for the assets in it (media playback, attachment
 * downloads): the facts of the course's latest release as the store has them (`releasedLessonFacts`),
 * the viewer's relation to it, and the policy's one table (`lessonRights`). A live share's lesson is
 * decided by the same table (courses' `sharedLessonFacts` carries its facts, `sharedLessonRights`).
 */
import type { DocNode } from '@studio/contract';
import { Code } from '@studio/contract';
import type { ViewerIds } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { lessonRights, type LessonRights } from '../../platform/lesson-rights.ts';
import { releasedLessonFacts } from '../store/index.ts';
import { findUserMembership } from '../teams/index.ts';

/** The viewer: a member of a team (their current one), or null for a visitor. */
export type LessonViewer = ViewerIds;
export type LessonPlace = { courseId: number; lessonId: number };

export type ReleasedLessonAccess = {
  courseTeamId: number;
  /** The latest release: what the store and buyers read (attachments are listed per release). */
  releaseId: number;
  content: DocNode;
  rights: LessonRights;
};

/** The lesson of the course's latest release and what this viewer may do with it; null when no release holds it. */
export async function releasedLessonAccess(
  ctx: AppContext,
  viewer: LessonViewer,
  place: LessonPlace,
): Promise<ReleasedLessonAccess | null> {
  const facts = await releasedLessonFacts(ctx, viewer?.teamId, place.courseId, place.lessonId);
  if (!facts) return null;
  const ownTeam = viewer !== null && viewer.teamId === facts.courseTeamId;
  const rights = lessonRights({
    ownTeam,
    // The store's `entitled` is own or bought.
    bought: facts.entitled && !ownTeam,
    listed: facts.listed,
    freePreview: facts.freePreview,
    share: null,
  });
  return { courseTeamId: facts.courseTeamId, releaseId: facts.releaseId, content: facts.content, rights };
}

/** What a live share's link opens of one of its lessons (whoever holds the link). */
export const sharedLessonRights = (lesson: { paid: boolean; freePreview: boolean }): LessonRights =>
  lessonRights({
    ownTeam: false,
    bought: false,
    listed: false,
    freePreview: lesson.freePreview,
    share: { paid: lesson.paid },
  });

/**
 * The viewer a signed address names, checked again: still a member of that team (a removed member's
 * addresses stop working, 404), or a visitor (0).
 */
export async function viewerOfGrant(
  ctx: AppContext,
  grant: { userId: number; teamId: number },
): Promise<LessonViewer> {
  if (!grant.userId) return null;
  const membership = await findUserMembership(ctx, grant.userId, grant.teamId);
  if (!membership) throw new AppError(Code.NOT_FOUND);
  return { userId: grant.userId, teamId: grant.teamId };
}
