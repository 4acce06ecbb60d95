/**
 * Signed, short-lived playback addresses (an asset grant of kind 'media', assets/asset-grants.ts). A
 * token names the media and the team that owns it (where its files are stored), the lesson it is
 * played in and the viewer (user and team, 0 for a visitor), the share whose page plays it (if any),
 * what it opens (`p`: playlists and the key, or `s`: segments) and when it ends. Everything of one
 * playback sits under `/api/media/hls/<token>/`, so playlists can name their parts relatively.
 * Segments are ciphertext: their token lasts the media's duration more and is all a segment request
 * checks (no database: the owning team in the token locates the files); playlists and the key last
 * MEDIA_URL_TTL_SECONDS, and the key is decided again by the policy on every request.
 */
import { API_BASE, Routes } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { readAsset, signAsset } from '../assets/index.ts';

export type Purpose = 'p' | 's';
export type PlayGrant = {
  mediaId: number;
  /** The team that owns the media: its files are under `media/<mediaTeamId>/<mediaId>/`. */
  mediaTeamId: number;
  courseId: number;
  lessonId: number;
  userId: number;
  teamId: number;
  /** The share whose page it is played on ('' for none): its free-preview lessons are open. */
  share: string;
  purpose: Purpose;
  /** Seconds since 1970. */
  expires: number;
};

export function signGrant(ctx: AppContext, g: PlayGrant): Promise<string> {
  const fields = [g.mediaId, g.mediaTeamId, g.courseId, g.lessonId, g.userId, g.teamId, g.share, g.purpose];
  return signAsset(ctx, 'media', fields, g.expires);
}

const id = /^\d{1,10}$/;
const FIELDS = [id, id, id, id, id, id, /^[\w-]{0,32}$/, /^[ps]$/];

/** The grant a token carries when it is ours and not expired, else null. */
export async function readGrant(ctx: AppContext, token: string, now = Date.now()): Promise<PlayGrant | null> {
  const read = await readAsset(ctx, 'media', token, now);
  const f = read?.fields;
  if (!f || f.length !== FIELDS.length || FIELDS.some((re, i) => !re.test(f[i]!))) return null;
  return {
    mediaId: Number(f[0]),
    mediaTeamId: Number(f[1]),
    courseId: Number(f[2]),
    lessonId: Number(f[3]),
    userId: Number(f[4]),
    teamId: Number(f[5]),
    share: f[6]!,
    purpose: f[7] as Purpose,
    expires: read.expires,
  };
}

/** The folder of a playback's files: `/api/media/hls/<token>/`. */
export const hlsBase = (token: string) => `${API_BASE}${Routes.media.hls}/${token}/`;
