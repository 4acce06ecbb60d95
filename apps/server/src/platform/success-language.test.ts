/** Success envelopes in the asker's language (the web's `lang` cookie), Chinese otherwise. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: {
      'x-request-tkForm': 'pc',
      'x-request-tkToken': token,
      ...(lang ? { cookie: `lang=${lang}` } : {}),
    },
  });

describe('success messages', () => {
  it("say the code's message in English to an English asker, in Chinese to anyone else", async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const info = (lang?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/info',
        headers: {
          'x-request-tkForm': 'pc',
          'x-request-tkToken': owner.token,
          ...(lang ? { cookie: `lang=${lang}` } : {}),
        },
      });
    expect((await info('en-US')).json()).toMatchObject({ code: 200, msg: 'Success' });
    expect((await info()).json()).toMatchObject({ code: 200, msg: '成功' });
    expect((await info('zh-CN')).json()).toMatchObject({ code: 200, msg: '成功' });
  });

  it("translate the invitations' own texts", async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const invited = await createUser(t);
    const sent = await post('/team/user/invite/join', owner.token, { userId: invited.userId }, 'en-US');
    expect(sent.json()).toMatchObject({
      code: 200,
      msg: 'Invitation sent: they join the team once they accept',
    });
    const zh = await post('/team/user/invite/join', owner.token, { userId: invited.userId });
    expect(zh.json()).toMatchObject({ code: 200, msg: '已发送邀请，对方接受后加入团队' });
  });
});
