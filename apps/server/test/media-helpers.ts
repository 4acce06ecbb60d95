/** Media tests: clips made by the ffmpeg the server would use (media-tools.ts), a tus client over real HTTP, waits for transcoding. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Media } from '@studio/contract';
import { expect, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mediaToolsFor } from '../src/modules/media/media-tools.ts';
import { call } from './factories.ts';
import type { TestApp } from './test-app.ts';

const run = promisify(execFile);
const { ffmpeg } = mediaToolsFor(
  loadConfig({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH }),
).tools!;

/** An H.264 stream's own profile, constraint flags and level (`avc1.PPCCLL`): the 3 bytes after its SPS NAL header. */
export function spsCodec(stream: Buffer): string | null {
  for (let i = 0; i + 6 < stream.length; i++)
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1 && (stream[i + 3]! & 0x1f) === 7)
      return `avc1.${stream.subarray(i + 4, i + 7).toString('hex')}`;
  return null;
}

const SOURCES = {
  /** 3 s of 640×360 video with a sine tone. */
  video: [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=3',
  ],
  /** 3 s of 640×360 video, no audio stream. */
  silent: ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
  /** 2 s of 1280×720 video with a sine tone. */
  hd: [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
  ],
  /**
   * 60 s of 640×360 video with a sine tone: long enough to kill a transcoding in the middle. 12 s
   * transcoded in under a second on an idle machine, between two looks of the test that waits for
   * the middle (it then read 'ready' and failed); 60 s take several seconds, progress written each.
   */
  long: [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=60:size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=60',
  ],
  /** 14 s of 1280×720 video with a sine tone: four 360p segments (the growing playlist), then 720p. */
  hdLong: [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=14:size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=14',
  ],
  /** 12 s of small video with a tone: over a 10 s MEDIA_MAX_SECONDS, and cheap to make. */
  twelveSeconds: [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=12:size=160x90:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=12',
  ],
  /** 1 s of 4200×64 video: wider than the largest picture transcoded. */
  wide: ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=4200x64:rate=5'],
  /** 3 s of a sine tone. */
  audio: ['-f', 'lavfi', '-i', 'sine=duration=3'],
} as const;

const made = new Map<string, Promise<Buffer>>();

/**
 * A short clip; `ext` picks the container (mp4, mkv, webm, mp3, m4a, wav). ffmpeg makes the same bytes
 * for the same source and container, so each is made once per test worker and handed out again.
 */
export function makeClip(dir: string, source: keyof typeof SOURCES, ext: string): Promise<Buffer> {
  const key = `${source}.${ext}`;
  let clip = made.get(key);
  if (!clip) {
    clip = generateClip(dir, source, ext);
    made.set(key, clip);
    clip.catch(() => made.delete(key)); // a failed run is tried again by the next caller
  }
  return clip;
}

async function generateClip(dir: string, source: keyof typeof SOURCES, ext: string): Promise<Buffer> {
  const file = path.join(dir, `${source}-${Math.random().toString(36).slice(2)}.${ext}`);
  // The fastest settings of each encoder: a test needs a valid file of the length and size it asks
  // for, not a good picture, and x264's default preset spent most of a media test's CPU (a 60 s clip).
  const codecs =
    ext === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis']
      : ['mp4', 'mov', 'mkv'].includes(ext) && source !== 'audio'
        ? ['-preset', 'ultrafast']
        : [];
  await run(ffmpeg, ['-nostdin', '-v', 'error', ...SOURCES[source], ...codecs, '-shortest', '-y', file]);
  return fs.readFile(file);
}

export type TusAnswer = { status: number; headers: Headers; body: string };

/** A tus request with the session token, as tus-js-client sends it. */
export async function tus(
  base: string,
  token: string,
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<TusAnswer> {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { 'Tus-Resumable': '1.0.0', 'x-request-tkToken': token, ...headers },
    body: body && new Uint8Array(body),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

export const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

/** Creates an upload of `size` bytes; answers its address and media id. */
export async function createUpload(base: string, token: string, size: number, name = 'clip.mp4') {
  const res = await tus(base, token, 'POST', '/api/media/upload', {
    'Upload-Length': String(size),
    'Upload-Metadata': metadata(name),
  });
  return { ...res, location: res.headers.get('location'), mediaId: Number(res.headers.get('media-id')) };
}

export const patch = (base: string, token: string, location: string, offset: number, bytes: Buffer) =>
  tus(
    base,
    token,
    'PATCH',
    location,
    {
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    bytes,
  );

/** Uploads a whole file in one PATCH; answers the last answer and the media id. */
export async function uploadFile(base: string, token: string, bytes: Buffer, name = 'clip.mp4') {
  const created = await createUpload(base, token, bytes.length, name);
  expect(created.status).toBe(201);
  const done = await patch(base, token, created.location!, 0, bytes);
  return { created, done, mediaId: created.mediaId };
}

/** Waits (bounded) until transcoding has ended; answers the media. */
export async function waitTranscoded(t: TestApp, token: string, mediaId: number): Promise<Media> {
  return vi.waitFor(
    async () => {
      const info = await call<Media>(t, 'GET', '/media/info', { token, query: { mediaId: String(mediaId) } });
      expect(info.code).toBe(200);
      expect(['ready', 'failed']).toContain(info.data.status);
      return info.data;
    },
    { timeout: 90_000, interval: 200 },
  );
}

/** Every file under a folder (relative paths), for "nothing left on disk". */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
