/**
 * Captions of a media (issue 47): the team lists, uploads (WebVTT or SRT, converted by
 * caption-convert.ts) and removes them; a player gets their addresses with the playback's
 * (`captionsForPlay`), under the same signed token as the playlist, so the same access rules open
 * them (`captionFile`: the grant, then the policy again, as for the key).
 */
import {
  Code,
  CAPTION_LIMITS,
  type Caption,
  type CaptionList,
  type CaptionUploadBody,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { convertCaptions } from './caption-convert.ts';
import {
  captionOfMedia,
  deleteTeamCaption,
  mediaCaptionList,
  upsertCaption,
  type CaptionMeta,
} from './captions.repo.ts';
import { playableMedia, viewerOfGrant } from './media-access.ts';
import { findTeamMedia } from './media.repo.ts';
import type { PlayGrant } from './media-urls.ts';

const toCaption = (row: CaptionMeta): Caption => ({
  captionId: row.id,
  mediaId: row.mediaId,
  lang: row.lang,
  label: row.label,
  cueCount: row.cueCount,
  createTime: row.createdAt.getTime(),
});

async function teamMedia(c: TeamCtx, mediaId: number) {
  const row = await findTeamMedia(c.ctx.db, c.membership.team.id, mediaId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

export async function listCaptions(c: TeamCtx, mediaId: number): Promise<CaptionList> {
  authorize(c, 'media.view');
  await teamMedia(c, mediaId);
  return { items: (await mediaCaptionList(c.ctx.db, mediaId)).map(toCaption) };
}

export async function uploadCaption(c: TeamCtx, body: CaptionUploadBody): Promise<Caption> {
  authorize(c, 'media.upload');
  const media = await teamMedia(c, body.mediaId);
  // Converted in full before anything is written: a refused file leaves the media as it was.
  const { vtt, cueCount } = await convertCaptions(body.fileName, body.text);
  const row = await upsertCaption(
    c.ctx.db,
    { mediaId: media.id, teamId: media.teamId, lang: body.lang, label: body.label, vtt, cueCount },
    CAPTION_LIMITS.perMedia,
  );
  if (!row) throw new AppError(Code.CAPTION_LIMIT, { params: { max: CAPTION_LIMITS.perMedia } });
  return toCaption(row);
}

export async function removeCaption(c: TeamCtx, captionId: number): Promise<null> {
  authorize(c, 'media.upload');
  if (!(await deleteTeamCaption(c.ctx.db, c.membership.team.id, captionId)))
    throw new AppError(Code.NOT_FOUND);
  return null;
}

/** The captions a playback offers, at `<base>captions/<id>.vtt` (`base`: the playlist's signed folder). */
export async function captionsForPlay(ctx: AppContext, mediaId: number, base: string | null) {
  if (!base) return [];
  const rows = await mediaCaptionList(ctx.db, mediaId);
  return rows.map((r) => ({
    captionId: r.id,
    lang: r.lang,
    label: r.label,
    url: `${base}captions/${r.id}.vtt`,
  }));
}

/** `captions/<id>.vtt` under a playback's token. */
export const CAPTION_FILE = /^captions\/(\d{1,10})\.vtt$/;

/**
 * A caption file on a playback grant: the viewer must still be let play the media there (the policy
 * again, as for the key: a refund or an unrelease stops it), else 404.
 */
export async function captionFile(ctx: AppContext, grant: PlayGrant, captionId: number): Promise<string> {
  const missing = () => new AppError(Code.NOT_FOUND, { status: 404 });
  try {
    await playableMedia(ctx, await viewerOfGrant(ctx, grant), grant);
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NOT_FOUND) throw missing();
    throw err;
  }
  const row = await captionOfMedia(ctx.db, grant.mediaId, captionId);
  if (!row) throw missing();
  return row.vtt;
}
