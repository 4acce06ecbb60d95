/**
 * Exams (OWNER/ADMIN): made from the bank by a list of questions or by rules (so many of a tag, a
 * type, a difficulty), each refused at once when the bank has too few; closing, results. A rule
 * exam deals its questions anew for every attempt.
 */
import {
  Code,
  type Exam,
  type ExamInput,
  type ExamList,
  type ExamResults,
  type ExamRule,
  type ExamSource,
  examInputSchema,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { ExamQuestionRow, ExamRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { examAttemptsWithPeople } from './attempts.repo.ts';
import {
  closeExam,
  deleteExam,
  findExam,
  insertExam,
  listExams,
  updateExam,
  type ExamWithState,
  type NewExam,
} from './exams.repo.ts';
import { shuffled } from './grading.ts';
import { questionsByIds, questionsWhere } from './questions.repo.ts';

const teamOf = (c: TeamCtx) => c.membership.team.id;
const tooFew = (need: number, have: number) =>
  new AppError(Code.EXAM_BANK_TOO_FEW, { params: { need, have } });

/**
 * The questions an exam deals: a list's questions still in the bank (in its order), or each rule's
 * count drawn at random from the questions no earlier rule took. Refused when the bank has too few.
 */
export async function drawQuestions(
  db: Db,
  teamId: number,
  source: ExamSource,
  random: () => number = Math.random,
): Promise<ExamQuestionRow[]> {
  if (source.mode === 'list') {
    const found = new Map((await questionsByIds(db, teamId, source.questionIds)).map((q) => [q.id, q]));
    const list = [...new Set(source.questionIds)].flatMap((id) => found.get(id) ?? []);
    if (list.length === 0) throw tooFew(source.questionIds.length, 0);
    return list;
  }
  const taken = new Set<number>();
  const drawn: ExamQuestionRow[] = [];
  for (const rule of source.rules) {
    const pool = (await questionsWhere(db, teamId, ruleFilter(rule))).filter((q) => !taken.has(q.id));
    if (pool.length < rule.count) throw tooFew(rule.count, pool.length);
    for (const q of shuffled(pool, random).slice(0, rule.count)) {
      taken.add(q.id);
      drawn.push(q);
    }
  }
  return drawn;
}
const ruleFilter = ({ tag, type, difficulty }: ExamRule) => ({ tag, type, difficulty });

/** The stored exam of a checked input; a list's ids must all be the team's questions (404). */
async function checkedExam(c: TeamCtx, input: ExamInput): Promise<NewExam> {
  const e = examInputSchema.parse(input);
  if (e.source.mode === 'list') {
    const ids = [...new Set(e.source.questionIds)];
    if ((await questionsByIds(c.ctx.db, teamOf(c), ids)).length !== ids.length)
      throw new AppError(Code.NOT_FOUND);
    e.source.questionIds = ids;
  }
  const questions = await drawQuestions(c.ctx.db, teamOf(c), e.source);
  return {
    title: e.title,
    description: e.description,
    source: e.source,
    questionCount: questions.length,
    timeLimitMinutes: e.timeLimitMinutes,
    maxAttempts: e.maxAttempts,
    passPercent: e.passPercent,
    shuffleQuestions: e.shuffleQuestions,
    shuffleOptions: e.shuffleOptions,
    showAnswers: e.showAnswers,
    closesAt: e.closeTime === null ? null : new Date(e.closeTime),
  };
}

const toExam = ({ exam: e, closed }: ExamWithState, counts = { attemptCount: 0, passedCount: 0 }): Exam => ({
  examId: e.id,
  title: e.title,
  description: e.description,
  source: e.source,
  questionCount: e.questionCount,
  timeLimitMinutes: e.timeLimitMinutes,
  maxAttempts: e.maxAttempts,
  passPercent: e.passPercent,
  shuffleQuestions: e.shuffleQuestions,
  shuffleOptions: e.shuffleOptions,
  showAnswers: e.showAnswers,
  closeTime: e.closesAt?.getTime() ?? null,
  closed,
  ...counts,
  createTime: e.createdAt.getTime(),
});

export async function requireExam(c: TeamCtx, examId: number): Promise<ExamWithState> {
  const found = await findExam(c.ctx.db, teamOf(c), examId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

export async function examList(c: TeamCtx): Promise<ExamList> {
  authorize(c, 'exam.view');
  const rows = await listExams(c.ctx.db, teamOf(c));
  return { list: rows.map((r) => toExam(r, r)) };
}

export async function createExam(c: TeamCtx, input: ExamInput): Promise<Exam> {
  authorize(c, 'exam.manage');
  const row: ExamRow = await insertExam(c.ctx.db, teamOf(c), c.actor.user.id, await checkedExam(c, input));
  return toExam(await requireExam(c, row.id));
}

/** Attempts already dealt keep their papers; the new settings apply from the next attempt. */
export async function editExam(c: TeamCtx, examId: number, input: ExamInput): Promise<Exam> {
  authorize(c, 'exam.manage');
  await requireExam(c, examId);
  await updateExam(c.ctx.db, teamOf(c), examId, await checkedExam(c, input));
  return toExam(await requireExam(c, examId));
}

export async function closeExamNow(c: TeamCtx, examId: number): Promise<Exam> {
  authorize(c, 'exam.manage');
  if (!(await closeExam(c.ctx.db, teamOf(c), examId))) throw new AppError(Code.NOT_FOUND);
  return toExam(await requireExam(c, examId));
}

export async function removeExam(c: TeamCtx, examId: number): Promise<void> {
  authorize(c, 'exam.manage');
  if (!(await deleteExam(c.ctx.db, teamOf(c), examId))) throw new AppError(Code.NOT_FOUND);
}

export async function examResults(c: TeamCtx, examId: number): Promise<ExamResults> {
  authorize(c, 'exam.view');
  await requireExam(c, examId);
  const rows = await examAttemptsWithPeople(c.ctx.db, teamOf(c), examId);
  return {
    list: rows.map(({ attempt: a, nickName }) => ({
      attemptId: a.id,
      userId: a.userId,
      nickName,
      attemptNo: a.attemptNo,
      score: a.score,
      passed: a.passed,
      submitTime: a.submittedAt?.getTime() ?? null,
    })),
  };
}
