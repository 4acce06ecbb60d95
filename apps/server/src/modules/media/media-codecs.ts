/**
 * The H.264 profile and level of each video rendition, set on the encoder (`-level:v`) and named in
 * the master playlist's CODECS (`avc1.PPCCLL`), so a player is told what the stream really is.
 *
 * Profile: x264 writes the simplest profile its settings need. `ultrafast` (the 360p rendition) uses
 * no CABAC and no B-frames, so it is Constrained Baseline (profile_idc 66, constraint_set0 and 1:
 * `42C0`) whatever `-profile:v main` allows; `veryfast` is Main (77, constraint_set1: `4D40`).
 * Level: the lowest whose frame size and macroblock rate (H.264 table A-1) hold the picture at up to
 * 60 frames a second (the source's rate is kept; renditions are at most 1080p).
 */
import type { Rendition } from './media-transcode.ts';

/** H.264 levels (×10) with MaxFS (macroblocks a frame) and MaxMBPS (macroblocks a second). */
const LEVELS = [
  { level: 30, maxFs: 1620, maxMbps: 40_500 },
  { level: 31, maxFs: 3600, maxMbps: 108_000 },
  { level: 32, maxFs: 5120, maxMbps: 216_000 },
  { level: 40, maxFs: 8192, maxMbps: 245_760 },
  { level: 42, maxFs: 8704, maxMbps: 522_240 },
  { level: 50, maxFs: 22_080, maxMbps: 589_824 },
  { level: 51, maxFs: 36_864, maxMbps: 983_040 },
] as const;
const MAX_FPS = 60;

export type VideoCodec = { profile: 'Constrained Baseline' | 'Main'; level: number; codecs: string };

export function videoCodec(r: Pick<Rendition, 'width' | 'height' | 'preset'>): VideoCodec {
  const frame = Math.ceil(r.width / 16) * Math.ceil(r.height / 16);
  const level = (LEVELS.find((l) => frame <= l.maxFs && frame * MAX_FPS <= l.maxMbps) ?? LEVELS.at(-1)!)
    .level;
  const baseline = r.preset === 'ultrafast';
  const hex = `${baseline ? '42c0' : '4d40'}${level.toString(16).padStart(2, '0')}`;
  return { profile: baseline ? 'Constrained Baseline' : 'Main', level, codecs: `avc1.${hex}` };
}

/** `-level:v`'s value: 31 → '3.1'. */
export const levelArg = (level: number) => (level / 10).toFixed(1);
