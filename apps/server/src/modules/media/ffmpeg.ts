/**
 * Running ffmpeg and ffprobe (which builds: media-tools.ts). They are only ever given a path we made
 * (a stored upload's file) and fixed options: never a user's name, URL or option, and every input is
 * read with `-protocol_whitelist file`, so a playlist or concat list smuggled in as media cannot make
 * them open a URL or another file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Options before every input: local files only. */
export const SAFE_INPUT = ['-protocol_whitelist', 'file'] as const;

export class ToolError extends Error {}

type RunOptions = {
  /** Called with each `-progress` report's position in ms. */
  onProgressMs?: (ms: number) => void;
  /** Killed when it reports nothing for this long (a stuck decoder). */
  stallMs?: number;
  /** Killed when this aborts (what it writes is no longer wanted). */
  signal?: AbortSignal;
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
    options.signal?.addEventListener('abort', () => child.kill('SIGKILL'), { once: true });
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
