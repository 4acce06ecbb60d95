/**
 * Lesson assets (media and attachments) as one room: their signed addresses under one secret, their
 * shared quota, and who may read the released lesson that holds them.
 */
export { readAsset, signAsset, type AssetKind, type GrantField } from './asset-grants.ts';
export { assetBytes, insertWithinAssetQuota } from './asset-quota.ts';
export {
  releasedLessonAccess,
  sharedLessonRights,
  viewerOfGrant,
  type LessonPlace,
  type LessonViewer,
  type ReleasedLessonAccess,
} from './lesson-access.service.ts';
export { defineAssetJobs, sweepAssets } from './asset-sweep.ts';
export { isRefusal, refuse, serveTus, type TusRefusal, type TusRequest } from './tus-uploads.ts';
export { createTusStore, type LocalCopy, type TusStore } from './tus-stores.ts';
