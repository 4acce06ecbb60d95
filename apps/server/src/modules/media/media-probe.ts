/**
 * What an uploaded file is, decided by ffprobe reading its bytes (never its name or content type):
 * a video (mp4, mov, mkv, webm) or an audio file (mp3, m4a, aac, wav), or refused with a business code.
 * Only these demuxers may even open it (`-format_whitelist`), so an HLS or concat playlist renamed
 * `.mp4` is not followed: it fails to open and is refused.
 */
import { Code, type CodeValue, type MediaKind } from '@studio/contract';
import { SAFE_INPUT, runTool } from './ffmpeg.ts';

/** ffprobe's format names we accept and the one demuxer ffmpeg is then told to use. */
const CONTAINERS: Record<string, { demuxer: string; audioOnly: boolean }> = {
  'mov,mp4,m4a,3gp,3g2,mj2': { demuxer: 'mov', audioOnly: false },
  'matroska,webm': { demuxer: 'matroska', audioOnly: false },
  mp3: { demuxer: 'mp3', audioOnly: true },
  aac: { demuxer: 'aac', audioOnly: true },
  wav: { demuxer: 'wav', audioOnly: true },
};
export const DEMUXERS = [...new Set(Object.values(CONTAINERS).map((c) => c.demuxer))].join(',');

/** The longer side of the largest picture transcoded (8K and beyond is refused). */
export const MAX_VIDEO_SIDE = 4096;

export type Probed = {
  kind: MediaKind;
  container: string;
  durationMs: number;
  width: number | null;
  height: number | null;
  hasAudio: boolean;
};
export type ProbeVerdict =
  { ok: true; media: Probed } | { ok: false; code: CodeValue; params?: Record<string, number> };

type ProbeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
  }[];
};

export async function probeMedia(ffprobe: string, file: string, maxSeconds: number): Promise<ProbeVerdict> {
  let json: ProbeJson;
  try {
    const out = await runTool(
      ffprobe,
      [
        ...SAFE_INPUT,
        '-format_whitelist',
        DEMUXERS,
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        '-i',
        file,
      ],
      { stallMs: 60_000 },
    );
    json = JSON.parse(out) as ProbeJson;
  } catch {
    return { ok: false, code: Code.MEDIA_TYPE_REFUSED };
  }
  return judge(json, maxSeconds);
}

export function judge(json: ProbeJson, maxSeconds: number): ProbeVerdict {
  const container = CONTAINERS[json.format?.format_name ?? ''];
  if (!container) return { ok: false, code: Code.MEDIA_TYPE_REFUSED };
  const streams = json.streams ?? [];
  // A cover picture in an audio file is a video stream ffmpeg marks as attached: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  if (!video && !hasAudio) return { ok: false, code: Code.MEDIA_TYPE_REFUSED };
  if (video && container.audioOnly) return { ok: false, code: Code.MEDIA_TYPE_REFUSED };
  const seconds = Number(json.format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) return { ok: false, code: Code.MEDIA_UNREADABLE };
  if (seconds > maxSeconds)
    return { ok: false, code: Code.MEDIA_TOO_LONG, params: { maxMinutes: Math.floor(maxSeconds / 60) } };
  const width = video?.width ?? null;
  const height = video?.height ?? null;
  if (video && (!width || !height)) return { ok: false, code: Code.MEDIA_UNREADABLE };
  if (width && height && Math.max(width, height) > MAX_VIDEO_SIDE)
    return { ok: false, code: Code.MEDIA_RESOLUTION_TOO_HIGH, params: { max: MAX_VIDEO_SIDE } };
  return {
    ok: true,
    media: {
      kind: video ? 'video' : 'audio',
      container: container.demuxer,
      durationMs: Math.round(seconds * 1000),
      width,
      height,
      hasAudio,
    },
  };
}
