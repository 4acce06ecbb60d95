/**
 * What the users module offers other modules: the account records (auth signs people in and binds
 * phones, teams set a user's current team) and how a user is shown. Other modules call these, never
 * users.repo.ts (eslint: modules meet through a service).
 */
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalidInput } from '../../platform/errors.ts';
import { isOwnFileUrl } from '../files/index.ts';
import { findUserById, updateUser } from './users.repo.ts';

export {
  deleteUser,
  findUserById,
  findUserByMpOpenId,
  findUserByOpenId,
  findUserByPhone,
  findUserByUnionId,
  insertMpUser,
  insertUserByPhone,
  insertWechatUser,
  nickNamesOf,
  profilesOf,
  setLastTeamIfNone,
  updateUser,
} from './users.repo.ts';
export { maskPhone, toUserInfo } from './user-info.presenter.ts';

/**
 * The user's openid under the 公众号 (recorded by 网页授权: the 公众号 login or the silent
 * snsapi_base at POST /api/auth/wechat/mp/base), for WeChat Pay JSAPI; null when none is recorded.
 */
export async function mpOpenIdOf(ctx: AppContext, userId: number): Promise<string | null> {
  return (await findUserById(ctx.db, userId))?.wechatMpOpenId ?? null;
}

/** Edits the nickname or avatar; an avatar must be one of this server's uploads. */
export async function updateProfile(
  ctx: AppContext,
  userId: number,
  patch: { nickName?: string; headImage?: string },
): Promise<UserRow> {
  if (patch.headImage !== undefined && !isOwnFileUrl(ctx.config, patch.headImage)) {
    throw invalidInput('headImage', 'uploadedImageOnly');
  }
  return updateUser(ctx.db, userId, patch);
}
