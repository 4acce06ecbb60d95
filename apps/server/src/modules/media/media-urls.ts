/**
 * Signed, short-lived playback addresses. A token names the media and the team that owns it (where
 * its files are stored), the lesson it is played in and the viewer (user and team, 0 for a visitor),
 * the share whose page plays it (if any),
 * what it opens (`p`: playlists and the key, or `s`: segments) and when it ends, with an HMAC-SHA256
 * of all that under the app's secret. Everything of one playback sits under `/api/media/hls/<token>/`,
 * so playlists can name their parts relatively.
 * Segments are ciphertext: their token lasts the media's duration more and is all a segment request
 * checks (no database: the owning team in the token locates the files); playlists and the key last
 * MEDIA_URL_TTL_SECONDS, and the key is decided again by the policy on every request.
 */
import { createHmac } from 'node:crypto';
import { API_BASE, Routes } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, safeEqual } from '../../platform/crypto.ts';
import { mediaUrlSecret } from './media.repo.ts';

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

const secrets = new WeakMap<AppContext, Promise<string>>();
function secretOf(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = mediaUrlSecret(ctx.db, randomToken(32));
    secret.catch(() => secrets.delete(ctx));
    secrets.set(ctx, secret);
  }
  return secret;
}

const fieldsOf = (g: PlayGrant) =>
  [g.mediaId, g.mediaTeamId, g.courseId, g.lessonId, g.userId, g.teamId, g.share, g.purpose, g.expires].join(
    '.',
  );
const mac = (secret: string, fields: string) =>
  createHmac('sha256', secret).update(fields).digest('base64url').slice(0, 32);

export async function signGrant(ctx: AppContext, grant: PlayGrant): Promise<string> {
  const fields = fieldsOf(grant);
  return `${fields}.${mac(await secretOf(ctx), fields)}`;
}

const TOKEN =
  /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([\w-]{0,32})\.([ps])\.(\d{1,12})\.([\w-]{32})$/;

/** The grant a token carries when it is ours and not expired, else null. */
export async function readGrant(ctx: AppContext, token: string, now = Date.now()): Promise<PlayGrant | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const grant: PlayGrant = {
    mediaId: Number(m[1]),
    mediaTeamId: Number(m[2]),
    courseId: Number(m[3]),
    lessonId: Number(m[4]),
    userId: Number(m[5]),
    teamId: Number(m[6]),
    share: m[7]!,
    purpose: m[8] as Purpose,
    expires: Number(m[9]),
  };
  if (!safeEqual(mac(await secretOf(ctx), fieldsOf(grant)), m[10]!)) return null;
  return grant.expires * 1000 > now ? grant : null;
}

/** The folder of a playback's files: `/api/media/hls/<token>/`. */
export const hlsBase = (token: string) => `${API_BASE}${Routes.media.hls}/${token}/`;
