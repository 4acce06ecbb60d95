import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Code,
  HTTP_STATUS_MESSAGES,
  HTTP_TIMEOUT_MS,
  isSuccessCode,
  PLATFORM_CODE,
  ROUTE_CHUNK_TIMEOUT_MS,
  Routes,
  smsSendBody,
  SOURCE_HEADER,
  TOKEN_HEADER,
  userPasswordBody,
} from './index.ts';
import { smsLockedMessage, waitText } from './messages.ts';

describe('seed constants', () => {
  it('keeps the seed values', () => {
    expect(HTTP_TIMEOUT_MS).toBe(30000);
    expect(ROUTE_CHUNK_TIMEOUT_MS).toBe(120000);
    expect(PLATFORM_CODE).toBe('pc');
    expect(TOKEN_HEADER).toBe('x-request-tkToken');
    expect(SOURCE_HEADER).toBe('x-request-tkForm');
  });

  it('treats exactly 200, 20014, 10005 and 20018 as success', () => {
    for (const c of [200, 20014, 10005, 20018]) expect(isSuccessCode(c)).toBe(true);
    for (const c of [401, 541, 400, 403, 404, 409, 542, 10001, 20004]) expect(isSuccessCode(c)).toBe(false);
    expect(Code.NO_TEAM).toBe(541);
  });

  it('has every HTTP status message of the seed in Chinese', () => {
    expect(HTTP_STATUS_MESSAGES).toEqual({
      400: '请求参数错误',
      401: '账号未登录',
      403: '没有权限进行该操作',
      404: '请求的资源不存在',
      405: '请求方法错误',
      423: '请求失败，请稍后重试',
      429: '请求过于频繁，请稍后重试',
      500: '服务器错误',
      502: '网关错误',
      503: '服务不可用，服务器暂时过载或维护',
      504: '网关超时',
      900: '重复请求，请稍后重试',
    });
  });

  it('spells the team paths as the seed does', () => {
    expect(Routes.team.userSearchNon).toBe('/team/user/search/non');
    expect(Routes.team.userInviteJoin).toBe('/team/user/invite/join');
    expect(Routes.team.ownerChange).toBe('/team/owner/change');
  });
});

describe('schemas', () => {
  it('answer in Chinese and name the rule', () => {
    const phone = smsSendBody.safeParse({ phone: '123', purpose: 'login' });
    expect(phone.success).toBe(false);
    expect(phone.error?.issues[0]?.message).toBe('请输入正确的 11 位手机号');
    const pw = userPasswordBody.safeParse({ newPassword: 'abcdefgh' });
    expect(pw.error?.issues.map((i) => i.message)).toContain('密码需包含数字');
    const purpose = smsSendBody.safeParse({ phone: '13800000000', purpose: 'x' });
    expect(purpose.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('@studio/contract/constants', () => {
  it('holds the same values as the package root', async () => {
    const plain = await import('./plain.ts');
    const root = (await import('./index.ts')) as Record<string, unknown>;
    expect(Object.keys(plain).length).toBeGreaterThan(20);
    for (const [name, value] of Object.entries(plain)) expect(root[name], name).toBe(value);
  });

  it('imports no zod and no schema, however deep', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/from 'zod'|import\('zod'\)/);
      // Type-only imports are erased; every other relative import and re-export is followed.
      for (const [, spec] of source.matchAll(/^(?:import|export) (?!type )[^;]*?from '(\.[^']+)';/gms)) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/schemas\//);
        visit(path.resolve(path.dirname(file), spec!));
      }
    };
    visit(path.join(import.meta.dirname, 'plain.ts'));
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('wait times in messages', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(waitText(44_100)).toBe('45 秒');
    expect(waitText(60_000)).toBe('1 分钟');
    expect(waitText(39 * 60_000 + 1)).toBe('40 分钟');
    expect(waitText(23.5 * 3_600_000)).toBe('24 小时');
    expect(smsLockedMessage(30_000)).toBe('验证码错误次数过多，请 30 秒后重新获取验证码');
    expect(smsLockedMessage(0)).toBe('验证码错误次数过多，请重新获取验证码');
  });
});
