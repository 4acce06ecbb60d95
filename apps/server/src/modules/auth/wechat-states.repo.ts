import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wechatStates } from '../../db/schema.ts';

export async function insertState(db: Db, state: string, expiresAt: Date): Promise<void> {
  await db.insert(wechatStates).values({ state, expiresAt });
}

/** Marks a live, unused state used; false when it is unknown, expired or used already (single use). */
export async function consumeState(db: Db, state: string): Promise<boolean> {
  const rows = await db
    .update(wechatStates)
    .set({ usedAt: new Date() })
    .where(
      and(eq(wechatStates.state, state), isNull(wechatStates.usedAt), gt(wechatStates.expiresAt, new Date())),
    )
    .returning({ state: wechatStates.state });
  return rows.length === 1;
}

export async function isLiveState(db: Db, state: string): Promise<boolean> {
  const rows = await db
    .select({ state: wechatStates.state })
    .from(wechatStates)
    .where(
      and(eq(wechatStates.state, state), isNull(wechatStates.usedAt), gt(wechatStates.expiresAt, new Date())),
    );
  return rows.length === 1;
}

export async function recordSimulatedLogin(
  db: Db,
  state: string,
  code: string,
  openId: string,
  nickName: string,
): Promise<void> {
  await db
    .update(wechatStates)
    .set({ simCode: code, simOpenId: openId, simNickName: nickName })
    .where(eq(wechatStates.state, state));
}

export async function findSimulatedLogin(
  db: Db,
  state: string,
  code: string,
): Promise<{ openId: string; nickName: string } | undefined> {
  const rows = await db
    .select({ openId: wechatStates.simOpenId, nickName: wechatStates.simNickName })
    .from(wechatStates)
    .where(and(eq(wechatStates.state, state), eq(wechatStates.simCode, code)));
  const row = rows[0];
  return row?.openId ? { openId: row.openId, nickName: row.nickName ?? '微信用户' } : undefined;
}

/** A state as it is now (expiry, use, what the simulated phone confirmed), or undefined. */
export async function findState(db: Db, state: string) {
  const rows = await db.select().from(wechatStates).where(eq(wechatStates.state, state));
  return rows[0];
}
