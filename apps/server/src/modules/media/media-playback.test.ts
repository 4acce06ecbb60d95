import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Code, type DocNode, type MediaPlay, type Order, type Refund } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { saveLesson } from '../../../test/learning-factories.ts';
import { makeClip, spsCodec, uploadFile, waitTranscoded } from '../../../test/media-helpers.ts';
import { payInSandbox } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cachesListening } from '../../platform/cache.ts';
import { signGrant } from './media-urls.ts';

let t: TestApp;
let clips: string;
const seller = { token: '', video: 0, audio: 0, courseId: 0, free: 0, paid: 0 };
const buyer = { token: '', orderId: 0 };
let stranger = '';

const mediaDoc = (mediaId: number, kind: 'video' | 'audio'): DocNode => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: '请看视频' }] },
    { type: 'media', attrs: { mediaId, kind } },
  ],
});

/** A released paid course: a free-preview lesson holding the audio, a paid one holding the video. */
async function releasedMediaCourse(token: string, video: number, audio: number) {
  const course = await createCourse(t, token, '视频课程');
  const free = (await createLesson(t, token, course.courseId, '试看')).lessonId;
  const paid = (await createLesson(t, token, course.courseId, '正课')).lessonId;
  await saveLesson(t, token, free, mediaDoc(audio, 'audio'), true);
  await saveLesson(t, token, paid, mediaDoc(video, 'video'));
  const cover = '/api/files/cover/2026/11/abcdefghijkl.png';
  const modify = {
    courseId: course.courseId,
    version: course.version,
    cover,
    summary: '简介',
    price: 990,
    category: 'tech',
  };
  expect((await call(t, 'POST', '/course/modify', { token, body: modify })).code).toBe(200);
  expect(
    (await call(t, 'POST', '/course/release', { token, body: { courseId: course.courseId } })).code,
  ).toBe(200);
  return { courseId: course.courseId, free, paid };
}

beforeAll(async () => {
  // Transcoding through the durable pg-boss queue, as in production.
  t = await createTestApp({ JOBS_ENABLED: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  const s = await createUser(t);
  await createTeam(t, s.token, '卖家团队');
  seller.token = s.token;
  seller.video = (await uploadFile(base, s.token, await makeClip(clips, 'video', 'mp4'))).mediaId;
  seller.audio = (await uploadFile(base, s.token, await makeClip(clips, 'audio', 'mp3'), 'a.mp3')).mediaId;
  await waitTranscoded(t, s.token, seller.video);
  await waitTranscoded(t, s.token, seller.audio);
  Object.assign(seller, await releasedMediaCourse(s.token, seller.video, seller.audio));
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
afterAll(async () => {
  await t?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

const play = (body: object, token?: string) => call<MediaPlay>(t, 'POST', '/media/play', { token, body });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const inLesson = (mediaId: number, lessonId: number) => ({ mediaId, courseId: seller.courseId, lessonId });

/** Master → first rendition → key → first segment, decrypted as a player does (AES-128-CBC). */
async function playThrough(playlistUrl: string) {
  const master = await get(playlistUrl);
  expect(master.statusCode).toBe(200);
  expect(master.headers['content-type']).toContain('mpegurl');
  const variantPath = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
  const variantUrl = new URL(variantPath, `http://x${playlistUrl}`).pathname;
  const variant = await get(variantUrl);
  expect(variant.statusCode).toBe(200);
  const keyUri = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variant.body)![1]!;
  const keyUrl = new URL(keyUri, `http://x${variantUrl}`).pathname;
  const key = await get(keyUrl);
  expect(key.statusCode).toBe(200);
  expect(key.headers['cache-control']).toBe('no-store');
  const segmentUrl = variant.body.split('\n').find((l) => l.endsWith('.ts'))!;
  const segment = await get(segmentUrl);
  expect(segment.statusCode).toBe(200);
  // No IV in the playlist: the IV is the media sequence number, 0 for the first segment.
  const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, Buffer.alloc(16));
  const plain = Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
  expect(segment.rawPayload[0] === 0x47 && segment.rawPayload[188] === 0x47).toBe(false);
  return { master: master.body, variant: variant.body, keyUrl, segmentUrl, plain };
}

describe('protected playback', () => {
  it('plays the seller team its media: signed HLS, one AES-128 key, segments that decrypt to MPEG-TS', async () => {
    const answer = await play({ mediaId: seller.video }, seller.token);
    expect(answer.data).toMatchObject({ kind: 'video', status: 'ready' });
    expect(answer.data.playlistUrl).toMatch(/^\/api\/media\/hls\/[^/]+\/master\.m3u8$/);
    const { master, variant, plain } = await playThrough(answer.data.playlistUrl!);
    // The CODECS named are the stream's own (its SPS): 360p is x264's Constrained Baseline.
    expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.42c01f,mp4a.40.2"');
    expect(spsCodec(plain)).toBe('avc1.42c01f');
    expect(variant).toContain('#EXT-X-ENDLIST');
    expect(plain[0]).toBe(0x47);
    expect(plain[188]).toBe(0x47);
    const poster = await get(answer.data.posterUrl!);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('plays a buyer the paid lesson and anyone the free-preview audio; refuses the rest with 404', async () => {
    const bought = await play(inLesson(seller.video, seller.paid), buyer.token);
    expect((await playThrough(bought.data.playlistUrl!)).plain[0]).toBe(0x47);
    const visitorFree = await play(inLesson(seller.audio, seller.free));
    const audio = await playThrough(visitorFree.data.playlistUrl!);
    expect(audio.master).toContain('CODECS="mp4a.40.2"');
    expect(audio.plain[0]).toBe(0x47);
    expect(visitorFree.data.posterUrl).toBeNull();
    // Not bought, not a preview: another team and a visitor get nothing.
    expect((await play(inLesson(seller.video, seller.paid), stranger)).code).toBe(Code.NOT_FOUND);
    expect((await play(inLesson(seller.video, seller.paid))).code).toBe(Code.NOT_FOUND);
    // The free lesson does not hold the video: naming it there opens nothing.
    expect((await play(inLesson(seller.video, seller.free))).code).toBe(Code.NOT_FOUND);
    // Without a lesson, only the seller team.
    expect((await play({ mediaId: seller.video }, stranger)).code).toBe(Code.NOT_FOUND);
  });

  it("opens nothing through another team's lesson that names the media", async () => {
    const thief = await createUser(t);
    await createTeam(t, thief.token, '盗用团队');
    const c = await releasedMediaCourse(thief.token, seller.video, seller.video);
    expect((await play({ mediaId: seller.video, courseId: c.courseId, lessonId: c.free })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('refuses an altered, expired or misused address with 403', async () => {
    const answer = await play({ mediaId: seller.video }, seller.token);
    const url = answer.data.playlistUrl!;
    const token = url.split('/')[4]!;
    const expectRefused = async (path: string) => {
      const res = await get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toMatchObject({ code: Code.MEDIA_LINK_EXPIRED });
    };
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expectRefused(url.replace(token, flipped));
    // Another media under the same signature.
    await expectRefused(url.replace(token, token.replace(/^\d+/, String(seller.audio))));
    const grant = {
      mediaId: seller.video,
      mediaTeamId: 0,
      courseId: 0,
      lessonId: 0,
      userId: 0,
      teamId: 0,
      share: '',
    };
    const past = await signGrant(t.app.ctx, {
      ...grant,
      purpose: 'p',
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    await expectRefused(`/api/media/hls/${past}/key`);
    // A segment address does not open the key.
    const { segmentUrl } = await playThrough(url);
    await expectRefused(`/api/media/hls/${segmentUrl.split('/')[4]}/key`);
    expect((await get(url.replace('master.m3u8', '../../etc/passwd'))).statusCode).toBe(404);
  });

  it('decides the key again on every request: after a refund the buyer gets none', async () => {
    // The key's yes is cached once the caches listen: the refund must empty it.
    await cachesListening(t.app.ctx.db);
    const bought = await play(inLesson(seller.video, seller.paid), buyer.token);
    const { keyUrl } = await playThrough(bought.data.playlistUrl!);
    expect((await get(keyUrl)).statusCode).toBe(200);
    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token: buyer.token,
      body: { orderId: buyer.orderId, courseId: seller.courseId, reason: '不想学了' },
    });
    expect(asked.code).toBe(200);
    const approved = await call(t, 'POST', '/order/refund/approve', {
      token: seller.token,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.code).toBe(200);
    expect((await get(keyUrl)).statusCode).toBe(404);
    expect((await play(inLesson(seller.video, seller.paid), buyer.token)).code).toBe(Code.NOT_FOUND);
  });

  it("stops a visitor's free-preview key at the next request after the course is unreleased", async () => {
    await cachesListening(t.app.ctx.db);
    const free = await play(inLesson(seller.audio, seller.free));
    const { keyUrl } = await playThrough(free.data.playlistUrl!);
    expect((await get(keyUrl)).statusCode).toBe(200);
    const body = { courseId: seller.courseId };
    expect((await call(t, 'POST', '/course/unrelease', { token: seller.token, body })).code).toBe(200);
    expect((await get(keyUrl)).statusCode).toBe(404);
  });
});
