/**
 * The ffmpeg builds side by side (issue 47): when FFMPEG_PATH names a build and the packaged one
 * (`@ffmpeg-installer/linux-x64`, from 2018) is installed too, each encodes the same minute (at most) of
 * the bench's clip with the transcode's 360p and 720p settings (x264 ultrafast / veryfast, AAC), to null
 * output: only the encoders' speed, nothing stored. Without both, the section says so in one line.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
/** At most this much of the clip is encoded by each. */
const MAX_SECONDS = 60;

const packaged = (): string | null => {
  try {
    const pkg = createRequire(path.join(ROOT, 'apps/server/package.json')).resolve(
      '@ffmpeg-installer/linux-x64/package.json',
    );
    return path.join(path.dirname(pkg), 'ffmpeg');
  } catch {
    return null;
  }
};

/** The transcode's settings for a rendition (apps/server/src/modules/media/media-transcode.ts). */
const RENDITIONS = [
  { name: '360p', scale: '640:360', preset: 'ultrafast', kbps: 800, level: '3.1' },
  { name: '720p', scale: '1280:720', preset: 'veryfast', kbps: 2800, level: '3.2' },
] as const;

const version = async (ffmpeg: string) =>
  /^ffmpeg version (\S+)/.exec((await run(ffmpeg, ['-version'])).stdout)?.[1] ?? '?';

async function encodeMs(
  ffmpeg: string,
  clip: string,
  seconds: number,
  r: (typeof RENDITIONS)[number],
): Promise<number> {
  const started = performance.now();
  await run(ffmpeg, [
    '-nostdin', '-v', 'error', '-t', String(seconds), '-i', clip,
    '-vf', `scale=${r.scale}`, '-c:v', 'libx264', '-preset', r.preset, '-profile:v', 'main',
    '-level:v', r.level, '-pix_fmt', 'yuv420p', '-b:v', `${r.kbps}k`, '-maxrate', `${r.kbps}k`,
    '-bufsize', `${r.kbps * 2}k`, '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-f', 'null', '-',
  ]); // prettier-ignore
  return performance.now() - started;
}

/** Markdown: the two builds' encoding times, or why there is no comparison. */
export async function buildsSideBySide(clip: string, clipSeconds: number): Promise<string> {
  const seconds = Math.min(MAX_SECONDS, clipSeconds);
  const system = process.env.FFMPEG_PATH;
  const bundled = packaged();
  if (!system || !bundled)
    return `ffmpeg builds side by side: not run (set FFMPEG_PATH to a system build, with the packaged one installed, to compare them).`;
  const builds = [
    { label: `FFMPEG_PATH ${await version(system)}`, ffmpeg: system },
    { label: `packaged ${await version(bundled)}`, ffmpeg: bundled },
  ];
  const rows: string[] = [];
  for (const r of RENDITIONS) {
    // One after the other, never at once: the builds share this machine's cores.
    const ms = [];
    for (const b of builds) ms.push(await encodeMs(b.ffmpeg, clip, seconds, r));
    rows.push(
      `| ${r.name} (${r.preset}) | ${ms.map((m) => `${(m / 1000).toFixed(1)} s (${((seconds * 1000) / m).toFixed(2)}×)`).join(' | ')} |`,
    );
  }
  return [
    `ffmpeg builds side by side: the clip's first ${seconds} s encoded with the transcode's settings to null output (time, × real time).`,
    '',
    `| rendition | ${builds.map((b) => b.label).join(' | ')} |`,
    '|---|---:|---:|',
    ...rows,
  ].join('\n');
}
