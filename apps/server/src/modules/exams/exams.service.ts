/**
 * Exams — a team's (OWNER/ADMIN) or a course's draft (its authors; `owner.ts`): made from the
 * owner's bank by a list of questions or by rules (so many of a tag, a type, a difficulty), each
 * refused at once when the bank has too few; closing, results. A rule exam deals its questions anew
 * for every attempt, from the live bank, or from the questions a course release kept (`bank`).
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
import type { BankQuestion, ExamRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { teamScope, type ExamOwner, type ExamScope } from './owner.ts';
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

const tooFew = (need: number, have: number) =>
  new AppError(Code.EXAM_BANK_TOO_FEW, { params: { need, have } });

/** Where an exam's questions come from: an owner's live bank, or a released course exam's copy. */
export type Bank = {
  byIds(ids: number[]): Promise<BankQuestion[]>;
  /** Oldest first, as the live bank lists them. */
  where(rule: ExamRule): Promise<BankQuestion[]>;
};

export const liveBank = (db: Db, owner: ExamOwner): Bank => ({
  byIds: (ids) => questionsByIds(db, owner, ids),
  where: (rule) => questionsWhere(db, owner, ruleFilter(rule)),
});

const keptBank = (kept: BankQuestion[]): Bank => ({
  byIds: async (ids) => kept.filter((q) => ids.includes(q.id)),
  where: async ({ tag, type, difficulty }) =>
    kept.filter(
      (q) =>
        (!tag || q.tags.includes(tag)) &&
        (!type || q.type === type) &&
        (!difficulty || q.difficulty === difficulty),
    ),
});

/** The bank an exam draws from: what its release kept, else its owner's live bank. */
export const bankOf = (db: Db, exam: ExamRow): Bank =>
  exam.bank ? keptBank(exam.bank) : liveBank(db, { teamId: exam.teamId, courseId: exam.courseId });

/**
 * The questions an exam deals: a list's questions still in the bank (in its order), or each rule's
 * count drawn at random from the questions no earlier rule took. Refused when the bank has too few.
 */
export async function drawQuestions(
  bank: Bank,
  source: ExamSource,
  random: () => number = Math.random,
): Promise<BankQuestion[]> {
  if (source.mode === 'list') {
    const found = new Map((await bank.byIds(source.questionIds)).map((q) => [q.id, q]));
    const list = [...new Set(source.questionIds)].flatMap((id) => found.get(id) ?? []);
    if (list.length === 0) throw tooFew(source.questionIds.length, 0);
    return list;
  }
  const taken = new Set<number>();
  const drawn: BankQuestion[] = [];
  for (const rule of source.rules) {
    const pool = (await bank.where(rule)).filter((q) => !taken.has(q.id));
    if (pool.length < rule.count) throw tooFew(rule.count, pool.length);
    for (const q of shuffled(pool, random).slice(0, rule.count)) {
      taken.add(q.id);
      drawn.push(q);
    }
  }
  return drawn;
}
const ruleFilter = ({ tag, type, difficulty }: ExamRule) => ({ tag, type, difficulty });

/** The stored exam of a checked input; a list's ids must all be the owner's questions (404). */
export async function checkedExam(s: ExamScope, input: ExamInput): Promise<NewExam> {
  const e = examInputSchema.parse(input);
  if (e.source.mode === 'list') {
    const ids = [...new Set(e.source.questionIds)];
    if ((await questionsByIds(s.c.ctx.db, s.owner, ids)).length !== ids.length)
      throw new AppError(Code.NOT_FOUND);
    e.source.questionIds = ids;
  }
  const questions = await drawQuestions(liveBank(s.c.ctx.db, s.owner), e.source);
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

export const toExam = (
  { exam: e, closed }: ExamWithState,
  counts = { attemptCount: 0, passedCount: 0 },
): Exam => ({
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

/** The team's own exam (a course's exams are not among them: 404). */
export async function requireExam(c: TeamCtx, examId: number): Promise<ExamWithState> {
  const found = await findExam(c.ctx.db, teamScope(c).owner, examId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

export async function examList(c: TeamCtx): Promise<ExamList> {
  authorize(c, 'exam.view');
  const rows = await listExams(c.ctx.db, c.membership.team.id);
  return { list: rows.map((r) => toExam(r, r)) };
}

export async function createExam(c: TeamCtx, input: ExamInput): Promise<Exam> {
  authorize(c, 'exam.manage');
  const s = teamScope(c);
  const row: ExamRow = await insertExam(c.ctx.db, s.owner, c.actor.user.id, await checkedExam(s, input));
  return toExam(await requireExam(c, row.id));
}

/** Attempts already dealt keep their papers; the new settings apply from the next attempt. */
export async function editExam(c: TeamCtx, examId: number, input: ExamInput): Promise<Exam> {
  authorize(c, 'exam.manage');
  await requireExam(c, examId);
  const s = teamScope(c);
  await updateExam(c.ctx.db, s.owner, examId, await checkedExam(s, input));
  return toExam(await requireExam(c, examId));
}

export async function closeExamNow(c: TeamCtx, examId: number): Promise<Exam> {
  authorize(c, 'exam.manage');
  if (!(await closeExam(c.ctx.db, teamScope(c).owner, examId))) throw new AppError(Code.NOT_FOUND);
  return toExam(await requireExam(c, examId));
}

export async function removeExam(c: TeamCtx, examId: number): Promise<void> {
  authorize(c, 'exam.manage');
  if (!(await deleteExam(c.ctx.db, teamScope(c).owner, examId))) throw new AppError(Code.NOT_FOUND);
}

export async function examResults(c: TeamCtx, examId: number): Promise<ExamResults> {
  authorize(c, 'exam.view');
  await requireExam(c, examId);
  const rows = await examAttemptsWithPeople(c.ctx.db, c.membership.team.id, examId);
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
