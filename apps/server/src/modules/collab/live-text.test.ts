/**
 * Text typed in the live editor a moment ago is what a release, its check, a preview and a lesson's
 * detail read: the server stores a live document only after COLLAB_STORE_DEBOUNCE_MS (a minute here),
 * so those reads store the pending text first.
 */
import { type CoursePreview, type Lesson } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  collabUrl,
  openClient,
  serverText,
  synced,
  textOf,
  textOfDoc,
  typeText,
  waitFor,
} from '../../../test/collab-clients.ts';
import { call, teamOwner } from '../../../test/factories.ts';
import { releasableLesson } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ COLLAB_STORE_DEBOUNCE_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = collabUrl(t);
});
afterAll(() => t.close());

describe('reads that must see the live text', () => {
  it('a release, its check, the preview and the detail hold what was typed a moment ago', async () => {
    const { user } = await teamOwner(t);
    const { courseId, lessonId } = await releasableLesson(t, user.token, '刚刚输入的课程', '保存过的');
    const editor = openClient(url, `lesson:${lessonId}`, user.token);
    await synced(editor);
    typeText(editor, '，刚输入的');
    // The server holds the change (it reached it) but has not stored it: its store waits a minute.
    await waitFor('change on the server', () => serverText(t, lessonId) === '保存过的，刚输入的');
    expect(textOf(editor)).toBe('保存过的，刚输入的');

    const detail = await call<Lesson>(t, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(lessonId) },
    });
    expect(textOfDoc(detail.data.content)).toBe('保存过的，刚输入的');

    typeText(editor, '再补一句');
    await waitFor(
      'second change on the server',
      () => serverText(t, lessonId) === '保存过的，刚输入的再补一句',
    );
    const preview = await call<CoursePreview>(t, 'GET', '/course/preview', {
      token: user.token,
      query: { courseId: String(courseId) },
    });
    expect(textOfDoc(preview.data.lessons[0]!.content)).toBe('保存过的，刚输入的再补一句');

    typeText(editor, '，发布前');
    await waitFor('third change on the server', () => serverText(t, lessonId).endsWith('，发布前'));
    const released = await call(t, 'POST', '/course/release', { token: user.token, body: { courseId } });
    expect(released.code).toBe(200);
    const rows = await t.app.ctx.db.execute<{ snapshot: CoursePreview }>(
      `select snapshot from course_releases where course_id = ${courseId}`,
    );
    expect(textOfDoc(rows.rows[0]!.snapshot.lessons[0]!.content)).toBe('保存过的，刚输入的再补一句，发布前');
    closeAll(editor);
  });
});
