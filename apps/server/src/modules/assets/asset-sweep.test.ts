/**
 * The one asset sweep (asset-sweep.ts) runs both kinds' parts. Attachments of deleted lessons: it
 * frees their files once no release lists them; a release keeps its lessons' files, and a lesson deleted before a release is
 * not published by it (so nothing keeps its files).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { sweepAssets } from './asset-sweep.ts';

let t: TestApp;
let token = '';
let courseId = 0;
const RELEASED = minimalPdf('Released');
const UNRELEASED = minimalPdf('Unreleased');
const KEPT = minimalPdf('Kept');

/** The bytes of every attachment file in the storage. */
async function storedFiles(): Promise<Buffer[]> {
  const dir = path.join(t.dataDir, 'uploads', 'attachments');
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries.filter((e) => e.isFile()).map((e) => fs.readFile(path.join(e.parentPath, e.name))),
  );
}
const has = (files: Buffer[], pdf: Buffer) => files.some((f) => f.equals(pdf));

async function lessonWithFile(title: string, pdf: Buffer): Promise<number> {
  const lessonId = (await createLesson(t, token, courseId, title)).lessonId;
  await writeLesson(t, token, lessonId, `${title}的内容`);
  expect((await upload(t, token, lessonId, { filename: `${title}.pdf`, body: pdf })).code).toBe(200);
  return lessonId;
}
const release = async () =>
  expect((await call(t, 'POST', '/course/release', { token, body: { courseId } })).code).toBe(200);
const deleteLesson = async (lessonId: number) =>
  expect((await call(t, 'POST', '/lesson/delete', { token, body: { lessonId } })).code).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t);
  await createTeam(t, u.token, '附件回收团队');
  token = u.token;
  const course = await createCourse(t, token, '附件回收课程');
  courseId = course.courseId;
  await lessonWithFile('留下的课时', KEPT);
  const modify = {
    courseId,
    version: course.version,
    cover: '/api/files/cover/2026/11/abcdefghijkl.png',
    summary: '简介',
    price: 0,
    category: 'tech',
  };
  expect((await call(t, 'POST', '/course/modify', { token, body: modify })).code).toBe(200);
});
afterAll(() => t?.close());

describe('freeing the attachments of deleted lessons', () => {
  it('keeps a released lesson’s file after the lesson is deleted, frees an unreleased one’s', async () => {
    const released = await lessonWithFile('发布过的课时', RELEASED);
    await release();
    const unreleased = await lessonWithFile('没发布的课时', UNRELEASED);
    await deleteLesson(released);
    await deleteLesson(unreleased);
    // A release after the deletions: it lists neither deleted lesson's file.
    await release();
    expect((await storedFiles()).length).toBe(3);

    const swept = await sweepAssets(t.app.ctx);
    expect(swept.freed).toBe(1);
    const files = await storedFiles();
    expect(has(files, UNRELEASED)).toBe(false);
    // The first release still lists it: its learners keep downloading it.
    expect(has(files, RELEASED)).toBe(true);
    expect(has(files, KEPT)).toBe(true);
    expect(files).toHaveLength(2);
    // Nothing more to free the next time.
    expect((await sweepAssets(t.app.ctx)).freed).toBe(0);
  });

  it('runs each kind registered from its face, and a failing kind stops no other', async () => {
    const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    t.app.ctx.providers.provide('assets.sweepers', () => Promise.reject(new Error('a broken kind')));
    // Media's and attachments' counts both come back (their providers ran), the failure is logged.
    expect(await sweepAssets(t.app.ctx, log)).toEqual({
      abandoned: 0,
      unused: 0,
      freed: 0,
      abandonedAttachmentUploads: 0,
    });
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
