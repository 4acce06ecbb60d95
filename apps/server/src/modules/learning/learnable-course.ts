/**
 * A course as its learner reads it: the release the team's learners read, and the rules over it
 * (lesson states, quiz tallies, the course's completion rules, why a lesson cannot complete yet).
 * Shared by the player (learning.service.ts), completion (lesson-completion.ts) and quiz answers.
 */
import {
  Code,
  DEFAULT_COMPLETION,
  quizScore,
  quizzesOf,
  type CompletionSettings,
  type LessonLearnState,
  type MediaWatch,
  type QuizResult,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { lessonRights } from '../../platform/lesson-rights.ts';
import {
  findLearnable,
  latestAttempts,
  type AttemptMark,
  type LearnableRow,
  type Learner,
  type LessonRecord,
} from './learning.repo.ts';
import { releaseContent, type ReleaseContent } from './release-content.ts';
import { isMediaLesson, watchRefusal } from './lesson-media.ts';

export const learnerOf = (c: TeamCtx): Learner => ({ teamId: c.membership.team.id, userId: c.actor.user.id });

/** A course the team may learn, with the content of the release its learners read. */
export type LearnableCourse = LearnableRow & { release: ReleaseContent & { versionNo: number } };
export type SnapshotLesson = LearnableCourse['release']['snapshot']['lessons'][number];

export async function withContent(c: { ctx: { db: Db } }, row: LearnableRow): Promise<LearnableCourse> {
  const content = await releaseContent(c.ctx.db, row.releaseId);
  return { ...row, release: { ...content, versionNo: row.versionNo } };
}

/** The course's completion rules as released (a release older than the settings: the defaults). */
export const completionOf = (course: LearnableCourse): CompletionSettings =>
  course.release.snapshot.completion ?? DEFAULT_COMPLETION;

/** The quizzes of some lessons, how many have an answer and how many the latest answers got right. */
export function quizTally(lessons: SnapshotLesson[], attempts: AttemptMark[]) {
  const latest = new Map(attempts.map((a) => [`${a.lessonId}:${a.quizId}`, a.correct]));
  let total = 0;
  let answered = 0;
  let correct = 0;
  for (const lesson of lessons) {
    for (const quiz of quizzesOf(lesson.content)) {
      const mark = latest.get(`${lesson.lessonId}:${quiz.id}`);
      total += 1;
      if (mark !== undefined) answered += 1;
      if (mark) correct += 1;
    }
  }
  return { total, answered, correct, score: quizScore(correct, total) };
}

/**
 * Seconds of the course's minimum time the learner still has to spend on a lesson without quizzes
 * or media (watching a media is its own proof of time).
 */
export function waitSecondsOf(
  course: LearnableCourse,
  lesson: SnapshotLesson,
  record: LessonRecord | undefined,
) {
  if (record?.completedAt || quizzesOf(lesson.content).length > 0 || isMediaLesson(lesson)) return 0;
  return Math.max(0, completionOf(course).minLessonSeconds - (record?.studiedSeconds ?? 0));
}

/**
 * Why the lesson cannot complete now, or nothing: a quiz lesson needs every quiz answered (60001)
 * and a score at the pass mark (30031); a lesson with video or audio each of them watched to 90%
 * (30056, lesson-media.ts; with quizzes, both); any other lesson the minimum time since it was first
 * opened (30030, measured by the database's clock).
 */
export function completionRefusal(
  course: LearnableCourse,
  lesson: SnapshotLesson,
  record: LessonRecord | undefined,
  attempts: AttemptMark[],
  watches: readonly MediaWatch[],
): AppError | null {
  const quiz = quizTally([lesson], attempts);
  const { passMark } = completionOf(course);
  if (quiz.total > 0) {
    if (quiz.answered < quiz.total) return new AppError(Code.QUIZ_UNANSWERED);
    if (quiz.score! < passMark) {
      return new AppError(Code.QUIZ_NOT_PASSED, { params: { score: quiz.score!, passMark } });
    }
  }
  if (isMediaLesson(lesson)) return watchRefusal(watches);
  if (quiz.total > 0) return null;
  const waitSeconds = waitSecondsOf(course, lesson, record);
  return waitSeconds > 0 ? new AppError(Code.LESSON_MIN_TIME, { params: { waitSeconds } }) : null;
}

/** A completed lesson whose content a later release changed is 已更新. */
export function stateOf(
  course: LearnableCourse,
  lesson: SnapshotLesson,
  record: LessonRecord | undefined,
): LessonLearnState {
  if (!record) return 'not_started';
  if (!record.completedAt) return 'in_progress';
  return record.contentHash === course.release.hashes.get(lesson.lessonId) ? 'completed' : 'updated';
}

/** A lesson completed before a release changed it still counts: the learner did finish it. */
export const isDone = (state: LessonLearnState) => state === 'completed' || state === 'updated';

export function summarize(course: LearnableCourse, records: LessonRecord[]) {
  const byLesson = new Map(records.map((r) => [r.lessonId, r]));
  const lessons = course.release.snapshot.lessons;
  const states = new Map(lessons.map((l) => [l.lessonId, stateOf(course, l, byLesson.get(l.lessonId))]));
  const completedCount = [...states.values()].filter(isDone).length;
  const lessonCount = lessons.length;
  const progress = lessonCount === 0 ? 0 : Math.floor((completedCount * 100) / lessonCount);
  return { states, completedCount, lessonCount, progress };
}

/** Whether a team learns a course: the policy's one table of lesson rights (`lessonRights`), store side. */
export const mayLearn = (s: { ownTeam: boolean; listed: boolean; bought: boolean }): boolean =>
  lessonRights({ ...s, freePreview: false, share: null }).learn;

/** The release the session's team reads of a course it may learn (404 otherwise): a course exam's gate. */
export async function learnableRelease(c: TeamCtx, courseId: number): Promise<{ releaseId: number }> {
  const { releaseId } = await requireLearnable(c, courseId);
  return { releaseId };
}

/** The course the session's team may learn, or 404 (another team's, never bought, or unreleased own). */
export async function requireLearnable(c: TeamCtx, courseId: number): Promise<LearnableCourse> {
  authorize(c, 'learn.study');
  const teamId = c.membership.team.id;
  const learns = (row: LearnableRow | undefined): row is LearnableRow =>
    row !== undefined &&
    mayLearn({ ownTeam: row.ownerTeamId === teamId, listed: row.listed, bought: row.bought });
  const row = await learnableRows(c.ctx.db).get(
    `${teamId}:${courseId}`,
    () => findLearnable(c.ctx.db, teamId, courseId),
    learns,
  );
  if (!learns(row)) throw new AppError(Code.NOT_FOUND);
  return withContent(c, row);
}

/**
 * Yes answers only, by team and course, up to 10 s per process (platform/cache.ts): what turns a yes
 * into a no — an entitlement revoked, the own course unreleased or deleted, a new release (another
 * release id), the course or team changed — notifies 'store' in every process (migrations 0007,
 * 0030). A no is asked again each time, so a purchase counts at once.
 */
const learnableCaches = new WeakMap<Db, TtlCache<LearnableRow | undefined>>();
function learnableRows(db: Db): TtlCache<LearnableRow | undefined> {
  let cache = learnableCaches.get(db);
  if (!cache) learnableCaches.set(db, (cache = new TtlCache(db, 'store', { ttlMs: 10_000, max: 10_000 })));
  return cache;
}

export function requireLesson(course: LearnableCourse, lessonId: number): SnapshotLesson {
  const lesson = course.release.snapshot.lessons.find((l) => l.lessonId === lessonId);
  if (!lesson) throw new AppError(Code.LESSON_NOT_IN_COURSE, { data: { field: 'lessonId' } });
  return lesson;
}

export function toQuizResults(
  lesson: SnapshotLesson,
  attempts: Awaited<ReturnType<typeof latestAttempts>>,
): QuizResult[] {
  const quizzes = new Map(quizzesOf(lesson.content).map((q) => [q.id, q]));
  return attempts.flatMap((a) => {
    const quiz = a.lessonId === lesson.lessonId ? quizzes.get(a.quizId) : undefined;
    if (!quiz) return [];
    return [
      {
        quizId: a.quizId,
        correct: a.correct,
        answer: a.answer,
        correctChoices: quiz.kind === 'blank' ? [] : quiz.correct,
        accepted: quiz.kind === 'blank' ? quiz.accepted : [],
        explanation: quiz.explanation,
        attempts: a.attempts,
      },
    ];
  });
}
