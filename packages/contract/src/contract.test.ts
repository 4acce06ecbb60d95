// Vitest 4+ no longer brings in Node's types; this test (alone in the package) reads files.
/// <reference types="node" />
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
import {
  CODE_AREAS,
  CODE_TABLE,
  codeEntryOf,
  formatMessage,
  messageFor,
  messageKeyOf,
  messageParamsOf,
  SEED_CODES,
  waitText,
} from './plain.ts';

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
  it('rounds up to seconds, minutes or hours, in Chinese and in English', () => {
    expect(waitText(44_100)).toBe('45 秒');
    expect(waitText(60_000)).toBe('1 分钟');
    expect(waitText(39 * 60_000 + 1)).toBe('40 分钟');
    expect(waitText(23.5 * 3_600_000)).toBe('24 小时');
    expect(waitText(1_000, 'en-US')).toBe('1 second');
    expect(waitText(44_100, 'en-US')).toBe('45 seconds');
    expect(waitText(39 * 60_000 + 1, 'en-US')).toBe('40 minutes');
    expect(waitText(3_600_000, 'en-US')).toBe('1 hour');
    expect(messageFor(Code.SMS_CODE_LOCKED, { waitSeconds: 30 })).toBe(
      '验证码错误次数过多，请 30 秒后重新获取验证码',
    );
    expect(messageFor(Code.SMS_CODE_LOCKED_RESEND)).toBe('验证码错误次数过多，请重新获取验证码');
    expect(messageFor(Code.SMS_SEND_TOO_OFTEN, { waitSeconds: 2400 })).toBe(
      '验证码发送过于频繁，请 40 分钟后再试',
    );
  });
});

describe('the code table', () => {
  const entries = Object.entries(CODE_TABLE);

  it('gives every code a unique number, a unique errors.<name> key and a Chinese message', () => {
    expect(entries.length).toBeGreaterThan(50);
    expect(new Set(entries.map(([, e]) => e.code)).size).toBe(entries.length);
    expect(new Set(entries.map(([, e]) => e.key)).size).toBe(entries.length);
    for (const [name, e] of entries) {
      expect(Code[name as keyof typeof Code], name).toBe(e.code);
      expect(e.key, name).toMatch(/^errors\.[a-z][A-Za-z0-9]*$/);
      expect(e.zh, name).toMatch(/[\u4e00-\u9fa5]/);
      expect(messageKeyOf(e.code), name).toBe(e.key);
      expect(codeEntryOf(e.code), name).toBe(e);
    }
    expect(messageKeyOf(12_345)).toBeUndefined();
  });

  it("keeps every code in its area's range, except the values the seed gives", () => {
    let count = 0;
    for (const [area, { range, codes }] of Object.entries(CODE_AREAS)) {
      for (const [name, { code }] of Object.entries(codes)) {
        count += 1;
        if (SEED_CODES.includes(code)) continue;
        expect(code, `${area}.${name}`).toBeGreaterThanOrEqual(range[0]);
        expect(code, `${area}.${name}`).toBeLessThanOrEqual(range[1]);
      }
    }
    // No name is in two areas (the merged table would keep only one of them).
    expect(count).toBe(entries.length);
    expect(Code.AI_OUTLINE_LOCKED).toBe(50001);
    expect(SEED_CODES.every((c) => codeEntryOf(c) !== undefined)).toBe(true);
  });

  it('keeps the messages the codes had', () => {
    expect(messageFor(Code.SMS_CODE_WRONG)).toBe('验证码错误或已过期');
    expect(messageFor(Code.FILE_TYPE_NOT_ALLOWED)).toBe('只支持 PNG、JPG、GIF、WebP 图片');
    expect(messageFor(Code.SHARE_PAID_NO_COPY)).toBe('付费课程不能复制，请在商城购买');
    expect(messageFor(Code.AI_LESSON_NOT_FAILED)).toBe('这个课时没有失败，不需要重试');
    expect(messageFor(99_999)).toBe('服务器错误');
  });

  it('fills params, formats waits, and reads params from data by the names the message uses', () => {
    expect(messageFor(Code.LESSONS_LIMIT, { max: 200 })).toBe('一门课程最多 200 个课时');
    expect(messageFor(Code.LESSON_CONTENT_TOO_LARGE, { kb: 512 })).toBe('课时内容不能超过 512 KB');
    expect(formatMessage('{{a}}+{{b}}', { a: 1 })).toBe('1+{{b}}');
    expect(formatMessage('in {{s, wait}}', { s: 90 }, 'en-US')).toBe('in 2 minutes');
    expect(messageParamsOf(Code.LESSONS_LIMIT, { max: 200, lng: 'en-US', other: 1 })).toEqual({ max: 200 });
    expect(messageParamsOf(Code.LESSONS_LIMIT, { max: { x: 1 } })).toEqual({});
    expect(messageParamsOf(Code.LESSONS_LIMIT, null)).toEqual({});
    expect(messageParamsOf(Code.SMS_SEND_TOO_OFTEN, { waitSeconds: 5 })).toEqual({ waitSeconds: 5 });
  });
});
