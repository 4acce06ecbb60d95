/**
 * A share's attachments: its page shows each lesson's attachment names (the draft's, as the share
 * shows its lessons), locked for everyone with the link; no address of a file is handed out.
 */
import { Code, type Share, type ShareAttachments } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCourse,
  createLesson,
  createTeam,
  createUser,
  writeLesson,
} from '../../../test/factories.ts';
import { minimalPdf, upload } from '../../../test/attachment-files.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { shareView } from '../public-pages/index.ts';

let t: TestApp;
let token = '';
const course = { courseId: 0, free: 0, paid: 0, freeFile: 0, paidFile: 0, gone: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const s = await createUser(t);
  await createTeam(t, s.token, '分享附件团队');
  token = s.token;
  // Never released: the share shows the draft.
  const c = await createCourse(t, token, '带附件的分享');
  course.courseId = c.courseId;
  course.free = (await createLesson(t, token, c.courseId, '试看')).lessonId;
  course.paid = (await createLesson(t, token, c.courseId, '正课')).lessonId;
  await writeLesson(t, token, course.free, '试看内容', true);
  await writeLesson(t, token, course.paid, '付费内容');
  const file = async (lessonId: number, filename: string) =>
    (await upload(t, token, lessonId, { filename, body: minimalPdf(filename) })).data.attachmentId;
  course.freeFile = await file(course.free, '试看讲义.pdf');
  course.paidFile = await file(course.paid, '正课讲义.pdf');
  course.gone = await file(course.paid, '已删除.pdf');
  await call(t, 'POST', '/attachment/delete', { token, body: { attachmentId: course.gone } });
  const modify = { courseId: c.courseId, version: c.version, summary: '简介', price: 990, category: 'tech' };
  expect((await call(t, 'POST', '/course/modify', { token, body: modify })).code).toBe(200);
  // Another course of the team, whose attachment must not show on this share.
  const other = await createCourse(t, token, '另一门课');
  const otherLesson = (await createLesson(t, token, other.courseId, '别的课')).lessonId;
  await file(otherLesson, '别的课讲义.pdf');
});
afterAll(() => t?.close());

const newShare = async () =>
  (await call<Share>(t, 'POST', '/share/create', { token, body: { courseId: course.courseId } })).data
    .shareId;
const names = (a: ShareAttachments) =>
  a.lessons.map((l) => ({ lessonId: l.lessonId, names: l.list.map((x) => x.name) }));

describe("a share's attachments", () => {
  it('lists every lesson’s attachment names and sizes to anyone with the link, paid lessons included', async () => {
    const shareId = await newShare();
    const answer = await call<ShareAttachments>(t, 'GET', '/attachment/share', { query: { shareId } });
    expect(answer.code).toBe(200);
    expect(names(answer.data)).toEqual([
      { lessonId: course.free, names: ['试看讲义.pdf'] },
      { lessonId: course.paid, names: ['正课讲义.pdf'] },
    ]);
    expect(answer.data.lessons[0]!.list[0]).toMatchObject({ kind: 'pdf', sizeBytes: expect.any(Number) });
    // Names only: no address in the answer.
    expect(JSON.stringify(answer.data)).not.toMatch(/\/attachment\/(file|open)|url/i);
  });

  it("hands out no download: the share's course was never released, so no link or file opens", async () => {
    for (const attachmentId of [course.freeFile, course.paidFile]) {
      const body = { courseId: course.courseId, lessonId: course.free, attachmentId };
      expect((await call(t, 'POST', '/attachment/link', { body })).code).toBe(Code.NOT_FOUND);
      const open = await t.app.inject({
        method: 'GET',
        url: `/api/attachment/open?courseId=${course.courseId}&lessonId=${course.free}&attachmentId=${attachmentId}`,
      });
      expect(open.headers.location).toBeUndefined();
      expect(open.json()).toMatchObject({ code: Code.NOT_FOUND });
    }
  });

  it("the visitor's share page carries the names and no file address", async () => {
    const shareId = await newShare();
    const view = await shareView(t.app.ctx, shareId);
    expect(view.body).toMatchObject({ page: 'share' });
    if (view.body.page !== 'share') throw new Error(view.body.page);
    expect(names(view.body.attachments!)).toEqual([
      { lessonId: course.free, names: ['试看讲义.pdf'] },
      { lessonId: course.paid, names: ['正课讲义.pdf'] },
    ]);
    expect(JSON.stringify(view.body)).not.toMatch(/\/attachment\/(file|open)/);
  });

  it('answers a revoked share and an unknown one as the share view does', async () => {
    const shareId = await newShare();
    await call(t, 'POST', '/share/revoke', { token, body: { shareId } });
    const revoked = await call(t, 'GET', '/attachment/share', { query: { shareId } });
    expect(revoked.code).toBe(Code.SHARE_EXPIRED);
    const unknown = await call(t, 'GET', '/attachment/share', { query: { shareId: 'nosuchshare0' } });
    expect(unknown.code).toBe(Code.NOT_FOUND);
    expect((await call(t, 'GET', '/attachment/share', { query: { shareId: '<x>' } })).code).toBe(400);
  });
});
