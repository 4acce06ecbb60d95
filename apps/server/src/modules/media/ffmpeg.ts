/**
 * ffmpeg and ffprobe: the builds shipped inside the npm packages `@ffmpeg-installer/linux-x64` and
 * `@ffprobe-installer/linux-x64` (nothing downloaded at install or run time), or FFMPEG_PATH /
 * FFPROBE_PATH. They are only ever given a path we made (a stored upload's file) and fixed options:
 * never a user's name, URL or option, and every input is read with `-protocol_whitelist file`, so a
 * playlist or concat list smuggled in as media cannot make them open a URL or another file.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../../config.ts';

const require = createRequire(import.meta.url);
const packaged = (pkg: string, binary: string): string =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), binary);

export type MediaTools = { ffmpeg: string; ffprobe: string };

export const mediaTools = (config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): MediaTools => ({
  ffmpeg: config.FFMPEG_PATH ?? packaged('@ffmpeg-installer/linux-x64', 'ffmpeg'),
  ffprobe: config.FFPROBE_PATH ?? packaged('@ffprobe-installer/linux-x64', 'ffprobe'),
});

/** Options before every input: local files only. */
export const SAFE_INPUT = ['-protocol_whitelist', 'file'] as const;

export class ToolError extends Error {}

type RunOptions = {
  /** Called with each `-progress` report's position in ms. */
  onProgressMs?: (ms: number) => void;
  /** Killed when it reports nothing for this long (a stuck decoder). */
  stallMs?: number;
};

/** Runs a tool with fixed arguments (no shell); resolves its stdout, rejects with its stderr's tail. */
export function runTool(binary: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (!options.stallMs) return;
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), options.stallMs);
    };
    arm();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      arm();
      if (!options.onProgressMs) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us (out_time_ms in old builds, also in microseconds despite its name).
        const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
        if (m) options.onProgressMs(Number(m[1]) / 1000);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new ToolError(`${path.basename(binary)} ended with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}
