/** Watch time in the team learning report, and a course's media duration in the store. */
import type { LearnReport, StoreCourse, StoreListPage } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { saveLesson } from '../../../test/learning-factories.ts';
import { seller } from '../../../test/store-factories.ts';
import {
  mediaCourse,
  mediaDoc,
  probedMedia,
  teamOfCourse,
  watch,
  watchTimePasses,
} from '../../../test/watch-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const csv = async (token: string, lang: 'en-US' | 'zh-CN') => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/learn/report/csv',
    headers: {
      'x-request-tkForm': 'pc',
      'x-request-tkToken': token,
      cookie: `studio_member=1; lang=${lang}`,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
};

describe('watch time in the team learning report', () => {
  it('shows each learner’s watch time per course, in the page and in the CSV (zh and en headers)', async () => {
    const c = await mediaCourse(t);
    const { token, userId } = c.buyer.user;
    const body = { courseId: c.courseId, lessonId: c.second };
    await watch(t, token, { ...body, mediaId: c.long, positionMs: 0 });
    await watch(t, token, { ...body, mediaId: c.short, positionMs: 0 });
    await watchTimePasses(t, userId, 300);
    await watch(t, token, { ...body, mediaId: c.long, positionMs: 60_000, intervals: [[0, 60_000]] });
    // Watched twice over: counted once.
    await watch(t, token, {
      ...body,
      mediaId: c.short,
      positionMs: 30_000,
      intervals: [
        [0, 30_000],
        [0, 30_000],
      ],
    });

    const report = await call<LearnReport>(t, 'GET', '/learn/report', { token });
    expect(report.code).toBe(200);
    expect(report.data.list.map((r) => [r.userId, r.courseId, r.watchedMs])).toEqual([
      [userId, c.courseId, 90_000],
    ]);

    const zh = await csv(token, 'zh-CN');
    expect(zh[0]).toMatch(/,观看时长\(分钟\)$/);
    expect(zh[1]).toMatch(/,1\.5$/);
    const en = await csv(token, 'en-US');
    expect(en[0]).toMatch(/,Watch time \(min\)$/);
    expect(en[1]).toMatch(/,1\.5$/);
  });
});

describe("a course's duration from its media", () => {
  it('is on the store card and the buy page; a course without media has none', async () => {
    const c = await mediaCourse(t, '视频时长课');
    const plain = await seller(t, '纯文字课', 990);
    const list = await call<StoreListPage>(t, 'GET', '/store/list', { query: { pageSize: '50' } });
    const card = (id: number) => list.data.list.find((x) => x.courseId === id)!;
    expect(card(c.courseId).mediaMs).toBe(160_000);
    expect(card(plain.courseId).mediaMs).toBeNull();
    // What the search hands the store for it stays on the server.
    expect(Object.keys(card(c.courseId))).not.toContain('mediaIds');
    expect(Object.keys(card(c.courseId))).not.toContain('teamId');
    const page = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(c.courseId) },
    });
    expect(page.data.mediaMs).toBe(160_000);
    const none = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(plain.courseId) },
    });
    expect(none.data.mediaMs).toBeNull();
  });

  it("counts each of the team's media once, from the released lessons, never another team's", async () => {
    const c = await mediaCourse(t, '重复视频课');
    const theirs = await probedMedia(
      t,
      await teamOfCourse(t, (await seller(t, '别家', 990)).courseId),
      500_000,
    );
    // Lesson 1 shows the long video again and names another team's media: neither adds time.
    await saveLesson(t, c.seller.user.token, c.first, mediaDoc('再看一遍', c.long, theirs), true);
    // A draft not released yet is not in the store.
    const draft = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(c.courseId) },
    });
    expect(draft.data.mediaMs).toBe(160_000);
    const rel = await call(t, 'POST', '/course/release', {
      token: c.seller.user.token,
      body: { courseId: c.courseId },
    });
    expect(rel.code).toBe(200);
    const page = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(c.courseId) },
    });
    expect(page.data.mediaMs).toBe(160_000);
    const list = await call<StoreListPage>(t, 'GET', '/store/list', { query: { keyword: '重复视频课' } });
    expect(list.data.list.map((x) => [x.courseId, x.mediaMs])).toEqual([[c.courseId, 160_000]]);
  });
});
