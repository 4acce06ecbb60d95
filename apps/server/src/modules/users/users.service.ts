/**
 * What the users module offers other modules: the account records (auth signs people in and binds
 * phones, teams set a user's current team) and how a user is shown. Other modules call these, never
 * users.repo.ts (eslint: modules meet through a service).
 */
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalidInput } from '../../platform/errors.ts';
import { isOwnFileUrl } from '../files/files.service.ts';
import { updateUser } from './users.repo.ts';

export {
  deleteUser,
  findUserById,
  findUserByOpenId,
  findUserByPhone,
  insertUserByPhone,
  insertWechatUser,
  setLastTeamIfNone,
  updateUser,
} from './users.repo.ts';
export { maskPhone, toUserInfo } from './user-info.presenter.ts';

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
