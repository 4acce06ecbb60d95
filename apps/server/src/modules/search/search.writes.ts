/**
 * The store search's writes (schema/search.ts): a course's document and terms, a team's new name, the
 * outbox of courses to rebuild. Each runs in the caller's transaction (search.index.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeSearchDocs, storeSearchOutbox, storeSearchTerms } from '../../db/schema.ts';

/** A document as the index writes it; its `terms` column is the keys of the terms it is written with. */
export type DocRow = Omit<typeof storeSearchDocs.$inferInsert, 'terms'>;

/** Replaces a course's document and terms (the caller's transaction makes it one change). */
export async function writeDoc(db: Db, doc: DocRow, terms: Map<string, number>): Promise<void> {
  await deleteDoc(db, doc.courseId);
  await db.insert(storeSearchDocs).values({ ...doc, terms: [...terms.keys()] });
  const rows = [...terms].map(([term, bucket]) => ({
    term,
    courseId: doc.courseId,
    bucket,
    sales: doc.sales,
    releasedAt: doc.releasedAt,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(storeSearchTerms).values(rows.slice(i, i + 1000));
}

export async function deleteDoc(db: Db, courseId: number): Promise<void> {
  // Terms go with it (foreign key, on delete cascade).
  await db.delete(storeSearchDocs).where(eq(storeSearchDocs.courseId, courseId));
}

/** Built now, so a queued rebuild of the same course (a migration's, an operator's) is not needed. */
export async function unqueue(db: Db, courseId: number): Promise<void> {
  await db.delete(storeSearchOutbox).where(eq(storeSearchOutbox.courseId, courseId));
}

export async function renameTeam(db: Db, teamId: number, teamName: string, teamKey: string): Promise<void> {
  await db
    .update(storeSearchDocs)
    .set({ teamName, teamKey, grams: sql`studio_search_grams(${storeSearchDocs.body} || ' ' || ${teamKey})` })
    .where(eq(storeSearchDocs.teamId, teamId));
}

/**
 * A course's new sales count, copied into its document and terms (the sales order reads the terms):
 * one statement, one round trip in the transaction that counts the sale or the refund.
 */
export async function setSales(db: Db, courseId: number, sales: number): Promise<void> {
  await db.execute(
    sql`with doc as (
          update ${storeSearchDocs} set sales = ${sales} where course_id = ${courseId} and sales is distinct from ${sales})
        update ${storeSearchTerms} set sales = ${sales} where course_id = ${courseId} and sales is distinct from ${sales}`,
  );
}

/** Takes up to `n` queued course ids; the rows stay locked (and go) with the caller's transaction. */
export async function takeQueued(db: Db, n: number): Promise<number[]> {
  const rows = await db.execute<{ course_id: number }>(
    sql`delete from ${storeSearchOutbox} where course_id in (
          select course_id from ${storeSearchOutbox} order by course_id limit ${n} for update skip locked)
        returning course_id`,
  );
  return rows.rows.map((r) => r.course_id);
}
