import type { LastTeam, UserInfo } from '@studio/contract';
import type { UserRow } from '../../db/schema.ts';

/** 13812345678 → 138****5678: the full number never leaves the server. */
export const maskPhone = (phone: string | null): string =>
  phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '';

export const toUserInfo = (
  user: UserRow,
  session: { token: string; expiresAt: Date },
  lastTeam: LastTeam | null,
): UserInfo => ({
  userId: user.id,
  nickName: user.nickName,
  headImage: user.headImage,
  phone: maskPhone(user.phone),
  createTime: user.createdAt.getTime(),
  register: user.phone !== null,
  token: session.token,
  tokenExpTime: session.expiresAt.getTime(),
  lastTeam,
  hasPassword: user.passwordHash !== null,
});
