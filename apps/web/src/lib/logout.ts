import { Routes, WebPaths } from '@studio/contract/constants';
import { clearAllStorage } from './clear-storage.ts';
import { navigate } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { clearStoredUser } from './storage.ts';
import { callEnvelope } from './call.ts';

let leaving = false;

/** True while logout is on its way to /login, so guards do not race it with their own redirect. */
export const isLoggingOut = (): boolean => leaving;

/** Revoke the token on the server, forget everything in the browser, and go to /login. */
export const logout = async (): Promise<void> => {
  try {
    await callEnvelope.post(Routes.auth.logout, undefined, { silent: true, stayOnPage: true });
  } catch {
    // Leaving must always work, even offline or with a token the server already dropped.
  }
  leaving = true;
  try {
    clearAllStorage();
    clearStoredUser();
    queryClient.clear();
    await navigate(WebPaths.login, { replace: true });
  } finally {
    leaving = false;
  }
};
