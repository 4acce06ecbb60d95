import { Code } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { judge } from './media-probe.ts';
import { ffmpegArgs, renditionsFor } from './media-transcode.ts';
import type { MediaRow } from '../../db/schema.ts';

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const video = (width: number, height: number) => ({ codec_type: 'video', width, height });
const audio = { codec_type: 'audio' };
const probe = (format_name: string, duration: string, ...streams: object[]) => ({
  format: { format_name, duration },
  streams,
});

describe("ffprobe's verdict", () => {
  it('knows a video, an audio file, audio with a cover picture and video without sound', () => {
    expect(judge(probe(MP4, '3.0', video(640, 360), audio), 60)).toEqual({
      ok: true,
      media: { kind: 'video', container: 'mov', durationMs: 3000, width: 640, height: 360, hasAudio: true },
    });
    const cover = { ...video(500, 500), disposition: { attached_pic: 1 } };
    expect(judge(probe('mp3', '2.5', audio, cover), 60)).toMatchObject({
      ok: true,
      media: { kind: 'audio' },
    });
    expect(judge(probe(MP4, '2', audio), 60)).toMatchObject({ ok: true, media: { kind: 'audio' } });
    expect(judge(probe('matroska,webm', '2', video(640, 360)), 60)).toMatchObject({
      ok: true,
      media: { kind: 'video', container: 'matroska', hasAudio: false },
    });
  });

  it('refuses other containers, playlists, no streams, a video in an audio-only container', () => {
    for (const format of ['hls', 'concat', 'image2', 'png_pipe', 'mpegts', 'avi', ''])
      expect(judge(probe(format, '3', video(640, 360), audio), 60), format).toMatchObject({
        ok: false,
        code: Code.MEDIA_TYPE_REFUSED,
      });
    expect(judge(probe(MP4, '3'), 60)).toMatchObject({ code: Code.MEDIA_TYPE_REFUSED });
    expect(judge(probe('mp3', '3', video(640, 360)), 60)).toMatchObject({ code: Code.MEDIA_TYPE_REFUSED });
  });

  it('refuses a file longer than the limit, a huge picture, and one without a duration', () => {
    expect(judge(probe(MP4, '3601', audio), 3600)).toEqual({
      ok: false,
      code: Code.MEDIA_TOO_LONG,
      params: { maxMinutes: 60 },
    });
    expect(judge(probe(MP4, '3', video(8192, 4320), audio), 60)).toMatchObject({
      code: Code.MEDIA_RESOLUTION_TOO_HIGH,
      params: { max: 4096 },
    });
    for (const duration of ['N/A', '0', '-1'])
      expect(judge(probe(MP4, duration, audio), 60)).toMatchObject({ code: Code.MEDIA_UNREADABLE });
  });
});

describe('the rendition ladder', () => {
  const names = (width: number, height: number) =>
    renditionsFor({ kind: 'video', width, height }).map((r) => `${r.name} ${r.width}x${r.height}`);

  it('makes 360p first, then 720p and 1080p when the source has them, never enlarging', () => {
    expect(names(640, 360)).toEqual(['360p 640x360']);
    expect(names(1280, 720)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(names(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    expect(names(3840, 2160)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    // Portrait: by the shorter side.
    expect(names(1080, 1920)).toEqual(['360p 360x640', '720p 720x1280', '1080p 1080x1920']);
    // Smaller than 360p: its own size, even numbers for the encoder.
    expect(names(321, 241)).toEqual(['360p 322x242']);
  });

  it('makes one audio rendition of audio', () => {
    expect(renditionsFor({ kind: 'audio', width: null, height: null }).map((r) => r.name)).toEqual(['audio']);
  });
});

describe("ffmpeg's input", () => {
  it('reads only the stored file, local files only, with the one demuxer the probe found', () => {
    const row = { container: 'mov', hasAudio: 1 } as MediaRow;
    const [rendition] = renditionsFor({ kind: 'video', width: 640, height: 360 });
    const args = ffmpegArgs(
      row,
      '/data/uploads/media-uploads/abc',
      rendition!,
      '/tmp/w/key.info',
      '/tmp/w/360p',
    );
    const input = args.indexOf('-i');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args[input + 1]).toBe('/data/uploads/media-uploads/abc');
    const before = args.slice(0, input);
    expect(before).toEqual(
      expect.arrayContaining(['-protocol_whitelist', 'file', '-format_whitelist', '-f']),
    );
    expect(before[before.indexOf('-protocol_whitelist') + 1]).toBe('file');
    expect(before[before.indexOf('-f') + 1]).toBe('mov');
  });
});
