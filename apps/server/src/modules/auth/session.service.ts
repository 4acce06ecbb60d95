import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { UserInfo } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import type { UserRow } from '../../db/schema.ts';
import { currentLastTeam } from '../teams/index.ts';
import { toUserInfo } from '../users/index.ts';
import { insertSession } from './sessions.repo.ts';

/** Starts a session: a random token handed out once, only its hash stored. */
export async function startSession(ctx: AppContext, user: UserRow): Promise<UserInfo> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ctx.config.TOKEN_TTL_HOURS * 3_600_000);
  await insertSession(ctx.db, user.id, sha256(token), expiresAt);
  return toUserInfo(user, { token, expiresAt }, await currentLastTeam(ctx.db, user));
}

/** Which of these sessions are still live (not revoked, not expired): one query for every open socket. */
export async function liveSessionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(inArray(sessions.id, [...ids]), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    );
  return new Set(rows.map((r) => r.id));
}
