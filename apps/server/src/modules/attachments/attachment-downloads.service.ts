/**
 * What a learner or visitor gets of a released lesson's attachments: the latest release's list
 * (names and sizes) for whoever may see the buy page, and signed download addresses for the
 * course's own team and the teams that hold it (the policy's `lessonRights`, through assets'
 * `releasedLessonAccess`, as media playback asks it). Every address and every
 * download decides it again, so a refund or an unrelease counts from the next request.
 */
import {
  Code,
  type AttachmentLink,
  type AttachmentLinkBody,
  type ReleasedAttachment,
  type ReleasedAttachments,
  type ShareAttachments,
} from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { OpenedFile } from '../../platform/storage/file-storage.ts';
import { releasedLessonAccess, viewerOfGrant, type LessonViewer } from '../assets/index.ts';
import { contentDisposition } from './attachment-names.ts';
import { lessonGate } from './attachments.service.ts';
import { downloadUrl, readDownload, signDownload } from './attachment-urls.ts';
import {
  findReleasedAttachment,
  listCourseAttachments,
  listReleaseAttachments,
  listReleasedAttachments,
} from './attachments.repo.ts';

/** The viewer: a member of a team (their current one), or null for a visitor. */
export type AttachmentViewer = LessonViewer;
type Place = { courseId: number; lessonId: number };

/** The released lesson as this viewer sees it (404 when they may not see the course at all). */
async function releasedLesson(ctx: AppContext, viewer: AttachmentViewer, place: Place) {
  const lesson = await releasedLessonAccess(ctx, viewer, place);
  if (!lesson?.rights.see) throw new AppError(Code.NOT_FOUND);
  return { releaseId: lesson.releaseId, downloadable: lesson.rights.download };
}

export async function releasedAttachments(
  ctx: AppContext,
  viewer: AttachmentViewer,
  place: Place,
): Promise<ReleasedAttachments> {
  const lesson = await releasedLesson(ctx, viewer, place);
  const rows = await listReleasedAttachments(ctx.db, lesson.releaseId, place.lessonId);
  return {
    downloadable: lesson.downloadable,
    list: rows.map((r) => ({ attachmentId: r.id, name: r.name, kind: r.kind, sizeBytes: r.sizeBytes })),
  };
}

async function downloadable(ctx: AppContext, viewer: AttachmentViewer, body: AttachmentLinkBody) {
  const lesson = await releasedLesson(ctx, viewer, body);
  if (!lesson.downloadable) throw new AppError(Code.NOT_FOUND);
  const row = await findReleasedAttachment(ctx.db, lesson.releaseId, body.lessonId, body.attachmentId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

/** A signed address for whoever may read the lesson; anyone else gets 404 (they see the name only). */
export async function attachmentLink(
  ctx: AppContext,
  viewer: AttachmentViewer,
  body: AttachmentLinkBody,
): Promise<AttachmentLink> {
  await downloadable(ctx, viewer, body);
  const expires = Math.floor(Date.now() / 1000) + ctx.config.ATTACHMENT_URL_TTL_SECONDS;
  const token = await signDownload(ctx, {
    ...body,
    userId: viewer?.userId ?? 0,
    teamId: viewer?.teamId ?? 0,
    expires,
  });
  return { url: downloadUrl(token), expireTime: expires * 1000 };
}

export type Download = { file: OpenedFile; contentType: string; disposition: string };

/**
 * The file of a signed address: the token must be ours and current (else 30075), its viewer still
 * in that team, and the policy must still allow it (else 404).
 */
export async function openDownload(ctx: AppContext, token: string): Promise<Download> {
  const grant = await readDownload(ctx, token);
  if (!grant) throw new AppError(Code.ATTACHMENT_LINK_EXPIRED, { status: 404 });
  const row = await viewerOfGrant(ctx, grant)
    .then((viewer) => downloadable(ctx, viewer, grant))
    .catch(() => {
      throw new AppError(Code.NOT_FOUND, { status: 404 });
    });
  const file = await ctx.storage.open(row.storageKey);
  if (!file) throw new AppError(Code.NOT_FOUND, { status: 404 });
  return { file, contentType: row.contentType, disposition: contentDisposition(row.releasedName) };
}

/**
 * A live share's lessons' attachments, as the share shows its lessons (the draft): names, kinds and
 * sizes only. A share hands out no file, whoever holds the link (`lessonRights` downloads nothing through a share).
 */
export async function shareAttachments(ctx: AppContext, shareId: string): Promise<ShareAttachments> {
  const { courseId, teamId } = await lessonGate(ctx).sharedCourse(ctx, shareId);
  return byLesson(await listCourseAttachments(ctx.db, teamId, courseId));
}

type NamedRow = {
  lessonId: number;
  id: number;
  name: string;
  kind: ReleasedAttachment['kind'];
  sizeBytes: number;
};
const byLesson = (rows: NamedRow[]): ShareAttachments => {
  const lessons = new Map<number, ReleasedAttachment[]>();
  for (const r of rows) {
    const list = lessons.get(r.lessonId) ?? [];
    list.push({ attachmentId: r.id, name: r.name, kind: r.kind, sizeBytes: r.sizeBytes });
    lessons.set(r.lessonId, list);
  }
  return { lessons: [...lessons].map(([lessonId, list]) => ({ lessonId, list })) };
};

/**
 * The phone preview's names for a visitor: every lesson's attachments in the course's latest release
 * (the release is found through one of its lessons, `lessonIds` being the page's), names only.
 */
export async function visitorAttachmentNames(
  ctx: AppContext,
  courseId: number,
  lessonIds: number[],
): Promise<ShareAttachments> {
  const lesson = lessonIds.length
    ? await releasedLessonAccess(ctx, null, { courseId, lessonId: lessonIds[0]! })
    : null;
  if (!lesson?.rights.see) return { lessons: [] };
  return byLesson(await listReleaseAttachments(ctx.db, lesson.releaseId));
}

/** The server-rendered buy page's list for a visitor (null when there is no lesson or nothing to show). */
export async function visitorAttachments(
  ctx: AppContext,
  courseId: number,
  lessonId: number | null,
): Promise<ReleasedAttachments | null> {
  if (lessonId === null) return null;
  try {
    const seen = await releasedAttachments(ctx, null, { courseId, lessonId });
    return seen.list.length > 0 ? seen : null;
  } catch (error) {
    if (error instanceof AppError && error.code === Code.NOT_FOUND) return null;
    throw error;
  }
}
