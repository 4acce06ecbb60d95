import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Code, type Media, type MediaUsage } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import {
  createUpload,
  filesUnder,
  makeClip,
  patch,
  tus,
  uploadFile,
  waitTranscoded,
} from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cleanFileName } from './media-upload.ts';
import { cleanUpAbandonedUploads } from './media-gc.ts';

let t: TestApp;
let base: string;
let clips: string;
let token: string;
let other: string;
const uploads = () => filesUnder(path.join(t.dataDir, 'uploads', 'media-uploads'));
const MAX = 5_000_000;

beforeAll(async () => {
  t = await createTestApp({
    MEDIA_MAX_BYTES: String(MAX),
    MEDIA_QUOTA_BYTES: '8000000',
    MEDIA_MAX_SECONDS: '10',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  const u = await createUser(t);
  await createTeam(t, u.token, '上传团队');
  token = u.token;
  const o = await createUser(t);
  await createTeam(t, o.token, '别的团队');
  other = o.token;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

const info = (mediaId: number, as = token) =>
  call<Media>(t, 'GET', '/media/info', { token: as, query: { mediaId: String(mediaId) } });

describe('tus upload', () => {
  it('resumes: a part, the offset asked again with HEAD, the rest; then 360p HLS, duration and size', async () => {
    const clip = await makeClip(clips, 'video', 'mp4');
    const created = await createUpload(base, token, clip.length, '第一讲.mp4');
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/media\/upload\/[a-f0-9]{32}$/);
    const half = Math.floor(clip.length / 2);
    expect((await patch(base, token, created.location!, 0, clip.subarray(0, half))).status).toBe(204);
    // A new request, as after a reload or a server restart: where did it stop?
    const head = await tus(base, token, 'HEAD', created.location!);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await patch(base, token, created.location!, half, clip.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('media-id')).toBe(String(created.mediaId));
    const media = await waitTranscoded(t, token, created.mediaId);
    expect(media).toMatchObject({
      status: 'ready',
      kind: 'video',
      name: '第一讲.mp4',
      sizeBytes: clip.length,
    });
    expect(media).toMatchObject({ width: 640, height: 360, renditions: ['360p'], progress: 100 });
    expect(media.durationMs).toBeGreaterThan(2900);
    const usage = await call<MediaUsage>(t, 'GET', '/media/usage', { token });
    expect(usage.data).toEqual({ usedBytes: clip.length, quotaBytes: 8_000_000 });
  });

  it('makes 360p and then 720p of a 720p source', async () => {
    const { done, mediaId } = await uploadFile(base, token, await makeClip(clips, 'hd', 'mp4'), 'hd.mp4');
    expect(done.status, done.body).toBe(204);
    const media = await waitTranscoded(t, token, mediaId);
    expect(media).toMatchObject({ status: 'ready', width: 1280, height: 720, renditions: ['360p', '720p'] });
  });

  // One test per format: each is an upload, a probe and a transcoding of its own, and a failure names it.
  it.for([
    ['audio', 'mp3', 'audio'],
    ['audio', 'm4a', 'audio'],
    ['audio', 'aac', 'audio'],
    ['audio', 'wav', 'audio'],
    ['video', 'mov', 'video'],
    ['silent', 'mkv', 'video'],
    ['video', 'webm', 'video'],
  ] as const)('takes %s as %s by its bytes, not its name', async ([source, ext, kind]) => {
    // The name says nothing: the kind comes from probing.
    const { done, mediaId } = await uploadFile(base, token, await makeClip(clips, source, ext), 'x.bin');
    expect(done.status, `${ext}: ${done.body}`).toBe(204);
    const media = await waitTranscoded(t, token, mediaId);
    expect(media, ext).toMatchObject({ status: 'ready', kind });
    expect(media.renditions).toEqual(kind === 'audio' ? ['audio'] : ['360p']);
  });

  it('refuses what is not video or audio, with its code and nothing left on disk', async () => {
    const before = await uploads();
    const cases: [string, Buffer][] = [
      ['text renamed .mp4', Buffer.from('这不是视频'.repeat(100))],
      [
        'HLS playlist',
        Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n'),
      ],
      ['concat list', Buffer.from('ffconcat version 1.0\nfile /etc/passwd\n')],
      ['truncated mp4', (await makeClip(clips, 'video', 'mp4')).subarray(0, 20_000)],
    ];
    for (const [what, bytes] of cases) {
      const { done, mediaId } = await uploadFile(base, token, bytes, 'lesson.mp4');
      expect(done.status, what).toBe(400);
      expect(JSON.parse(done.body), what).toMatchObject({ code: Code.MEDIA_TYPE_REFUSED });
      expect((await info(mediaId)).code, what).toBe(404);
    }
    expect(await uploads()).toEqual(before);
  });

  it('refuses a file longer than MEDIA_MAX_SECONDS and a picture over 4096 px, nothing left on disk', async () => {
    const before = await uploads();
    const long = await uploadFile(base, token, await makeClip(clips, 'twelveSeconds', 'mp4'), 'long.mp4');
    expect(long.done.status).toBe(400);
    expect(JSON.parse(long.done.body)).toMatchObject({ code: Code.MEDIA_TOO_LONG, data: { maxMinutes: 0 } });
    const wide = await uploadFile(base, token, await makeClip(clips, 'wide', 'mkv'), 'wide.mkv');
    expect(wide.done.status).toBe(400);
    expect(JSON.parse(wide.done.body)).toMatchObject({
      code: Code.MEDIA_RESOLUTION_TOO_HIGH,
      data: { max: 4096 },
    });
    for (const m of [long, wide]) expect((await info(m.mediaId)).code).toBe(404);
    expect(await uploads()).toEqual(before);
    expect(await filesUnder(path.join(t.dataDir, 'uploads', 'media'))).not.toContainEqual(
      expect.stringMatching(new RegExp(`/(${long.mediaId}|${wide.mediaId})/`)),
    );
  });

  it('believes bytes, not a declared type: an audio-only .mp4 is audio, text declared video/mp4 is refused', async () => {
    const declared = (name: string, type: string) =>
      `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;
    const send = async (bytes: Buffer, name: string, type: string) => {
      const created = await tus(base, token, 'POST', '/api/media/upload', {
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': declared(name, type),
        'Content-Type': type,
      });
      expect(created.status).toBe(201);
      const done = await patch(base, token, created.headers.get('location')!, 0, bytes);
      return { done, mediaId: Number(created.headers.get('media-id')) };
    };
    const audio = await send(await makeClip(clips, 'audio', 'm4a'), '第二讲.mp4', 'video/mp4');
    expect(audio.done.status, audio.done.body).toBe(204);
    const media = await waitTranscoded(t, token, audio.mediaId);
    expect(media).toMatchObject({ status: 'ready', kind: 'audio', renditions: ['audio'] });
    const before = await uploads();
    const lying = await tus(base, token, 'POST', '/api/media/upload', { 'Upload-Length': '100' });
    const wrongType = await tus(
      base,
      token,
      'PATCH',
      lying.headers.get('location')!,
      { 'Upload-Offset': '0', 'Content-Type': 'video/mp4' },
      Buffer.alloc(100),
    );
    // tus's own refusal of a PATCH that is not `application/offset+octet-stream`.
    expect([400, 415]).toContain(wrongType.status);
    expect(
      (await tus(base, token, 'HEAD', lying.headers.get('location')!)).headers.get('upload-offset'),
    ).toBe('0');
    expect((await tus(base, token, 'DELETE', lying.headers.get('location')!)).status).toBe(204);
    const text = await send(Buffer.from('not a video at all'.repeat(50)), 'lesson.mp4', 'video/mp4');
    expect(JSON.parse(text.done.body)).toMatchObject({ code: Code.MEDIA_TYPE_REFUSED });
    expect(await uploads()).toEqual(before);
  });

  it('refuses 0 bytes, an unstated length and an upload over MEDIA_MAX_BYTES before storing anything', async () => {
    const before = await uploads();
    const empty = await createUpload(base, token, 0);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ code: Code.MEDIA_EMPTY });
    const deferred = await tus(base, token, 'POST', '/api/media/upload', { 'Upload-Defer-Length': '1' });
    expect(JSON.parse(deferred.body)).toMatchObject({ code: Code.MEDIA_LENGTH_REQUIRED });
    const big = await createUpload(base, token, MAX + 1);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ code: Code.MEDIA_TOO_LARGE, data: { maxMb: 4 } });
    expect(await uploads()).toEqual(before);
  });

  it("holds the team's quota, counting uploads still arriving; a terminated upload gives it back", async () => {
    const used = (await call<MediaUsage>(t, 'GET', '/media/usage', { token })).data.usedBytes;
    const first = await createUpload(base, token, MAX - used - 1000);
    expect(first.status).toBe(201);
    const second = await createUpload(base, token, 4_000_000);
    expect(JSON.parse(second.body)).toMatchObject({ code: Code.MEDIA_QUOTA_EXCEEDED, data: { quotaMb: 7 } });
    expect((await tus(base, token, 'DELETE', first.location!)).status).toBe(204);
    await expect.poll(async () => (await info(first.mediaId)).code).toBe(404);
    expect((await createUpload(base, token, 4_000_000)).status).toBe(201);
  });

  it('keeps to the declared length and offset: a changed length or a wrong offset changes nothing', async () => {
    const clip = await makeClip(clips, 'video', 'mp4');
    const created = await createUpload(base, other, clip.length);
    await patch(base, other, created.location!, 0, clip.subarray(0, 1000));
    const lengthChange = await tus(
      base,
      other,
      'PATCH',
      created.location!,
      {
        'Upload-Offset': '1000',
        'Upload-Length': String(clip.length * 2),
        'Content-Type': 'application/offset+octet-stream',
      },
      clip.subarray(1000, 2000),
    );
    expect(lengthChange.status).toBe(400);
    const wrongOffset = await patch(base, other, created.location!, 500, clip.subarray(500, 2000));
    expect(wrongOffset.status).toBe(409);
    // More than declared: only the declared bytes are taken.
    const over = await patch(
      base,
      other,
      created.location!,
      1000,
      Buffer.concat([clip.subarray(1000), clip]),
    );
    expect(over.status).not.toBe(204);
    expect((await tus(base, other, 'HEAD', created.location!)).headers.get('upload-offset')).toBe('1000');
  });

  it("answers 404 to another team's upload and media, and never serves an original", async () => {
    const clip = await makeClip(clips, 'audio', 'mp3');
    const created = await createUpload(base, token, clip.length);
    await patch(base, token, created.location!, 0, clip.subarray(0, 100));
    expect((await tus(base, other, 'HEAD', created.location!)).status).toBe(404);
    expect((await patch(base, other, created.location!, 100, clip.subarray(100))).status).toBe(404);
    expect((await tus(base, other, 'DELETE', created.location!)).status).toBe(404);
    expect((await info(created.mediaId, other)).code).toBe(404);
    // tus's download is not routed: the original is never served.
    expect((await tus(base, token, 'GET', created.location!)).status).toBe(405);
    expect((await tus(base, token, 'HEAD', created.location!)).headers.get('upload-offset')).toBe('100');
    expect((await tus(base, token, 'DELETE', created.location!)).status).toBe(204);
  });

  it('keeps a hostile file name as text only: no folders, no control characters, at most 120 characters', async () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u202ec.mp4')).toBe('abc.mp4');
    expect(cleanFileName('..')).toBe('未命名文件');
    expect(cleanFileName('课'.repeat(500))).toHaveLength(120);
    const before = await uploads();
    const created = await createUpload(base, token, 10, `..\\..\\${'x'.repeat(500)}\u0000.mp4`);
    expect(created.status).toBe(201);
    expect((await info(created.mediaId)).data.name).toBe('x'.repeat(120));
    const added = (await uploads()).filter((f) => !before.includes(f));
    for (const f of added) expect(f).toMatch(/^[a-f0-9]{32}(\.json)?$/);
    expect((await tus(base, token, 'DELETE', created.location!)).status).toBe(204);
  });

  it('expires an abandoned upload: its file and its row go, and its bytes return to the quota', async () => {
    const created = await createUpload(base, other, 1000);
    await patch(base, other, created.location!, 0, Buffer.alloc(100));
    const before = await uploads();
    expect(await cleanUpAbandonedUploads(t.app.ctx)).toBe(0);
    expect((await info(created.mediaId, other)).code).toBe(200);
    expect(await cleanUpAbandonedUploads(t.app.ctx, Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect((await info(created.mediaId, other)).code).toBe(404);
    expect((await tus(base, other, 'HEAD', created.location!)).status).toBe(404);
    const uploadId = created.location!.split('/').pop()!;
    expect(before.filter((f) => f.startsWith(uploadId))).toHaveLength(2);
    expect((await uploads()).filter((f) => f.startsWith(uploadId))).toEqual([]);
  });

  it('answers malformed tus requests with a 4xx, never a 5xx', async () => {
    const answers = [
      await tus(base, token, 'POST', '/api/media/upload', { 'Upload-Length': 'abc' }),
      await tus(base, token, 'POST', '/api/media/upload', { 'Upload-Length': '-1' }),
      await tus(base, token, 'PATCH', `/api/media/upload/${'a'.repeat(32)}`, { 'Upload-Offset': '0' }),
      await tus(base, token, 'PATCH', '/api/media/upload/..%2f..%2fetc', {
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      }),
      await tus(base, token, 'HEAD', '/api/media/upload/%00'),
    ];
    for (const [i, a] of answers.entries()) expect(a.status, `${i}: ${a.body}`).toBeGreaterThanOrEqual(400);
    for (const a of answers) expect(a.status, a.body).toBeLessThan(500);
    // Without a session: the API's 401 envelope, before tus sees anything.
    const anonymous = await tus(base, '', 'POST', '/api/media/upload', { 'Upload-Length': '10' });
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: Code.UNAUTHORIZED });
    expect(anonymous.headers.get('location')).toBeNull();
  });
});
