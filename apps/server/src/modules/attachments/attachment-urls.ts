/**
 * Signed, short-lived download addresses: `/api/attachment/file/<token>`. A token names the
 * attachment, the released lesson it is downloaded from, the viewer (user and team, 0 for a visitor)
 * and when it ends, with an HMAC-SHA256 of all that under a secret kept in the database (shared by
 * every process). The download decides the policy again, so a refund or an unrelease also stops an
 * address already handed out.
 */
import { createHmac } from 'node:crypto';
import { API_BASE, Routes } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, safeEqual } from '../../platform/crypto.ts';
import { attachmentUrlSecret } from './attachments.repo.ts';

export type DownloadGrant = {
  attachmentId: number;
  courseId: number;
  lessonId: number;
  userId: number;
  teamId: number;
  /** Seconds since 1970. */
  expires: number;
};

const secrets = new WeakMap<AppContext, Promise<string>>();
function secretOf(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = attachmentUrlSecret(ctx.db, randomToken(32));
    secret.catch(() => secrets.delete(ctx));
    secrets.set(ctx, secret);
  }
  return secret;
}

const fieldsOf = (g: DownloadGrant) =>
  [g.attachmentId, g.courseId, g.lessonId, g.userId, g.teamId, g.expires].join('.');
const mac = (secret: string, fields: string) =>
  createHmac('sha256', secret).update(`attachment:${fields}`).digest('base64url').slice(0, 32);

export async function signDownload(ctx: AppContext, grant: DownloadGrant): Promise<string> {
  const fields = fieldsOf(grant);
  return `${fields}.${mac(await secretOf(ctx), fields)}`;
}

const TOKEN = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{32})$/;

/** The grant a token carries when it is ours and not expired, else null. */
export async function readDownload(
  ctx: AppContext,
  token: string,
  now = Date.now(),
): Promise<DownloadGrant | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const grant: DownloadGrant = {
    attachmentId: Number(m[1]),
    courseId: Number(m[2]),
    lessonId: Number(m[3]),
    userId: Number(m[4]),
    teamId: Number(m[5]),
    expires: Number(m[6]),
  };
  if (!safeEqual(mac(await secretOf(ctx), fieldsOf(grant)), m[7]!)) return null;
  return grant.expires * 1000 > now ? grant : null;
}

export const downloadUrl = (token: string) => `${API_BASE}${Routes.attachment.file}/${token}`;
