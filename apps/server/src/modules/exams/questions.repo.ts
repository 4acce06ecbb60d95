/** `exam_questions`: the only place with its queries. Every query is scoped by its owner (a team's bank, or a course's). */
import type { Difficulty, QuestionType } from '@studio/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examQuestions, type ExamQuestionRow } from '../../db/schema.ts';
import type { ExamOwner } from './owner.ts';

export type NewQuestion = Pick<
  ExamQuestionRow,
  'type' | 'stem' | 'options' | 'answer' | 'explanation' | 'tags' | 'difficulty'
>;
export type QuestionFilter = { type?: QuestionType; difficulty?: Difficulty; tag?: string; keyword?: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The owner's questions: a team's bank never holds its courses' questions, nor a course another's. */
const ownedBy = (o: ExamOwner): SQL =>
  and(
    eq(examQuestions.teamId, o.teamId),
    o.courseId === null ? isNull(examQuestions.courseId) : eq(examQuestions.courseId, o.courseId),
  )!;

function filterOf(owner: ExamOwner, f: QuestionFilter): SQL {
  const where: SQL[] = [ownedBy(owner)];
  if (f.type) where.push(eq(examQuestions.type, f.type));
  if (f.difficulty) where.push(eq(examQuestions.difficulty, f.difficulty));
  if (f.tag) where.push(sql`${examQuestions.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.keyword) where.push(ilike(examQuestions.stem, `%${escapeLike(f.keyword)}%`));
  return and(...where)!;
}

export async function listQuestions(
  db: Db,
  owner: ExamOwner,
  f: QuestionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ExamQuestionRow[]; total: number }> {
  const where = filterOf(owner, f);
  const rows = await db
    .select()
    .from(examQuestions)
    .where(where)
    .orderBy(desc(examQuestions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(examQuestions).where(where);
  return { rows, total: total!.n };
}

/** The bank's questions matching a filter, oldest first (the export, the rules' draws). */
export async function questionsWhere(
  db: Db,
  owner: ExamOwner,
  f: QuestionFilter,
): Promise<ExamQuestionRow[]> {
  return db.select().from(examQuestions).where(filterOf(owner, f)).orderBy(asc(examQuestions.id));
}

export async function questionsByIds(db: Db, owner: ExamOwner, ids: number[]): Promise<ExamQuestionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(examQuestions)
    .where(and(ownedBy(owner), inArray(examQuestions.id, ids)));
}

export async function ownerTags(db: Db, owner: ExamOwner): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(
    sql`select distinct jsonb_array_elements_text(${examQuestions.tags}) as tag from ${examQuestions}
        where ${ownedBy(owner)} order by tag limit 500`,
  );
  return rows.rows.map((r) => r.tag);
}

export async function insertQuestions(
  db: Db,
  owner: ExamOwner,
  createdBy: number,
  rows: NewQuestion[],
): Promise<ExamQuestionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(examQuestions)
    .values(rows.map((r) => ({ ...r, ...owner, createdBy })))
    .returning();
}

export async function updateQuestion(
  db: Db,
  owner: ExamOwner,
  id: number,
  row: NewQuestion,
): Promise<ExamQuestionRow | undefined> {
  const [updated] = await db
    .update(examQuestions)
    .set({ ...row, updatedAt: sql`now()` })
    .where(and(ownedBy(owner), eq(examQuestions.id, id)))
    .returning();
  return updated;
}

export async function deleteQuestion(db: Db, owner: ExamOwner, id: number): Promise<boolean> {
  const gone = await db
    .delete(examQuestions)
    .where(and(ownedBy(owner), eq(examQuestions.id, id)))
    .returning({ id: examQuestions.id });
  return gone.length > 0;
}
