/**
 * A lesson's attachments on the author's side: upload (type by the bytes, counted in the team's media
 * quota), list, rename, remove, reorder. Whoever may edit the lesson (`attachment.edit`); another
 * team's lesson or attachment answers 404. A release copies the list (`releaseAttachments`, called
 * by courses in the release's transaction). Attachments sit below courses: whose lesson a request names
 * is asked of courses' provider (`courses.lessonGate`).
 */
import { ATTACHMENT_LIMITS, type Attachment, type AttachmentList, Code } from '@studio/contract';
import type { LessonAttachmentRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { insertWithinAssetQuota } from '../assets/index.ts';
import { cleanAttachmentName, nameWithExtension } from './attachment-names.ts';
import { detectAttachment } from './attachment-types.ts';
import {
  copyReleaseAttachments,
  deleteOrphanAttachments,
  findTeamAttachment,
  insertAttachment,
  listLessonAttachments,
  orphanAttachments,
  removeAttachment,
  renameAttachment,
  setAttachmentPositions,
  snapshotAttachments,
} from './attachments.repo.ts';

const MB = 1024 * 1024;
/** The storage folder of an attachment's file (`attachments/<team>/<random>/`). */
const attachmentFolder = (storageKey: string) => storageKey.replace(/file$/, '');

/**
 * Every release copies the course's list in its own transaction (a rollback copies the earlier
 * release's), so learners read what was released. (Attachments hold part of the team's one asset
 * quota, and the hourly asset sweep frees orphans: both in modules/assets.)
 */
export const releaseAttachments = (
  tx: Db,
  r: { courseId: number; releaseId: number; fromReleaseId?: number },
): Promise<void> =>
  r.fromReleaseId
    ? copyReleaseAttachments(tx, r.fromReleaseId, r.releaseId)
    : snapshotAttachments(tx, r.courseId, r.releaseId);

/** Courses' answers about lessons and shares (registered by courses' face, which sits above). */
export function lessonGate(ctx: AppContext) {
  const gate = ctx.providers.one('courses.lessonGate');
  if (!gate) throw new Error('courses.lessonGate is not registered (app.ts registers courses)');
  return gate;
}

/**
 * Frees the files of attachments nothing refers to (their lesson deleted, or taken off the draft, and
 * no release listing them): the file first, then the row, so a run cut short is finished by the next.
 */
export async function freeOrphanAttachments(ctx: AppContext): Promise<{ freed: number }> {
  const rows = await orphanAttachments(ctx.db);
  for (const row of rows) await ctx.storage.deletePrefix(attachmentFolder(row.storageKey));
  await deleteOrphanAttachments(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { freed: rows.length };
}

export const toAttachment = (row: LessonAttachmentRow): Attachment => ({
  attachmentId: row.id,
  lessonId: row.lessonId,
  name: row.name,
  kind: row.kind,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createTime: row.createdAt.getTime(),
});

export type EditableLesson = { lessonId: number; courseId: number };

/** The team's lesson (else 404) when the actor may edit it (else the policy's refusal). */
export async function editableLesson(c: TeamCtx, lessonId: number): Promise<EditableLesson> {
  const { course } = await lessonGate(c.ctx).lessonOfTeam(c, lessonId);
  authorize(c, 'attachment.edit', course);
  return { lessonId, courseId: course.id };
}

export async function lessonAttachments(c: TeamCtx, lessonId: number): Promise<AttachmentList> {
  authorize(c, 'attachment.view');
  await lessonGate(c.ctx).lessonOfTeam(c, lessonId);
  const rows = await listLessonAttachments(c.ctx.db, c.membership.team.id, lessonId);
  return { list: rows.map(toAttachment) };
}

export const tooLarge = (ctx: AppContext) =>
  new AppError(Code.ATTACHMENT_TOO_LARGE, {
    status: 413,
    params: { maxMb: Math.floor(ctx.config.ATTACHMENT_MAX_BYTES / MB) },
  });

/**
 * Stores a received file (a temporary local file the caller removes): refused when empty, over the
 * limit or not an allowed type by its bytes; stored under a key of our own, then its row inserted
 * under the team's quota lock. A refusal after the store removes the stored file.
 */
export async function storeAttachment(
  c: TeamCtx,
  lesson: EditableLesson,
  file: { path: string; sizeBytes: number; name: string | undefined },
): Promise<Attachment> {
  const { ctx } = c;
  if (file.sizeBytes === 0) throw new AppError(Code.ATTACHMENT_EMPTY);
  if (file.sizeBytes > ctx.config.ATTACHMENT_MAX_BYTES) throw tooLarge(ctx);
  const cleaned = cleanAttachmentName(file.name);
  const type = await detectAttachment(file.path, cleaned);
  if (!type) throw new AppError(Code.ATTACHMENT_TYPE_REFUSED);
  const teamId = c.membership.team.id;
  const folder = `attachments/${teamId}/${randomToken(16)}/`;
  await ctx.storage.putFile(`${folder}file`, file.path, type.contentType);
  try {
    const quota = { teamId, bytes: file.sizeBytes, quotaBytes: ctx.config.MEDIA_QUOTA_BYTES };
    const result = await insertWithinAssetQuota(ctx.db, quota, (tx) =>
      insertAttachment(
        tx,
        {
          teamId,
          courseId: lesson.courseId,
          lessonId: lesson.lessonId,
          uploaderId: c.actor.user.id,
          name: nameWithExtension(cleaned, type.exts),
          kind: type.kind,
          contentType: type.contentType,
          sizeBytes: file.sizeBytes,
          storageKey: `${folder}file`,
        },
        ATTACHMENT_LIMITS.perLesson,
      ),
    );
    if ('usedBytes' in result)
      throw new AppError(Code.MEDIA_QUOTA_EXCEEDED, {
        params: {
          usedMb: Math.ceil(result.usedBytes / MB),
          quotaMb: Math.floor(ctx.config.MEDIA_QUOTA_BYTES / MB),
        },
      });
    if (result.value === 'full')
      throw new AppError(Code.ATTACHMENT_LIMIT, { params: { max: ATTACHMENT_LIMITS.perLesson } });
    return toAttachment(result.value);
  } catch (err) {
    await ctx.storage.deletePrefix(folder);
    throw err;
  }
}

/** The team's attachment (else 404) when the actor may edit its lesson. */
async function editableAttachment(c: TeamCtx, attachmentId: number): Promise<LessonAttachmentRow> {
  const row = await findTeamAttachment(c.ctx.db, c.membership.team.id, attachmentId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  await editableLesson(c, row.lessonId);
  return row;
}

export async function renameLessonAttachment(
  c: TeamCtx,
  attachmentId: number,
  name: string,
): Promise<Attachment> {
  const row = await editableAttachment(c, attachmentId);
  const cleaned = cleanAttachmentName(name);
  await renameAttachment(c.ctx.db, row.id, cleaned);
  return toAttachment({ ...row, name: cleaned });
}

/** Off the draft; its file goes at once unless a release still lists it (then it stays for that release). */
export async function removeLessonAttachment(c: TeamCtx, attachmentId: number): Promise<void> {
  const row = await editableAttachment(c, attachmentId);
  if (await removeAttachment(c.ctx.db, row.id))
    await c.ctx.storage.deletePrefix(attachmentFolder(row.storageKey));
}

/** The lesson's attachments in the order given (ids of other lessons or teams answer 404). */
export async function reorderLessonAttachments(
  c: TeamCtx,
  lessonId: number,
  ids: number[],
): Promise<AttachmentList> {
  await editableLesson(c, lessonId);
  const rows = await listLessonAttachments(c.ctx.db, c.membership.team.id, lessonId);
  const known = new Set(rows.map((r) => r.id));
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length)
    throw new AppError(Code.NOT_FOUND);
  // Ones the request leaves out keep their order after the named ones.
  const order = [...ids, ...rows.map((r) => r.id).filter((id) => !ids.includes(id))];
  await setAttachmentPositions(c.ctx.db, c.membership.team.id, lessonId, order);
  return lessonAttachments(c, lessonId);
}
