/**
 * Taking an exam: start (or resume) an attempt, answer, hand in, read the result. The server keeps
 * the time: the deadline is stored at start by the database's clock, answers and hand-ins after it
 * are refused, and an attempt found over (deadline passed or exam closed) is handed in and graded as
 * it stood when read. A learner's payload has the answer keys only once `showAnswers` allows.
 */
import { Code, type Attempt, type ExamAnswer, type MyExam, type MyExamList } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { DealtQuestion, ExamAttemptRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import {
  attemptsOf,
  findAttempt,
  finishAttempt,
  insertAttempt,
  memberAttempts,
  saveAnswer,
  type AttemptWithExam,
} from './attempts.repo.ts';
import { bankOf, drawQuestions, requireExam } from './exams.service.ts';
import { listExams, type ExamWithState } from './exams.repo.ts';
import { answerFits, dealPaper, gradePaper } from './grading.ts';

const teamOf = (c: TeamCtx) => c.membership.team.id;

function toAttempt({ attempt: a, exam, examClosed, now }: AttemptWithExam): Attempt {
  const submitted = a.submittedAt !== null;
  const showKeys =
    submitted && (exam.showAnswers === 'afterSubmit' || (exam.showAnswers === 'afterClose' && examClosed));
  const grade = submitted ? gradePaper(a.questions, a.answers, exam.passPercent) : null;
  return {
    attemptId: a.id,
    examId: exam.id,
    courseId: exam.courseId,
    title: exam.title,
    attemptNo: a.attemptNo,
    maxAttempts: exam.maxAttempts,
    passPercent: exam.passPercent,
    status: submitted ? 'submitted' : 'inProgress',
    deadline: a.deadline?.getTime() ?? null,
    serverTime: now.getTime(),
    // Listed field by field: the dealt question's key and explanation must never leak through here.
    questions: a.questions.map((q) => ({
      questionId: q.questionId,
      type: q.type,
      stem: q.stem,
      options: q.options,
    })),
    answers: a.answers,
    result:
      submitted && grade
        ? { score: a.score ?? 0, passed: a.passed, correctCount: a.correctCount ?? 0, total: grade.total }
        : null,
    review: showKeys
      ? a.questions.map((q) => ({
          questionId: q.questionId,
          correct: gradePaper([q], a.answers, 0).correctCount === 1,
          key: q.key,
          explanation: q.explanation,
        }))
      : null,
  };
}

/** Hands in an attempt as it stands (answers kept, graded now); a no-op if it was handed in. */
async function finish(c: TeamCtx, found: AttemptWithExam, answers = found.attempt.answers): Promise<void> {
  const grade = gradePaper(found.attempt.questions, answers, found.exam.passPercent);
  // One transaction: what the grade leads to (a course completed, its certificate) commits with it.
  await c.ctx.db.transaction(async (tx) => {
    // Only the call that hands it in tells of the result (two at once: one grade, one notice).
    if (!(await finishAttempt(tx, found.attempt.id, answers, grade))) return;
    await c.ctx.domainEvents.publish(tx, {
      type: 'exam.graded',
      // The learner's team: a course exam's attempts belong to the team that learns the course.
      teamId: found.attempt.teamId,
      userId: found.attempt.userId,
      examId: found.exam.id,
      attemptId: found.attempt.id,
      title: found.exam.title,
      score: grade.score,
      passed: grade.passed,
      courseId: found.exam.courseId,
      learnerName: c.actor.user.nickName,
      teamName: c.membership.team.teamName,
    });
  });
}

/** The asker's own attempt in the team (404 for another team's, 81015 for another member's). */
async function ownAttempt(c: TeamCtx, attemptId: number): Promise<AttemptWithExam> {
  authorize(c, 'exam.take');
  const found = await findAttempt(c.ctx.db, teamOf(c), attemptId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  if (found.attempt.userId !== c.actor.user.id) throw new AppError(Code.EXAM_ATTEMPT_NOT_YOURS);
  return found;
}

/** Re-read, handing it in first when it is over. */
async function settled(c: TeamCtx, attemptId: number): Promise<AttemptWithExam> {
  const found = await ownAttempt(c, attemptId);
  if (found.attempt.submittedAt !== null || !found.over) return found;
  await finish(c, found);
  return ownAttempt(c, attemptId);
}

/** Refuses writing to an attempt that is handed in or over (handing in the latter as it stood). */
async function runningAttempt(c: TeamCtx, attemptId: number): Promise<AttemptWithExam> {
  const found = await ownAttempt(c, attemptId);
  if (found.attempt.submittedAt !== null) throw new AppError(Code.EXAM_ATTEMPT_SUBMITTED);
  if (found.over) {
    await finish(c, found);
    const timeUp = found.attempt.deadline !== null && found.attempt.deadline <= found.now;
    throw new AppError(timeUp || !found.examClosed ? Code.EXAM_TIME_UP : Code.EXAM_CLOSED);
  }
  return found;
}

function checkedAnswer(questions: DealtQuestion[], questionId: number, answer: ExamAnswer | null): void {
  const q = questions.find((x) => x.questionId === questionId);
  if (!q) throw new AppError(Code.EXAM_QUESTION_NOT_IN_ATTEMPT);
  if (answer !== null && !answerFits(q, answer)) throw new AppError(Code.EXAM_ANSWER_SHAPE);
}

export async function startAttempt(c: TeamCtx, examId: number): Promise<Attempt> {
  authorize(c, 'exam.take');
  return startOn(c, await requireExam(c, examId));
}

/** A learner's attempts at an exam, in their team. */
const ownAttempts = (c: TeamCtx, db: Db, examId: number) =>
  attemptsOf(db, { examId, teamId: teamOf(c), userId: c.actor.user.id });

/**
 * Starts (or resumes) the asker's attempt at an exam they may take: the team's own, or the copy of a
 * course exam its release made (the caller checked the team learns the course).
 */
export async function startOn(c: TeamCtx, { exam, closed }: ExamWithState): Promise<Attempt> {
  const examId = exam.id;
  const userId = c.actor.user.id;
  const running = (await ownAttempts(c, c.ctx.db, examId)).find((a) => a.submittedAt === null);
  if (running) {
    const now = await settled(c, running.id);
    if (now.attempt.submittedAt === null) return toAttempt(now);
  }
  if (closed) throw new AppError(Code.EXAM_CLOSED);
  const used = (await ownAttempts(c, c.ctx.db, examId)).length;
  if (used >= exam.maxAttempts)
    throw new AppError(Code.EXAM_ATTEMPTS_USED, { params: { max: exam.maxAttempts } });
  const paper = dealPaper(await drawQuestions(bankOf(c.ctx.db, exam), exam.source), exam);
  const id = await insertAttempt(
    c.ctx.db,
    { teamId: teamOf(c), examId, userId, attemptNo: used + 1, questions: paper },
    exam.timeLimitMinutes,
  );
  if (id !== undefined) return toAttempt(await ownAttempt(c, id));
  // A second start at the same moment made it first: answer with that one.
  const other = (await ownAttempts(c, c.ctx.db, examId)).find((a) => a.submittedAt === null);
  if (!other) throw new AppError(Code.EXAM_ATTEMPTS_USED, { params: { max: exam.maxAttempts } });
  return toAttempt(await ownAttempt(c, other.id));
}

export async function readAttempt(c: TeamCtx, attemptId: number): Promise<Attempt> {
  return toAttempt(await settled(c, attemptId));
}

export async function answerQuestion(
  c: TeamCtx,
  body: { attemptId: number; questionId: number; answer: ExamAnswer | null },
): Promise<void> {
  const found = await runningAttempt(c, body.attemptId);
  checkedAnswer(found.attempt.questions, body.questionId, body.answer);
  if (await saveAnswer(c.ctx.db, found.attempt.id, body.questionId, body.answer)) return;
  // It ended between the check and the write: say why.
  await runningAttempt(c, body.attemptId);
  throw new AppError(Code.EXAM_ATTEMPT_SUBMITTED);
}

/** Hands in with the last answers; the grade comes from the answers alone. */
export async function submitAttempt(
  c: TeamCtx,
  body: { attemptId: number; answers: { questionId: number; answer: ExamAnswer | null }[] },
): Promise<Attempt> {
  const found = await runningAttempt(c, body.attemptId);
  const answers = { ...found.attempt.answers };
  for (const { questionId, answer } of body.answers) {
    checkedAnswer(found.attempt.questions, questionId, answer);
    if (answer === null) delete answers[String(questionId)];
    else answers[String(questionId)] = answer;
  }
  await finish(c, found, answers);
  return toAttempt(await ownAttempt(c, body.attemptId));
}

export async function myExams(c: TeamCtx): Promise<MyExamList> {
  authorize(c, 'exam.take');
  const exams = await listExams(c.ctx.db, teamOf(c));
  const attempts = await memberAttempts(c.ctx.db, teamOf(c), c.actor.user.id);
  return {
    list: exams.map((found) => toMyExam(found, attempts)),
  };
}

/** An exam as a learner sees it in a list, with their own attempts at it. */
export function toMyExam({ exam: e, closed }: ExamWithState, attempts: ExamAttemptRow[]): MyExam {
  const mine = attempts.filter((a) => a.examId === e.id);
  const scores = mine.flatMap((a) => (a.score === null ? [] : [a.score]));
  return {
    examId: e.id,
    title: e.title,
    description: e.description,
    questionCount: e.questionCount,
    timeLimitMinutes: e.timeLimitMinutes,
    maxAttempts: e.maxAttempts,
    passPercent: e.passPercent,
    closeTime: e.closesAt?.getTime() ?? null,
    closed,
    attemptsUsed: mine.length,
    bestScore: scores.length > 0 ? Math.max(...scores) : null,
    passed: mine.some((a) => a.passed),
    openAttemptId: mine.find((a) => a.submittedAt === null)?.id ?? null,
    lastAttemptId: mine.at(-1)?.id ?? null,
  };
}
