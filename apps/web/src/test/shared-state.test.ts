/**
 * The test files of a worker share its modules and window (vite.config.ts, `isolate: false`):
 * `resetSharedState`, run after each file by setup.ts, leaves none of what a file changed there.
 */
import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTeams } from '../features/teams/team-store.ts';
import { dayjs, setDayjsLanguage } from '../lib/dayjs.ts';
import { i18n } from '../lib/i18n/index.ts';
import { navigate, setNavigator } from '../lib/navigation.ts';
import { setNoticeApi, showErrorNotice, showSessionNotice } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';
import { http } from '../lib/request.ts';
import { useSession } from '../lib/session-store.ts';
import { user } from './fixtures.ts';
import { resetSharedState } from './shared-state.ts';

const notices = () => ({ error: vi.fn(), warning: vi.fn() });

afterEach(() => {
  setNoticeApi(null);
  vi.unstubAllGlobals();
});

describe('what one test file leaves for the next', () => {
  it('the request client answers through the network again, not the file’s mock', async () => {
    new MockAdapter(http);
    await resetSharedState();
    expect(http.defaults.adapter).toBe(axios.defaults.adapter);
  });

  it('the query cache, the session and the team list are as a fresh start has them', async () => {
    queryClient.setQueryData(['course', 1], { title: '旧课程' });
    useSession.setState({ status: 'ready', user: user() });
    useTeams.setState({ loaded: true, loading: true, failed: true });
    await resetSharedState();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(useSession.getState()).toEqual({ status: 'loading', user: null });
    expect(useTeams.getState()).toEqual({ list: [], loading: false, loaded: false, failed: false });
  });

  it('an error notice left open does not silence the next file’s, nor is its notice API kept', async () => {
    const left = notices();
    setNoticeApi(left);
    expect(showErrorNotice('请求失败', '一')).toBe(true);
    expect(showSessionNotice('登录已过期')).toBe(true);
    await resetSharedState();
    expect(showErrorNotice('请求失败', '二')).toBe(false);
    expect(left.error).toHaveBeenCalledTimes(1);
    const next = notices();
    setNoticeApi(next);
    expect(showErrorNotice('请求失败', '三')).toBe(true);
    expect(showSessionNotice('登录已过期')).toBe(true);
  });

  it('navigating no longer goes through the file’s router', async () => {
    const router = vi.fn();
    setNavigator(router);
    await resetSharedState();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    void navigate('/login');
    expect(router).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('the interface speaks Chinese again, and dayjs its own default', async () => {
    await i18n.changeLanguage('en-US');
    document.documentElement.lang = 'en-US';
    setDayjsLanguage('zh-CN');
    await resetSharedState();
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('en');
  });

  it('the page: cookies, title, body and address', async () => {
    document.cookie = 'lang=en-US; path=/';
    document.cookie = 'studio_member=1; path=/';
    document.title = '课程';
    document.body.innerHTML = '<div class="ant-modal-root">留下的对话框</div>';
    document.body.style.overflow = 'hidden';
    document.body.className = 'ant-scrolling-effect';
    window.history.replaceState(null, '', '/personal/team?tab=members');
    await resetSharedState();
    expect(document.cookie).toBe('');
    expect(document.title).toBe('');
    expect(document.body.outerHTML).toBe('<body></body>');
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it('what a file spied on answers as before', async () => {
    const print = window.print;
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await resetSharedState();
    expect(window.print).toBe(print);
    expect(vi.isMockFunction(HTMLAnchorElement.prototype.click)).toBe(false);
  });

  it('real timers and the globals as they were', async () => {
    const fetch = globalThis.fetch;
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn());
    await resetSharedState();
    expect(vi.isFakeTimers()).toBe(false);
    expect(globalThis.fetch).toBe(fetch);
  });
});
