/**
 * The attachments module's face: the only file other modules import from modules/attachments
 * (eslint.config.js). Attachments sit below courses (a release copies their list in its transaction)
 * and beside media as the other kind of lesson asset (modules/assets: one grant, quota and sweep).
 */
import type { AppContext } from '../../platform/context.ts';
import { freeAbandonedAttachmentUploads } from './attachment-upload.ts';
import { freeOrphanAttachments } from './attachments.service.ts';

export { attachmentUploadRoutes } from './attachment-upload.ts';

export { releaseAttachments } from './attachments.service.ts';
export {
  shareAttachments,
  visitorAttachmentNames,
  visitorAttachments,
} from './attachment-downloads.service.ts';

/**
 * Attachments' part of the hourly asset sweep: files of attachments nothing refers to, and uploads
 * unfinished after ATTACHMENT_UPLOAD_EXPIRY_HOURS.
 */
export function registerAttachments(ctx: AppContext): void {
  ctx.providers.provide('assets.sweepers', async (c) => ({
    ...(await freeOrphanAttachments(c)),
    abandonedAttachmentUploads: await freeAbandonedAttachmentUploads(c),
  }));
}
