import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';

export type NewUser = typeof users.$inferInsert;

/** Name and avatar of these users (by id; a user gone is absent): other modules' "by whom" columns. */
export async function profilesOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { nickName: string; headImage: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickName: users.nickName, headImage: users.headImage })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...profile }) => [id, profile]));
}

/** The nicknames of these users (by id; a user gone is absent). */
export async function nickNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map([...(await profilesOf(db, ids))].map(([id, p]) => [id, p.nickName]));
}

export const findUserById = async (db: Db, id: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

export const findUserByPhone = async (db: Db, phone: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.phone, phone)))[0];

export const findUserByOpenId = async (db: Db, openId: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.wechatOpenId, openId)))[0];

export const findUserByMpOpenId = async (db: Db, openId: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.wechatMpOpenId, openId)))[0];

export const findUserByUnionId = async (db: Db, unionId: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.wechatUnionId, unionId)))[0];

/** A new user from the 公众号 (no phone yet); two first logins racing make one account. */
export async function insertMpUser(db: Db, user: NewUser & { wechatMpOpenId: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row ?? (await findUserByMpOpenId(db, user.wechatMpOpenId))!;
}

/** Inserts unless the phone exists already (two first logins racing make one account). */
export async function insertUserByPhone(db: Db, user: NewUser & { phone: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row ?? (await findUserByPhone(db, user.phone))!;
}

export async function insertWechatUser(db: Db, user: NewUser & { wechatOpenId: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row ?? (await findUserByOpenId(db, user.wechatOpenId))!;
}

export async function updateUser(db: Db, id: number, patch: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row!;
}

/** Makes a team the user's current one when they have none (a join request approved while away). */
export async function setLastTeamIfNone(db: Db, id: number, teamId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastTeamId: teamId })
    .where(and(eq(users.id, id), isNull(users.lastTeamId)));
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
