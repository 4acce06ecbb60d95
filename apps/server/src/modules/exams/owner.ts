/**
 * Whose questions and exam a request works on: the team's own bank and exams (OWNER/ADMIN), or a
 * course's (课程考试: whoever may edit the course). One implementation serves both; only the owner
 * and the rights differ.
 */
import { Code } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';

/** A team's bank and exams (`courseId` null), or a course's (`teamId` is the course's team). */
export type ExamOwner = { teamId: number; courseId: number | null };

export type ExamScope = {
  c: TeamCtx;
  owner: ExamOwner;
  /** Throws unless the asker may see (`view`) or change (`manage`) the owner's questions or exams. */
  authorize(kind: 'question' | 'exam', what: 'view' | 'manage'): void;
};

export const teamScope = (c: TeamCtx): ExamScope => ({
  c,
  owner: { teamId: c.membership.team.id, courseId: null },
  authorize: (kind, what) => authorize(c, `${kind}.${what}`),
});

/** The team's course (another team's: 404, from courses' provider), its authors' rights. */
export async function courseScope(c: TeamCtx, courseId: number): Promise<ExamScope> {
  const gate = c.ctx.providers.one('courses.lessonGate');
  if (!gate) throw new AppError(Code.NOT_FOUND);
  const course = await gate.courseOfTeam(c, courseId);
  return {
    c,
    owner: { teamId: course.teamId, courseId: course.id },
    authorize: (_kind, what) => authorize(c, `courseExam.${what}`, course),
  };
}
