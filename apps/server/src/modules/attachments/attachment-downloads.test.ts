/**
 * Learners' side of attachments: the released lesson's list, who gets a signed link (the rule media
 * plays by), what the download sends, expiry, and refunds, unreleases and new releases taking effect.
 */
import {
  Code,
  type AttachmentLink,
  type Order,
  type ReleasedAttachments,
  type Refund,
} from '@studio/contract';
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
import { payInSandbox } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { courseView } from '../public-pages/index.ts';
import { readDownload } from './attachment-urls.ts';

let t: TestApp;
const seller = { token: '', courseId: 0, free: 0, paid: 0, freeFile: 0, paidFile: 0 };
const buyer = { token: '', orderId: 0 };
let stranger = '';
const FREE_PDF = minimalPdf('Free');
const PAID_PDF = minimalPdf('Paid');

async function release(token: string, courseId: number) {
  expect((await call(t, 'POST', '/course/release', { token, body: { courseId } })).code).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const s = await createUser(t);
  await createTeam(t, s.token, '卖家团队');
  seller.token = s.token;
  const course = await createCourse(t, s.token, '带附件的课程');
  seller.courseId = course.courseId;
  seller.free = (await createLesson(t, s.token, course.courseId, '试看')).lessonId;
  seller.paid = (await createLesson(t, s.token, course.courseId, '正课')).lessonId;
  await writeLesson(t, s.token, seller.free, '试看内容', true);
  await writeLesson(t, s.token, seller.paid, '付费内容');
  seller.freeFile = (
    await upload(t, s.token, seller.free, { filename: 'free.pdf', body: FREE_PDF })
  ).data.attachmentId;
  seller.paidFile = (
    await upload(t, s.token, seller.paid, { filename: '讲义.pdf', body: PAID_PDF })
  ).data.attachmentId;
  // Quotes and a semicolon (browsers send `"` in a multipart file name as %22, so by a rename).
  await call(t, 'POST', '/attachment/rename', {
    token: s.token,
    body: { attachmentId: seller.paidFile, name: '讲义 "终版"; 第1章.pdf' },
  });
  const modify = {
    courseId: course.courseId,
    version: course.version,
    cover: '/api/files/cover/2026/11/abcdefghijkl.png',
    summary: '简介',
    price: 990,
    category: 'tech',
  };
  expect((await call(t, 'POST', '/course/modify', { token: s.token, body: modify })).code).toBe(200);
  await release(s.token, course.courseId);
  const b = await createUser(t);
  await createTeam(t, b.token, '买家团队');
  buyer.token = b.token;
  await call(t, 'POST', '/cart/add', { token: b.token, body: { courseId: seller.courseId } });
  buyer.orderId = (
    await call<Order>(t, 'POST', '/order/checkout', { token: b.token, body: {} })
  ).data.orderId;
  await payInSandbox(t, b.token, buyer.orderId);
  const o = await createUser(t);
  await createTeam(t, o.token, '路人团队');
  stranger = o.token;
});
afterAll(() => t?.close());

const listed = (lessonId: number, token?: string) =>
  call<ReleasedAttachments>(t, 'GET', '/attachment/lesson', {
    token,
    query: { courseId: String(seller.courseId), lessonId: String(lessonId) },
  });
const link = (lessonId: number, attachmentId: number, token?: string) =>
  call<AttachmentLink>(t, 'POST', '/attachment/link', {
    token,
    body: { courseId: seller.courseId, lessonId, attachmentId },
  });
const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('attachments of a released lesson', () => {
  it('shows a visitor the names and sizes without a link, of a free-preview lesson too', async () => {
    const paid = await listed(seller.paid);
    expect(paid.data).toEqual({
      downloadable: false,
      list: [
        {
          attachmentId: seller.paidFile,
          name: '讲义 "终版"; 第1章.pdf',
          kind: 'pdf',
          sizeBytes: PAID_PDF.length,
        },
      ],
    });
    expect((await link(seller.paid, seller.paidFile)).code).toBe(Code.NOT_FOUND);
    // The lesson is free to read (and its media to play), but its files are part of what is sold.
    const free = await listed(seller.free);
    expect(free.data.downloadable).toBe(false);
    expect(free.data.list.map((f) => f.name)).toEqual(['free.pdf']);
    expect((await link(seller.free, seller.freeFile)).code).toBe(Code.NOT_FOUND);
    expect((await link(seller.free, seller.freeFile, stranger)).code).toBe(Code.NOT_FOUND);
    // The server-rendered page's lasting link opens nothing for a visitor either.
    const open = (lessonId: number, attachmentId: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/attachment/open?courseId=${seller.courseId}&lessonId=${lessonId}&attachmentId=${attachmentId}`,
      });
    expect((await open(seller.free, seller.freeFile)).statusCode).not.toBe(302);
    expect((await open(seller.paid, seller.paidFile)).statusCode).not.toBe(302);
    // The buying team downloads the free lesson's file as any other.
    const bought = await link(seller.free, seller.freeFile, buyer.token);
    expect((await download(bought.data.url)).rawPayload.equals(FREE_PDF)).toBe(true);
  });

  it("names every lesson's attachments on a visitor's phone preview, from the release, with no address", async () => {
    const view = await courseView(t.app.ctx, String(seller.courseId), 'wxPreview');
    if (view.body.page !== 'wxPreview') throw new Error(view.body.page);
    expect(view.body.attachments).toEqual({
      lessons: [
        { lessonId: seller.free, list: [expect.objectContaining({ name: 'free.pdf', kind: 'pdf' })] },
        { lessonId: seller.paid, list: [expect.objectContaining({ name: '讲义 "终版"; 第1章.pdf' })] },
      ],
    });
    expect(JSON.stringify(view.body)).not.toMatch(/\/attachment\/(file|open)/);
  });

  it('gives the seller team and a buying team a signed download: attachment, RFC 5987 name, type, nosniff', async () => {
    for (const token of [seller.token, buyer.token]) {
      expect((await listed(seller.paid, token)).data.downloadable).toBe(true);
      const answer = await link(seller.paid, seller.paidFile, token);
      expect(answer.code).toBe(200);
      expect(answer.data.expireTime).toBeGreaterThan(Date.now());
      const res = await download(answer.data.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="__ _____ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('讲义 "终版"; 第1章.pdf')}`,
      );
      expect(res.rawPayload.equals(PAID_PDF)).toBe(true);
    }
  });

  it('gives another team the names only', async () => {
    const seen = await listed(seller.paid, stranger);
    expect(seen.data.downloadable).toBe(false);
    expect(seen.data.list).toHaveLength(1);
    expect((await link(seller.paid, seller.paidFile, stranger)).code).toBe(Code.NOT_FOUND);
  });

  it('ends a signed link at its time, and refuses a forged one', async () => {
    const answer = await link(seller.paid, seller.paidFile, buyer.token);
    const token = answer.data.url.split('/').pop()!;
    expect(await readDownload(t.app.ctx, token)).not.toBeNull();
    expect(await readDownload(t.app.ctx, token, answer.data.expireTime + 1)).toBeNull();
    // Another attachment's id under the same signature.
    const forged = token.replace(/^\d+\./, `${seller.freeFile}.`);
    for (const bad of [forged, 'x', token.slice(0, -2) + 'AA']) {
      const res = await download(`/api/attachment/file/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: Code.ATTACHMENT_LINK_EXPIRED });
    }
  });

  it('follows releases: draft changes wait for the next one, a removed file stays for the release that lists it, a rollback brings the old list back', async () => {
    const renamed = await call(t, 'POST', '/attachment/rename', {
      token: seller.token,
      body: { attachmentId: seller.freeFile, name: '新名字.pdf' },
    });
    expect(renamed.code).toBe(200);
    await call(t, 'POST', '/attachment/delete', {
      token: seller.token,
      body: { attachmentId: seller.paidFile },
    });
    const extra = await upload(t, seller.token, seller.free, {
      filename: 'extra.pdf',
      body: minimalPdf('X'),
    });
    expect((await listed(seller.free)).data.list.map((a) => a.name)).toEqual(['free.pdf']);
    const kept = await link(seller.paid, seller.paidFile, buyer.token);
    expect((await download(kept.data.url)).rawPayload.equals(PAID_PDF)).toBe(true);
    await release(seller.token, seller.courseId);
    expect((await listed(seller.free)).data.list.map((a) => a.name)).toEqual(['新名字.pdf', 'extra.pdf']);
    expect((await listed(seller.paid, buyer.token)).data.list).toEqual([]);
    expect((await link(seller.paid, seller.paidFile, buyer.token)).code).toBe(Code.NOT_FOUND);
    // Back to release 1: its list, names and files as they were.
    const releases = await call<{ list: { releaseId: number; versionNo: number }[] }>(
      t,
      'GET',
      '/course/release/list',
      {
        token: seller.token,
        query: { courseId: String(seller.courseId) },
      },
    );
    const first = releases.data.list.find((r) => r.versionNo === 1)!;
    const rolled = await call(t, 'POST', '/course/release/rollback', {
      token: seller.token,
      body: { courseId: seller.courseId, releaseId: first.releaseId },
    });
    expect(rolled.code).toBe(200);
    expect((await listed(seller.free)).data.list.map((a) => a.name)).toEqual(['free.pdf']);
    const back = await link(seller.paid, seller.paidFile, buyer.token);
    expect((await download(back.data.url)).rawPayload.equals(PAID_PDF)).toBe(true);
    expect(extra.code).toBe(200);
  });

  it('stops at a refund: the link handed out before it and any new one', async () => {
    const before = await link(seller.paid, seller.paidFile, buyer.token);
    expect(before.code).toBe(200);
    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token: buyer.token,
      body: { orderId: buyer.orderId, courseId: seller.courseId, reason: '不需要了' },
    });
    const approved = await call(t, 'POST', '/order/refund/approve', {
      token: seller.token,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.code).toBe(200);
    expect((await download(before.data.url)).statusCode).toBe(404);
    expect((await link(seller.paid, seller.paidFile, buyer.token)).code).toBe(Code.NOT_FOUND);
    expect((await listed(seller.paid, buyer.token)).data.downloadable).toBe(false);
  });

  it('once the course is unreleased a visitor no longer sees the list; the seller still downloads', async () => {
    expect((await listed(seller.free)).code).toBe(200);
    expect(
      (
        await call(t, 'POST', '/course/unrelease', {
          token: seller.token,
          body: { courseId: seller.courseId },
        })
      ).code,
    ).toBe(200);
    expect((await listed(seller.free)).code).toBe(Code.NOT_FOUND);
    const own = await link(seller.free, seller.freeFile, seller.token);
    expect((await download(own.data.url)).statusCode).toBe(200);
  });
});
