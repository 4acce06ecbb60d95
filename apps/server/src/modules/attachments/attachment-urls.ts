/**
 * Signed, short-lived download addresses: `/api/attachment/file/<token>`, an asset grant of kind
 * 'attachment' (assets/asset-grants.ts). A token names the attachment, the released lesson it is
 * downloaded from, the viewer (user and team, 0 for a visitor) and when it ends. The download decides
 * the policy again, so a refund or an unrelease also stops an address already handed out.
 */
import { API_BASE, Routes } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { readAsset, signAsset } from '../assets/index.ts';

export type DownloadGrant = {
  attachmentId: number;
  courseId: number;
  lessonId: number;
  userId: number;
  teamId: number;
  /** Seconds since 1970. */
  expires: number;
};

export function signDownload(ctx: AppContext, g: DownloadGrant): Promise<string> {
  return signAsset(
    ctx,
    'attachment',
    [g.attachmentId, g.courseId, g.lessonId, g.userId, g.teamId],
    g.expires,
  );
}

const ID = /^\d{1,10}$/;

/** The grant a token carries when it is ours and not expired, else null. */
export async function readDownload(
  ctx: AppContext,
  token: string,
  now = Date.now(),
): Promise<DownloadGrant | null> {
  const read = await readAsset(ctx, 'attachment', token, now);
  const f = read?.fields;
  if (!f || f.length !== 5 || f.some((v) => !ID.test(v))) return null;
  const [attachmentId, courseId, lessonId, userId, teamId] = f.map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { attachmentId, courseId, lessonId, userId, teamId, expires: read.expires };
}

export const downloadUrl = (token: string) => `${API_BASE}${Routes.attachment.file}/${token}`;
