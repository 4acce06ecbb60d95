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

/** What a certificate records of the exam its completion needed: its title and the learner's best pass. */
export type CertificateExam = { title: string; score: number; passPercent: number };

/** The release's exam with the learner's standing and best pass; null: no exam (or no provider). */
async function examWithPass(
  ctx: AppContext,
  db: Db,
  course: LearnableCourse,
  learner: { teamId: number; userId: number },
) {
  const exams = ctx.providers.one('exams.courseExams');
  const exam = exams ? await exams.releasedExam(db, course.releaseId) : null;
  if (!exams || !exam) return null;
  const standing = await exams.standing(db, { ...learner, courseId: course.courseId });
  const state: CourseExamState = {
    ...exam,
    passed: standing?.passed ?? false,
    bestScore: standing?.bestScore ?? null,
  };
  return { state, bestPass: standing?.bestPass ?? null };
}

/** The exam the course's release carries with the learner's standing, or null (no exam, or no provider). */
export async function courseExamState(
  ctx: AppContext,
  db: Db,
  course: LearnableCourse,
  learner: { teamId: number; userId: number },
): Promise<CourseExamState | null> {
  return (await examWithPass(ctx, db, course, learner))?.state ?? null;
}

/**
 * The course exam as completion reads it: `pending` while it holds the course back (it has one,
 * not yet passed), else what the certificate records of it (null: the release carries none).
 */
export async function examGate(
  ctx: AppContext,
  db: Db,
  course: LearnableCourse,
  learner: { teamId: number; userId: number },
): Promise<'pending' | CertificateExam | null> {
  const found = await examWithPass(ctx, db, course, learner);
  if (!found) return null;
  if (!found.state.passed || !found.bestPass) return 'pending';
  return { title: found.state.title, ...found.bestPass };
}

export type ExamGraded = Extract<DomainEvent, { type: 'exam.graded' }>;
