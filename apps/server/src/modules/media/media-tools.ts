/**
 * Which ffmpeg and ffprobe decode uploads, decided once at start (server.ts logs the choice):
 *
 * 1. FFMPEG_PATH / FFPROBE_PATH when set: they must run and be version 5 or later, or the server
 *    refuses to start (the operator asked for that build; quietly using another would hide it).
 * 2. Else the ones on PATH (a system build: Debian's, Homebrew's), when version 5 or later. An older
 *    one is passed over with a warning, for the packaged build.
 * 3. Else the packaged builds, the optional npm packages `@ffmpeg-installer/linux-x64` and
 *    `@ffprobe-installer/linux-x64` (Linux x64 only; ffmpeg from 2018, so last).
 * 4. None: the server starts and says so; uploading a video or audio then fails with that message.
 *
 * A version that cannot be read (a git snapshot's `N-12345-g…`) is accepted as given.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Config, ConfigError } from '../../config.ts';

export const MIN_FFMPEG_MAJOR = 5;

export type MediaTools = { ffmpeg: string; ffprobe: string };
type Tool = keyof MediaTools;

/** The choice: the tools (null when there are none) and the start's log line about them. */
export type MediaToolsChoice = { tools: MediaTools | null; level: 'info' | 'warn'; message: string };

type Found = { path: string; version: string; major: number | null; source: string };

const ENV: Record<Tool, 'FFMPEG_PATH' | 'FFPROBE_PATH'> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const PACKAGES: Record<Tool, string> = {
  ffmpeg: '@ffmpeg-installer/linux-x64',
  ffprobe: '@ffprobe-installer/linux-x64',
};

const require = createRequire(import.meta.url);

/** The packaged build's path, or null where the optional package is not installed (macOS, arm64). */
export function packagedTool(tool: Tool): string | null {
  try {
    return path.join(path.dirname(require.resolve(`${PACKAGES[tool]}/package.json`)), tool);
  } catch {
    return null;
  }
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first `tool` on PATH, as a shell would find it. */
const onPath = (tool: Tool, searchPath: string): string | null =>
  searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, tool))
    .find(executable) ?? null;

/** `ffmpeg version 6.1.1-3ubuntu5 …` → '6.1.1-3ubuntu5', major 6; null when it does not run. */
export function toolVersion(file: string, tool: Tool): { version: string; major: number | null } | null {
  const run = spawnSync(file, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  if (run.status !== 0) return null;
  const version = new RegExp(`^${tool} version (\\S+)`).exec(run.stdout ?? '')?.[1];
  if (!version) return null;
  const major = /^n?(\d+)\.\d+/.exec(version)?.[1];
  return { version, major: major ? Number(major) : null };
}

const tooOld = (f: { major: number | null }) => f.major !== null && f.major < MIN_FFMPEG_MAJOR;

function findTool(
  tool: Tool,
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  searchPath: string,
  packaged: (tool: Tool) => string | null,
  notes: string[],
): Found | null {
  const explicit = config[ENV[tool]];
  if (explicit) {
    const v = toolVersion(explicit, tool);
    if (!v)
      throw new ConfigError(`${ENV[tool]}=${explicit} does not run as ${tool} (\`${tool} -version\` failed)`);
    if (tooOld(v))
      throw new ConfigError(
        `${ENV[tool]}=${explicit} is ${tool} ${v.version}; version ${MIN_FFMPEG_MAJOR} or later is needed`,
      );
    return { path: explicit, ...v, source: ENV[tool] };
  }
  const system = onPath(tool, searchPath);
  if (system) {
    const v = toolVersion(system, tool);
    if (v && !tooOld(v)) return { path: system, ...v, source: 'system' };
    notes.push(
      v
        ? `${system} is ${tool} ${v.version}, older than ${MIN_FFMPEG_MAJOR}: not used`
        : `${system} does not run as ${tool}: not used`,
    );
  }
  const bundled = packaged(tool);
  if (!bundled) return null;
  const v = toolVersion(bundled, tool);
  return v ? { path: bundled, ...v, source: `packaged ${PACKAGES[tool]}` } : null;
}

/**
 * The tools to use: FFMPEG_PATH / FFPROBE_PATH, else the first on the config's PATH, else the npm
 * builds (`packaged`, given by the tests). Throws a ConfigError for an FFMPEG_PATH / FFPROBE_PATH that is unusable.
 */
export function chooseMediaTools(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'PATH'>,
  packaged: (tool: Tool) => string | null = packagedTool,
): MediaToolsChoice {
  const searchPath = config.PATH;
  const notes: string[] = [];
  const ffmpeg = findTool('ffmpeg', config, searchPath, packaged, notes);
  // An FFMPEG_PATH's own ffprobe (the same build) before the one on PATH.
  const probePath =
    config.FFMPEG_PATH && !config.FFPROBE_PATH
      ? `${path.dirname(config.FFMPEG_PATH)}${path.delimiter}${searchPath}`
      : searchPath;
  const ffprobe = findTool('ffprobe', config, probePath, packaged, notes);
  if (!ffmpeg || !ffprobe) {
    const missing = [!ffmpeg && 'ffmpeg', !ffprobe && 'ffprobe'].filter(Boolean).join(' and ');
    return {
      tools: null,
      level: 'warn',
      message: [
        ...notes,
        `no usable ${missing}: video and audio uploads are refused until ffmpeg ${MIN_FFMPEG_MAJOR} or later is installed (apt install ffmpeg, brew install ffmpeg) or FFMPEG_PATH and FFPROBE_PATH name it`,
      ].join('; '),
    };
  }
  const line = (f: Found, tool: Tool) => `${tool} ${f.version} (${f.source}: ${f.path})`;
  return {
    tools: { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path },
    level: notes.length ? 'warn' : 'info',
    message: [...notes, `media: ${line(ffmpeg, 'ffmpeg')}, ${line(ffprobe, 'ffprobe')}`].join('; '),
  };
}

const chosen = new Map<string, MediaToolsChoice>();

/**
 * The choice for these settings, made once in the process (server.ts at start; the media module on
 * first use). `choose` is for the tests: a server with no tools at all.
 */
export function mediaToolsFor(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'PATH'>,
  choose: typeof chooseMediaTools = chooseMediaTools,
): MediaToolsChoice {
  const key = `${config.FFMPEG_PATH ?? ''}\n${config.FFPROBE_PATH ?? ''}\n${config.PATH}`;
  let found = chosen.get(key);
  if (!found) {
    found = choose(config);
    chosen.set(key, found);
  }
  return found;
}
