import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
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

/** A 公众号 authorisation state (mp_login: bound to a browser; mp_base: bound to a user). */
export async function insertMpState(
  db: Db,
  row: { state: string; kind: 'mp_login' | 'mp_base'; expiresAt: Date } & (
    { browserHash: string } | { userId: number; nextPath: string }
  ),
): Promise<void> {
  await db.insert(wechatStates).values(row);
}

/**
 * Spends a live, unused state of this kind and records the code's hash; 'used-code' when that code
 * was spent already (the unique index), 'gone' when the state is unknown, used or expired.
 */
export async function consumeMpState(
  db: Db,
  state: string,
  kind: 'mp_login' | 'mp_base',
  codeHash: string,
): Promise<'ok' | 'gone' | 'used-code'> {
  try {
    const rows = await db
      .update(wechatStates)
      .set({ usedAt: new Date(), codeHash })
      .where(
        and(
          eq(wechatStates.state, state),
          eq(wechatStates.kind, kind),
          isNull(wechatStates.usedAt),
          gt(wechatStates.expiresAt, new Date()),
        ),
      )
      .returning({ state: wechatStates.state });
    return rows.length === 1 ? 'ok' : 'gone';
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } } | null;
    if (e?.code === '23505' || e?.cause?.code === '23505') return 'used-code';
    throw err;
  }
}

export async function recordSimulatedMpLogin(
  db: Db,
  state: string,
  code: string,
  sim: { openId: string; unionId: string; nickName: string },
): Promise<void> {
  await db
    .update(wechatStates)
    .set({ simCode: code, simOpenId: sim.openId, simUnionId: sim.unionId, simNickName: sim.nickName })
    .where(eq(wechatStates.state, state));
}

export async function findSimulatedMpLogin(db: Db, code: string) {
  const rows = await db
    .select()
    .from(wechatStates)
    .where(and(eq(wechatStates.simCode, code), inArray(wechatStates.kind, ['mp_login', 'mp_base'])));
  const row = rows[0];
  if (!row?.simOpenId) return undefined;
  return {
    openId: row.simOpenId,
    unionId: row.simUnionId,
    nickName: row.simNickName ?? '微信用户',
    scope: row.kind === 'mp_login' ? ('snsapi_userinfo' as const) : ('snsapi_base' as const),
  };
}
