import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { MediaRow } from '../../db/schema.ts';
import { videoCodec } from './media-codecs.ts';
import { spsCodec } from '../../../test/media-helpers.ts';
import { chooseMediaTools } from './media-tools.ts';
import { ffmpegArgs, renditionsFor } from './media-transcode.ts';

const row = { kind: 'video', width: 1920, height: 1080, hasAudio: 0, container: 'mov' } as MediaRow;

describe('the master playlist’s CODECS', () => {
  it('name each rendition’s profile and level: 360p Constrained Baseline 3.1, 720p Main 3.2, 1080p Main 4.2', () => {
    expect(renditionsFor(row).map((r) => [r.name, videoCodec(r).codecs])).toEqual([
      ['360p', 'avc1.42c01f'],
      ['720p', 'avc1.4d4020'],
      ['1080p', 'avc1.4d402a'],
    ]);
    // A portrait 1080p has the same frame size, so the same level.
    expect(videoCodec({ width: 1080, height: 1920, preset: 'veryfast' }).codecs).toBe('avc1.4d402a');
  });

  it('are what the encoder writes: each rendition encoded with the transcode’s own options', async () => {
    // The machine's tools as the server would choose them from its environment (config.ts).
    const { tools } = chooseMediaTools(loadConfig());
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-codecs-'));
    try {
      for (const r of renditionsFor(row)) {
        const args = ffmpegArgs(row, 'in', r, 'key', dir);
        const video = args.slice(args.indexOf('-vf'), args.indexOf('-sc_threshold') + 2);
        const out = path.join(dir, `${r.name}.h264`);
        const source = [
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=${row.width}x${row.height}:rate=30`,
          '-frames:v',
          '2',
        ];
        await promisify(execFile)(tools!.ffmpeg, ['-v', 'error', ...source, ...video, '-f', 'h264', out]);
        expect(spsCodec(await fs.readFile(out)), r.name).toBe(videoCodec(r).codecs);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
