import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Code, type PublicPageModel, type Share } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const ORIGIN = 'https://studio.example';
// The shapes of apps/web's build: dist/index.html (the app), dist/public.html (the visitor's
// template) and dist-ssr/entry-server.js (the renderer; here one that writes its model out as JSON,
// so what the server hands it can be read back).
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN"><head><title>课程工作室</title><script type="module" src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`;
const PUBLIC_HTML = `<!doctype html>
<html lang="<!--lang-->"><head><meta charset="UTF-8" /><title>课程工作室</title><link rel="stylesheet" href="/assets/public-abc.css"></head>
<body><!--app--></body></html>`;
const RENDERER = `export const renderPublicPage = (model) =>
  '<pre id="model">' + JSON.stringify(model).replace(/</g, '\\\\u003c') + '</pre>';`;

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'visitor-pages-'));
  await fs.mkdir(path.join(root, 'dist'));
  await fs.mkdir(path.join(root, 'dist-ssr'));
  await fs.writeFile(path.join(root, 'dist', 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(root, 'dist', 'public.html'), PUBLIC_HTML);
  await fs.mkdir(path.join(root, 'dist', 'assets'));
  await fs.writeFile(path.join(root, 'dist', 'assets', 'public-abc.css'), '.pp{color:red}');
  await fs.writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await createTestApp({ PUBLIC_URL: ORIGIN, WEB_DIST: path.join(root, 'dist') });
});
afterAll(async () => {
  await t.close();
  await fs.rm(root, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const modelOf = (html: string): PublicPageModel => {
  const json = /<pre id="model">([\s\S]*)<\/pre>/.exec(html)?.[1];
  if (!json) throw new Error(`no rendered page in:\n${html.slice(0, 500)}`);
  return JSON.parse(json) as PublicPageModel;
};
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

describe('visitor pages: rendered by the server, the app for members', () => {
  it("a visitor's buy page is rendered with the released course, free lessons only, in the head's document", async () => {
    const { courseId } = await seller(t, '服务端渲染的课程', 1990);
    const res = await page(`/store/preview/${courseId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Cookie');
    expect(langOf(res.body)).toBe('zh-CN');
    // The share card goes into the visitor's template; the app's script is not on the page.
    expect(res.body).toContain('<title>服务端渲染的课程 - 课程工作室</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/store/preview/${courseId}" />`);
    expect(res.body).not.toContain('/assets/index-abc.js');
    // Its styles are in the page itself: it paints from the first response.
    expect(res.body).toContain('<style>.pp{color:red}</style>');
    expect(res.body).not.toContain('public-abc.css');
    const model = modelOf(res.body);
    expect(model).toMatchObject({ page: 'storeCourse', lang: 'zh-CN', url: `/store/preview/${courseId}` });
    if (model.page !== 'storeCourse') throw new Error(model.page);
    expect(model.lessonId).toBeNull();
    expect(model.course).toMatchObject({
      title: '服务端渲染的课程',
      price: 1990,
      owned: false,
      inCart: false,
    });
    const [free, paid] = model.course.lessons;
    expect(JSON.stringify(free!.content)).toContain('试看的内容');
    expect(paid!.content).toBeNull();
    expect(res.body).not.toContain('付费的内容');

    const reading = modelOf((await page(`/store/preview/${courseId}?lesson=${free!.lessonId}`)).body);
    expect(reading).toMatchObject({ page: 'storeCourse', lessonId: free!.lessonId });
    expect(reading.url).toBe(`/store/preview/${courseId}?lesson=${free!.lessonId}`);
    expect(modelOf((await page(`/store/preview/${courseId}?lesson=abc`)).body)).toMatchObject({
      lessonId: null,
    });

    const phone = modelOf((await page(`/wx-preview/${courseId}`)).body);
    expect(phone).toMatchObject({ page: 'wxPreview', course: { title: '服务端渲染的课程' } });
  });

  it('someone logged in (the member cookie) gets the app with the same head', async () => {
    const { courseId } = await seller(t, '成员看到应用', 990);
    const res = await page(`/store/preview/${courseId}`, 'other=1; studio_member=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('/assets/index-abc.js');
    expect(res.body).toContain('<title>成员看到应用 - 课程工作室</title>');
    expect(res.body).not.toContain('<pre id="model">');
    // Any other value is no member.
    expect((await page(`/store/preview/${courseId}`, 'studio_member=0')).body).toContain('<pre id="model">');
  });

  it('speaks the language asked for (?lang= sets the cookie), the cookie, else Chinese', async () => {
    const { courseId } = await seller(t, '双语课程', 0);
    const asked = await page(`/store/preview/${courseId}?lang=en-US&lesson=1`);
    expect(langOf(asked.body)).toBe('en-US');
    expect(asked.headers['set-cookie']).toBe('lang=en-US; Path=/; Max-Age=31536000; SameSite=Lax');
    // The page's own address leaves the language out (login and the language links come back to it).
    expect(modelOf(asked.body).url).toBe(`/store/preview/${courseId}?lesson=1`);

    const remembered = await page(`/store/preview/${courseId}`, 'lang=en-US');
    expect(langOf(remembered.body)).toBe('en-US');
    expect(remembered.headers['set-cookie']).toBeUndefined();
    for (const cookie of [undefined, 'lang=fr', 'lang=%E0%A4%A']) {
      expect(langOf((await page(`/store/preview/${courseId}?lang=xx`, cookie)).body)).toBe('zh-CN');
    }
  });

  it("the store list renders the page the address asks for, with the API's cards", async () => {
    const { user } = await seller(t, '列表里的课程甲', 100, 'design');
    await releasedCourse(t, user.token, '列表里的课程乙', 300, 'design');
    const res = await page('/store/list?q=列表里的课程&category=design&sort=price_desc&size=24&lang=zh-CN');
    const model = modelOf(res.body);
    if (model.page !== 'storeList') throw new Error(model.page);
    expect(model.query).toEqual({
      keyword: '列表里的课程',
      category: 'design',
      sort: 'price_desc',
      pageNum: 1,
      pageSize: 24,
    });
    expect(model.list.list.map((c) => c.title)).toEqual(['列表里的课程乙', '列表里的课程甲']);
    expect(model.list.total).toBe(2);
    expect(model.url).toBe(
      '/store/list?q=%E5%88%97%E8%A1%A8%E9%87%8C%E7%9A%84%E8%AF%BE%E7%A8%8B&category=design&sort=price_desc&size=24',
    );

    // What cannot be read falls back to the defaults, never to an error page.
    const odd = modelOf((await page('/store/list?sort=%27;drop&page=-3&size=1000&category=%00')).body);
    expect(odd).toMatchObject({ page: 'storeList', query: { sort: 'newest', pageNum: 1, pageSize: 12 } });
  });

  it('is sent compressed to a browser that accepts it (brotli, else gzip), plain to one that does not', async () => {
    const { user } = await seller(t, '压缩传输的课程', 100);
    await releasedCourse(t, user.token, '压缩传输的课程二', 200);
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/store/list?q=压缩传输',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(modelOf(plain.body).page).toBe('storeList');

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Cookie/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('renders the login page: the way asked for, a same-site page to come back to, a QR login when WeChat is picked', async () => {
    const res = await page('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>登录/注册 - 课程工作室</title>');
    expect(modelOf(res.body)).toEqual({
      page: 'login',
      lang: 'zh-CN',
      url: '/login',
      way: 'sms',
      next: '/loading',
      redirect: null,
      wechat: null,
    });
    // A member gets the app's login (which sends someone already logged in on).
    expect((await page('/login', 'studio_member=1')).body).toContain('<div id="root"></div>');

    const back = modelOf(
      (await page('/login?way=password&redirect=%2Fstore%2Fpreview%2F5%3Flesson%3D2')).body,
    );
    expect(back).toMatchObject({
      way: 'password',
      redirect: '/store/preview/5?lesson=2',
      next: '/loading?redirect=%2Fstore%2Fpreview%2F5%3Flesson%3D2',
    });
    for (const redirect of [
      '//evil.example/x',
      'https://evil.example',
      '/login?x=1',
      '/wxAuth',
      'javascript:alert(1)',
    ]) {
      const model = modelOf((await page(`/login?way=nope&redirect=${encodeURIComponent(redirect)}`)).body);
      expect(model, redirect).toMatchObject({ way: 'sms', redirect: null, next: '/loading' });
    }

    const first = modelOf((await page('/login?way=wechat')).body);
    const second = modelOf((await page('/login?way=wechat')).body);
    if (first.page !== 'login' || second.page !== 'login') throw new Error('not the login page');
    expect(first.wechat).toMatchObject({ mode: 'simulator' });
    // Absolute: a phone scans it. Each visit starts its own login.
    expect(first.wechat!.qrUrl.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(first.wechat!.qrUrl).toContain(first.wechat!.state);
    expect(second.wechat!.state).not.toBe(first.wechat!.state);
    // The state is a live one: the callback gets past it (to the code, which is made up here).
    const stale = await call(t, 'POST', '/auth/wechat/callback', { body: { code: 'x', state: 'made-up' } });
    expect(stale.code).toBe(Code.WECHAT_STATE_INVALID);
    const live = await call(t, 'POST', '/auth/wechat/callback', {
      body: { code: 'x', state: first.wechat!.state },
    });
    expect(live.code).not.toBe(Code.WECHAT_STATE_INVALID);
  });

  it('renders 404 and 410 pages with their status; a draft never reaches the renderer', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const draft = await createCourse(t, owner.token, '未发布的草稿课程');
    await createLesson(t, owner.token, draft.courseId, '课时一');
    for (const url of [
      `/store/preview/${draft.courseId}`,
      `/wx-preview/${draft.courseId}`,
      '/wx-preview/abc',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(modelOf(res.body), url).toMatchObject({ page: 'notFound', what: 'course' });
      expect(res.body, url).not.toContain('未发布的草稿课程');
    }
    const missing = await page('/share/nope');
    expect(missing.statusCode).toBe(404);
    expect(modelOf(missing.body)).toMatchObject({ page: 'notFound', what: 'share' });

    const share = await call<Share>(t, 'POST', '/share/create', {
      token: owner.token,
      body: { courseId: draft.courseId },
    });
    const shared = modelOf((await page(`/share/${share.data.shareId}`)).body);
    expect(shared).toMatchObject({ page: 'share', view: { course: { title: '未发布的草稿课程' } } });
    await call(t, 'POST', '/share/revoke', { token: owner.token, body: { shareId: share.data.shareId } });
    const revoked = await page(`/share/${share.data.shareId}`);
    expect(revoked.statusCode).toBe(410);
    expect(modelOf(revoked.body)).toEqual({
      page: 'shareGone',
      lang: 'zh-CN',
      url: `/share/${share.data.shareId}`,
    });
    expect(revoked.body).not.toContain('未发布的草稿课程');
  });
});
