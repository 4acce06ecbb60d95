/**
 * What the exams module offers others (training's learning tasks hold an exam slot): whether a
 * member passed an exam of their team, and the team's exam by id. Both are scoped by team: another
 * team's exam is not found and never passed. Courses copies a course's exam in each release
 * (`releaseCourseExam`, a step of the release); learning asks about released course exams through
 * the `exams.courseExams` provider (`registerExams`), and hears of passes by `exam.graded`.
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { courseExams } from './course-exam.service.ts';
import { examStandings, hasPassed } from './attempts.repo.ts';
import { findExam } from './exams.repo.ts';

export const examPassed = (db: Db, q: { teamId: number; userId: number; examId: number }): Promise<boolean> =>
  hasPassed(db, q.teamId, q.userId, q.examId);

/** One member's standing at an exam they handed in at least once: passed on any attempt, best score. */
export type ExamStanding = {
  examId: number;
  userId: number;
  passed: boolean;
  bestScore: number | null;
  passedAt: Date | null;
};

/**
 * Every handed-in member's standing at these exams of the team, in one statement (a task's members
 * and the reports read thousands at once); a member with no handed-in attempt is absent.
 */
export const examStandingsOf = (
  db: Db,
  q: { teamId: number; examIds: number[]; userId?: number },
): Promise<ExamStanding[]> => examStandings(db, q.teamId, [...new Set(q.examIds)], q.userId);

export type TeamExam = {
  examId: number;
  title: string;
  questionCount: number;
  passPercent: number;
  closed: boolean;
};

export async function findTeamExam(db: Db, q: { teamId: number; examId: number }): Promise<TeamExam | null> {
  const found = await findExam(db, { teamId: q.teamId, courseId: null }, q.examId);
  if (!found) return null;
  const { exam, closed } = found;
  return {
    examId: exam.id,
    title: exam.title,
    questionCount: exam.questionCount,
    passPercent: exam.passPercent,
    closed,
  };
}

export { releaseCourseExam } from './course-exam.service.ts';

/** Answers learning (below it) about the exams course releases carry. */
export function registerExams(ctx: AppContext): void {
  ctx.providers.provide('exams.courseExams', courseExams);
}
