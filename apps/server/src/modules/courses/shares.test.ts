import {
  Code,
  type Course,
  type CoursePreview,
  type Share,
  type ShareList,
  type ShareView,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { XSS_CORPUS as CORPUS } from '../../../test/xss-corpus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

async function sharedCourse(allowCopy: boolean, expireHours?: number) {
  const user = await createUser(t);
  await createTeam(t, user.token);
  const course = await createCourse(t, user.token, '分享的课程');
  await createLesson(t, user.token, course.courseId, '课时一');
  const share = await call<Share>(t, 'POST', '/share/create', {
    token: user.token,
    body: { courseId: course.courseId, allowCopy, expireHours },
  });
  return { user, course, share: share.data };
}

describe('share links', () => {
  it('shows the course read-only to anyone with the link, logged out too', async () => {
    const { share } = await sharedCourse(false, 24);
    expect(share.url).toBe(`https://studio.example/share/${share.shareId}`);
    expect(share.expireTime).toBeGreaterThan(Date.now());
    const view = await call<ShareView>(t, 'GET', '/share/view', { query: { shareId: share.shareId } });
    expect(view.code).toBe(200);
    expect(view.data.course.title).toBe('分享的课程');
    expect(view.data.course.lessons.map((l) => l.title)).toEqual(['课时一']);
    expect(view.data.share.allowCopy).toBe(false);
  });

  it('answers 30003 once revoked or expired, and 404 for an unknown link', async () => {
    const { user, share } = await sharedCourse(false);
    await call(t, 'POST', '/share/revoke', { token: user.token, body: { shareId: share.shareId } });
    expect((await call(t, 'GET', '/share/view', { query: { shareId: share.shareId } })).code).toBe(
      Code.SHARE_EXPIRED,
    );
    const other = await sharedCourse(false, 1);
    await t.app.ctx.db.execute(
      `update shares set expires_at = now() - interval '1 second' where id = '${other.share.shareId}'`,
    );
    expect((await call(t, 'GET', '/share/view', { query: { shareId: other.share.shareId } })).code).toBe(
      Code.SHARE_EXPIRED,
    );
    expect((await call(t, 'GET', '/share/view', { query: { shareId: 'nosuchshare0' } })).code).toBe(404);
    expect((await call(t, 'GET', '/share/view', { query: { shareId: '<script>' } })).code).toBe(400);
    const list = await call<{ list: Share[] }>(t, 'GET', '/share/list', {
      token: user.token,
      query: { courseId: String(share.courseId) },
    });
    // Who made it: the users face's name.
    expect(list.data.list[0]).toMatchObject({
      shareId: share.shareId,
      revoked: true,
      createdBy: user.nickName,
    });
  });

  it('copies into the visitor’s current team only when allowed', async () => {
    const allowed = await sharedCourse(true);
    const denied = await sharedCourse(false);
    const visitor = await createUser(t);
    await createTeam(t, visitor.token, '访客团队');
    const copy = await call<Course>(t, 'POST', '/share/copy', {
      token: visitor.token,
      body: { shareId: allowed.share.shareId },
    });
    expect(copy.code).toBe(200);
    expect(copy.data).toMatchObject({
      title: '分享的课程',
      status: 'draft',
      authorId: visitor.userId,
      lessonCount: 1,
    });
    expect(copy.data.teamId).not.toBe(allowed.course.courseId);
    expect(
      (
        await call(t, 'POST', '/share/copy', {
          token: visitor.token,
          body: { shareId: denied.share.shareId },
        })
      ).code,
    ).toBe(Code.SHARE_COPY_NOT_ALLOWED);
    expect((await call(t, 'POST', '/share/copy', { body: { shareId: allowed.share.shareId } })).code).toBe(
      401,
    );
  });
});

describe('share links of paid courses', () => {
  const view = (shareId: string) => call<ShareView>(t, 'GET', '/share/view', { query: { shareId } });
  const copy = (token: string, shareId: string) =>
    call<Course>(t, 'POST', '/share/copy', { token, body: { shareId } });

  it('show free-preview lessons only, lock the rest, and refuse copying', async () => {
    // Shared with copying allowed while free; then priced at ¥49.90.
    const { user, course, share } = await sharedCourse(true);
    const free = await createLesson(t, user.token, course.courseId, '试看课时');
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: free.lessonId, version: 1, freePreview: true },
    });
    const priced = await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId: course.courseId, version: course.version, price: 4990 },
    });
    expect(priced.code).toBe(200);

    const loggedOut = await view(share.shareId);
    expect(loggedOut.code).toBe(200);
    expect(loggedOut.data.share).toMatchObject({ paid: true, allowCopy: false, listed: false });
    expect(loggedOut.data.course.lessons.map((l) => [l.title, l.content !== null])).toEqual([
      ['课时一', false],
      ['试看课时', true],
    ]);
    const visitor = await createUser(t);
    await createTeam(t, visitor.token, '访客团队');
    const refused = await copy(visitor.token, share.shareId);
    expect(refused.code).toBe(Code.SHARE_PAID_NO_COPY);
    expect(refused.msg).toBe('付费课程不能复制，请在商城购买');
    const created = await call(t, 'POST', '/share/create', {
      token: user.token,
      body: { courseId: course.courseId, allowCopy: true },
    });
    expect(created.code).toBe(Code.SHARE_PAID_NO_COPY);
    const list = await call<ShareList>(t, 'GET', '/share/list', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(list.data.paid).toBe(true);
  });

  it('stay locked while the store sells the course, even when the draft price is set back to 0', async () => {
    const s = await seller(t, '在售课程', 990);
    const share = await call<Share>(t, 'POST', '/share/create', {
      token: s.user.token,
      body: { courseId: s.courseId },
    });
    const detail = await call<{ version: number }>(t, 'GET', '/course/detail', {
      token: s.user.token,
      query: { courseId: String(s.courseId) },
    });
    await call(t, 'POST', '/course/modify', {
      token: s.user.token,
      body: { courseId: s.courseId, version: detail.data.version, price: 0 },
    });
    const shared = await view(share.data.shareId);
    expect(shared.data.share).toMatchObject({ paid: true, listed: true });
    expect(shared.data.course.lessons.map((l) => l.content !== null)).toEqual([true, false]);
  });

  it('leave free courses whole and copyable', async () => {
    const { user, share } = await sharedCourse(true);
    const shared = await view(share.shareId);
    expect(shared.data.share).toMatchObject({ paid: false, allowCopy: true });
    expect(shared.data.course.lessons.every((l) => l.content !== null)).toBe(true);
    const list = await call<ShareList>(t, 'GET', '/share/list', {
      token: user.token,
      query: { courseId: String(share.courseId) },
    });
    expect(list.data.paid).toBe(false);
  });
});

describe('stored XSS corpus', () => {
  it('keeps text fields as inert text and strips every active payload from lesson content', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const course = await createCourse(t, user.token, CORPUS[0]);
    const lesson = await createLesson(t, user.token, course.courseId, CORPUS[1]);
    const mod = await call<Course>(t, 'POST', '/course/modify', {
      token: user.token,
      body: {
        courseId: course.courseId,
        version: course.version,
        subtitle: CORPUS[2],
        summary: CORPUS.join('\n'),
        tags: [CORPUS[3]!.slice(0, 12)],
      },
    });
    expect(mod.code).toBe(200);
    const content = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: CORPUS.map((text) => ({ type: 'text', text })) },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(1)', onerror: 'alert(1)' } },
        { type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } },
        { type: 'videoEmbed', attrs: { src: 'javascript:alert(1)' } },
        { type: 'rawHtml', attrs: { html: CORPUS[1] } },
        { type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [{ type: 'text', text: 'p' }] },
      ],
    };
    const saved = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: lesson.lessonId, version: 1, content },
    });
    expect(saved.code).toBe(200);
    const share = await call<Share>(t, 'POST', '/share/create', {
      token: user.token,
      body: { courseId: course.courseId },
    });
    const preview = await call<CoursePreview>(t, 'GET', '/course/preview', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    const shared = await call<ShareView>(t, 'GET', '/share/view', { query: { shareId: share.data.shareId } });
    for (const served of [preview.data, shared.data.course]) {
      const lessonContent = JSON.stringify(served.lessons[0]!.content);
      // The payloads survive only as plain text nodes; no attribute, URL or node type can carry them.
      expect(lessonContent).not.toMatch(/"(href|src)":"(javascript|data):/i);
      expect(lessonContent).not.toMatch(/onerror"|onclick"|rawHtml|"html"/);
      expect(lessonContent).not.toContain('"type":"image"');
      expect(lessonContent).not.toContain('"type":"videoEmbed"');
      expect(served.title).toBe(CORPUS[0]); // text, rendered escaped by React
    }
  });
});
