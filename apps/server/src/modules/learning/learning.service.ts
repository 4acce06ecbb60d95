/**
 * The learner's side: 我的学习, the course player, progress and completion. A learner reads the
 * latest release of a course their team holds (policy.canLearn); quiz keys never leave the server
 * before an answer (quiz answers: quiz-answers.service.ts); progress is per user and team.
 */
import {
  stripQuizKeys,
  type LearnCourse,
  type LearnCourseItem,
  type LearnFilter,
  type LearnLesson,
  type LearnProgress,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { authorize } from '../../platform/policy.ts';
import {
  certificateCodes,
  courseCompletions,
  courseLessonRows,
  courseHoldings,
  courseRecords,
  latestAttempts,
  lessonRecords,
  listLearnable,
  type LessonRecord,
} from './learning.repo.ts';
import { savePosition } from './position-saves.repo.ts';
import {
  completionOf,
  isDone,
  learnerOf,
  mayLearn,
  quizTally,
  requireLearnable,
  requireLesson,
  summarize,
  toQuizResults,
  waitSecondsOf,
  withContent,
  type LearnableCourse,
} from './learnable-course.ts';
import { complete, completeIfAllowed, progressFrom, progressOf } from './lesson-completion.ts';
import { courseExamState } from './course-exam-gate.ts';
import { courseMediaDurations, mediaWatchesOf } from './lesson-media.ts';
import { courseWatchRows } from './watch.repo.ts';

function toItem(
  course: LearnableCourse,
  teamId: number,
  records: LessonRecord[],
  record: { lastLessonId: number | null; lastStudiedAt: Date; completedAt: Date | null } | undefined,
  certificateCode: string | null,
): LearnCourseItem {
  const { snapshot } = course.release;
  const { completedCount, lessonCount, progress, states } = summarize(course, records);
  const firstOpen = snapshot.lessons.find((l) => !isDone(states.get(l.lessonId)!));
  const last = snapshot.lessons.find((l) => l.lessonId === record?.lastLessonId);
  return {
    courseId: course.courseId,
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    cover: snapshot.cover,
    teamName: course.teamName,
    source: course.ownerTeamId === teamId ? 'own' : 'bought',
    versionNo: course.release.versionNo,
    lessonCount,
    completedCount,
    progress,
    lastStudiedAt: record ? record.lastStudiedAt.getTime() : null,
    resumeLessonId: (last ?? firstOpen ?? snapshot.lessons[0])?.lessonId ?? null,
    completedAt: record?.completedAt ? record.completedAt.getTime() : null,
    certificateCode,
  };
}

const matchesFilter = (item: LearnCourseItem, filter: LearnFilter) =>
  filter === 'all' ||
  (filter === 'completed'
    ? item.completedAt !== null
    : item.completedAt === null && item.lastStudiedAt !== null);

/** 我的学习: the team's learnable courses with this learner's progress, the last studied first. */
export async function listLearning(c: TeamCtx, filter: LearnFilter): Promise<{ list: LearnCourseItem[] }> {
  authorize(c, 'learn.study');
  const learner = learnerOf(c);
  const teamId = learner.teamId;
  const all = await Promise.all(
    (await listLearnable(c.ctx.db, teamId))
      .filter((row) =>
        mayLearn({ ownTeam: row.ownerTeamId === teamId, listed: row.listed, bought: row.bought }),
      )
      .map((row) => withContent(c, row)),
  );
  const ids = all.map((course) => course.courseId);
  const [courseRows, lessonRows, codes] = await Promise.all([
    courseRecords(c.ctx.db, learner, ids),
    lessonRecords(c.ctx.db, learner, ids),
    certificateCodes(c.ctx.db, learner, ids),
  ]);
  const byCourse = new Map(courseRows.map((r) => [r.courseId, r]));
  const list = all
    .map((course) =>
      toItem(
        course,
        teamId,
        lessonRows.filter((r) => r.courseId === course.courseId),
        byCourse.get(course.courseId),
        codes.get(course.courseId) ?? null,
      ),
    )
    .filter((item) => matchesFilter(item, filter))
    .sort((a, b) => (b.lastStudiedAt ?? 0) - (a.lastStudiedAt ?? 0));
  return { list };
}

/** The player: every lesson of the release (quiz keys removed), states, results and where to resume. */
export async function learnCourse(c: TeamCtx, courseId: number): Promise<LearnCourse> {
  const course = await requireLearnable(c, courseId);
  const learner = learnerOf(c);
  const [[record], records, attempts, codes, durations, watchRows, exam] = await Promise.all([
    courseRecords(c.ctx.db, learner, [courseId]),
    lessonRecords(c.ctx.db, learner, [courseId]),
    latestAttempts(c.ctx.db, learner, courseId),
    certificateCodes(c.ctx.db, learner, [courseId]),
    courseMediaDurations(c.ctx, course),
    courseWatchRows(c.ctx.db, learner, courseId),
    courseExamState(c.ctx, c.ctx.db, course, learner),
  ]);
  const item = toItem(course, learner.teamId, records, record, codes.get(courseId) ?? null);
  const { states } = summarize(course, records);
  const byLesson = new Map(records.map((r) => [r.lessonId, r]));
  const lessons: LearnLesson[] = course.release.snapshot.lessons.map((l) => {
    const tally = quizTally([l], attempts);
    return {
      lessonId: l.lessonId,
      title: l.title,
      position: l.position,
      durationMin: l.durationMin,
      state: states.get(l.lessonId)!,
      content: stripQuizKeys(l.content),
      quizResults: toQuizResults(l, attempts),
      quizCount: tally.total,
      score: tally.score,
      waitSeconds: waitSecondsOf(course, l, byLesson.get(l.lessonId)),
      // Each media block's watch and resume position: the player starts there on any device.
      media: mediaWatchesOf(l, durations, watchRows),
    };
  });
  const resumeLesson = item.resumeLessonId;
  return {
    ...item,
    summary: course.release.snapshot.summary,
    completion: completionOf(course),
    score: quizTally(course.release.snapshot.lessons, attempts).score,
    lessons,
    resume:
      resumeLesson === null
        ? null
        : {
            lessonId: resumeLesson,
            position: resumeLesson === record?.lastLessonId ? (byLesson.get(resumeLesson)?.position ?? 0) : 0,
          },
    exam,
  };
}

/**
 * Where the learner is in a lesson (the player sends it every few seconds at most). Idempotent: the
 * same position again changes nothing but the time. Reaching the end completes the lesson when the
 * course's rules allow (minimum time, quizzes passed); otherwise the position is kept, the lesson
 * stays 学习中 and `waitSeconds` says when to send again.
 */
export async function saveProgress(
  c: TeamCtx,
  body: { courseId: number; lessonId: number; position: number; reachedEnd: boolean },
): Promise<LearnProgress> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const saved = await savePosition(c.ctx.db, learnerOf(c), course.courseId, lesson.lessonId, body.position);
  if (!body.reachedEnd) return progressFrom(course, lesson.lessonId, saved);
  await completeIfAllowed(c, course, lesson);
  return progressOf(c, course, lesson.lessonId);
}

/** 标记为已学完: the learner says the lesson is done; refused with the rule it misses (60001, 30030, 30031, 30056). */
export async function completeLesson(
  c: TeamCtx,
  body: { courseId: number; lessonId: number },
): Promise<LearnProgress> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const learner = learnerOf(c);
  const [record] = (await lessonRecords(c.ctx.db, learner, [course.courseId])).filter(
    (r) => r.lessonId === lesson.lessonId,
  );
  // Keeps the reading position (a lesson never opened starts its minimum time now).
  await savePosition(c.ctx.db, learner, course.courseId, lesson.lessonId, record?.position ?? 0);
  await complete(c, course, lesson);
  return progressOf(c, course, lesson.lessonId);
}

/** A course as another module (training) may assign it: learnable by the team, or why not. */
export type CourseHolding = { courseId: number; title: string; learnable: boolean; listed: boolean };

/** These courses as the team holds them (mayLearn's rule); a course never released is left out. */
export async function courseHoldingsOf(c: TeamCtx, courseIds: number[]): Promise<CourseHolding[]> {
  const teamId = c.membership.team.id;
  const rows = await courseHoldings(c.ctx.db, teamId, courseIds);
  return Promise.all(
    rows.map(async (row) => ({
      courseId: row.courseId,
      title: (await withContent(c, row)).release.snapshot.title,
      learnable: mayLearn({ ownTeam: row.ownerTeamId === teamId, listed: row.listed, bought: row.bought }),
      listed: row.listed,
    })),
  );
}

/**
 * Who of the team completed which of these courses: the one completion (lesson-completion.ts
 * settleCourse, which issues the certificate), read by learning tasks rather than decided again.
 */
export async function completedCourses(
  c: TeamCtx,
  courseIds: number[],
  /** Only this learner's (我的任务 reads one member's, the reports everyone's). */
  userId?: number,
): Promise<{ userId: number; courseId: number; completedAt: Date }[]> {
  return teamCompletedCourses(c.ctx.db, c.membership.team.id, courseIds, userId);
}

/** The same, for a team's scheduled work that runs without a request (training's reminders). */
export async function teamCompletedCourses(
  db: Db,
  teamId: number,
  courseIds: number[],
  userId?: number,
): Promise<{ userId: number; courseId: number; completedAt: Date }[]> {
  const rows = await courseCompletions(db, teamId, courseIds, userId);
  return rows.map((r) => ({ ...r, completedAt: r.completedAt! }));
}

export type CourseLessonProgress = {
  courseId: number;
  title: string;
  lessons: { lessonId: number; title: string }[];
  /** One row per learner and lesson they opened; `completed` by the lesson's completion rule. */
  rows: { userId: number; lessonId: number; completed: boolean }[];
};

/**
 * The lessons of a course the team learns (as its learners read them) and every learner's lesson
 * rows: what a course report counts. Null when the team does not learn the course.
 */
export async function courseLessonProgress(
  c: TeamCtx,
  courseId: number,
): Promise<CourseLessonProgress | null> {
  const teamId = c.membership.team.id;
  const [row] = await courseHoldings(c.ctx.db, teamId, [courseId]);
  if (!row || !mayLearn({ ownTeam: row.ownerTeamId === teamId, listed: row.listed, bought: row.bought })) {
    return null;
  }
  const { snapshot } = (await withContent(c, row)).release;
  return {
    courseId,
    title: snapshot.title,
    lessons: snapshot.lessons.map((l) => ({ lessonId: l.lessonId, title: l.title })),
    rows: await courseLessonRows(c.ctx.db, teamId, courseId),
  };
}
