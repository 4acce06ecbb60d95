/**
 * Hosted media (issue 34), side by side in one run on the real server (embedded PostgreSQL, local
 * storage, transcoding in the server process as by default):
 * - upload throughput over loopback (tus PATCH) against a plain file write of the same bytes;
 * - transcoding of a 10-minute 720p clip made by ffmpeg's lavfi sources: each rendition's speed as a
 *   multiple of real time (from the server's `media rendition stored` log lines), and the time from
 *   the upload's last byte to the first playable rendition (goal: within 0.2× the clip's duration);
 * - serving at 50 connections: a rendition playlist, the key (the policy decided on each request) and
 *   a 720p segment, each against a static file of the same bytes served by the same server from its
 *   web folder (the ceiling). Goals: key p99 < 20 ms, segments ≥ 50% of their ceiling.
 *   The app serves its web folder with @fastify/static's `wildcard: false`, which routes only the
 *   files present at start: the ceiling files are made (empty) before the server starts and given
 *   their sizes once known, and each is checked to answer 200 with exactly that many bytes.
 * - the ffmpeg build the server used (its start's line) and, with `FFMPEG_PATH` set and the packaged
 *   build installed, the two encoding the same minute side by side (media-builds.ts);
 * - upload end → first playing for this clip and a 60-minute one (BENCH_MEDIA_LONG_SECONDS), with
 *   each ffmpeg build the machine has (media-early.ts).
 * `BENCH_ONLY=media npm run bench` runs just this. The clip is kept in .tmp/bench-media between runs.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { apiLogin } from '../e2e/support/session.ts';
import { CONNECTIONS, DURATION_S, measure, type Row } from './load.ts';
import { buildsSideBySide } from './media-builds.ts';
import { earlyPlaySection, longClip } from './media-early.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIP_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 600);
const LONG_SECONDS = Number(process.env.BENCH_MEDIA_LONG_SECONDS ?? 3600);
const fromServer = createRequire(path.join(ROOT, 'apps/server/package.json'));
const ffmpeg = path.join(
  path.dirname(fromServer.resolve('@ffmpeg-installer/linux-x64/package.json')),
  'ffmpeg',
);

/** The 10-minute clip at a lesson's usual bitrate (2.5 Mbit/s), made as media-early.ts makes its clips. */
const makeClip = (dir: string) => longClip(ffmpeg, dir, CLIP_SECONDS, 2500);

const tusHeaders = (token: string) => ({ 'Tus-Resumable': '1.0.0', 'x-request-tkToken': token });

async function patch(url: string, token: string, offset: number, body: Buffer) {
  const res = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: body as Uint8Array<ArrayBuffer>,
  });
  await res.arrayBuffer();
  if (res.status !== 204) throw new Error(`PATCH answered ${res.status}`);
}

type Info = { status: string; renditions: string[]; errorCode: number | null };

const api = async <T>(base: string, token: string, p: string, body?: object): Promise<T> => {
  const res = await fetch(`${base}/api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-request-tkToken': token, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${p}: ${answer.code} ${answer.msg}`);
  return answer.data;
};

/** The static files served beside the media (routed at start, sized later). */
const CEILINGS = ['playlist', 'key', 'segment'] as const;

/** A ceiling file must be the file itself, not the app's not-found page. */
async function checkCeiling(url: string, bytes: number): Promise<void> {
  const res = await fetch(url);
  const got = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200 || got !== bytes || res.headers.get('content-length') !== String(bytes))
    throw new Error(`ceiling ${url} answered ${res.status} with ${got} bytes, not ${bytes}`);
}

const load = (url: string) => () => autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const s = (ms: number) => (ms / 1000).toFixed(1);

async function mainMedia(work: string): Promise<string> {
  const web = path.join(work, 'web');
  await fs.mkdir(path.join(web, 'assets'), { recursive: true });
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>bench</title>');
  for (const name of CEILINGS) await fs.writeFile(path.join(web, 'assets', `${name}.bin`), '');
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  let started = Date.now();
  const clipFile = await makeClip(work);
  const clipMade = Date.now() - started;
  const clip = await fs.readFile(clipFile);

  const server = await startServer('bench-media', {
    LOG_LEVEL: 'info',
    WEB_DIST: web,
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  try {
    const { token } = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    // Upload: everything but the last byte (pure transfer), then the last byte (ffprobe runs then).
    const created = await fetch(`${server.baseUrl}/api/media/upload`, {
      method: 'POST',
      headers: {
        ...tusHeaders(token),
        'Upload-Length': String(clip.length),
        'Upload-Metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
      },
    });
    const location = new URL(created.headers.get('location')!, server.baseUrl).href;
    const mediaId = Number(created.headers.get('media-id'));
    started = performance.now();
    await patch(location, token, 0, clip.subarray(0, clip.length - 1));
    const uploadMs = performance.now() - started;
    const plain = path.join(server.dataDir, 'plain-write.bin');
    started = performance.now();
    await fs.writeFile(plain, clip);
    const writeMs = performance.now() - started;
    await fs.rm(plain);
    const lastByte = Date.now();
    await patch(location, token, clip.length - 1, clip.subarray(clip.length - 1));
    const probeMs = Date.now() - lastByte;

    let firstMs = 0;
    // Bounded, generously: a machine shared with other work may transcode at a fraction of real time.
    const deadline = Date.now() + CLIP_SECONDS * 30_000;
    let info: Info;
    for (;;) {
      info = await api<Info>(server.baseUrl, token, `/media/info?mediaId=${mediaId}`);
      if (!firstMs && info.renditions.length > 0) firstMs = Date.now() - lastByte;
      if (info.status === 'ready' || info.status === 'failed') break;
      if (Date.now() > deadline) throw new Error('transcoding did not end in 30× the clip duration');
      await new Promise((r) => setTimeout(r, 250));
    }
    if (info.status !== 'ready') throw new Error(`transcoding failed: ${info.errorCode}`);
    const totalMs = Date.now() - lastByte;
    const log = await fs.readFile(server.logFile, 'utf8');
    // The start's line naming the build that transcoded (apps/server/src/modules/media/media-tools.ts).
    const build = /"msg":"(media: [^"]*)"/.exec(log)?.[1] ?? 'media: (the start named no build)';
    const renditions = log
      .split('\n')
      .filter((l) => l.includes('"media rendition stored"'))
      .map((l) => JSON.parse(l) as { rendition: string; ms: number; durationMs: number });

    // Serving: the 720p rendition's playlist, its key and its first segment.
    const play = await api<{ playlistUrl: string }>(server.baseUrl, token, '/media/play', { mediaId });
    const master = new URL(play.playlistUrl, server.baseUrl);
    const variantUrl = new URL('720p/index.m3u8', master);
    const variantRes = await fetch(variantUrl);
    const variant = await variantRes.text();
    const keyUri = /URI="([^"]+)"/.exec(variant)?.[1];
    if (!keyUri)
      throw new Error(`${variantUrl.pathname} answered ${variantRes.status}: ${variant.slice(0, 300)}`);
    const keyUrl = new URL(keyUri, variantUrl);
    const segmentUrl = new URL(
      variant.split('\n').find((l) => l.endsWith('.ts'))!,
      server.baseUrl,
    );
    // Each ceiling holds the very bytes it stands for: a load client reads a body of one repeated
    // byte seven times faster than random bytes (383 against 57 req/s for a 1.6 MB file on this
    // machine), so a ceiling of filler made the ciphertext segments look slow.
    const bodies = {
      playlist: Buffer.from(variant),
      key: Buffer.from(await (await fetch(keyUrl)).arrayBuffer()),
      segment: Buffer.from(await (await fetch(segmentUrl)).arrayBuffer()),
    } satisfies Record<(typeof CEILINGS)[number], Buffer>;
    const sizes = {
      playlist: bodies.playlist.length,
      key: bodies.key.length,
      segment: bodies.segment.length,
    };
    for (const [name, body] of Object.entries(bodies)) {
      await fs.writeFile(path.join(web, 'assets', `${name}.bin`), body);
      await checkCeiling(`${server.baseUrl}/assets/${name}.bin`, body.length);
    }
    const pairs: [string, string, string][] = [
      ['rendition playlist (720p)', variantUrl.href, 'playlist'],
      ['key (policy checked)', keyUrl.href, 'key'],
      ['segment (720p, 4 s)', segmentUrl.href, 'segment'],
    ];
    const rows: { name: string; row: Row; ceiling: Row; bytes: number }[] = [];
    for (const [name, url, file] of pairs) {
      const row = await measure(name, load(url));
      const ceiling = await measure(name, load(`${server.baseUrl}/assets/${file}.bin`));
      rows.push({ name, row, ceiling, bytes: sizes[file as keyof typeof sizes] });
    }

    const first = renditions[0];
    const goalFirst = firstMs <= CLIP_SECONDS * 200;
    const key = rows[1]!.row;
    const seg = rows[2]!;
    const segShare = Math.round((seg.row.rps / seg.ceiling.rps) * 100);
    return [
      `The server's ${build}.`,
      '',
      `A ${CLIP_SECONDS / 60}-minute 1280×720 clip (testsrc2 + a sine tone, H.264 2.5 Mbit/s, ${mb(clip.length)} MiB; made in ${s(clipMade)} s${clipMade < 1000 ? ', kept from an earlier run' : ''}), uploaded to one server process that transcodes itself (MEDIA_TRANSCODE_CONCURRENCY=1, libx264 ultrafast for 360p, veryfast above). Load average ${loadBefore} when the section began, ${os.loadavg()[0]!.toFixed(1)} when it ended (other work shares this machine's ${os.cpus().length} cores).`,
      '',
      '| upload over loopback | time | MiB/s |',
      '|---|---:|---:|',
      `| tus PATCH of ${mb(clip.length)} MiB (all but the last byte) | ${s(uploadMs)} s | ${(clip.length / 2 ** 20 / (uploadMs / 1000)).toFixed(0)} |`,
      `| plain \`fs.writeFile\` of the same bytes in the data folder | ${s(writeMs)} s | ${(clip.length / 2 ** 20 / (writeMs / 1000)).toFixed(0)} |`,
      '',
      '| transcoding | wall time | × real time |',
      '|---|---:|---:|',
      ...renditions.map(
        (r) =>
          `| ${r.rendition} (ffmpeg + storing${r === first ? ' + poster' : ''}) | ${s(r.ms)} s | ${(r.durationMs / r.ms).toFixed(2)}× |`,
      ),
      `| last byte → upload answered (ffprobe) | ${s(probeMs)} s | |`,
      `| last byte → playable (360p's first 2 segments stored and listed, media-growing.ts) | ${s(firstMs)} s | |`,
      `| last byte → every rendition | ${s(totalMs)} s | ${((CLIP_SECONDS * 1000) / totalMs).toFixed(2)}× |`,
      '',
      `**Goal — first rendition within 0.2× the clip (${CLIP_SECONDS * 0.2} s): ${goalFirst ? 'met' : 'missed'}** (${s(firstMs)} s = ${(firstMs / (CLIP_SECONDS * 1000)).toFixed(2)}×).`,
      '',
      `| served at ${CONNECTIONS} connections, ${DURATION_S} s each | bytes | req/s | p50 ms | p99 ms | errors | static file of the same bytes: req/s | p99 ms | errors | of ceiling |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        ({ name, row, ceiling, bytes }) =>
          `| ${name} | ${bytes} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${ceiling.rps} | ${ceiling.p99} | ${ceiling.errors} | ${Math.round((row.rps / ceiling.rps) * 100)}% |`,
      ),
      '',
      `**Goal — key p99 < 20 ms: ${key.p99 < 20 && key.errors === 0 ? 'met' : 'missed'}** (${key.p99} ms). **Goal — segments ≥ 50% of the ceiling: ${segShare >= 50 && seg.row.errors === 0 ? 'met' : 'missed'}** (${segShare}%).`,
      '',
      await buildsSideBySide(clipFile, CLIP_SECONDS),
    ].join('\n');
  } finally {
    await server.stop();
  }
}

export async function mediaSection(): Promise<string> {
  const work = path.join(ROOT, '.tmp', 'bench-media');
  const main = await mainMedia(work);
  // The serving server is stopped first: the first-playing runs have the machine to themselves.
  const long = await longClip(ffmpeg, work, LONG_SECONDS);
  const early = await earlyPlaySection([
    { file: await makeClip(work), seconds: CLIP_SECONDS },
    { file: long, seconds: LONG_SECONDS },
  ]);
  return `${main}\n\n${early}`;
}
