import { Routes, WebPaths } from '@studio/contract/constants';
import type { LastTeam, UserInfo } from '@studio/contract';
import { create } from 'zustand';
import { onStoredUserChange, patchStoredUser, readStoredUser, writeStoredUser } from './storage.ts';
import { call } from './call.ts';

/**
 * The session as React sees it. localStorage `userInfo` stays the source of truth (the request
 * client reads the token from it and clears it on 401); this store mirrors it for rendering.
 */
interface SessionState {
  /** 'loading' until the stored user has been checked with the server once (seed §2). */
  status: 'loading' | 'ready';
  user: UserInfo | null;
}

export const useSession = create<SessionState>(() => ({ status: 'loading', user: readStoredUser() }));

onStoredUserChange((user) => useSession.setState({ user }));

/** After a login: the answer carries the new token. */
export const saveUser = (user: UserInfo): void => writeStoredUser(user);

/** After a refresh or a profile edit: keep the token we hold, whatever the answer carries. */
export const saveUserKeepingToken = (fresh: UserInfo): void => {
  const current = readStoredUser();
  if (!current) {
    writeStoredUser(fresh);
    return;
  }
  const sameToken = fresh.token === current.token;
  writeStoredUser({
    ...fresh,
    token: current.token,
    tokenExpTime: sameToken ? fresh.tokenExpTime : current.tokenExpTime,
    // Said only by the sign-up answer: the session that signed up keeps greeting as new.
    ...(current.newUser || fresh.newUser ? { newUser: true } : {}),
  });
};

export const saveLastTeam = (lastTeam: LastTeam | null): void => patchStoredUser({ lastTeam });

export const fetchUserInfo = (quiet = false): Promise<UserInfo> =>
  call.get(Routes.user.info, undefined, quiet ? { silent: true, stayOnPage: true } : undefined);

/** Pages a visitor may see without logging in; a stale token there must not send them away. */
export const isPublicPath = (path: string): boolean =>
  path === WebPaths.login ||
  path === WebPaths.wxAuth ||
  path.startsWith(WebPaths.share('')) ||
  path.startsWith(WebPaths.wxPreview('')) ||
  path === WebPaths.storeList ||
  path.startsWith(WebPaths.storePreview('')) ||
  path.endsWith('/iframe/preview');

/**
 * Seed §2: while this runs the app shows only the loading placeholder. A stored token is checked
 * once with GET /user/info; a 401 clears it (request client), other failures keep the stored user.
 */
export const bootstrapSession = async (path: string): Promise<void> => {
  const stored = readStoredUser();
  // /loading asks the server itself right away; asking twice would only cost a round trip.
  if (stored?.token && path !== WebPaths.loading) {
    try {
      saveUserKeepingToken(await fetchUserInfo(isPublicPath(path)));
    } catch {
      // Offline or a server hiccup: keep working with what is stored.
    }
  }
  useSession.setState({ status: 'ready' });
};
