import {
  API_BASE,
  Code,
  HTTP_STATUS_MESSAGES,
  messageKeyOf,
  HTTP_TIMEOUT_MS,
  SOURCE_HEADER,
  SUCCESS_CODES,
  TOKEN_HEADER,
  USER_INFO_STORAGE_KEY,
} from '@studio/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/fixtures.ts';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { resetNotices, setNoticeApi } from './notice.ts';
import type { AxiosRequestConfig } from 'axios';
import type { Envelope } from '@studio/contract';
import { api as files, http, unwrap } from './request.ts';
import { readStoredUser, writeStoredUser } from './storage.ts';

const mock = new MockAdapter(http);
/** The client's rules read on any address (the typed calls of call.ts are these, on the table's paths). */
const api = {
  get: (url: string, config?: AxiosRequestConfig) =>
    http.get<Envelope<unknown>>(url, config).then((r) => r.data),
  post: (url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.post<Envelope<unknown>>(url, body, config).then((r) => r.data),
  download: files.download,
};
/** A business code the contract's table does not have. */
const UNKNOWN_CODE = 29_999;
const notices = { error: vi.fn(), warning: vi.fn() };
const navigate = vi.fn();

const errorDescriptions = () => notices.error.mock.calls.map(([args]) => args.description as string);
const lastError = () => notices.error.mock.calls.at(-1)?.[0];

beforeEach(async () => {
  mock.reset();
  notices.error.mockReset();
  notices.warning.mockReset();
  navigate.mockReset();
  resetNotices();
  setNoticeApi(notices);
  setNavigator(navigate);
  window.history.replaceState({}, '', '/author');
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => setNavigator(null));

describe('request client: defaults and headers (seed §6, §7)', () => {
  it('uses the API base and the 30000 ms timeout', () => {
    expect(http.defaults.baseURL).toBe(API_BASE);
    expect(http.defaults.timeout).toBe(HTTP_TIMEOUT_MS);
  });

  it('sends x-request-tkToken from the stored userInfo and x-request-tkForm: pc on every request', async () => {
    writeStoredUser(user({ token: 'first' }));
    mock.onGet('/user/info').reply(200, { code: 200, msg: 'ok', data: null });
    mock.onPost('/team/change').reply(200, { code: 200, msg: 'ok', data: null });
    await api.get('/user/info');
    writeStoredUser(user({ token: 'second' }));
    await api.post('/team/change', { teamId: 1 });
    const [get, post] = [mock.history.get[0], mock.history.post[0]];
    expect(get?.headers?.[TOKEN_HEADER]).toBe('first');
    expect(get?.headers?.[SOURCE_HEADER]).toBe('pc');
    // Read per request: the token stored later is the one sent later.
    expect(post?.headers?.[TOKEN_HEADER]).toBe('second');
    expect(post?.headers?.[SOURCE_HEADER]).toBe('pc');
  });

  it('sends the source header even when nobody is logged in', async () => {
    mock.onGet('/user/info').reply(200, { code: 200, msg: 'ok', data: null });
    await api.get('/user/info');
    expect(mock.history.get[0]?.headers?.[SOURCE_HEADER]).toBe('pc');
    expect(mock.history.get[0]?.headers?.[TOKEN_HEADER]).toBe('');
  });
});

describe('request client: the envelope (seed §8)', () => {
  it.each(SUCCESS_CODES)('code %i resolves with the whole envelope and shows nothing', async (code) => {
    mock.onGet('/x').reply(200, { code, msg: '已发送', data: { a: 1 } });
    await expect(api.get('/x')).resolves.toEqual({ code, msg: '已发送', data: { a: 1 } });
    expect(notices.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('unwrap gives the data of a successful envelope, whatever its success code', async () => {
    mock.onGet('/x').reply(200, { code: 200, msg: 'ok', data: { list: [1, 2] } });
    mock.onPost('/y').reply(200, { code: Code.ALREADY_MEMBER, msg: '已在团队中', data: { teamId: 7 } });
    await expect(api.get('/x').then(unwrap)).resolves.toEqual({ list: [1, 2] });
    await expect(api.post('/y').then(unwrap)).resolves.toEqual({ teamId: 7 });
    expect(unwrap({ code: 200, msg: 'ok', data: null })).toBeNull();
  });

  it('code 401: notice 登录已过期，请重新登录, stored login cleared, sent to /login, call rejects', async () => {
    writeStoredUser(user());
    mock.onGet('/x').reply(200, { code: Code.UNAUTHORIZED, msg: 'expired', data: null });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 401 });
    expect(notices.warning).toHaveBeenCalledWith(
      expect.objectContaining({ title: '登录已过期，请重新登录' }),
    );
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/login/);
    expect(notices.error).not.toHaveBeenCalled();
  });

  it('HTTP 401 also counts as logged out', async () => {
    writeStoredUser(user());
    mock.onGet('/x').reply(401);
    await expect(api.get('/x')).rejects.toMatchObject({ code: 401 });
    expect(readStoredUser()).toBeNull();
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/login/);
  });

  it('does not navigate to /login when already there', async () => {
    window.history.replaceState({}, '', '/login');
    mock.onGet('/x').reply(200, { code: 401, msg: '', data: null });
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 541 sends the user to /selectTeam, without an error notice', async () => {
    writeStoredUser(user());
    mock.onGet('/x').reply(200, { code: Code.NO_TEAM, msg: '请先选择团队', data: null });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 541 });
    expect(navigate).toHaveBeenCalledWith('/selectTeam', undefined);
    expect(notices.error).not.toHaveBeenCalled();
    // The stale current team is forgotten.
    expect(readStoredUser()?.lastTeam).toBeNull();
  });

  it('code 541 does not navigate when already on /selectTeam', async () => {
    window.history.replaceState({}, '', '/selectTeam');
    mock.onGet('/x').reply(200, { code: Code.NO_TEAM, msg: '', data: null });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 541 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('any other code: notice 请求失败 with the server msg, and the call rejects with code and msg', async () => {
    mock.onPost('/team/create').reply(200, { code: 20001, msg: '团队不存在', data: null });
    const error = await api.post('/team/create', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 20001, msg: '团队不存在' });
    expect(lastError()).toMatchObject({ title: '请求失败', description: '团队不存在' });
  });

  it('any other code without a msg shows 未知服务器错误', async () => {
    mock.onGet('/x').reply(200, { code: 30001, msg: '', data: null });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 30001, msg: '未知服务器错误' });
    expect(lastError()).toMatchObject({ title: '请求失败', description: '未知服务器错误' });
  });

  it('an answer that is not an envelope is a failure with the 500 message', async () => {
    mock.onGet('/x').reply(200, '<html>proxy page</html>');
    await expect(api.get('/x')).rejects.toMatchObject({ code: 500 });
    expect(lastError()?.description).toBe('服务器错误');
  });

  it('`silent` calls reject without a notice', async () => {
    mock.onGet('/x').reply(200, { code: 20001, msg: 'nope', data: null });
    await expect(api.get('/x', { silent: true })).rejects.toMatchObject({ code: 20001 });
    expect(notices.error).not.toHaveBeenCalled();
  });
});

describe('request client: one error notice at a time (seed §4)', () => {
  it('suppresses further error notices until the open one is closed', async () => {
    // A code the contract does not know, so the notices show the server's msg as sent.
    expect(messageKeyOf(UNKNOWN_CODE)).toBeUndefined();
    mock.onGet('/a').reply(200, { code: UNKNOWN_CODE, msg: '第一条', data: null });
    mock.onGet('/b').reply(200, { code: UNKNOWN_CODE, msg: '第二条', data: null });
    mock.onGet('/c').reply(500);
    await api.get('/a').catch(() => undefined);
    await api.get('/b').catch(() => undefined);
    await api.get('/c').catch(() => undefined);
    expect(errorDescriptions()).toEqual(['第一条']);

    lastError()?.onClose?.();
    await api.get('/b').catch(() => undefined);
    expect(errorDescriptions()).toEqual(['第一条', '第二条']);
  });

  it('every suppressed call still rejects', async () => {
    mock.onGet('/a').reply(200, { code: 403, msg: 'x', data: null });
    await api.get('/a').catch(() => undefined);
    await expect(api.get('/a')).rejects.toMatchObject({ code: 403 });
  });
});

describe('request client: HTTP failures (seed §8)', () => {
  const statuses = Object.entries(HTTP_STATUS_MESSAGES)
    .map(([status, text]) => [Number(status), text] as const)
    .filter(([status]) => status !== 401);

  it.each(statuses)('HTTP %i shows %s', async (status, text) => {
    mock.onGet('/x').reply(status);
    await expect(api.get('/x')).rejects.toMatchObject({ status, msg: text });
    expect(lastError()).toMatchObject({ title: '请求失败', description: text });
  });

  it('any HTTP status that carries the envelope says what it says (413: too large, not 服务器错误)', async () => {
    mock.onPost('/lesson/save').reply(413, { code: 413, msg: '上传内容过大', data: null });
    await expect(api.post('/lesson/save', {})).rejects.toMatchObject({
      code: 413,
      status: 413,
      msg: '上传内容过大',
    });
    expect(lastError()).toMatchObject({ title: '请求失败', description: '上传内容过大' });
    mock.onPost('/lesson/save').reply(400, {
      code: Code.LESSON_CONTENT_TOO_LARGE,
      msg: '课时内容不能超过 512 KB',
      data: { kb: 512 },
    });
    await expect(api.post('/lesson/save', {})).rejects.toMatchObject({
      code: Code.LESSON_CONTENT_TOO_LARGE,
      status: 400,
      msg: '课时内容不能超过 512 KB',
    });
  });

  it('an envelope with an empty msg falls back to the status table', async () => {
    mock.onGet('/x').reply(429, { code: 429, msg: '', data: null });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 429, msg: '请求过于频繁，请稍后重试' });
  });

  it('HTTP 400 with an envelope shows its msg, which names the field', async () => {
    mock.onPost('/team/create').reply(400, { code: 400, msg: '团队名称 2–30 个字', data: null });
    await expect(api.post('/team/create', {})).rejects.toMatchObject({
      code: 400,
      msg: '团队名称 2–30 个字',
    });
    expect(lastError()?.description).toBe('团队名称 2–30 个字');
  });

  it('a status without a message shows the 500 message', async () => {
    mock.onGet('/x').reply(418);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 418, msg: '服务器错误' });
  });

  it('no response at all (network error) shows the 500 message', async () => {
    mock.onGet('/x').networkError();
    await expect(api.get('/x')).rejects.toMatchObject({ code: 500, msg: '服务器错误' });
    expect(lastError()?.description).toBe('服务器错误');
  });

  it('a timeout shows the 500 message', async () => {
    mock.onGet('/x').timeout();
    await expect(api.get('/x')).rejects.toMatchObject({ code: 500, msg: '服务器错误' });
  });

  it('an aborted call rejects without any notice', async () => {
    mock.onGet('/x').reply(200, { code: 200, msg: 'ok', data: null });
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/x', { signal: controller.signal })).rejects.toBeTruthy();
    expect(notices.error).not.toHaveBeenCalled();
  });

  it('notices follow the interface language', async () => {
    await i18n.changeLanguage('en-US');
    mock.onGet('/x').reply(503);
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(lastError()).toMatchObject({
      title: 'Request failed',
      description: 'Service unavailable, overloaded or under maintenance',
    });
  });
});

describe('request client: downloads (a CSV export)', () => {
  const json = (body: unknown) => new Blob([JSON.stringify(body)], { type: 'application/json' });

  it('resolves with the file, sending the token header', async () => {
    writeStoredUser(user({ token: 'tok-csv' }));
    const csv = new Blob(['\uFEFF成员,课程\r\n'], { type: 'text/csv' });
    mock.onGet('/report/csv').reply(200, csv, { 'content-type': 'text/csv; charset=utf-8' });
    const file = await api.download('/report/csv', { params: { status: 'completed' } });
    expect(file).toBe(csv);
    const sent = mock.history.get[0];
    expect(sent?.responseType).toBe('blob');
    expect(sent?.params).toEqual({ status: 'completed' });
    expect(sent?.headers?.[TOKEN_HEADER]).toBe('tok-csv');
    expect(notices.error).not.toHaveBeenCalled();
  });

  it('a failure answered as the envelope (an HTTP error) is read back: its code and message', async () => {
    mock.onGet('/report/csv').reply(403, json({ code: UNKNOWN_CODE, msg: '导出太频繁', data: null }));
    await expect(api.download('/report/csv')).rejects.toMatchObject({ code: UNKNOWN_CODE, status: 403 });
    expect(lastError()).toMatchObject({ title: '请求失败', description: '导出太频繁' });
  });

  it('a business code sent as HTTP 200 fails like any call; 401 still logs out', async () => {
    mock.onGet('/report/csv').replyOnce(200, json({ code: UNKNOWN_CODE, msg: '导出失败', data: null }));
    await expect(api.download('/report/csv', { silent: true })).rejects.toMatchObject({
      code: UNKNOWN_CODE,
      msg: '导出失败',
    });
    writeStoredUser(user());
    mock
      .onGet('/report/csv')
      .replyOnce(200, json({ code: Code.UNAUTHORIZED, msg: '登录已过期', data: null }));
    await expect(api.download('/report/csv')).rejects.toMatchObject({ code: Code.UNAUTHORIZED });
    expect(readStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalled();
  });
});

describe('request client: messages by code, in the interface language', () => {
  const inEnglish = async (run: () => Promise<void>) => {
    await i18n.changeLanguage('en-US');
    try {
      await run();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  };

  it('the English interface shows the English message of a code the contract knows, not the Chinese msg', () =>
    inEnglish(async () => {
      mock.onPost('/team/create').reply(200, { code: Code.TEAM_NOT_FOUND, msg: '团队不存在', data: null });
      await expect(api.post('/team/create', {})).rejects.toMatchObject({
        code: Code.TEAM_NOT_FOUND,
        msg: 'The team does not exist',
      });
      expect(lastError()).toMatchObject({
        title: 'Request failed',
        description: 'The team does not exist',
      });
    }));

  it("fills the code's params from the envelope's data, in either language", async () => {
    const locked = { code: Code.SMS_CODE_LOCKED, msg: '验证码错误次数过多，请 2 分钟后重新获取验证码' };
    mock.onPost('/auth/login/sms').reply(200, { ...locked, data: { waitSeconds: 90 } });
    await expect(api.post('/auth/login/sms', {})).rejects.toMatchObject({ msg: locked.msg });
    await inEnglish(async () => {
      await expect(api.post('/auth/login/sms', {})).rejects.toMatchObject({
        msg: 'Too many wrong codes. Request a new code in 2 minutes.',
      });
      mock.onPost('/lesson/create').reply(400, {
        code: Code.LESSONS_LIMIT,
        msg: '一门课程最多 200 个课时',
        data: { max: 200 },
      });
      await expect(api.post('/lesson/create', {})).rejects.toMatchObject({
        status: 400,
        msg: 'A course can have at most 200 lessons',
      });
    });
  });

  it("falls back to the server's msg: an unknown code, a param missing, a validation 400, a 500", () =>
    inEnglish(async () => {
      mock.onGet('/a').reply(200, { code: UNKNOWN_CODE, msg: '新的业务错误', data: null });
      await expect(api.get('/a', { silent: true })).rejects.toMatchObject({ msg: '新的业务错误' });
      mock.onGet('/b').reply(200, { code: Code.SMS_SEND_TOO_OFTEN, msg: '验证码发送过于频繁', data: null });
      await expect(api.get('/b', { silent: true })).rejects.toMatchObject({ msg: '验证码发送过于频繁' });
      mock.onGet('/c').reply(400, { code: 400, msg: 'phone: 请输入正确的 11 位手机号', data: null });
      await expect(api.get('/c', { silent: true })).rejects.toMatchObject({
        msg: 'phone: 请输入正确的 11 位手机号',
      });
      mock.onGet('/d').reply(500, { code: 500, msg: '服务器错误（请求编号 req-1）', data: null });
      await expect(api.get('/d', { silent: true })).rejects.toMatchObject({
        msg: '服务器错误（请求编号 req-1）',
      });
      // No msg at all: the seed's fallbacks, in the interface language.
      mock.onGet('/e').reply(200, { code: UNKNOWN_CODE, msg: '', data: null });
      await expect(api.get('/e', { silent: true })).rejects.toMatchObject({ msg: 'Unknown server error' });
    }));
});
