/**
 * Where uploaded originals live while and after they arrive: tus's file store in the storage's local
 * folder (`DATA_DIR/uploads/media-uploads`), or its S3 store in S3_BUCKET when S3 is configured
 * (modules/assets' tus-stores.ts, shared with attachments' uploads). They are never served: the tus
 * GET is not routed, and learners only get HLS.
 */
import type { Config } from '../../config.ts';
import { createTusStore, type LocalCopy, type TusStore } from '../assets/index.ts';

export type { LocalCopy };

export type Originals = TusStore;

export function createOriginals(config: Config): Originals {
  // Unfinished uploads expire (tus tells the client; the sweep in media-gc.ts removes them).
  return createTusStore(config, {
    folder: 'media-uploads',
    prefix: '',
    expiryHours: config.MEDIA_UPLOAD_EXPIRY_HOURS,
  });
}
