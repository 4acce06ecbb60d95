/**
 * Where a kind's resumable uploads live while (and, for media, after) they arrive: tus's file store
 * in the storage's local folder (`DATA_DIR/uploads/<folder>`), or its S3 store in S3_BUCKET when S3 is
 * configured, so an upload resumes on any process. Media's originals and attachments' partial uploads
 * both use it; each kind names its uploads by its own pattern, so on S3 (one bucket, keys at its root)
 * each kind's sweep of expired uploads sees only its own.
 */
import { randomBytes } from 'node:crypto';
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

export type TusStore = {
  datastore: DataStore;
  /** A new upload's id (the store's key): the kind's prefix and 32 hex digits. */
  newId(): string;
  /** A local path the bytes may be read from (the file itself, or a temporary copy from S3). */
  localCopy(uploadId: string): Promise<LocalCopy>;
  remove(uploadId: string): Promise<void>;
};

type Listing = { Uploads?: { Key?: string }[] };

/**
 * tus's S3 store, removing all of an upload: its `remove` aborts the multipart upload first, which S3
 * refuses (NoSuchUpload, thrown as FILE_NOT_FOUND) once the upload was completed, so a finished
 * upload would never go; and it leaves the incomplete part (`<id>.part`) of an unfinished one.
 */
class AssetS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], ids: RegExp, prefix: string) {
    super(options);
    // Its multi-object delete carries Content-MD5, as OSS and COS require (platform/storage/s3-storage.ts).
    type Middleware = Parameters<typeof this.client.middlewareStack.addRelativeTo>[0];
    this.client.middlewareStack.addRelativeTo(contentMd5ForDeletes as unknown as Middleware, {
      name: 'contentMd5ForDeletes',
      relation: 'before',
      toMiddleware: 'httpSigningMiddleware',
    });
    // deleteExpired lists the bucket's multipart uploads: only this kind's are its to expire.
    const client = this.client as unknown as {
      listMultipartUploads: (input: Record<string, unknown>) => Promise<Listing>;
    };
    const list = client.listMultipartUploads.bind(client);
    client.listMultipartUploads = async (input) => {
      const out = await list({ ...input, ...(prefix ? { Prefix: prefix } : {}) });
      return { ...out, Uploads: out.Uploads?.filter((u) => ids.test(u.Key ?? '')) };
    };
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

/**
 * A kind's upload store: local files under `DATA_DIR/uploads/<folder>`, or S3. Unfinished uploads
 * expire after `expiryHours` (tus tells the client; the kind's part of the asset sweep removes them).
 * `prefix` starts every upload id of the kind ('' for media, whose ids came first).
 */
export function createTusStore(
  config: Config,
  kind: { folder: string; prefix: string; expiryHours: number },
): TusStore {
  const expirationPeriodInMilliseconds = kind.expiryHours * 3600_000;
  const ids = new RegExp(`^${kind.prefix}[a-f0-9]{32}$`);
  const checked = (id: string) => {
    if (!ids.test(id)) throw new Error('not an upload id');
    return id;
  };
  const newId = () => `${kind.prefix}${randomBytes(16).toString('hex')}`;
  if (config.storage === 's3') {
    const store = new AssetS3Store(
      {
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds,
        s3ClientConfig: {
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          ...S3_CHECKSUMS,
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID!,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
          },
        },
      },
      ids,
      kind.prefix,
    );
    return {
      datastore: store,
      newId,
      async localCopy(uploadId) {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asset-upload-'));
        const file = path.join(dir, 'upload');
        await pipeline(await store.read(checked(uploadId)), createWriteStream(file));
        return { path: file, release: () => fs.rm(dir, { recursive: true, force: true }) };
      },
      remove: (uploadId) => store.remove(checked(uploadId)),
    };
  }
  const directory = path.join(config.dataDir, 'uploads', kind.folder);
  const store = new FileStore({ directory, expirationPeriodInMilliseconds });
  return {
    datastore: store,
    newId,
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
