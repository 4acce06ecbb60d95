import { Routes } from '@studio/contract/constants';
import type { UserInfo, UserModify, UserPassword } from '@studio/contract';
import { api, unwrap } from '../../lib/request.ts';
import { saveUserKeepingToken } from '../auth/session-store.ts';

/** POST /user/modify → UserInfo; stored without touching the token we hold. */
export const modifyUser = async (body: UserModify): Promise<UserInfo> => {
  const data = await api.post<UserInfo>(Routes.user.modify, body).then(unwrap);
  saveUserKeepingToken(data);
  return data;
};

export const changePassword = (body: UserPassword) => api.post<null>(Routes.user.password, body);
