/**
 * Media for the journeys (issue 34): clips made here by the packaged ffmpeg from lavfi sources (no
 * fixtures from outside), sent by tus over HTTP as the editor's client does, and waited for until
 * their HLS renditions can be played.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Media, UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { apiAs } from './session.ts';

const run = promisify(execFile);
/**
 * The ffmpeg that makes the test clips: the packaged build where its optional package is installed
 * (Linux x64, as in CI), else FFMPEG_PATH or the one on PATH (macOS, arm64).
 */
const packagedFfmpeg = (): string | null => {
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    return path.join(path.dirname(pkg), 'ffmpeg');
  } catch {
    return null;
  }
};
export const ffmpeg = packagedFfmpeg() ?? process.env.FFMPEG_PATH ?? 'ffmpeg';

/** `seconds` of 640×360 test picture with a tone, H.264/AAC in mp4. */
export async function makeClip(seconds = 6, size = '640x360'): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clip-'));
  const file = path.join(dir, 'clip.mp4');
  const src = [
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
  ];
  await run(ffmpeg, ['-nostdin', '-v', 'error', ...src, '-shortest', '-y', file]);
  const bytes = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return bytes;
}

/** A tus upload in one PATCH (the protocol the editor's client speaks); answers the media id. */
export async function uploadMedia(baseUrl: string, user: UserInfo, bytes: Buffer): Promise<number> {
  const headers = { 'Tus-Resumable': '1.0.0', 'x-request-tkToken': user.token };
  const created = await fetch(`${baseUrl}/api/media/upload`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const done = await fetch(new URL(created.headers.get('location')!, baseUrl), {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(done.status).toBe(204);
  return Number(created.headers.get('media-id'));
}

/** Transcoding runs in the server's job queue: waits (bounded) until the media can be played. */
export async function waitReady(baseUrl: string, user: UserInfo, mediaId: number): Promise<Media> {
  const media = await vi.waitFor(
    async () => {
      const info = await apiAs<Media>(baseUrl, user, `/media/info?mediaId=${mediaId}`);
      expect(['ready', 'failed']).toContain(info.status);
      return info;
    },
    { timeout: 120_000, interval: 500 },
  );
  expect(media.status).toBe('ready');
  return media;
}

/** Waits (bounded) until the page's first video has played past `seconds`. */
export const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => (document.querySelector('video')?.currentTime ?? 0) > s, seconds, {
    timeout: 30_000,
  });
