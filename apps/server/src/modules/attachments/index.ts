/**
 * The attachments module's face: the only file other modules import from modules/attachments
 * (eslint.config.js). Attachments sit below courses (a release copies their list in its transaction)
 * and beside media as the other kind of lesson asset (modules/assets: one grant, quota and sweep).
 */
import type { AppContext } from '../../platform/context.ts';
import { freeOrphanAttachments } from './attachments.service.ts';

export { releaseAttachments } from './attachments.service.ts';
export {
  shareAttachments,
  visitorAttachmentNames,
  visitorAttachments,
} from './attachment-downloads.service.ts';

/** Attachments' part of the hourly asset sweep: files of attachments nothing refers to. */
export function registerAttachments(ctx: AppContext): void {
  ctx.providers.provide('assets.sweepers', freeOrphanAttachments);
}
