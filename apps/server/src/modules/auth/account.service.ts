/**
 * The signed-in account's own view and edits (/user/info, /user/modify, /user/password). They live in
 * auth because their answer is the session's UserInfo (token, last team) and a password change signs
 * the account's other sessions out; the user records themselves are the users module's.
 */
import { Code, type UserInfo } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { currentLastTeam, toLastTeam } from '../teams/index.ts';
import { toUserInfo, updateProfile, updateUser } from '../users/index.ts';
import { revokeOtherSessions } from './sessions.repo.ts';

const sessionOf = (actor: Actor) => ({ token: actor.token, expiresAt: actor.session.expiresAt });

export function userInfo(actor: Actor): UserInfo {
  // The last team's membership comes with the session (platform/auth.ts): no second query.
  return toUserInfo(actor.user, sessionOf(actor), actor.lastTeam ? toLastTeam(actor.lastTeam) : null);
}

export async function modifyUser(
  ctx: AppContext,
  actor: Actor,
  patch: { nickName?: string; headImage?: string },
): Promise<UserInfo> {
  const user = await updateProfile(ctx, actor.user.id, patch);
  return toUserInfo(user, sessionOf(actor), await currentLastTeam(ctx.db, user));
}

/** Sets or changes the password; other sessions of the account are signed out. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  oldPassword: string | undefined,
  newPassword: string,
): Promise<void> {
  const { passwordHash } = actor.user;
  if (passwordHash) {
    if (!oldPassword) throw invalidInput('oldPassword', 'oldPasswordRequired');
    if (!(await verifyPassword(passwordHash, oldPassword))) throw new AppError(Code.OLD_PASSWORD_WRONG);
  }
  await updateUser(ctx.db, actor.user.id, { passwordHash: await hashPassword(newPassword) });
  await revokeOtherSessions(ctx.db, actor.user.id, actor.session.id);
}
