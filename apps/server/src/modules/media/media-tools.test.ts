import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { chooseMediaTools } from './media-tools.ts';

/** Stand-ins for ffmpeg and ffprobe: shell scripts that print a version line as the real ones do. */
const root = mkdtempSync(path.join(os.tmpdir(), 'media-tools-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bin(dir: string, version: string): string {
  const folder = path.join(root, dir);
  mkdirSync(folder, { recursive: true });
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const file = path.join(folder, tool);
    writeFileSync(
      file,
      `#!/bin/sh\necho "${tool} version ${version} Copyright (c) 2000-2024 the FFmpeg developers"\n`,
    );
    chmodSync(file, 0o755);
  }
  return folder;
}
const modern = bin('modern', '6.1.1-3ubuntu5');
const debian = bin('debian', '5.1.6-0+deb12u1');
const old = bin('old', '4.1');
const packagedDir = bin('packaged', 'N-47683-g0e8eb07980-static');
const packaged = (tool: string) => path.join(packagedDir, tool);
const none = () => null;
const noEnv = { FFMPEG_PATH: undefined, FFPROBE_PATH: undefined };
const empty = path.join(root, 'empty');

describe('which ffmpeg decodes uploads', () => {
  it('a system build on PATH comes before the packaged one, and the log line says which and its version', () => {
    const choice = chooseMediaTools(
      { ...noEnv, PATH: [empty, modern, debian].join(path.delimiter) },
      packaged,
    );
    expect(choice.tools).toEqual({
      ffmpeg: path.join(modern, 'ffmpeg'),
      ffprobe: path.join(modern, 'ffprobe'),
    });
    expect(choice.level).toBe('info');
    expect(choice.message).toBe(
      `media: ffmpeg 6.1.1-3ubuntu5 (system: ${modern}/ffmpeg), ffprobe 6.1.1-3ubuntu5 (system: ${modern}/ffprobe)`,
    );
  });

  it('FFMPEG_PATH comes before PATH, with the ffprobe beside it', () => {
    const choice = chooseMediaTools({ FFMPEG_PATH: path.join(debian, 'ffmpeg'), PATH: modern }, packaged);
    expect(choice.tools).toEqual({
      ffmpeg: path.join(debian, 'ffmpeg'),
      ffprobe: path.join(debian, 'ffprobe'),
    });
    expect(choice.message).toContain('ffmpeg 5.1.6-0+deb12u1 (FFMPEG_PATH: ');
    const split = chooseMediaTools(
      { FFMPEG_PATH: path.join(debian, 'ffmpeg'), FFPROBE_PATH: path.join(modern, 'ffprobe'), PATH: '' },
      none,
    );
    expect(split.tools?.ffprobe).toBe(path.join(modern, 'ffprobe'));
  });

  it('an FFMPEG_PATH older than 5, or one that does not run, stops the start with a clear message', () => {
    const tooOld = () => chooseMediaTools({ FFMPEG_PATH: path.join(old, 'ffmpeg'), PATH: modern }, packaged);
    expect(tooOld).toThrow(ConfigError);
    expect(tooOld).toThrow(`FFMPEG_PATH=${old}/ffmpeg is ffmpeg 4.1; version 5 or later is needed`);
    expect(() =>
      chooseMediaTools({ FFPROBE_PATH: path.join(empty, 'ffprobe'), PATH: modern }, packaged),
    ).toThrow(`FFPROBE_PATH=${empty}/ffprobe does not run as ffprobe`);
  });

  it('an older system build is passed over, with a warning, for the packaged one', () => {
    const choice = chooseMediaTools({ ...noEnv, PATH: old }, packaged);
    expect(choice.tools).toEqual({ ffmpeg: packaged('ffmpeg'), ffprobe: packaged('ffprobe') });
    expect(choice.level).toBe('warn');
    expect(choice.message).toContain(`${old}/ffmpeg is ffmpeg 4.1, older than 5: not used`);
    expect(choice.message).toContain(
      'ffmpeg N-47683-g0e8eb07980-static (packaged @ffmpeg-installer/linux-x64: ',
    );
  });

  it('the packaged build when there is no system one', () => {
    const choice = chooseMediaTools({ ...noEnv, PATH: empty }, packaged);
    expect(choice.tools).toEqual({ ffmpeg: packaged('ffmpeg'), ffprobe: packaged('ffprobe') });
    expect(choice.level).toBe('info');
  });

  it('none at all (macOS without one, no packaged build): no tools and a message saying what to install', () => {
    for (const searchPath of [empty, old]) {
      const choice = chooseMediaTools({ ...noEnv, PATH: searchPath }, none);
      expect(choice.tools).toBeNull();
      expect(choice.level).toBe('warn');
      expect(choice.message).toContain(
        'no usable ffmpeg and ffprobe: video and audio uploads are refused until ffmpeg 5 or later is installed',
      );
    }
  });
});
