import { USER_INFO_STORAGE_KEY } from '@studio/contract/constants';
import type { TeamAbilities, UserInfo } from '@studio/contract';
import { setMemberCookie } from './cookies.ts';

const NO_TEAM_ABILITIES: TeamAbilities = {
  manage: false,
  modify: false,
  invite: false,
  inviteAdmin: false,
  leave: false,
  sales: false,
  coupons: false,
  access: false,
};

/**
 * The logged-in user (token included) lives in localStorage under `userInfo` (seed). Listeners let
 * the session store follow changes made outside React, e.g. the request client clearing it on 401.
 */
type Listener = (user: UserInfo | null) => void;
const listeners = new Set<Listener>();

export const onStoredUserChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const emit = (user: UserInfo | null): void => listeners.forEach((l) => l(user));

const isUserLike = (value: unknown): value is UserInfo =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { token?: unknown }).token === 'string' &&
  typeof (value as { userId?: unknown }).userId === 'number';

export const readStoredUser = (): UserInfo | null => {
  try {
    const raw = localStorage.getItem(USER_INFO_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    // Only what the client relies on to be logged in is checked: a stricter parse would log users
    // out whenever the server adds or renames a cosmetic field.
    if (!isUserLike(parsed)) return null;
    // Stored by a version before abilities were sent: nothing is allowed until the server says
    // (the team centre asks for the current team on entry; logging in or switching brings them).
    if (parsed.lastTeam && !parsed.lastTeam.abilities) parsed.lastTeam.abilities = NO_TEAM_ABILITIES;
    return parsed;
  } catch {
    return null;
  }
};

export const writeStoredUser = (user: UserInfo): void => {
  localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  setMemberCookie(true);
  emit(user);
};

export const clearStoredUser = (): void => {
  localStorage.removeItem(USER_INFO_STORAGE_KEY);
  setMemberCookie(false);
  emit(null);
};

/** Applies a change to the stored user, keeping everything else (the token above all). */
export const patchStoredUser = (patch: Partial<UserInfo>): void => {
  const current = readStoredUser();
  if (current) writeStoredUser({ ...current, ...patch });
};

export const readToken = (): string => readStoredUser()?.token ?? '';
