/**
 * A course's exam (课程考试) in learning's one completion rule: when the release a team reads carries
 * an exam, the course completes only once its lessons' rules are met and the learner passed it.
 * Exams sits above learning (it hears learning's face and tells of grades by `exam.graded`), so
 * learning asks it through the `exams.courseExams` provider; a pass after the lessons settles the
 * course in the grading transaction (`settleAfterExam`).
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import type { LearnableCourse } from './learnable-course.ts';

export type CourseExamState = { examId: number; title: string; passed: boolean; bestScore: number | null };

/** The exam the course's release carries with the learner's standing, or null (no exam, or no provider). */
export async function courseExamState(
  ctx: AppContext,
  db: Db,
  course: LearnableCourse,
  learner: { teamId: number; userId: number },
): Promise<CourseExamState | null> {
  const exams = ctx.providers.one('exams.courseExams');
  const exam = exams ? await exams.releasedExam(db, course.releaseId) : null;
  if (!exams || !exam) return null;
  const standing = await exams.standing(db, { ...learner, courseId: course.courseId });
  return { ...exam, passed: standing?.passed ?? false, bestScore: standing?.bestScore ?? null };
}

/** Whether the course's exam holds its completion back (it has one, not yet passed). */
export async function examPending(
  ctx: AppContext,
  db: Db,
  course: LearnableCourse,
  learner: { teamId: number; userId: number },
): Promise<boolean> {
  const state = await courseExamState(ctx, db, course, learner);
  return state !== null && !state.passed;
}

export type ExamGraded = Extract<DomainEvent, { type: 'exam.graded' }>;
