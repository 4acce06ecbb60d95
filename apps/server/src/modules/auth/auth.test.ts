import { Code, messageFor, type UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, lastCode, newPhone } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (phone: string, purpose = 'login', ip?: string) =>
  call(t, 'POST', '/auth/sms/send', { body: { phone, purpose }, ip });
const smsLogin = (phone: string, code: string) =>
  call<UserInfo>(t, 'POST', '/auth/login/sms', { body: { phone, code } });

describe('SMS code login', () => {
  it('registers a new phone, writes the 6-digit code to the SMS provider, and returns UserInfo', async () => {
    const phone = newPhone();
    expect((await send(phone)).code).toBe(200);
    const code = lastCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const res = await smsLogin(phone, code);
    expect(res.code).toBe(200);
    expect(res.data.register).toBe(true);
    expect(res.data.newUser).toBe(true); // the web greets a new account as new
    expect(res.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(res.data.lastTeam).toBeNull();
    expect(res.data.token.length).toBeGreaterThan(30);
    expect(res.data.tokenExpTime).toBeGreaterThan(Date.now());
    await t.app.ctx.db.execute(`delete from rate_limits where key like 'sms-window:%${phone}'`);
    const again = await createUser(t, phone); // same phone logs in to the same account
    expect(again.userId).toBe(res.data.userId);
    expect(again.newUser).toBeUndefined();
  });

  it('answers 10005 for a repeat send inside 60 s and sends nothing', async () => {
    const phone = newPhone();
    await send(phone);
    const before = t.sms.sent.length;
    const again = await send(phone);
    expect(again.code).toBe(Code.SMS_ALREADY_SENT);
    expect(t.sms.sent.length).toBe(before);
  });

  it('uses a code once', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode(t, phone);
    expect((await smsLogin(phone, code)).code).toBe(200);
    expect((await smsLogin(phone, code)).code).toBe(Code.SMS_CODE_WRONG);
  });

  it('locks a code after 5 wrong tries, even for the right code', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await smsLogin(phone, wrong)).code);
    expect(codes).toEqual([10001, 10001, 10001, 10001, Code.SMS_CODE_LOCKED]);
    expect((await smsLogin(phone, code)).code).toBe(Code.SMS_CODE_LOCKED);
  });

  it('says how long to wait once a code is locked, and a new code after the 60 s replaces it', async () => {
    const phone = newPhone();
    await send(phone);
    const locked = lastCode(t, phone);
    const wrong = locked === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await smsLogin(phone, wrong);
    const fifth = await smsLogin(phone, wrong);
    expect(fifth.code).toBe(Code.SMS_CODE_LOCKED);
    expect(fifth.msg).toMatch(/请 \d+ (秒|分钟)后重新获取验证码/);
    // The wait travels as a param too, so the web says it in its own language.
    const { waitSeconds } = fifth.data as unknown as { waitSeconds: number };
    expect(waitSeconds).toBeGreaterThan(0);
    expect(waitSeconds).toBeLessThanOrEqual(60);
    expect(fifth.msg).toBe(messageFor(Code.SMS_CODE_LOCKED, { waitSeconds }));

    // Asking again inside the 60 s: no "已发送" for a code that cannot work, but the wait; nothing sent.
    const before = t.sms.sent.length;
    const early = await send(phone);
    expect(early.code).toBe(Code.SMS_CODE_LOCKED);
    expect(early.msg).toMatch(/请 \d+ (秒|分钟)后重新获取验证码/);
    expect(t.sms.sent.length).toBe(before);

    // The 60 s have passed: the locked code says a new one can be asked for now, and the new one works.
    await t.app.ctx.db.execute(
      `update rate_limits set reset_at = now() - interval '1 second' where key = 'sms-window:login:${phone}'`,
    );
    expect(await smsLogin(phone, locked)).toMatchObject({
      code: Code.SMS_CODE_LOCKED_RESEND,
      msg: '验证码错误次数过多，请重新获取验证码',
      data: null,
    });
    expect((await send(phone)).code).toBe(200);
    const fresh = lastCode(t, phone);
    expect((await smsLogin(phone, fresh)).code).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    await send(phone);
    await t.app.ctx.db.execute(
      `update sms_codes set expires_at = now() - interval '1 second' where phone = '${phone}'`,
    );
    expect((await smsLogin(phone, lastCode(t, phone))).code).toBe(Code.SMS_CODE_WRONG);
  });

  it('limits sends per IP', async () => {
    const ip = '127.9.9.9';
    const codes = [];
    for (let i = 0; i < 32; i++) codes.push((await send(newPhone(), 'login', ip)).code);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    // Refused by the per-route HTTP limit (429) or the account-level one (10014), whichever bites first.
    for (const c of codes.slice(30)) expect([429, Code.SMS_SEND_TOO_OFTEN]).toContain(c);
  });

  it('says how long to wait when a sending limit refuses', async () => {
    const ip = '127.9.9.10';
    // This address has used up its 30 sends of the hour (the per-route HTTP limit would bite first here).
    await t.app.ctx.db.execute(
      `insert into rate_limits (key, count, reset_at) values ('sms-ip:${ip}', 30, now() + interval '40 minutes')`,
    );
    const before = t.sms.sent.length;
    const refused = await send(newPhone(), 'login', ip);
    expect(refused.code).toBe(Code.SMS_SEND_TOO_OFTEN);
    expect(refused.msg).toBe('验证码发送过于频繁，请 40 分钟后再试');
    expect((refused.data as { waitSeconds: number }).waitSeconds).toBeGreaterThan(39 * 60);
    expect(t.sms.sent.length).toBe(before);
  });

  it('names the field of bad input', async () => {
    const res = await call(t, 'POST', '/auth/login/sms', { body: { phone: '12345', code: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('phone');
    expect(res.msg).toContain('code');
  });
});

describe('password login and sessions', () => {
  it('logs in with a password set on the account, and locks after 5 wrong tries', async () => {
    const user = await createUser(t);
    const phone = (
      await t.app.ctx.db.execute<{ phone: string }>(`select phone from users where id = ${user.userId}`)
    ).rows[0]!.phone;
    const set = await call(t, 'POST', '/user/password', {
      token: user.token,
      body: { newPassword: 'secret123' },
    });
    expect(set.code).toBe(200);
    const good = await call<UserInfo>(t, 'POST', '/auth/login/password', {
      body: { phone, password: 'secret123' },
    });
    expect(good.code).toBe(200);
    expect(good.data.userId).toBe(user.userId);
    expect(good.data.hasPassword).toBe(true);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await call(t, 'POST', '/auth/login/password', { body: { phone, password: 'wrong999' } }));
    }
    // Three plain refusals, a warning on the try before the last, then locked with the time to wait.
    expect(answers.map((a) => a.code)).toEqual([
      Code.LOGIN_WRONG,
      Code.LOGIN_WRONG,
      Code.LOGIN_WRONG,
      Code.LOGIN_WRONG_LAST_TRY,
      Code.LOGIN_LOCKED,
      Code.LOGIN_LOCKED,
    ]);
    expect(answers[3]).toMatchObject({
      msg: '手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟',
      data: { triesLeft: 1, lockSeconds: 900 },
    });
    const wait = (answers[4]!.data as { waitSeconds: number }).waitSeconds;
    expect(wait).toBeGreaterThan(890);
    expect(wait).toBeLessThanOrEqual(900);
    expect(answers[4]!.msg).toBe('登录尝试次数过多，请 15 分钟后再试');
    const locked = await call(t, 'POST', '/auth/login/password', { body: { phone, password: 'secret123' } });
    expect(locked.code).toBe(Code.LOGIN_LOCKED);
    expect((locked.data as { waitSeconds: number }).waitSeconds).toBeLessThanOrEqual(wait);
  });

  it('answers the same code for an unknown phone as for a wrong password', async () => {
    const res = await call(t, 'POST', '/auth/login/password', {
      body: { phone: newPhone(), password: 'whatever1' },
    });
    expect(res.code).toBe(Code.LOGIN_WRONG);
  });

  it('stores only a hash of the token and of the password', async () => {
    const user = await createUser(t);
    await call(t, 'POST', '/user/password', { token: user.token, body: { newPassword: 'secret123' } });
    const { rows } = await t.app.ctx.db.execute<{ token_hash: string; password_hash: string }>(
      `select s.token_hash, u.password_hash from sessions s join users u on u.id = s.user_id where u.id = ${user.userId}`,
    );
    expect(rows[0]!.token_hash).not.toContain(user.token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('revokes the token on logout', async () => {
    const user = await createUser(t);
    expect((await call(t, 'GET', '/user/info', { token: user.token })).code).toBe(200);
    expect((await call(t, 'POST', '/auth/logout', { token: user.token })).code).toBe(200);
    expect((await call(t, 'GET', '/user/info', { token: user.token })).code).toBe(Code.UNAUTHORIZED);
  });

  it('refuses an expired token with 401', async () => {
    const user = await createUser(t);
    await t.app.ctx.db.execute(
      `update sessions set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    const res = await call(t, 'GET', '/user/info', { token: user.token });
    expect(res.code).toBe(Code.UNAUTHORIZED);
    expect(res.msg).toBe('登录已过期，请重新登录');
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await call(t, 'GET', '/user/info')).code).toBe(401);
    expect((await call(t, 'GET', '/user/info', { token: 'not-a-token' })).code).toBe(401);
  });

  it('honours the token lifetime from the config', async () => {
    const short = await createTestApp({ TOKEN_TTL_HOURS: '1' });
    try {
      const user = await createUser(short);
      expect(user.tokenExpTime - Date.now()).toBeLessThanOrEqual(3_600_000);
      expect(user.tokenExpTime - Date.now()).toBeGreaterThan(3_500_000);
    } finally {
      await short.close();
    }
  });
});
