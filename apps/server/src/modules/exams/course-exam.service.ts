/**
 * 课程考试: a course's exam. Its authors edit a draft (settings and the course's questions, the same
 * bank and exam code as a team's, `owner.ts`); a release copies the draft with the questions it may
 * draw from, in the release's transaction, so later edits reach learners only with the next release
 * (like lessons). Learners of every team that holds the course take the copy of the release they
 * read; their attempts belong to their own team.
 */
import {
  Code,
  type Attempt,
  type CourseExamDraft,
  type Exam,
  type ExamInput,
  type MyCourseExam,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { BankQuestion } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { learnableRelease } from '../learning/index.ts';
import { attemptsOf, courseStanding } from './attempts.repo.ts';
import { startOn, toMyExam } from './attempts.service.ts';
import {
  deleteExam,
  findCourseDraft,
  findExam,
  findReleasedExam,
  insertExam,
  insertReleasedExam,
  updateExam,
  type ExamWithState,
} from './exams.repo.ts';
import { checkedExam, toExam } from './exams.service.ts';
import type { ExamScope } from './owner.ts';
import { questionsByIds, questionsWhere } from './questions.repo.ts';

export async function courseExamDraft(s: ExamScope): Promise<CourseExamDraft> {
  s.authorize('exam', 'view');
  const found = await findCourseDraft(s.c.ctx.db, s.owner.courseId!);
  return { exam: found ? toExam(found) : null };
}

/** Creates the course's exam or changes it; learners see it with the next release. */
export async function saveCourseExam(s: ExamScope, input: ExamInput): Promise<Exam> {
  s.authorize('exam', 'manage');
  const db = s.c.ctx.db;
  const row = await checkedExam(s, input);
  const found = await findCourseDraft(db, s.owner.courseId!);
  const examId = found
    ? (await updateExam(db, s.owner, found.exam.id, row), found.exam.id)
    : (await insertExam(db, s.owner, s.c.actor.user.id, row)).id;
  return toExam((await findExam(db, s.owner, examId))!);
}

export async function removeCourseExam(s: ExamScope): Promise<void> {
  s.authorize('exam', 'manage');
  const found = await findCourseDraft(s.c.ctx.db, s.owner.courseId!);
  if (!found) throw new AppError(Code.NOT_FOUND);
  await deleteExam(s.c.ctx.db, s.owner, found.exam.id);
}

const kept = (q: BankQuestion): BankQuestion => ({
  id: q.id,
  type: q.type,
  stem: q.stem,
  options: q.options,
  answer: q.answer,
  explanation: q.explanation,
  tags: q.tags,
  difficulty: q.difficulty,
});

/**
 * A release's step (courses calls it in the release's transaction): copies the course's exam as
 * it stands — settings, and the questions it may draw from (a list's, or the whole course bank for
 * rules) — for this release. A rollback copies the earlier release's copy. No exam: nothing.
 */
export async function releaseCourseExam(
  tx: Db,
  r: { courseId: number; releaseId: number; fromReleaseId?: number },
): Promise<void> {
  const found =
    r.fromReleaseId === undefined
      ? await findCourseDraft(tx, r.courseId)
      : await findReleasedExam(tx, r.fromReleaseId);
  if (!found) return;
  const { id: _id, createdAt: _at, ...exam } = found.exam;
  const owner = { teamId: exam.teamId, courseId: r.courseId };
  const bank =
    exam.bank ??
    (exam.source.mode === 'list'
      ? await questionsByIds(tx, owner, exam.source.questionIds)
      : await questionsWhere(tx, owner, {}));
  // A list's questions deleted since it was saved are not dealt: the copy counts what it deals.
  const questionCount =
    exam.source.mode === 'list' ? bank.length : exam.source.rules.reduce((n, rule) => n + rule.count, 0);
  await insertReleasedExam(tx, { ...exam, questionCount, releaseId: r.releaseId, bank: bank.map(kept) });
}

/** The exam the release the learner's team reads carries (404 when the team does not learn the course). */
async function releasedFor(c: TeamCtx, courseId: number): Promise<ExamWithState | undefined> {
  authorize(c, 'exam.take');
  const { releaseId } = await learnableRelease(c, courseId);
  return findReleasedExam(c.ctx.db, releaseId);
}

export async function myCourseExam(c: TeamCtx, courseId: number): Promise<MyCourseExam> {
  const found = await releasedFor(c, courseId);
  if (!found) return { exam: null };
  const attempts = await attemptsOf(c.ctx.db, {
    examId: found.exam.id,
    teamId: c.membership.team.id,
    userId: c.actor.user.id,
  });
  return { exam: toMyExam(found, attempts) };
}

export async function startCourseExam(c: TeamCtx, courseId: number): Promise<Attempt> {
  const found = await releasedFor(c, courseId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return startOn(c, found);
}

/** What learning asks (the `exams.courseExams` provider): a release's exam, and a learner's standing. */
export const courseExams = {
  async releasedExam(db: Db, releaseId: number) {
    const found = await findReleasedExam(db, releaseId);
    return found ? { examId: found.exam.id, title: found.exam.title } : null;
  },
  standing: (db: Db, q: { teamId: number; userId: number; courseId: number }) => courseStanding(db, q),
};
