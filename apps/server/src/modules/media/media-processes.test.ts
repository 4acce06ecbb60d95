/**
 * Media across real server processes on one database and one data folder: two web processes
 * (MEDIA_WORKER=off: they queue transcoding and run none) and a worker process (MEDIA_WORKER=only:
 * no HTTP, it runs the jobs). An upload to one web process is transcoded by the worker and played
 * through the other; a web process SIGKILLed mid-upload resumes from what it stored; a worker
 * SIGKILLed mid-transcoding finishes the job once restarted (pg-boss).
 */
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MediaPlay } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.ts';
import {
  createUpload,
  makeClip,
  patch,
  tus,
  uploadFile,
  waitTranscoded,
} from '../../../test/media-helpers.ts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const WORKER_READY = 'worker process: running jobs';
let helper: TestApp; // the same database, for factories and for looking behind the API
let a: ServerProcess;
let b: ServerProcess;
let w: ServerProcess;
let clips: string;
let token = '';

beforeAll(async () => {
  helper = await createTestApp();
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  const env = { RATE_LIMIT_PER_MINUTE: '100000', MEDIA_WORKER: 'off' };
  [a, b, w] = await Promise.all([
    startServerProcess('a', helper.databaseUrl, helper.dataDir, env),
    startServerProcess('b', helper.databaseUrl, helper.dataDir, env),
    startServerProcess('w', helper.databaseUrl, helper.dataDir, { MEDIA_WORKER: 'only' }, WORKER_READY),
  ]);
  const u = await createUser(helper);
  await createTeam(helper, u.token, '多进程团队');
  token = u.token;
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), w?.stop()]);
  await helper?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

const transcodedIn = async (p: ServerProcess, mediaId: number) =>
  (await fs.readFile(p.logFile, 'utf8'))
    .split('\n')
    .some((l) => l.includes('"media transcoded"') && l.includes(`"mediaId":${mediaId},`));

/** Plays a media of the team through a process: master → rendition → key → a segment, decrypted. */
async function playThrough(p: ServerProcess, mediaId: number) {
  const res = await fetch(`${p.baseUrl}/api/media/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
    body: JSON.stringify({ mediaId }),
  });
  const play = (await res.json()) as { code: number; data: MediaPlay };
  expect(play.code).toBe(200);
  const get = async (url: string) => {
    const r = await fetch(new URL(url, p.baseUrl));
    expect(r.status, url).toBe(200);
    return { url: r.url, body: Buffer.from(await r.arrayBuffer()) };
  };
  const master = await get(play.data.playlistUrl!);
  const variantPath = master.body
    .toString()
    .split('\n')
    .find((l) => l.endsWith('index.m3u8'))!;
  const variant = await get(new URL(variantPath, master.url).href);
  const keyUri = /URI="([^"]+)"/.exec(variant.body.toString())![1]!;
  const key = await get(new URL(keyUri, variant.url).href);
  const segment = await get(
    variant.body
      .toString()
      .split('\n')
      .find((l) => l.endsWith('.ts'))!,
  );
  const decipher = createDecipheriv('aes-128-cbc', key.body, Buffer.alloc(16));
  const plain = Buffer.concat([decipher.update(segment.body), decipher.final()]);
  expect(plain[0]).toBe(0x47); // MPEG-TS sync byte
}

describe('media on several processes', () => {
  it('uploads on one web process, transcodes on the worker only, plays through the other', async () => {
    const { done, mediaId } = await uploadFile(a.baseUrl, token, await makeClip(clips, 'video', 'mp4'));
    expect(done.status, done.body).toBe(204);
    const media = await waitTranscoded(helper, token, mediaId);
    expect(media).toMatchObject({ status: 'ready', renditions: ['360p'] });
    // The worker logs it after the media is ready in the database: its line reaches the file a moment later.
    await expect.poll(() => transcodedIn(w, mediaId), { timeout: 10_000 }).toBe(true);
    expect(await transcodedIn(a, mediaId)).toBe(false);
    expect(await transcodedIn(b, mediaId)).toBe(false);
    await playThrough(b, mediaId);
  }, 120_000);

  it('resumes an upload after its process is SIGKILLed: HEAD answers what was stored, the rest completes it', async () => {
    const clip = await makeClip(clips, 'video', 'mp4');
    const created = await createUpload(a.baseUrl, token, clip.length);
    expect(created.status).toBe(201);
    const file = path.join(helper.dataDir, 'uploads', 'media-uploads', created.location!.split('/').pop()!);
    const sent = Math.floor(clip.length * 0.6);
    // A PATCH still open (the client has more to send) when the process dies.
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
    const open = fetch(new URL(created.location!, a.baseUrl), {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'x-request-tkToken': token,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    push.enqueue(new Uint8Array(clip.subarray(0, sent)));
    await vi.waitFor(async () => expect((await fs.stat(file)).size).toBe(sent), {
      timeout: 20_000,
      interval: 50,
    });
    await a.kill();
    expect(await open).toBeInstanceOf(Error);
    await a.restart();
    const head = await tus(a.baseUrl, token, 'HEAD', created.location!);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(sent));
    // Only the bytes not stored are sent again.
    const rest = await patch(a.baseUrl, token, created.location!, sent, clip.subarray(sent));
    expect(rest.status, rest.body).toBe(204);
    expect((await fs.readFile(file)).equals(clip)).toBe(true);
    const media = await waitTranscoded(helper, token, created.mediaId);
    expect(media).toMatchObject({ status: 'ready', sizeBytes: clip.length, renditions: ['360p'] });
  }, 120_000);

  it('finishes a transcoding whose worker was SIGKILLed in the middle once the worker is back', async () => {
    const { done, mediaId } = await uploadFile(b.baseUrl, token, await makeClip(clips, 'long', 'mp4'));
    expect(done.status, done.body).toBe(204);
    // In the middle: the worker has reported progress, and the rendition is not done.
    await vi.waitFor(
      async () => {
        const { rows } = await helper.app.ctx.db.execute<{ progress: number; status: string }>(
          sql`select progress, status from media where id = ${mediaId}`,
        );
        expect(rows[0]).toMatchObject({ status: 'processing' });
        expect(rows[0]!.progress).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 100 },
    );
    await w.kill();
    const [row] = (
      await helper.app.ctx.db.execute<{ status: string }>(sql`select status from media where id = ${mediaId}`)
    ).rows;
    expect(row!.status, 'killed before it was done').toBe('processing');
    await w.restart();
    const media = await waitTranscoded(helper, token, mediaId);
    expect(media).toMatchObject({ status: 'ready', renditions: ['360p'], progress: 100 });
    await playThrough(a, mediaId);
  }, 180_000);
});
