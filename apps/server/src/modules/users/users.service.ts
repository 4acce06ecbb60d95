import { Code, type UserInfo, VALIDATION_MESSAGES } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { revokeOtherSessions } from '../auth/sessions.repo.ts';
import { isOwnFileUrl } from '../files/file-urls.ts';
import { currentLastTeam } from '../teams/last-team.ts';
import { toLastTeam } from '../teams/team.presenter.ts';
import { toUserInfo } from './user-info.presenter.ts';
import { updateUser } from './users.repo.ts';

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
  if (patch.headImage !== undefined && !isOwnFileUrl(ctx.config, patch.headImage)) {
    throw invalidInput('headImage', VALIDATION_MESSAGES.uploadedImageOnly);
  }
  const user = await updateUser(ctx.db, actor.user.id, patch);
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
    if (!oldPassword) throw invalidInput('oldPassword', VALIDATION_MESSAGES.oldPasswordRequired);
    if (!(await verifyPassword(passwordHash, oldPassword))) throw new AppError(Code.OLD_PASSWORD_WRONG);
  }
  await updateUser(ctx.db, actor.user.id, { passwordHash: await hashPassword(newPassword) });
  await revokeOtherSessions(ctx.db, actor.user.id, actor.session.id);
}
