/**
 * Receiving an attachment resumably over tus (`@tus/server`, as media: modules/assets' serveTus and
 * tus-stores.ts), mounted at `/api/attachment/upload` for a member who may edit the lesson named in
 * the upload's metadata. Creation checks the lesson (`attachment.edit`), a declared, non-empty length
 * within ATTACHMENT_MAX_BYTES, the lesson's count and the team's asset quota; the partial upload
 * carries its team and lesson in its stored metadata (no row until it is whole), so HEAD / PATCH /
 * DELETE of another team's upload answer 404 on any process. When the last byte is stored, the
 * bytes decide the type and `storeAttachment` stores it and inserts its row (the quota checked again
 * under the team's lock); the partial upload is then removed whatever the verdict, so a refusal
 * leaves nothing. Unfinished uploads expire after ATTACHMENT_UPLOAD_EXPIRY_HOURS (freed by
 * attachments' part of the asset sweep). GET (tus's download) is not routed.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  API_BASE,
  ATTACHMENT_ID_HEADER,
  ATTACHMENT_LIMITS,
  ATTACHMENT_UPLOAD_METADATA,
  Code,
  type CodeValue,
  idSchema,
  Routes,
} from '@studio/contract';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  assetBytes,
  createTusStore,
  isRefusal,
  refuse,
  serveTus,
  type TusRequest,
  type TusStore,
} from '../assets/index.ts';
import { listLessonAttachments } from './attachments.repo.ts';
import { editableLesson, storeAttachment, type EditableLesson } from './attachments.service.ts';

const MB = 1024 * 1024;
/** Kept with the upload (tus's info file or object) beside the client's own metadata. */
const TEAM_KEY = 'teamId';

const stores = new WeakMap<AppContext, TusStore>();

/** Attachments' partial uploads: `DATA_DIR/uploads/attachment-uploads`, or S3 (ids `att` + hex). */
export function attachmentUploads(ctx: AppContext): TusStore {
  let store = stores.get(ctx);
  if (!store) {
    store = createTusStore(ctx.config, {
      folder: 'attachment-uploads',
      prefix: 'att',
      expiryHours: ctx.config.ATTACHMENT_UPLOAD_EXPIRY_HOURS,
    });
    stores.set(ctx, store);
  }
  return store;
}

/** A rule's refusal as tus sends it: the code's status, or 404/403/400 for a business outcome. */
function refusalOf(err: unknown): unknown {
  if (isRefusal(err) || !(err instanceof AppError)) return err;
  const status =
    err.httpStatus >= 400
      ? err.httpStatus
      : err.code === Code.NOT_FOUND
        ? 404
        : err.code === Code.FORBIDDEN
          ? 403
          : 400;
  return refuse(status, err.code as CodeValue, err.params as Record<string, number> | undefined);
}

const tooLarge = (ctx: AppContext) =>
  refuse(413, Code.ATTACHMENT_TOO_LARGE, { maxMb: Math.floor(ctx.config.ATTACHMENT_MAX_BYTES / MB) });

/** The lesson the creation names (else 404), when the member may edit it (else the policy's refusal). */
async function lessonOf(c: TeamCtx, raw: string | null | undefined): Promise<EditableLesson> {
  const id = idSchema.safeParse(Number(raw));
  if (!id.success) throw refuse(404, Code.NOT_FOUND);
  return editableLesson(c, id.data);
}

async function checkCreation(c: TeamCtx, upload: Upload): Promise<EditableLesson> {
  const { ctx } = c;
  const lesson = await lessonOf(c, upload.metadata?.[ATTACHMENT_UPLOAD_METADATA.lessonId]);
  if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, Code.MEDIA_LENGTH_REQUIRED);
  if (upload.size === 0) throw refuse(400, Code.ATTACHMENT_EMPTY);
  if (upload.size > ctx.config.ATTACHMENT_MAX_BYTES) throw tooLarge(ctx);
  const teamId = c.membership.team.id;
  const held = await listLessonAttachments(ctx.db, teamId, lesson.lessonId);
  if (held.length >= ATTACHMENT_LIMITS.perLesson)
    throw refuse(400, Code.ATTACHMENT_LIMIT, { max: ATTACHMENT_LIMITS.perLesson });
  // Checked now so a full team learns it before sending; checked again under the lock at the end.
  const usedBytes = await assetBytes(ctx.db, teamId);
  if (usedBytes + upload.size > ctx.config.MEDIA_QUOTA_BYTES)
    throw refuse(400, Code.MEDIA_QUOTA_EXCEEDED, {
      usedMb: Math.ceil(usedBytes / MB),
      quotaMb: Math.floor(ctx.config.MEDIA_QUOTA_BYTES / MB),
    });
  return lesson;
}

function createTusServer(ctx: AppContext, current: AsyncLocalStorage<TusRequest>): Server {
  const uploads = attachmentUploads(ctx);
  const here = () => current.getStore()!;
  return new Server({
    path: `${API_BASE}${Routes.attachment.upload}`,
    datastore: uploads.datastore,
    relativeLocation: true,
    namingFunction: () => uploads.newId(),
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      const team = await uploads.datastore
        .getUpload(uploadId)
        .then((u) => u.metadata?.[TEAM_KEY])
        .catch(() => null);
      if (team !== String(here().c.membership.team.id)) throw refuse(404, Code.NOT_FOUND);
    },
    async onUploadCreate(_req, upload) {
      const { c } = here();
      const lesson = await checkCreation(c, upload).catch((err: unknown) => {
        throw refusalOf(err);
      });
      // Only what the end needs is kept with the upload: the name as sent, the lesson and the team.
      const filename = upload.metadata?.[ATTACHMENT_UPLOAD_METADATA.filename] ?? '';
      return {
        metadata: {
          [ATTACHMENT_UPLOAD_METADATA.filename]: filename.slice(0, 1000),
          [ATTACHMENT_UPLOAD_METADATA.lessonId]: String(lesson.lessonId),
          [TEAM_KEY]: String(c.membership.team.id),
        },
      };
    },
    async onUploadFinish(_req, upload) {
      const { c } = here();
      try {
        // The lesson may have gone, or the member's rights, while the bytes came.
        const lesson = await lessonOf(c, upload.metadata?.[ATTACHMENT_UPLOAD_METADATA.lessonId]);
        const copy = await uploads.localCopy(upload.id);
        const added = await storeAttachment(c, lesson, {
          path: copy.path,
          sizeBytes: upload.size ?? 0,
          name: upload.metadata?.[ATTACHMENT_UPLOAD_METADATA.filename] ?? undefined,
        }).finally(copy.release);
        return { headers: { [ATTACHMENT_ID_HEADER]: String(added.attachmentId) } };
      } catch (err) {
        throw refusalOf(err);
      } finally {
        // Stored as the attachment's file, or refused: the partial upload is done with either way.
        await uploads.remove(upload.id);
      }
    },
  });
}

export const attachmentUploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serveTus(app, Routes.attachment.upload, (current) => createTusServer(ctx, current), 'attachment upload');
  };

/** Attachments' unfinished uploads older than ATTACHMENT_UPLOAD_EXPIRY_HOURS (by the store's clock). */
export const freeAbandonedAttachmentUploads = (ctx: AppContext): Promise<number> =>
  attachmentUploads(ctx).datastore.deleteExpired();
