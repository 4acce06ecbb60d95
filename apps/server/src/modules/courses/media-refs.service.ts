/** What the media module asks of courses: whether anything still refers to a team's media. */
import type { AppContext } from '../../platform/context.ts';
import { mediaIdsReferenced } from './media-refs.repo.ts';

/** Media ids that a lesson or a release of these teams' courses still refers to. */
export const mediaInUse = (ctx: AppContext, teamIds: number[]): Promise<Set<number>> =>
  mediaIdsReferenced(ctx.db, teamIds);
