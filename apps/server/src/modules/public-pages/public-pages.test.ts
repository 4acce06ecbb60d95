import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Course, Share } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/client.ts';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { XSS_CORPUS } from '../../../test/xss-corpus.ts';

const ORIGIN = 'https://studio.example';
// The shape of apps/web/index.html after `vite build`.
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="课程工作室：团队协作创作课程，AI 辅助创课，课程商城" />
    <title>课程工作室</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'public-pages-'));
  await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ PUBLIC_URL: ORIGIN, WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
/** The content of the head tag with this attribute (name=… or property=…), or the link's href. */
const meta = (html: string, attr: string) => {
  const found = [...html.matchAll(/<(?:meta|link) ([^>]*)>/g)].find((m) => m[1]!.includes(`${attr}"`));
  return found ? /(?:content|href)="([^"]*)"/.exec(found[1]!)?.[1] : undefined;
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('public pages: share cards, status codes, sitemap', () => {
  it("a released course's buy page carries its title, description, cover, address and canonical link", async () => {
    const { courseId } = await seller(t, '数据分析入门', 4990);
    const res = await page(`/store/preview/${courseId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(titleOf(html)).toBe('数据分析入门 - 课程工作室');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'name="description')).toBe('简介');
    expect(meta(html, 'og:title')).toBe('数据分析入门');
    expect(meta(html, 'og:description')).toBe('简介');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/api/files/cover/2026/11/abcdefghijkl.png`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/store/preview/${courseId}`);
    expect(meta(html, 'rel="canonical')).toBe(`${ORIGIN}/store/preview/${courseId}`);
    // The app still loads: the rest of the template is untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<div id="root"></div>');

    const phone = await page(`/wx-preview/${courseId}`);
    expect(phone.statusCode).toBe(200);
    expect(titleOf(phone.body)).toBe('数据分析入门 - 课程工作室');
    // The phone preview shows the same course: its canonical page is the buy page.
    expect(meta(phone.body, 'rel="canonical')).toBe(`${ORIGIN}/store/preview/${courseId}`);
  });

  it('answers 404 with a noindex page for a draft, an unlisted course, an unknown or non-numeric id', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const draft = await createCourse(t, owner.token, '还没发布的草稿');
    const unlisted = await releasedCourse(t, owner.token, '已下架的课程', 990);
    expect(
      (await call(t, 'POST', '/course/unrelease', { token: owner.token, body: { courseId: unlisted } })).code,
    ).toBe(200);
    for (const url of [
      `/store/preview/${draft.courseId}`,
      `/wx-preview/${draft.courseId}`,
      `/store/preview/${unlisted}`,
      '/store/preview/99999999',
      '/store/preview/abc',
      '/wx-preview/1e3',
      '/store/preview/99999999999999999999',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(meta(res.body, 'name="robots'), url).toBe('noindex');
      expect(titleOf(res.body), url).toBe('页面不存在');
      expect(res.body, url).not.toContain('还没发布的草稿');
      expect(res.body, url).not.toContain('已下架的课程');
    }
  });

  it('a share carries its course; a revoked share answers 410, an unknown one 404', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const course = await createCourse(t, owner.token, '分享出去的课程');
    await createLesson(t, owner.token, course.courseId, '课时一');
    const share = await call<Share>(t, 'POST', '/share/create', {
      token: owner.token,
      body: { courseId: course.courseId },
    });
    const res = await page(`/share/${share.data.shareId}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('分享出去的课程 - 课程工作室');
    expect(meta(res.body, 'og:url')).toBe(`${ORIGIN}/share/${share.data.shareId}`);
    // No cover yet: the card shows the site's icon, as an absolute address.
    expect(meta(res.body, 'og:image')).toBe(`${ORIGIN}/icon-512.png`);

    await call(t, 'POST', '/share/revoke', { token: owner.token, body: { shareId: share.data.shareId } });
    const revoked = await page(`/share/${share.data.shareId}`);
    expect(revoked.statusCode).toBe(410);
    expect(titleOf(revoked.body)).toBe('链接已失效');
    expect(revoked.body).not.toContain('分享出去的课程');
    expect((await page('/share/nope')).statusCode).toBe(404);
  });

  it('escapes every user-provided string it puts in the head', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const course = await createCourse(t, owner.token, XSS_CORPUS[4]);
    await createLesson(t, owner.token, course.courseId, '课时一');
    const modified = await call<Course>(t, 'POST', '/course/modify', {
      token: owner.token,
      body: {
        courseId: course.courseId,
        version: course.version,
        subtitle: XSS_CORPUS[2],
        summary: XSS_CORPUS.join('\n'),
      },
    });
    expect(modified.code).toBe(200);
    const share = await call<Share>(t, 'POST', '/share/create', {
      token: owner.token,
      body: { courseId: course.courseId },
    });
    const html = (await page(`/share/${share.data.shareId}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<(script|img|svg|iframe|a)\b(?![^>]*src="\/assets\/)/i);
    expect(head).toContain('&quot;&gt;&lt;iframe src=&quot;javascript:alert(1)&quot;&gt;');
    expect(meta(head, 'og:description')).toBe(
      '&lt;svg onload=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;/svg&gt;',
    );
    // What a browser reads back is the title as typed.
    expect(titleOf(html)).toBe('&quot;&gt;&lt;iframe src=&quot;javascript:alert(1)&quot;&gt; - 课程工作室');
  });

  it('/store/list has its own card; /sitemap.xml lists the store and every listed course, nothing else', async () => {
    const list = await page('/store/list');
    expect(list.statusCode).toBe(200);
    expect(titleOf(list.body)).toBe('课程商城 - 课程工作室');
    expect(meta(list.body, 'rel="canonical')).toBe(`${ORIGIN}/store/list`);

    const { user, courseId } = await seller(t, '上架中的课程', 0);
    const gone = await releasedCourse(t, user.token, '下架了的课程', 0);
    await call(t, 'POST', '/course/unrelease', { token: user.token, body: { courseId: gone } });
    const draft = await createCourse(t, user.token, '草稿课程');

    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs[0]).toBe(`${ORIGIN}/store/list`);
    expect(locs).toContain(`${ORIGIN}/store/preview/${courseId}`);
    expect(locs).not.toContain(`${ORIGIN}/store/preview/${gone}`);
    expect(locs).not.toContain(`${ORIGIN}/store/preview/${draft.courseId}`);
    expect((await page('/robots.txt')).body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it("the status follows what the page shows: the app's pages 200, any other path 404", async () => {
    for (const url of [
      '/author',
      '/create/course/3/Lesson/9',
      '/learn/course/3?lesson=2',
      '/selectTeam',
      '/',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of ['/no-such-page', '/store/nope', '/create/course/3/unknown', '/assets/gone-abc.js']) {
      const res = await page(url);
      // The app's own not-found page, kept out of search engines.
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it("a member (cookie) opening a draft's phone preview gets the app with 200; a visitor 404", async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const draft = await createCourse(t, owner.token, '作者预览的草稿');
    const url = `/wx-preview/${draft.courseId}`;
    const member = await page(url, 'studio_member=1');
    // The app asks the API with the author's session and shows the preview: not a 404 document.
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root"></div>');
    expect(titleOf(member.body)).toBe('课程工作室');
    expect(meta(member.body, 'name="robots')).toBe('noindex');
    expect(member.body).not.toContain('作者预览的草稿');
    const visitor = await page(url);
    expect(visitor.statusCode).toBe(404);
    expect(titleOf(visitor.body)).toBe('页面不存在');
  });

  it("a certificate's page answers 404 for an unknown code, 200 for a real one (never indexed)", async () => {
    for (const code of ['ABCDEFGHJKLM', 'nope']) {
      const res = await page(`/certificate/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(titleOf(res.body), code).toBe('证书不存在');
      expect(res.body, code).toContain('<div id="root"></div>');
    }
    const { user, courseId } = await seller(t, '有证书的课程', 0);
    const db = connect(t.databaseUrl, 1);
    try {
      await db.db.execute(sql`
        insert into certificates (code, team_id, user_id, course_id, learner_name, course_title, team_name)
        select 'CERTCODE2345', team_id, ${user.userId}, id, '学员', title, '团队' from courses where id = ${courseId}`);
    } finally {
      await db.close();
    }
    const found = await page('/certificate/CERTCODE2345');
    expect(found.statusCode).toBe(200);
    expect(titleOf(found.body)).toBe('证书验证 - 课程工作室');
    expect(meta(found.body, 'name="robots')).toBe('noindex');
  });
});
