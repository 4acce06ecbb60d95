/**
 * Upload end → first playing (issue 47.4), for a 10-minute and a 60-minute 720p clip, with each
 * ffmpeg build the machine has (a system one: FFMPEG_PATH or `ffmpeg` on PATH; the packaged npm one),
 * one after the other, each clip in a server of its own (FFMPEG_PATH/FFPROBE_PATH naming that build).
 * "First playing" is what a player needs before its first frame: from the upload's last byte, the
 * media's play addresses (`/media/play` polled every 100 ms), its master playlist naming a rendition,
 * that rendition's growing playlist listing a segment, the key and that segment fetched (200). Then
 * the first rendition's transcoding speed over the next SPEED_WINDOW_MS (× real time: the media time
 * its progress says is done, over the time since the server began it, from its `media playable`
 * line); no rendition is waited for whole here (the 10-minute clip's are in the section's table
 * above), which keeps the 60-minute run to minutes on a shared machine.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '../e2e/support/server.ts';
import { apiLogin } from '../e2e/support/session.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

type Build = { label: string; ffmpeg: string; ffprobe: string };

const version = (ffmpeg: string) =>
  /^ffmpeg version (\S+)/.exec(spawnSync(ffmpeg, ['-version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ??
  '?';

/** The system build (FFMPEG_PATH, else the first `ffmpeg` on PATH), or null. */
function systemBuild(): Build | null {
  const onPath = (tool: string) =>
    (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, tool))
      .find((f) => existsSync(f)) ?? null;
  const ffmpeg = process.env.FFMPEG_PATH ?? onPath('ffmpeg');
  const ffprobe = process.env.FFPROBE_PATH ?? (ffmpeg && path.join(path.dirname(ffmpeg), 'ffprobe'));
  if (!ffmpeg || !ffprobe || !existsSync(ffprobe)) return null;
  return { label: `system ${version(ffmpeg)}`, ffmpeg, ffprobe };
}

function packagedBuild(): Build | null {
  try {
    const req = createRequire(path.join(ROOT, 'apps/server/package.json'));
    const dir = (pkg: string) => path.dirname(req.resolve(`${pkg}/package.json`));
    const ffmpeg = path.join(dir('@ffmpeg-installer/linux-x64'), 'ffmpeg');
    const ffprobe = path.join(dir('@ffprobe-installer/linux-x64'), 'ffprobe');
    return { label: `packaged ${version(ffmpeg)}`, ffmpeg, ffprobe };
  } catch {
    return null;
  }
}

/**
 * A 720p clip made fast: 20 s of testsrc2 and a tone encoded (x264 ultrafast), then repeated by
 * stream copy to the length, no encoding, which costs seconds instead of encoding the whole length on
 * a shared 2-core machine. Kept. The long clip takes 1 Mbit/s (the hour near 500 MB); the 10-minute
 * one a lesson's usual 2.5 Mbit/s.
 */
export async function longClip(ffmpeg: string, dir: string, seconds: number, kbit = 1000): Promise<string> {
  const file = path.join(dir, `clip-720p-${seconds}s-${kbit}k.mp4`);
  if (existsSync(file)) return file;
  const piece = path.join(dir, `piece-720p-20s-${kbit}k.mp4`);
  const lavfi = (src: string) => ['-f', 'lavfi', '-i', `${src}:duration=20`];
  await run(ffmpeg, [
    '-nostdin', '-v', 'error',
    ...lavfi('testsrc2=size=1280x720:rate=25'),
    ...lavfi('sine=frequency=440'),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', `${kbit}k`, '-g', '50', '-c:a', 'aac', '-b:a', '96k',
    '-shortest', '-f', 'mp4', '-y', piece,
  ]); // prettier-ignore
  await run(ffmpeg, [
    '-nostdin', '-v', 'error', '-stream_loop', String(Math.ceil(seconds / 20) - 1), '-i', piece,
    '-t', String(seconds), '-c', 'copy', '-f', 'mp4', '-y', `${file}.part`,
  ]); // prettier-ignore
  await fs.rename(`${file}.part`, file);
  return file;
}

/** How long the first rendition's speed is watched after its first segment. */
const SPEED_WINDOW_MS = 60_000;

type Measured = { probeMs: number; playableMs: number; firstSegmentMs: number; speed: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(base: string, token: string, p: string, body?: object): Promise<T> {
  const res = await fetch(`${base}/api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-request-tkToken': token, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${p}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** From the last byte: the first segment a player would fetch, fetched; ms since `lastByte`. */
async function firstSegment(base: string, token: string, mediaId: number, lastByte: number) {
  let playableMs = 0;
  for (;;) {
    const play = await api<{ playlistUrl: string | null }>(base, token, '/media/play', { mediaId });
    if (play.playlistUrl) {
      playableMs ||= Date.now() - lastByte;
      const master = new URL(play.playlistUrl, base);
      const variantPath = (await (await fetch(master)).text()).split('\n').find((l) => l.endsWith('.m3u8'));
      const variantUrl = variantPath && new URL(variantPath, master);
      const variant = variantUrl ? await (await fetch(variantUrl)).text() : '';
      const segment = variant.split('\n').find((l) => l.endsWith('.ts'));
      const key = /URI="([^"]+)"/.exec(variant)?.[1];
      if (segment && key && variantUrl) {
        const [k, s] = await Promise.all([fetch(new URL(key, variantUrl)), fetch(new URL(segment, base))]);
        const bytes = (await s.arrayBuffer()).byteLength;
        await k.arrayBuffer();
        if (k.status === 200 && s.status === 200 && bytes > 0)
          return { playableMs, firstSegmentMs: Date.now() - lastByte };
      }
    }
    if (Date.now() - lastByte > 600_000) throw new Error('no segment playable 10 minutes after the upload');
    await sleep(100);
  }
}

async function measureClip(base: string, token: string, logFile: string, file: string): Promise<Measured> {
  const clip = await fs.readFile(file);
  const tus = { 'Tus-Resumable': '1.0.0', 'x-request-tkToken': token };
  const created = await fetch(`${base}/api/media/upload`, {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
    },
  });
  const location = new URL(created.headers.get('location')!, base).href;
  const mediaId = Number(created.headers.get('media-id'));
  const patch = async (offset: number, body: Buffer) => {
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: body as Uint8Array<ArrayBuffer>,
    });
    await res.arrayBuffer();
    if (res.status !== 204) throw new Error(`PATCH answered ${res.status}`);
  };
  await patch(0, clip.subarray(0, clip.length - 1));
  const lastByte = Date.now();
  await patch(clip.length - 1, clip.subarray(clip.length - 1));
  const probeMs = Date.now() - lastByte;
  const { playableMs, firstSegmentMs } = await firstSegment(base, token, mediaId, lastByte);
  // The first rendition's speed: stored whole by then, its own time; else the media time its share
  // of the progress (a 720p source's two renditions share it equally) says is done, over the time
  // since its ffmpeg began (the `media playable` line says how long before it was logged).
  await sleep(SPEED_WINDOW_MS);
  const info = await api<{ progress: number; durationMs: number }>(
    base,
    token,
    `/media/info?mediaId=${mediaId}`,
  );
  const lines = (await fs.readFile(logFile, 'utf8'))
    .split('\n')
    .filter((l) => l.includes(`"mediaId":${mediaId},`))
    .map((l) => JSON.parse(l) as { msg: string; time: number; ms: number; durationMs?: number });
  const stored = lines.find((l) => l.msg === 'media rendition stored');
  if (stored) return { probeMs, playableMs, firstSegmentMs, speed: stored.durationMs! / stored.ms };
  const playable = lines.find((l) => l.msg === 'media playable')!;
  const ranMs = Date.now() - playable.time + playable.ms;
  const speed = ((info.progress / 100) * 2 * info.durationMs) / ranMs;
  return { probeMs, playableMs, firstSegmentMs, speed };
}

const s = (ms: number) => (ms / 1000).toFixed(1);

/** Markdown: the table of every build and clip, and whether the goal (≤ 10 s) holds for each. */
export async function earlyPlaySection(clips: { file: string; seconds: number }[]): Promise<string> {
  const system = systemBuild();
  const packaged = packagedBuild();
  const rows: string[] = [];
  const results: boolean[] = [];
  if (!system)
    rows.push(
      `| system ffmpeg | — | none on this machine (FFMPEG_PATH unset, no ffmpeg on PATH): not measured | | | |`,
    );
  for (const build of [system, packaged]) {
    if (!build) continue;
    // A server of its own per clip: with one transcoding at a time (MEDIA_TRANSCODE_CONCURRENCY=1),
    // a clip uploaded to the server still making the previous one's 720p would wait in the queue.
    for (const clip of clips) {
      const server = await startServer(`bench-early-${build.label.split(' ')[0]}`, {
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '1000000',
        FFMPEG_PATH: build.ffmpeg,
        FFPROBE_PATH: build.ffprobe,
      });
      try {
        const { token } = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
        const m = await measureClip(server.baseUrl, token, server.logFile, clip.file);
        results.push(m.firstSegmentMs <= 10_000);
        rows.push(
          `| ${build.label} | ${clip.seconds / 60} min | ${s(m.probeMs)} s | ${s(m.playableMs)} s | **${s(m.firstSegmentMs)} s** | ${m.speed.toFixed(2)}× |`,
        );
      } finally {
        // The transcoding still running (the rest of 360p, then 720p) ends with its server.
        await server.stop();
      }
    }
  }
  const met = results.length > 0 && results.every(Boolean);
  return [
    'Upload end → first playing (issue 47.4): the first rendition (360p) grows as an HLS EVENT playlist while ffmpeg writes it and the media is playable once two segments (8 s) are stored and listed. Measured from the last byte of the tus upload: the upload answered (ffprobe), `/media/play` first giving addresses (two segments listed), and the key and first listed segment fetched as a player would (polled every 100 ms). Each clip in a fresh server of its own; the clips are 1280×720, the 60-minute one made fast: 20 s of testsrc2 at 1 Mbit/s (x264 ultrafast) repeated by stream copy.',
    '',
    '| ffmpeg build | clip | → upload answered | → playable | → first segment fetched | 360p encoding over its first minute (× real time) |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
    `**Goal — first segment playable ≤ 10 s after the upload's last byte, 10- and 60-minute clips: ${met ? 'met' : 'missed'}.**`,
  ].join('\n');
}
