import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema.ts';

export type SmsPurpose = 'login' | 'bind';

export async function insertCode(
  db: Db,
  row: { phone: string; purpose: SmsPurpose; codeHash: string; salt: string; expiresAt: Date },
): Promise<number> {
  // A new code replaces any older one of the same phone and purpose.
  await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(eq(smsCodes.phone, row.phone), eq(smsCodes.purpose, row.purpose), isNull(smsCodes.consumedAt)),
    );
  const [inserted] = await db.insert(smsCodes).values(row).returning({ id: smsCodes.id });
  return inserted!.id;
}

export async function findLiveCode(db: Db, phone: string, purpose: SmsPurpose) {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return rows[0];
}

/** Counts one wrong try atomically and answers the new count. */
export async function countWrongTry(db: Db, id: number): Promise<number> {
  const rows = await db
    .update(smsCodes)
    .set({ tries: sql`${smsCodes.tries} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ tries: smsCodes.tries });
  return rows[0]?.tries ?? Number.MAX_SAFE_INTEGER;
}

/** Uses a code once (or voids one that was never sent): false when another request used it first. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}
