import { Code, type UploadResult, type UserInfo } from '@studio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../../test/factories.ts';
import { multipart, PNG_1X1 } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: '2048' });
});
afterAll(() => t.close());

const upload = (token: string, kind: string, file?: { name: string; body: Buffer; type: string }) => {
  const form = multipart({ kind }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
  });
};

describe('profile', () => {
  it('edits the nickname and keeps the token', async () => {
    const user = await createUser(t);
    const res = await call<UserInfo>(t, 'POST', '/user/modify', {
      token: user.token,
      body: { nickName: '  新昵称 ' },
    });
    expect(res.data.nickName).toBe('新昵称');
    expect(res.data.token).toBe(user.token);
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: user.token })).data.nickName).toBe(
      '新昵称',
    );
  });

  it('refuses an empty edit, an over-long nickname and a foreign avatar URL', async () => {
    const user = await createUser(t);
    expect((await call(t, 'POST', '/user/modify', { token: user.token, body: {} })).code).toBe(400);
    const long = await call(t, 'POST', '/user/modify', {
      token: user.token,
      body: { nickName: '长'.repeat(21) },
    });
    expect(long.msg).toContain('nickName');
    const foreign = await call(t, 'POST', '/user/modify', {
      token: user.token,
      body: { headImage: 'javascript:alert(1)' },
    });
    expect(foreign.code).toBe(400);
    expect(foreign.msg).toContain('headImage');
  });

  it('uploads an avatar, serves it back with its type, and sets it', async () => {
    const user = await createUser(t);
    const res = await upload(user.token, 'avatar', { name: 'a.png', body: PNG_1X1, type: 'image/png' });
    const body = res.json() as { code: number; data: UploadResult };
    expect(body.code).toBe(200);
    expect(body.data.url).toMatch(/^\/api\/files\/avatar\/\d{4}\/\d{2}\/[\w-]+\/lg\.png$/);
    const file = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Re-encoded (files.test.ts), the same single pixel.
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const set = await call<UserInfo>(t, 'POST', '/user/modify', {
      token: user.token,
      body: { headImage: body.data.url },
    });
    expect(set.data.headImage).toBe(body.data.url);
  });

  it('checks the type by content, not by name, and the size', async () => {
    const user = await createUser(t);
    const fake = await upload(user.token, 'avatar', {
      name: 'x.png',
      body: Buffer.from('<svg onload=alert(1)>'),
      type: 'image/png',
    });
    expect(fake.json().code).toBe(Code.FILE_TYPE_NOT_ALLOWED);
    // The same wording as the web app's own check (JPG, not JPEG in one of them).
    expect(fake.json().msg).toBe('只支持 PNG、JPG、GIF、WebP 图片');
    const big = await upload(user.token, 'avatar', {
      name: 'big.png',
      body: Buffer.concat([PNG_1X1, Buffer.alloc(4096)]),
      type: 'image/png',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(413);
    const badKind = await upload(user.token, 'exe', { name: 'a.png', body: PNG_1X1, type: 'image/png' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ code: 400, msg: 'kind: 只能是 avatar/logo/cover/image' });
    const empty = await upload(user.token, 'avatar', {
      name: 'e.png',
      body: Buffer.alloc(0),
      type: 'image/png',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: Code.FILE_EMPTY, msg: '文件为空' });
    expect(
      (await upload('nope', 'avatar', { name: 'a.png', body: PNG_1X1, type: 'image/png' })).json().code,
    ).toBe(401);
  });

  it('refuses path tricks when reading files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('password change', () => {
  it('sets a first password without the old one, then requires and checks the old one', async () => {
    const user = await createUser(t);
    expect(
      (await call(t, 'POST', '/user/password', { token: user.token, body: { newPassword: 'first1234' } }))
        .code,
    ).toBe(200);
    const missing = await call(t, 'POST', '/user/password', {
      token: user.token,
      body: { newPassword: 'second1234' },
    });
    expect(missing.msg).toContain('oldPassword');
    const wrong = await call(t, 'POST', '/user/password', {
      token: user.token,
      body: { oldPassword: 'nope12345', newPassword: 'second1234' },
    });
    expect(wrong.code).toBe(Code.OLD_PASSWORD_WRONG);
    const weak = await call(t, 'POST', '/user/password', {
      token: user.token,
      body: { oldPassword: 'first1234', newPassword: 'short' },
    });
    expect(weak.code).toBe(400);
    expect(weak.msg).toContain('newPassword');
  });

  it('signs out the other sessions of the account', async () => {
    const phone = '13700000123';
    const a = await createUser(t, phone);
    await t.app.ctx.db.execute(`delete from rate_limits where key like 'sms-window:%'`);
    const b = await createUser(t, phone);
    await call(t, 'POST', '/user/password', { token: a.token, body: { newPassword: 'first1234' } });
    expect((await call(t, 'GET', '/user/info', { token: a.token })).code).toBe(200);
    expect((await call(t, 'GET', '/user/info', { token: b.token })).code).toBe(401);
  });
});
