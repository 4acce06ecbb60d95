/** `exams`: the only place with its queries. Every query is scoped by team; "closed" is the database's clock. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examAttempts, exams, type ExamRow } from '../../db/schema.ts';

export type NewExam = Omit<ExamRow, 'id' | 'teamId' | 'createdBy' | 'createdAt'>;
export type ExamWithState = { exam: ExamRow; closed: boolean };

const closed = sql<boolean>`(${exams.closesAt} is not null and ${exams.closesAt} <= now())`;

export async function insertExam(db: Db, teamId: number, createdBy: number, row: NewExam): Promise<ExamRow> {
  const [inserted] = await db
    .insert(exams)
    .values({ ...row, teamId, createdBy })
    .returning();
  return inserted!;
}

export async function updateExam(db: Db, teamId: number, id: number, row: NewExam): Promise<boolean> {
  const done = await db
    .update(exams)
    .set(row)
    .where(and(eq(exams.teamId, teamId), eq(exams.id, id)))
    .returning({ id: exams.id });
  return done.length > 0;
}

/** Closes now by the database's clock (an earlier close time stays). */
export async function closeExam(db: Db, teamId: number, id: number): Promise<boolean> {
  const done = await db
    .update(exams)
    .set({ closesAt: sql`least(coalesce(${exams.closesAt}, now()), now())` })
    .where(and(eq(exams.teamId, teamId), eq(exams.id, id)))
    .returning({ id: exams.id });
  return done.length > 0;
}

export async function deleteExam(db: Db, teamId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(exams)
    .where(and(eq(exams.teamId, teamId), eq(exams.id, id)))
    .returning({ id: exams.id });
  return gone.length > 0;
}

export async function findExam(db: Db, teamId: number, id: number): Promise<ExamWithState | undefined> {
  const [row] = await db
    .select({ exam: exams, closed })
    .from(exams)
    .where(and(eq(exams.teamId, teamId), eq(exams.id, id)));
  return row;
}

/** The team's exams, newest first, with how many attempts were handed in and how many passed. */
export async function listExams(
  db: Db,
  teamId: number,
): Promise<(ExamWithState & { attemptCount: number; passedCount: number })[]> {
  return db
    .select({
      exam: exams,
      closed,
      attemptCount: sql<number>`(select count(*)::int from ${examAttempts} a
        where a.exam_id = ${exams.id} and a.submitted_at is not null)`,
      passedCount: sql<number>`(select count(distinct a.user_id)::int from ${examAttempts} a
        where a.exam_id = ${exams.id} and a.passed)`,
    })
    .from(exams)
    .where(eq(exams.teamId, teamId))
    .orderBy(desc(exams.id));
}
