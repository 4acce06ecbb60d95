import { Routes } from '@studio/contract/constants';
import type { UserInfo, UserModify, UserPassword } from '@studio/contract';
import { saveUserKeepingToken } from '../../lib/session-store.ts';
import { call, callEnvelope } from '../../lib/call.ts';

/** POST /user/modify → UserInfo; stored without touching the token we hold. */
export const modifyUser = async (body: UserModify): Promise<UserInfo> => {
  const data = await call.post(Routes.user.modify, body);
  saveUserKeepingToken(data);
  return data;
};

export const changePassword = (body: UserPassword) => callEnvelope.post(Routes.user.password, body);
