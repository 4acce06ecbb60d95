/**
 * Where uploaded originals live while and after they arrive: tus's file store in the storage's local
 * folder (`DATA_DIR/uploads/media-uploads`), or its S3 store in S3_BUCKET when S3 is configured. They
 * are never served: the tus GET is not routed, and learners only get HLS.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type DataStore } from '@tus/utils';
import type { Config } from '../../config.ts';
import { contentMd5ForDeletes } from '../../platform/storage/s3-storage.ts';

export type LocalCopy = { path: string; release: () => Promise<void> };

export type Originals = {
  datastore: DataStore;
  /** A local path ffprobe and ffmpeg may read (the file itself, or a temporary copy from S3). */
  localCopy(uploadId: string): Promise<LocalCopy>;
  remove(uploadId: string): Promise<void>;
};

/**
 * tus's S3 store, removing all of an upload: its `remove` aborts the multipart upload first, which S3
 * refuses (NoSuchUpload, thrown as FILE_NOT_FOUND) once the upload was completed, so a finished
 * media's original would never go; and it leaves the incomplete part (`<id>.part`) of an unfinished one.
 */
class MediaS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    // Its multi-object delete carries Content-MD5, as OSS and COS require (platform/storage/s3-storage.ts).
    type Middleware = Parameters<typeof this.client.middlewareStack.addRelativeTo>[0];
    this.client.middlewareStack.addRelativeTo(contentMd5ForDeletes as unknown as Middleware, {
      name: 'contentMd5ForDeletes',
      relation: 'before',
      toMiddleware: 'httpSigningMiddleware',
    });
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
      });
    }
    // Deleting a key that is not there succeeds on S3.
    await this.deleteIncompletePart(id);
  }
}

/**
 * Checksums only where S3 requires them: with the SDK's default, tus's incomplete part (a stream of
 * unstated length) goes as an aws-chunked body with a CRC32 trailer, which not every S3-compatible
 * service understands: s3rver, for one, stores the chunk framing in the object (media-s3.test.ts).
 */
const S3_CHECKSUMS = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;

const UPLOAD_ID = /^[a-f0-9]{32}$/;
const checked = (id: string) => {
  if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
  return id;
};

export function createOriginals(config: Config): Originals {
  // Unfinished uploads expire (tus tells the client; the sweep in media-gc.ts removes them).
  const expirationPeriodInMilliseconds = config.MEDIA_UPLOAD_EXPIRY_HOURS * 3600_000;
  if (config.storage === 's3') {
    const store = new MediaS3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: {
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        ...S3_CHECKSUMS,
        credentials: { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! },
      },
    });
    return {
      datastore: store,
      async localCopy(uploadId) {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-original-'));
        const file = path.join(dir, 'original');
        await pipeline(await store.read(checked(uploadId)), createWriteStream(file));
        return { path: file, release: () => fs.rm(dir, { recursive: true, force: true }) };
      },
      remove: (uploadId) => store.remove(checked(uploadId)),
    };
  }
  const directory = path.join(config.dataDir, 'uploads', 'media-uploads');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds });
  return {
    datastore: store,
    localCopy: async (uploadId) => ({
      path: path.join(directory, checked(uploadId)),
      release: async () => undefined,
    }),
    async remove(uploadId) {
      await fs.rm(path.join(directory, checked(uploadId)), { force: true });
      await fs.rm(path.join(directory, `${checked(uploadId)}.json`), { force: true });
    },
  };
}
