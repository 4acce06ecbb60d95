import { Routes, USER_INFO_STORAGE_KEY } from '@studio/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/fixtures.ts';
import { logout } from './logout.ts';
import { setNavigator } from './navigation.ts';
import { http } from './request.ts';
import { writeStoredUser } from './storage.ts';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  setNavigator(null);
});

describe('logout', () => {
  it('posts /auth/logout with the token, then clears all storage and goes to /login', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    writeStoredUser(user({ token: 'bye' }));
    sessionStorage.setItem('wechatLoginState', 's');
    document.cookie = 'sid=1; path=/';
    mock.onPost(Routes.auth.logout).reply(200, { code: 200, msg: 'ok', data: null });

    await logout();

    expect(mock.history.post[0]?.headers?.['x-request-tkToken']).toBe('bye');
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('still logs out locally when the server cannot be reached', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    writeStoredUser(user());
    mock.onPost(Routes.auth.logout).networkError();
    await logout();
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
