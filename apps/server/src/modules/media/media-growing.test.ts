/**
 * The first rendition plays while it is being made (issue 47.4): its segments are stored and listed
 * one by one in an EVENT playlist, each encrypted and fetchable once listed; the media is playable
 * (its master names the growing rendition) while still processing; the playlist closes as VOD and the
 * master gains 720p when done. A transcoding that fails half-way keeps what it listed and, retried,
 * lists again only past it, and ends as a whole one does. On local files and on S3.
 */
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Media, MediaPlay } from '@studio/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { makeClip, uploadFile, waitTranscoded } from '../../../test/media-helpers.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findMedia } from './media.repo.ts';
import { transcodeMedia } from './media-transcode.ts';

let t: TestApp;
let base: string;
let clip: Buffer;
let token: string;
let clips: string;

let s3: TestS3 | null = null;

beforeAll(async () => {
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  clip = await makeClip(clips, 'hdLong', 'mp4');
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

/** The app on local files or on S3 (test/s3-server.ts), with a team. */
async function startApp(storage: 'local' | 's3') {
  if (storage === 's3') s3 = await startTestS3();
  t = await createTestApp(storage === 's3' ? s3!.env : {});
  expect(t.app.ctx.config.storage).toBe(storage);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const u = await createUser(t);
  await createTeam(t, u.token, '边转边播团队');
  token = u.token;
}

const info = async (mediaId: number) =>
  (await call<Media>(t, 'GET', '/media/info', { token, query: { mediaId: String(mediaId) } })).data;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const resolve = (relative: string, from: string) => new URL(relative, `http://x${from}`).pathname;

/** The master and 360p playlists a player of the team gets now, and every listed segment decrypted. */
async function played(mediaId: number) {
  const play = await call<MediaPlay>(t, 'POST', '/media/play', { token, body: { mediaId } });
  expect(play.code).toBe(200);
  const masterUrl = play.data.playlistUrl!;
  const master = await get(masterUrl);
  expect(master.statusCode).toBe(200);
  const variantUrl = resolve('360p/index.m3u8', masterUrl);
  const variant = (await get(variantUrl)).body;
  const key = await get(resolve(/URI="([^"]+)"/.exec(variant)![1]!, variantUrl));
  expect(key.statusCode).toBe(200);
  const segments = variant.split('\n').filter((l) => l.endsWith('.ts'));
  for (const [n, url] of segments.entries()) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    // Ciphertext as stored; the key and the sequence number (the IV) make it MPEG-TS.
    expect(res.rawPayload[0] === 0x47 && res.rawPayload[188] === 0x47).toBe(false);
    const iv = Buffer.alloc(16);
    iv.writeUInt32BE(n, 12);
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, iv);
    const plain = Buffer.concat([decipher.update(res.rawPayload), decipher.final()]);
    expect(plain[0] === 0x47 && plain[188] === 0x47, url).toBe(true);
  }
  const renditions = master.body.split('\n').filter((l) => l.endsWith('index.m3u8'));
  return { renditions, variant, segments };
}

/** Holds (or fails) the storing of one file, the first time it is stored; the rest store as usual. */
function interceptPut(file: string, action: 'hold' | 'fail') {
  const storage = t.app.ctx.storage;
  const real = storage.put.bind(storage);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const reachedIt = new Promise<void>((r) => (reached = r));
  let once = false;
  const spy = vi.spyOn(storage, 'put').mockImplementation(async (key, body, type) => {
    if (!once && key.endsWith(file)) {
      once = true;
      reached();
      if (action === 'fail') throw new Error('storage unavailable');
      await released;
    }
    return real(key, body, type);
  });
  return { reached: reachedIt, release, spy, real };
}

describe.each(['local', 's3'] as const)('the first rendition while it is made (%s storage)', (storage) => {
  beforeAll(() => startApp(storage), 60_000);
  // A test that fails before restoring its interception leaves storage.put spied: the next one would
  // wrap the spy in itself and fail with "Maximum call stack size exceeded", hiding the first failure.
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await t?.close();
  });

  it('lists encrypted segments as they are stored, plays while processing, then closes as VOD and adds 720p', async () => {
    // The third 360p segment waits: two are stored and listed by then.
    const hold = interceptPut('/360p/seg_00002.ts', 'hold');
    const { mediaId } = await uploadFile(base, token, clip);
    await hold.reached;

    const during = await info(mediaId);
    expect(during.status).toBe('processing');
    expect(during.renditions).toEqual(['360p']);
    expect(during.progress).toBeLessThan(100);
    const early = await played(mediaId);
    expect(early.renditions).toEqual(['360p/index.m3u8']);
    expect(early.variant).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(early.variant).toContain('#EXT-X-START:TIME-OFFSET=0');
    expect(early.variant).not.toContain('#EXT-X-ENDLIST');
    expect(early.segments).toHaveLength(2);

    hold.release();
    const done = await waitTranscoded(t, token, mediaId);
    hold.spy.mockRestore();
    expect(done.status).toBe('ready');
    expect(done.renditions).toEqual(['360p', '720p']);
    expect((await findMedia(t.app.ctx.db, mediaId))!.growing).toBeNull();
    const after = await played(mediaId);
    expect(after.renditions).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    // As a whole transcoding stores it: VOD, closed, every segment (14 s: 4 + 4 + 4 + 2).
    expect(after.variant).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(after.variant).not.toContain('#EXT-X-START');
    expect(after.variant.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(after.segments).toHaveLength(4);
    const names = (urls: string[]) => urls.map((u) => u.split('/').slice(-2).join('/'));
    expect(names(after.segments).slice(0, 2)).toEqual(names(early.segments));
  }, 120_000);

  it('keeps what a failed run listed; the retry lists only past it and ends as a whole transcoding', async () => {
    const fail = interceptPut('/360p/seg_00002.ts', 'fail');
    const { mediaId } = await uploadFile(base, token, clip);
    await fail.reached;
    await t.app.ctx.background.drain(60_000);
    const stopped = (await findMedia(t.app.ctx.db, mediaId))!;
    expect(stopped).toMatchObject({ status: 'processing', renditions: ['360p'], growing: '360p' });
    const half = await played(mediaId);
    expect(half.segments).toHaveLength(2);
    expect(half.variant).not.toContain('#EXT-X-ENDLIST');

    // pg-boss runs the job again: the playlist it stores never lists fewer than the 2 kept.
    const lists: number[] = [];
    fail.spy.mockImplementation(async (key, body, type) => {
      if (key.endsWith('/360p/index.m3u8'))
        lists.push(
          body
            .toString()
            .split('\n')
            .filter((l) => l.endsWith('.ts')).length,
        );
      return fail.real(key, body, type);
    });
    await transcodeMedia(t.app.ctx, mediaId);
    fail.spy.mockRestore();
    expect(lists.length).toBeGreaterThan(0);
    expect(Math.min(...lists)).toBeGreaterThanOrEqual(3);
    const row = (await findMedia(t.app.ctx.db, mediaId))!;
    expect(row).toMatchObject({
      status: 'ready',
      renditions: ['360p', '720p'],
      growing: null,
      progress: 100,
    });
    const whole = await played(mediaId);
    expect(whole.variant).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(whole.variant.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(whole.segments).toHaveLength(4);
  }, 120_000);
});
