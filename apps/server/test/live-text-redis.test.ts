/**
 * Two processes on one PostgreSQL and one Redis, each storing live lessons a minute after typing:
 * text typed into a lesson open on A is what B's lesson detail, preview and release read, because B
 * asks A (over Redis pub/sub) to store it first. And a process that never answers delays B's read by
 * COLLAB_FLUSH_WAIT_MS, no more.
 */
import { randomBytes } from 'node:crypto';
import { type CoursePreview, type Lesson } from '@studio/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  collabUrl,
  openClient,
  serverText,
  synced,
  textOfDoc,
  typeText,
  waitFor,
} from './collab-clients.ts';
import { call, createCourse, createLesson, teamOwner } from './factories.ts';
import { releasableLesson } from './store-factories.ts';
import { redisFor, TEST_REDIS_URL } from './redis.ts';
import { twoListeningApps, type TestApp } from './test-app.ts';

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisFor('live text across processes (Redis)');
const PREFIX = `t${randomBytes(4).toString('hex')}:`;
let a: TestApp;
let b: TestApp;
let closeBoth: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (!haveRedis) return;
  const env = {
    REDIS_URL,
    REDIS_KEY_PREFIX: PREFIX,
    COLLAB_STORE_DEBOUNCE_MS: '60000',
    COLLAB_FLUSH_WAIT_MS: '1500',
  };
  ({ a, b, close: closeBoth } = await twoListeningApps(env));
});
afterAll(() => closeBoth?.());

describe.skipIf(!haveRedis)('live text typed on another process', () => {
  it('B’s detail, preview and release hold what was typed on A a moment ago', async () => {
    const { user } = await teamOwner(a);
    const { courseId, lessonId } = await releasableLesson(a, user.token, '跨进程课程', '保存过的');
    const editor = openClient(collabUrl(a), `lesson:${lessonId}`, user.token);
    await synced(editor);
    // B holds no copy of the document: only A can store what was typed.
    expect(b.app.collab.hocuspocus.documents.size).toBe(0);

    typeText(editor, '，在甲处输入');
    await waitFor('change on A', () => serverText(a, lessonId) === '保存过的，在甲处输入');
    const detail = await call<Lesson>(b, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(lessonId) },
    });
    expect(textOfDoc(detail.data.content)).toBe('保存过的，在甲处输入');

    typeText(editor, '，再写');
    await waitFor('second change on A', () => serverText(a, lessonId).endsWith('，再写'));
    // A publishes its presence on connect; B finds the course's open lesson through it.
    const preview = await call<CoursePreview>(b, 'GET', '/course/preview', {
      token: user.token,
      query: { courseId: String(courseId) },
    });
    expect(textOfDoc(preview.data.lessons[0]!.content)).toBe('保存过的，在甲处输入，再写');

    typeText(editor, '，发布前');
    await waitFor('third change on A', () => serverText(a, lessonId).endsWith('，发布前'));
    const released = await call(b, 'POST', '/course/release', { token: user.token, body: { courseId } });
    expect(released.code).toBe(200);
    const rows = await b.app.ctx.db.execute<{ snapshot: CoursePreview }>(
      `select snapshot from course_releases where course_id = ${courseId}`,
    );
    expect(textOfDoc(rows.rows[0]!.snapshot.lessons[0]!.content)).toBe('保存过的，在甲处输入，再写，发布前');
    closeAll(editor);
  });

  it('a process that hears the question and never answers delays a read by the wait, no more', async () => {
    const { user } = await teamOwner(a);
    const { courseId } = await createCourse(a, user.token);
    const { lessonId } = await createLesson(a, user.token, courseId);
    const silent = new Redis(REDIS_URL);
    try {
      await silent.subscribe(`${PREFIX}collab:flush`);
      const started = Date.now();
      const detail = await call<Lesson>(b, 'GET', '/lesson/detail', {
        token: user.token,
        query: { lessonId: String(lessonId) },
      });
      expect(detail.code).toBe(200);
      // A answers at once; the silent subscriber is waited for until COLLAB_FLUSH_WAIT_MS (1.5 s).
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    } finally {
      silent.disconnect();
    }
  });
});
