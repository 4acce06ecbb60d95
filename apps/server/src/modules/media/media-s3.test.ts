/**
 * Media on S3 for real: the app configured with S3_* against an S3-compatible server on 127.0.0.1
 * (test/s3-server.ts). A resumable tus upload through tus's S3 store (two PATCHes, the first below a
 * part), transcoding from the S3 original, the playlist, key and segments served from S3, and freeing
 * that leaves no object behind.
 */
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Code, type MediaPlay } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import {
  createUpload,
  filesUnder,
  makeClip,
  patch,
  uploadFile,
  tus,
  waitTranscoded,
} from '../../../test/media-helpers.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sweepAssets } from '../assets/index.ts';

let s3: TestS3 | null = null;
let t: TestApp;
let base = '';
let clips = '';
let token = '';
let teamId = 0;
const LATER = 25 * 3600_000; // past the default 24 h grace

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ JOBS_ENABLED: 'true', ...s3.env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-s3-'));
  const u = await createUser(t);
  teamId = (await createTeam(t, u.token, 'S3 团队')).teamId;
  token = u.token;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (clips) await fs.rm(clips, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('media on S3', () => {
  it('uploads by tus into S3, transcodes, plays from S3 and frees every object', async () => {
    expect(t.app.ctx.config.storage).toBe('s3');
    const clip = await makeClip(clips, 'video', 'mp4');
    const created = await createUpload(base, token, clip.length);
    expect(created.status).toBe(201);
    const uploadId = created.location!.split('/').pop()!;
    const half = Math.floor(clip.length / 2);
    expect((await patch(base, token, created.location!, 0, clip.subarray(0, half))).status).toBe(204);
    // A resumed upload asks S3 where it stands: the first half is held as an incomplete part.
    const head = await tus(base, token, 'HEAD', created.location!);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(await s3!.keys()).toEqual(expect.arrayContaining([`${uploadId}.info`, `${uploadId}.part`]));
    const done = await patch(base, token, created.location!, half, clip.subarray(half));
    expect(done.status).toBe(204);
    const media = await waitTranscoded(t, token, created.mediaId);
    expect(media).toMatchObject({ status: 'ready', kind: 'video' });

    const prefix = `media/${teamId}/${created.mediaId}/`;
    const stored = await s3!.keys();
    expect(stored).toContain(uploadId);
    expect(stored).toEqual(expect.arrayContaining([`${prefix}poster.jpg`, `${prefix}360p/index.m3u8`]));
    expect(stored.some((k) => k.startsWith(`${prefix}360p/`) && k.endsWith('.ts'))).toBe(true);
    // Nothing of it on the local disk.
    expect(await filesUnder(path.join(t.dataDir, 'uploads'))).toEqual([]);

    const play = await call<MediaPlay>(t, 'POST', '/media/play', {
      token,
      body: { mediaId: created.mediaId },
    });
    const master = await get(play.data.playlistUrl!);
    expect(master.statusCode).toBe(200);
    const variantPath = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const variantUrl = new URL(variantPath, `http://x${play.data.playlistUrl}`).pathname;
    const variant = await get(variantUrl);
    expect(variant.statusCode).toBe(200);
    const keyUri = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variant.body)![1]!;
    const key = await get(new URL(keyUri, `http://x${variantUrl}`).pathname);
    expect(key.statusCode).toBe(200);
    const segment = await get(variant.body.split('\n').find((l) => l.endsWith('.ts'))!);
    expect(segment.statusCode).toBe(200);
    expect(Number(segment.headers['content-length'])).toBe(segment.rawPayload.length);
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, Buffer.alloc(16));
    const plain = Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
    expect([plain[0], plain[188]]).toEqual([0x47, 0x47]);
    const poster = await get(play.data.posterUrl!);
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // No lesson refers to it: marked, then freed after the grace, original and HLS folder alike.
    await sweepAssets(t.app.ctx);
    await sweepAssets(t.app.ctx, undefined, Date.now() + LATER);
    expect(
      (await call(t, 'GET', '/media/info', { token, query: { mediaId: String(created.mediaId) } })).code,
    ).toBe(404);
    expect(await s3!.keys()).toEqual([]);
  }, 120_000);

  it('removes an abandoned upload from S3 when its creator deletes it', async () => {
    const clip = await makeClip(clips, 'audio', 'mp3');
    const created = await createUpload(base, token, clip.length, 'a.mp3');
    const uploadId = created.location!.split('/').pop()!;
    await patch(base, token, created.location!, 0, clip.subarray(0, 1000));
    expect((await s3!.keys()).filter((k) => k.startsWith(uploadId))).not.toEqual([]);
    expect((await tus(base, token, 'DELETE', created.location!)).status).toBe(204);
    expect((await s3!.keys()).filter((k) => k.startsWith(uploadId))).toEqual([]);
  }, 60_000);

  it('frees an abandoned upload from S3 at the sweep after its expiry: parts, info and row', async () => {
    const clip = await makeClip(clips, 'audio', 'mp3');
    const created = await createUpload(base, token, clip.length, 'b.mp3');
    const uploadId = created.location!.split('/').pop()!;
    await patch(base, token, created.location!, 0, clip.subarray(0, 1000));
    expect((await sweepAssets(t.app.ctx)).abandoned).toBe(0);
    expect((await s3!.keys()).filter((k) => k.startsWith(uploadId))).not.toEqual([]);
    expect((await sweepAssets(t.app.ctx, undefined, Date.now() + LATER)).abandoned).toBe(1);
    expect(await s3!.keys()).toEqual([]);
  }, 60_000);

  it('refuses bad input with its code and leaves nothing in S3', async () => {
    const cases: [string, Buffer][] = [
      ['text renamed .mp4', Buffer.from('这不是视频'.repeat(100))],
      ['concat list', Buffer.from('ffconcat version 1.0\nfile /etc/passwd\n')],
      ['truncated mp4', (await makeClip(clips, 'video', 'mp4')).subarray(0, 20_000)],
    ];
    for (const [what, bytes] of cases) {
      const { done, mediaId } = await uploadFile(base, token, bytes, 'lesson.mp4');
      expect(done.status, what).toBe(400);
      expect(JSON.parse(done.body), what).toMatchObject({ code: Code.MEDIA_TYPE_REFUSED });
      expect((await call(t, 'GET', '/media/info', { token, query: { mediaId: String(mediaId) } })).code).toBe(
        404,
      );
      expect(await s3!.keys(), what).toEqual([]);
    }
  }, 60_000);
});
