/**
 * Lesson history: revisions are written by the lesson's own writes (a save into the author's open
 * revision, `recordEdit`; a restore, a release and the AI generator close the history at their
 * state, `checkpointLesson`/`checkpointCourse`), listed and read here, and restored as a new version.
 * Pruning policy (REVISION_POLICY, run daily by `defineHistoryJobs`): every revision of the last 30
 * days is kept; older ones only as the last of their day per lesson; a lesson's newest always.
 */
import {
  Code,
  type Lesson,
  type LessonRevision,
  type LessonRevisionDetail,
  type Page,
} from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { authorize } from '../../platform/policy.ts';
import { toLessonSummary } from './course.presenter.ts';
import { nickNamesOf } from '../users/index.ts';
import {
  checkpointLesson,
  findTeamRevision,
  insertRestored,
  lockLesson,
  pageRevisions,
  pruneRevisions,
  setLessonText,
  type RevisionListRow,
} from './lesson-history.repo.ts';
import { findTeamLessonOwner } from './lessons.repo.ts';
import { checkedContent } from './lessons.service.ts';

/** The revisions' authors' names (a user gone, or none: ''), from the users face. */
async function authorNames(c: TeamCtx, rows: RevisionListRow[]): Promise<(r: RevisionListRow) => string> {
  const names = await nickNamesOf(
    c.ctx.db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
  );
  return (r) => (r.authorId === null ? '' : (names.get(r.authorId) ?? ''));
}

const toRevision = (r: RevisionListRow, authorName: string): LessonRevision => ({
  revisionId: r.id,
  lessonId: r.lessonId,
  reason: r.reason,
  version: r.version,
  title: r.title,
  authorName,
  createTime: r.createdAt.getTime(),
  updateTime: r.updatedAt.getTime(),
});

/** Every member who may open the lesson may read its history (as with the lesson itself). */
export async function lessonHistory(
  c: TeamCtx,
  q: { lessonId: number; pageNum: number; pageSize: number },
): Promise<Page<LessonRevision>> {
  const owner = await findTeamLessonOwner(c.ctx.db, c.membership.team.id, q.lessonId);
  if (!owner) throw new AppError(Code.NOT_FOUND);
  const { rows, total } = await pageRevisions(c.ctx.db, q.lessonId, q);
  const nameOf = await authorNames(c, rows);
  return { list: rows.map((r) => toRevision(r, nameOf(r))), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function requireRevision(c: TeamCtx, revisionId: number) {
  const found = await findTeamRevision(c.ctx.db, c.membership.team.id, revisionId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

export async function revisionDetail(c: TeamCtx, revisionId: number): Promise<LessonRevisionDetail> {
  const found = await requireRevision(c, revisionId);
  const nameOf = await authorNames(c, [found]);
  return { ...toRevision(found, nameOf(found)), content: found.content };
}

/**
 * Brings a revision's title and text back as a new version of the lesson (an editor still on the
 * old version gets 409 on its next save). The state it replaces is kept first; nothing is deleted.
 */
export async function restoreRevision(c: TeamCtx, revisionId: number): Promise<Lesson> {
  const found = await requireRevision(c, revisionId);
  authorize(c, 'course.edit', { authorId: found.courseAuthorId });
  const content = checkedContent(found.content);
  const lesson = await c.ctx.db.transaction(async (tx) => {
    await lockLesson(tx, found.lessonId);
    await checkpointLesson(tx, found.lessonId, c.actor.user.id, 'edit');
    const row = await setLessonText(tx, found.lessonId, found.title, content);
    await insertRestored(tx, found.lessonId, c.actor.user.id, revisionId);
    return row;
  });
  // Editors connected live see the restored text arrive as an ordinary change.
  await c.ctx.providers.one('collab.liveLessons')?.replaceContent(found.lessonId, content);
  return { ...toLessonSummary(lesson), courseId: found.courseId, content: lesson.content };
}

/** Keeps the lesson's current text as its own revision before an AI assist rewrites part of it. */
export async function checkpointBeforeAssist(c: TeamCtx, lessonId: number): Promise<void> {
  const owner = await findTeamLessonOwner(c.ctx.db, c.membership.team.id, lessonId);
  if (!owner) throw new AppError(Code.NOT_FOUND);
  authorize(c, 'course.edit', owner);
  await checkpointLesson(c.ctx.db, lessonId, c.actor.user.id, 'assist');
}

export const PRUNE_REVISIONS_QUEUE = 'lesson-revisions-prune';

/** The pruning job, once a day (03:30 UTC) on whichever process takes it. */
export async function defineHistoryJobs(ctx: AppContext, jobs: JobQueue): Promise<void> {
  await jobs.define(PRUNE_REVISIONS_QUEUE, async () => {
    await pruneRevisions(ctx.db);
  });
  await jobs.schedule(PRUNE_REVISIONS_QUEUE, '30 3 * * *');
}
