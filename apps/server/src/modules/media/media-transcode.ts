/**
 * Transcoding (a durable pg-boss job, `media-transcode`): the stored original becomes HLS renditions,
 * lowest first so a lesson plays soon, each encrypted with the media's AES-128 key (segments in the
 * storage are ciphertext), then a poster frame. The first rendition is stored segment by segment as
 * ffmpeg writes it, a growing playlist players follow seconds after the upload (media-growing.ts);
 * the others are stored whole and join the master playlist when done. Progress over every rendition
 * is kept on the row. A retried job (a killed process) skips the renditions already stored whole.
 */
import { Code, type MediaRendition } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { MIN_HEARTBEAT_SECONDS, type JobQueue } from '../../platform/jobs.ts';
import type { MediaRow } from '../../db/schema.ts';
import { SAFE_INPUT, ToolError, runTool } from './ffmpeg.ts';
import { levelArg, videoCodec } from './media-codecs.ts';
import { hlsPrefix, mediaContext } from './media-context.ts';
import { DEMUXERS } from './media-probe.ts';
import { GrowingRendition } from './media-growing.ts';
import { addRendition, findMedia, markFailed, markGrowing, markReady, setProgress } from './media.repo.ts';

export const TRANSCODE_QUEUE = 'media-transcode';
/** Seconds of each HLS segment. */
const SEGMENT_SECONDS = 4;
/** ffmpeg silent this long is stuck: killed, and the media fails. */
const STALL_MS = 120_000;

/**
 * A video rendition by the picture's shorter side, with its bitrate and x264 preset. The first
 * (360p) is what makes a lesson playable: `ultrafast` encodes it several times faster than
 * `veryfast` (no CABAC, no B-frames; at 800 kbit/s for 360p the picture stays clean), the higher
 * ones, watched longest, take `veryfast`'s better quality per bit.
 */
type Preset = 'ultrafast' | 'veryfast';
const LADDER: { name: MediaRendition; side: number; videoKbps: number; preset: Preset }[] = [
  { name: '360p', side: 360, videoKbps: 800, preset: 'ultrafast' },
  { name: '720p', side: 720, videoKbps: 2800, preset: 'veryfast' },
  { name: '1080p', side: 1080, videoKbps: 5000, preset: 'veryfast' },
];
const AUDIO_KBPS = 128;

export type Rendition = {
  name: MediaRendition;
  width: number;
  height: number;
  videoKbps: number;
  preset: Preset;
};

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** 360p always (the source's size when smaller), then 720p and 1080p when the source has them. */
export function renditionsFor(row: Pick<MediaRow, 'kind' | 'width' | 'height'>): Rendition[] {
  if (row.kind !== 'video' || !row.width || !row.height)
    return [{ name: 'audio', width: 0, height: 0, videoKbps: 0, preset: 'veryfast' }];
  const short = Math.min(row.width, row.height);
  return LADDER.filter((r, i) => i === 0 || short >= r.side).map((r) => {
    const side = Math.min(r.side, short);
    const scale = side / short;
    return {
      name: r.name,
      width: even(row.width! * scale),
      height: even(row.height! * scale),
      videoKbps: r.videoKbps,
      preset: r.preset,
    };
  });
}

/**
 * How ffmpeg opens the stored original, the same for every run: local files only, the one demuxer
 * ffprobe recognised (a playlist or concat list can never be opened as one), the path we made.
 */
export function inputArgs(row: Pick<MediaRow, 'container'>, input: string, seek: string[] = []): string[] {
  return [
    '-nostdin',
    '-v',
    'error',
    ...SAFE_INPUT,
    '-format_whitelist',
    DEMUXERS,
    '-f',
    row.container!,
    ...seek,
    '-i',
    input,
  ];
}

export function ffmpegArgs(
  row: MediaRow,
  input: string,
  r: Rendition,
  keyInfo: string,
  outDir: string,
  /** 'event': the playlist rewritten after each segment (the growing first rendition). */
  playlistType: 'vod' | 'event' = 'vod',
): string[] {
  const audio = row.hasAudio
    ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2']
    : ['-an'];
  const video =
    r.name === 'audio'
      ? ['-vn']
      : [
          '-map',
          '0:v:0',
          '-vf',
          // Bilinear for the quick first rendition: halving a picture needs no finer filter.
          `scale=${r.width}:${r.height}${r.preset === 'ultrafast' ? ':flags=bilinear' : ''}`,
          '-c:v',
          'libx264',
          '-preset',
          r.preset,
          '-profile:v',
          'main',
          // The level the master playlist names (media-codecs.ts), not one x264 picks by itself.
          '-level:v',
          levelArg(videoCodec(r).level),
          '-pix_fmt',
          'yuv420p',
          '-b:v',
          `${r.videoKbps}k`,
          '-maxrate',
          `${r.videoKbps}k`,
          '-bufsize',
          `${r.videoKbps * 2}k`,
          // A key frame at every segment start, so each segment plays on its own.
          '-force_key_frames',
          `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
          '-sc_threshold',
          '0',
        ];
  return [
    ...inputArgs(row, input),
    ...video,
    ...audio,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    playlistType,
    '-hls_key_info_file',
    keyInfo,
    '-hls_segment_filename',
    path.join(outDir, 'seg_%05d.ts'),
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, 'index.m3u8'),
  ];
}

async function storeFolder(ctx: AppContext, dir: string, prefix: string): Promise<void> {
  for (const name of (await fs.readdir(dir)).sort()) {
    const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    await ctx.storage.put(`${prefix}${name}`, await fs.readFile(path.join(dir, name)), type);
  }
}

async function makePoster(ctx: AppContext, row: MediaRow, input: string, work: string): Promise<void> {
  const file = path.join(work, 'poster.jpg');
  const at = Math.min(1, (row.durationMs ?? 0) / 2000).toFixed(2);
  const { ffmpeg } = mediaContext(ctx).tools;
  await runTool(
    ffmpeg,
    [...inputArgs(row, input, ['-ss', at]), '-frames:v', '1', '-vf', 'scale=-2:360', '-q:v', '4', '-y', file],
    { stallMs: STALL_MS },
  );
  await ctx.storage.put(`${hlsPrefix(row.teamId, row.id)}poster.jpg`, await fs.readFile(file), 'image/jpeg');
}

export async function transcodeMedia(
  ctx: AppContext,
  mediaId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const row = await findMedia(ctx.db, mediaId);
  if (!row || row.status !== 'processing') return;
  const { originals, tools } = mediaContext(ctx);
  const plan = renditionsFor(row);
  // A rendition still growing when the last run stopped is made again (its stored part is kept listed).
  const done = row.renditions.filter((r) => plan.some((p) => p.name === r) && r !== row.growing);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `media-${mediaId}-`));
  const original = await originals.localCopy(row.uploadId);
  let poster: Promise<void> | null = null;
  try {
    const keyFile = path.join(work, 'key.bin');
    await fs.writeFile(keyFile, Buffer.from(row.hlsKey, 'hex'), { mode: 0o600 });
    // The URI is replaced when the playlist is served (a signed address per viewer).
    const keyInfo = path.join(work, 'key.info');
    await fs.writeFile(keyInfo, `key\n${keyFile}\n`);
    const durationMs = row.durationMs ?? 1;
    for (const [i, r] of plan.entries()) {
      if (done.includes(r.name)) continue;
      const outDir = path.join(work, r.name);
      await fs.mkdir(outDir);
      let last = 0;
      const started = Date.now();
      // The poster is taken beside the first video rendition (one frame, a fraction of a second).
      poster = r.name !== 'audio' && done.length === 0 ? makePoster(ctx, row, original.path, work) : null;
      poster?.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      const prefix = `${hlsPrefix(row.teamId, row.id)}${r.name}/`;
      // Nothing plays yet: this one is stored as it is written, and plays once its first segments are.
      const growing =
        done.length === 0
          ? new GrowingRendition({
              ctx,
              prefix,
              outDir,
              onPlayable: async () => {
                await poster; // the player shows it: stored before the media is said playable
                await markGrowing(ctx.db, mediaId, r.name);
                log?.info({ mediaId, rendition: r.name, ms: Date.now() - started }, 'media playable');
              },
            })
          : null;
      const abort = new AbortController();
      await growing?.start(() => abort.abort());
      const run = runTool(
        tools.ffmpeg,
        ffmpegArgs(row, original.path, r, keyInfo, outDir, growing ? 'event' : 'vod'),
        {
          signal: abort.signal,
          stallMs: STALL_MS,
          onProgressMs: (ms) => {
            if (Date.now() - last < 1000) return;
            last = Date.now();
            const share = Math.min(1, ms / durationMs);
            // Progress is a hint: a failed write is logged, never fails the transcoding.
            setProgress(ctx.db, mediaId, Math.min(99, Math.floor((100 * (i + share)) / plan.length))).catch(
              (err: unknown) => log?.warn({ err, mediaId }, 'media progress'),
            );
          },
        },
      );
      try {
        await run;
      } catch (err) {
        await growing?.stop();
        // A failed store killed ffmpeg: that failure, not ffmpeg's end, is what happened.
        throw growing?.failure ?? err;
      }
      if (growing) await growing.close();
      else await storeFolder(ctx, outDir, prefix);
      await poster;
      done.push(r.name);
      // Each rendition's time, for operators and the bench (its speed against the media's duration).
      log?.info(
        { mediaId, rendition: r.name, ms: Date.now() - started, durationMs },
        'media rendition stored',
      );
      await addRendition(ctx.db, mediaId, [...done], Math.min(99, Math.floor((100 * (i + 1)) / plan.length)));
    }
    await markReady(ctx.db, mediaId);
    await announce(ctx, row, true);
    log?.info({ mediaId, renditions: done }, 'media transcoded');
  } catch (err) {
    // A poster still being made must not store its file after the cleanup below.
    await poster?.catch(() => undefined);
    if (!(err instanceof ToolError)) throw err; // the database or storage: pg-boss tries again
    // The file probed as media but does not decode (truncated, broken): nothing of it is kept.
    await ctx.storage.deletePrefix(hlsPrefix(row.teamId, row.id));
    await original.release();
    await originals.remove(row.uploadId);
    await markFailed(ctx.db, mediaId, Code.MEDIA_UNREADABLE);
    await announce(ctx, row, false);
  } finally {
    await original.release();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Tells the uploader the transcode is done or failed for good (notifications hear it). */
async function announce(ctx: AppContext, row: MediaRow, ok: boolean): Promise<void> {
  if (row.uploaderId === null) return;
  await ctx.domainEvents.publish(ctx.db, {
    type: 'media.transcoded',
    teamId: row.teamId,
    userId: row.uploaderId,
    mediaId: row.id,
    name: row.name,
    ok,
  });
}

/** Starts transcoding: a durable job, or in this process when jobs are off (tests, JOBS_ENABLED=false). */
export async function startTranscode(
  ctx: AppContext,
  mediaId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  if (ctx.jobs) await ctx.jobs.send(TRANSCODE_QUEUE, { mediaId }, `media-${mediaId}`);
  else ctx.background.run(() => transcodeMedia(ctx, mediaId, log), log);
}

export async function defineMediaJobs(
  ctx: AppContext,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  // A web process (MEDIA_WORKER=off) queues transcoding and runs none: a worker process does.
  const { MEDIA_WORKER, MEDIA_TRANSCODE_CONCURRENCY } = ctx.config;
  await jobs.define<{ mediaId: number }>(TRANSCODE_QUEUE, (data) => transcodeMedia(ctx, data.mediaId, log), {
    concurrency: MEDIA_WORKER === 'off' ? 0 : MEDIA_TRANSCODE_CONCURRENCY,
    heartbeatSeconds: MIN_HEARTBEAT_SECONDS,
  });
  log.info(
    {
      transcodeConcurrency: MEDIA_WORKER === 'off' ? 0 : MEDIA_TRANSCODE_CONCURRENCY,
      mediaWorker: MEDIA_WORKER,
    },
    'media jobs',
  );
}
