/**
 * Completing a lesson and the course: the progress a learner's save or answer leads to, the lesson
 * completed when the course's rules allow, and the course (with its certificate) once every lesson is.
 */
import { Code, type LearnProgress } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { lessonWatches, unfinishedRefusal } from './lesson-media.ts';
import {
  certificateCodes,
  courseRecords,
  findLearnable,
  insertCertificate,
  latestAttempts,
  lessonRecords,
  markCourseComplete,
  markLessonComplete,
  type Learner,
} from './learning.repo.ts';
import type { PositionSaved } from './position-saves.repo.ts';
import { newCertificateCode } from './certificates.service.ts';
import { examGate, type ExamGraded } from './course-exam-gate.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  completionOf,
  completionRefusal,
  learnerOf,
  mayLearn,
  quizTally,
  requireLesson,
  stateOf,
  summarize,
  waitSecondsOf,
  withContent,
  type LearnableCourse,
  type SnapshotLesson,
} from './learnable-course.ts';

export function progressFrom(course: LearnableCourse, lessonId: number, saved: PositionSaved): LearnProgress {
  const { states, completedCount, lessonCount, progress } = summarize(course, saved.records);
  const lesson = requireLesson(course, lessonId);
  return {
    lessonId,
    state: states.get(lessonId) ?? 'not_started',
    completedCount,
    lessonCount,
    progress,
    completedAt: saved.courseCompletedAt ? saved.courseCompletedAt.getTime() : null,
    certificateCode: saved.certificateCode,
    score: quizTally(course.release.snapshot.lessons, saved.attempts).score,
    lessonScore: quizTally([lesson], saved.attempts).score,
    waitSeconds: waitSecondsOf(
      course,
      lesson,
      saved.records.find((r) => r.lessonId === lessonId),
    ),
  };
}

/** The progress as it stands after a completion or an answer. */
export async function progressOf(
  c: TeamCtx,
  course: LearnableCourse,
  lessonId: number,
): Promise<LearnProgress> {
  const learner = learnerOf(c);
  const [[record], records, codes, attempts] = await Promise.all([
    courseRecords(c.ctx.db, learner, [course.courseId]),
    lessonRecords(c.ctx.db, learner, [course.courseId]),
    certificateCodes(c.ctx.db, learner, [course.courseId]),
    latestAttempts(c.ctx.db, learner, course.courseId),
  ]);
  return progressFrom(course, lessonId, {
    records,
    courseCompletedAt: record?.completedAt ?? null,
    certificateCode: codes.get(course.courseId) ?? null,
    attempts,
  });
}

/** A learner as a certificate names them. */
type Named = Learner & { learnerName: string; teamName: string };
const namedOf = (c: TeamCtx): Named => ({
  ...learnerOf(c),
  learnerName: c.actor.user.nickName,
  teamName: c.membership.team.teamName,
});

/**
 * The course completes, and its certificate is issued, once every lesson of the release is done,
 * the course's quiz score (latest answers) is at or above its pass mark and, when the release
 * carries an exam (课程考试), the learner passed it; inside the caller's transaction.
 */
async function settleCourse(ctx: AppContext, tx: Db, who: Named, course: LearnableCourse): Promise<void> {
  const { learnerName, teamName, ...learner } = who;
  const records = await lessonRecords(tx, learner, [course.courseId]);
  const { completedCount, lessonCount } = summarize(course, records);
  if (completedCount < lessonCount) return;
  const attempts = await latestAttempts(tx, learner, course.courseId);
  const { score } = quizTally(course.release.snapshot.lessons, attempts);
  if (score !== null && score < completionOf(course).passMark) return;
  const exam = await examGate(ctx, tx, course, learner);
  if (exam === 'pending') return;
  if (!(await markCourseComplete(tx, learner, course.courseId))) return;
  await insertCertificate(tx, {
    code: newCertificateCode(),
    ...learner,
    courseId: course.courseId,
    learnerName,
    courseTitle: course.release.snapshot.title,
    // 颁发团队: the team that made the course; the learner's own team is named beside it.
    issuerTeamName: course.teamName,
    teamName,
    // The exam it needed, as it stood now (a certificate states what held at issue, like its names).
    examTitle: exam?.title ?? null,
    examScore: exam?.score ?? null,
    examPassPercent: exam?.passPercent ?? null,
  });
}

/**
 * A pass at a course's exam (exams' `exam.graded`, in its grading transaction) completes the course
 * when its lessons were already done: the certificate is issued then.
 */
export async function settleAfterExam(ctx: AppContext, tx: Db, e: ExamGraded): Promise<void> {
  if (!e.passed || e.courseId === null) return;
  const row = await findLearnable(tx, e.teamId, e.courseId);
  if (!row || !mayLearn({ ownTeam: row.ownerTeamId === e.teamId, listed: row.listed, bought: row.bought }))
    return;
  const who = { teamId: e.teamId, userId: e.userId, learnerName: e.learnerName, teamName: e.teamName };
  await settleCourse(ctx, tx, who, await withContent({ ctx: { db: tx } }, row));
}

/**
 * Completes the lesson when the course's rules allow (else throws why: 60001, 30030, 30031, 30056), then
 * the course (see settleCourse) in the same transaction. A lesson already completed as it reads now
 * stays so, and the course is settled again (a better answer may have brought the score up).
 */
export async function complete(c: TeamCtx, course: LearnableCourse, lesson: SnapshotLesson): Promise<void> {
  const learner = learnerOf(c);
  await c.ctx.db.transaction(async (tx) => {
    const records = await lessonRecords(tx, learner, [course.courseId]);
    const record = records.find((r) => r.lessonId === lesson.lessonId);
    if (stateOf(course, lesson, record) !== 'completed') {
      const refusal = completionRefusal(
        course,
        lesson,
        record,
        await latestAttempts(tx, learner, course.courseId),
        await lessonWatches(c.ctx, tx, learner, course, lesson),
      );
      if (refusal) throw refusal;
      const unfinished = await unfinishedRefusal(c.ctx, course, lesson);
      if (unfinished) throw unfinished;
      await markLessonComplete(tx, learner, lesson.lessonId, course.release.hashes.get(lesson.lessonId)!);
    }
    await settleCourse(c.ctx, tx, namedOf(c), course);
  });
}

/** What the course's rules refuse for now: the learner goes on, and the lesson stays 学习中. */
const NOT_YET: readonly number[] = [
  Code.QUIZ_UNANSWERED,
  Code.QUIZ_NOT_PASSED,
  Code.LESSON_MIN_TIME,
  Code.MEDIA_NOT_WATCHED,
  Code.MEDIA_NOT_READY,
];

/**
 * Completes the lesson if the course's rules allow it now (the end reached, a quiz passed, a media
 * watched to 90%), else leaves it as it is; other errors still throw.
 */
export async function completeIfAllowed(
  c: TeamCtx,
  course: LearnableCourse,
  lesson: SnapshotLesson,
): Promise<void> {
  try {
    await complete(c, course, lesson);
  } catch (error) {
    if (!(error instanceof AppError && NOT_YET.includes(error.code))) throw error;
  }
}
