import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { aiDocuments } from '../../../db/schema.ts';

export type AiDocumentRow = typeof aiDocuments.$inferSelect;

export async function insertDocument(db: Db, row: typeof aiDocuments.$inferInsert): Promise<AiDocumentRow> {
  const [created] = await db.insert(aiDocuments).values(row).returning();
  return created!;
}

/** The team's document, or undefined: another team's is "not found". */
export async function findTeamDocument(
  db: Db,
  teamId: number,
  documentId: number,
): Promise<AiDocumentRow | undefined> {
  return (
    await db
      .select()
      .from(aiDocuments)
      .where(and(eq(aiDocuments.id, documentId), eq(aiDocuments.teamId, teamId)))
  )[0];
}

/** The document a job names (the job is already the team's). */
export async function findDocument(db: Db, documentId: number): Promise<AiDocumentRow | undefined> {
  return (await db.select().from(aiDocuments).where(eq(aiDocuments.id, documentId)))[0];
}
