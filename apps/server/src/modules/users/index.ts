/**
 * The users module's face: the only file other modules import from modules/users. Auth finds and
 * creates users by phone or WeChat; teams and AI read a user; the store pays as a user's 公众号 openid.
 */
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
  maskPhone,
  nickNamesOf,
  profilesOf,
  mpOpenIdOf,
  setLastTeamIfNone,
  toUserInfo,
  updateProfile,
  updateUser,
} from './users.service.ts';
