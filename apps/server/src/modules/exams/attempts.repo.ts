/**
 * `exam_attempts`: the only place with its queries. "Over" (the deadline passed, or the exam closed)
 * is decided by the database's clock, never the client's or this process's.
 */
import type { ExamAnswer } from '@studio/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ExamAttemptRow, examAttempts, type ExamRow, exams, userNames } from '../../db/schema.ts';
import type { Grade } from './grading.ts';

const over = sql<boolean>`((${examAttempts.deadline} is not null and ${examAttempts.deadline} <= now())
  or (${exams.closesAt} is not null and ${exams.closesAt} <= now()))`;
const examClosed = sql<boolean>`(${exams.closesAt} is not null and ${exams.closesAt} <= now())`;

export type AttemptWithExam = {
  attempt: ExamAttemptRow;
  exam: ExamRow;
  over: boolean;
  examClosed: boolean;
  now: Date;
};

export async function findAttempt(db: Db, teamId: number, id: number): Promise<AttemptWithExam | undefined> {
  const [row] = await db
    .select({
      attempt: examAttempts,
      exam: exams,
      over,
      examClosed,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.teamId, teamId), eq(examAttempts.id, id)));
  return row;
}

export async function attemptsOf(
  db: Db,
  q: { examId: number; teamId: number; userId: number },
): Promise<ExamAttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.examId, q.examId),
        eq(examAttempts.teamId, q.teamId),
        eq(examAttempts.userId, q.userId),
      ),
    )
    .orderBy(asc(examAttempts.attemptNo));
}

/**
 * A new attempt, its deadline the database's now plus the time limit. Undefined when another
 * request made this attempt number (or a running attempt) first.
 */
export async function insertAttempt(
  db: Db,
  row: Pick<ExamAttemptRow, 'teamId' | 'examId' | 'userId' | 'attemptNo' | 'questions'>,
  timeLimitMinutes: number | null,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(examAttempts)
    .values({
      ...row,
      deadline: timeLimitMinutes === null ? null : sql`now() + make_interval(mins => ${timeLimitMinutes})`,
    })
    .onConflictDoNothing()
    .returning({ id: examAttempts.id });
  return inserted?.id;
}

/** Stores one answer (null clears it) while the attempt runs; false when it is handed in or over. */
export async function saveAnswer(
  db: Db,
  id: number,
  questionId: number,
  answer: ExamAnswer | null,
): Promise<boolean> {
  const key = String(questionId);
  const answers =
    answer === null
      ? sql`${examAttempts.answers} - ${key}::text`
      : sql`${examAttempts.answers} || jsonb_build_object(${key}::text, ${JSON.stringify(answer)}::jsonb)`;
  const done = await db
    .update(examAttempts)
    .set({ answers })
    .where(
      and(
        eq(examAttempts.id, id),
        isNull(examAttempts.submittedAt),
        sql`not exists (select 1 from ${exams} where ${exams.id} = ${examAttempts.examId}
          and ${exams.closesAt} is not null and ${exams.closesAt} <= now())`,
        sql`(${examAttempts.deadline} is null or ${examAttempts.deadline} > now())`,
      ),
    )
    .returning({ id: examAttempts.id });
  return done.length > 0;
}

/**
 * Hands the attempt in with its answers and grade, at the database's now (never later than its
 * deadline); false when it was already handed in.
 */
export async function finishAttempt(
  db: Db,
  id: number,
  answers: Record<string, ExamAnswer>,
  grade: Grade,
): Promise<boolean> {
  const done = await db
    .update(examAttempts)
    .set({
      answers,
      submittedAt: sql`least(now(), coalesce(${examAttempts.deadline}, now()))`,
      score: grade.score,
      correctCount: grade.correctCount,
      passed: grade.passed,
    })
    .where(and(eq(examAttempts.id, id), isNull(examAttempts.submittedAt)))
    .returning({ id: examAttempts.id });
  return done.length > 0;
}

/** Every attempt at an exam with who made it, for its managers. */
export async function examAttemptsWithPeople(db: Db, teamId: number, examId: number) {
  return db
    .select({ attempt: examAttempts, nickName: userNames.nickName })
    .from(examAttempts)
    .innerJoin(userNames, eq(userNames.id, examAttempts.userId))
    .where(and(eq(examAttempts.teamId, teamId), eq(examAttempts.examId, examId)))
    .orderBy(asc(examAttempts.userId), asc(examAttempts.attemptNo));
}

/** A member's attempts at the team's exams (the 考试 list). */
export async function memberAttempts(db: Db, teamId: number, userId: number): Promise<ExamAttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.teamId, teamId), eq(examAttempts.userId, userId)))
    .orderBy(asc(examAttempts.attemptNo));
}

export async function hasPassed(db: Db, teamId: number, userId: number, examId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.teamId, teamId),
        eq(examAttempts.userId, userId),
        eq(examAttempts.examId, examId),
        eq(examAttempts.passed, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Who passed which of these exams of the team, and each member's best score (for reports). */
export async function examStandings(db: Db, teamId: number, examIds: number[], userId?: number) {
  if (examIds.length === 0) return [];
  return db
    .select({
      examId: examAttempts.examId,
      userId: examAttempts.userId,
      passed: sql<boolean>`bool_or(coalesce(${examAttempts.passed}, false))`,
      bestScore: sql<number | null>`max(${examAttempts.score})`,
      passedAt:
        sql<Date | null>`min(${examAttempts.submittedAt}) filter (where ${examAttempts.passed})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.teamId, teamId),
        inArray(examAttempts.examId, examIds),
        userId === undefined ? undefined : eq(examAttempts.userId, userId),
        sql`${examAttempts.submittedAt} is not null`,
      ),
    )
    .groupBy(examAttempts.examId, examAttempts.userId);
}

/** A learner's best pass at a course's exam: the score and the pass mark of the copy it passed. */
export type CoursePass = { score: number; passPercent: number };

/**
 * A learner's standing over every released copy of a course's exam (a pass before a new release
 * still counts, as a lesson completed before it does), with their best pass (the highest passing
 * score, the earliest of equals, and its copy's pass mark); null when they handed in none.
 */
export async function courseStanding(
  db: Db,
  q: { teamId: number; userId: number; courseId: number },
): Promise<{ passed: boolean; bestScore: number | null; bestPass: CoursePass | null } | null> {
  const [row] = await db
    .select({
      passed: sql<boolean>`bool_or(${examAttempts.passed})`,
      bestScore: sql<number | null>`max(${examAttempts.score})`,
      bestPass: sql<CoursePass | null>`(array_agg(
          json_build_object('score', ${examAttempts.score}, 'passPercent', ${exams.passPercent})
          order by ${examAttempts.score} desc, ${examAttempts.submittedAt}
        ) filter (where ${examAttempts.passed}))[1]`,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(
      and(
        eq(exams.courseId, q.courseId),
        eq(examAttempts.teamId, q.teamId),
        eq(examAttempts.userId, q.userId),
        sql`${examAttempts.submittedAt} is not null`,
      ),
    );
  return row && row.passed !== null
    ? { passed: row.passed, bestScore: row.bestScore, bestPass: row.bestPass }
    : null;
}
