/**
 * `exams`: the only place with its queries. Every query is scoped by its owner (a team, or a course
 * of the team); a course's released copies are read by release. "Closed" is the database's clock.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examAttempts, exams, type ExamRow } from '../../db/schema.ts';
import type { ExamOwner } from './owner.ts';

export type NewExam = Omit<
  ExamRow,
  'id' | 'teamId' | 'courseId' | 'releaseId' | 'bank' | 'createdBy' | 'createdAt'
>;
export type ExamWithState = { exam: ExamRow; closed: boolean };

const closed = sql<boolean>`(${exams.closesAt} is not null and ${exams.closesAt} <= now())`;

/** The owner's exams as its managers edit them: a team's own, or a course's draft (never a released copy). */
const ownedBy = (o: ExamOwner): SQL =>
  and(
    eq(exams.teamId, o.teamId),
    o.courseId === null ? isNull(exams.courseId) : eq(exams.courseId, o.courseId),
    isNull(exams.releaseId),
  )!;

export async function insertExam(
  db: Db,
  owner: ExamOwner,
  createdBy: number,
  row: NewExam,
): Promise<ExamRow> {
  const [inserted] = await db
    .insert(exams)
    .values({ ...row, ...owner, createdBy })
    .returning();
  return inserted!;
}

export async function updateExam(db: Db, owner: ExamOwner, id: number, row: NewExam): Promise<boolean> {
  const done = await db
    .update(exams)
    .set(row)
    .where(and(ownedBy(owner), eq(exams.id, id)))
    .returning({ id: exams.id });
  return done.length > 0;
}

/** Closes now by the database's clock (an earlier close time stays). */
export async function closeExam(db: Db, owner: ExamOwner, id: number): Promise<boolean> {
  const done = await db
    .update(exams)
    .set({ closesAt: sql`least(coalesce(${exams.closesAt}, now()), now())` })
    .where(and(ownedBy(owner), eq(exams.id, id)))
    .returning({ id: exams.id });
  return done.length > 0;
}

export async function deleteExam(db: Db, owner: ExamOwner, id: number): Promise<boolean> {
  const gone = await db
    .delete(exams)
    .where(and(ownedBy(owner), eq(exams.id, id)))
    .returning({ id: exams.id });
  return gone.length > 0;
}

export async function findExam(db: Db, owner: ExamOwner, id: number): Promise<ExamWithState | undefined> {
  const [row] = await db
    .select({ exam: exams, closed })
    .from(exams)
    .where(and(ownedBy(owner), eq(exams.id, id)));
  return row;
}

/** A course's draft exam (what its next release copies), if it has one. */
export async function findCourseDraft(db: Db, courseId: number): Promise<ExamWithState | undefined> {
  const [row] = await db
    .select({ exam: exams, closed })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), isNull(exams.releaseId)));
  return row;
}

/** The copy a course release made of its exam, if the course had one then. */
export async function findReleasedExam(db: Db, releaseId: number): Promise<ExamWithState | undefined> {
  const [row] = await db.select({ exam: exams, closed }).from(exams).where(eq(exams.releaseId, releaseId));
  return row;
}

/** Stores a release's copy of an exam (its settings, and in `bank` the questions it draws from). */
export async function insertReleasedExam(db: Db, row: Omit<ExamRow, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(exams).values(row);
}

/** The team's own exams, newest first, with how many attempts were handed in and how many passed. */
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
    .where(ownedBy({ teamId, courseId: null }))
    .orderBy(desc(exams.id));
}
