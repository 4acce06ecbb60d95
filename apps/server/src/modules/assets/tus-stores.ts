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
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { DataStore, type Upload } from '@tus/utils';
import type { Config } from '../../config.ts';
import type { AssetS3Store } from './tus-s3-store.ts';

export type LocalCopy = { path: string; release: () => Promise<void> };

export type TusStore = {
  datastore: DataStore;
  /** A new upload's id (the store's key): the kind's prefix and 32 hex digits. */
  newId(): string;
  /** A local path the bytes may be read from (the file itself, or a temporary copy from S3). */
  localCopy(uploadId: string): Promise<LocalCopy>;
  remove(uploadId: string): Promise<void>;
};

/**
 * The S3 store behind a stand-in that loads it (tus's S3 store and the AWS SDK, ≈ 35 MB resident in a
 * bare process) with its first call, so a server on local files never holds it. tus asks for the
 * extensions and the expiration before any call: they are the S3 store's own, the first until the
 * store has loaded (tus-stores.test.ts holds them equal); its events come from tus's handlers, not
 * from the store, so the stand-in's emitter is enough.
 */
export class LazyS3Store extends DataStore {
  private store: Promise<AssetS3Store> | undefined;
  private readonly open: () => Promise<AssetS3Store>;
  private readonly expiration: number;

  constructor(open: () => Promise<AssetS3Store>, expiration: number) {
    super();
    this.open = open;
    this.expiration = expiration;
    this.extensions = [...S3_EXTENSIONS];
  }

  real(): Promise<AssetS3Store> {
    this.store ??= this.open().then((store) => {
      this.extensions = store.extensions;
      return store;
    });
    return this.store;
  }

  override getExpiration(): number {
    return this.expiration;
  }
  override async create(upload: Upload): Promise<Upload> {
    return (await this.real()).create(upload);
  }
  override async remove(id: string): Promise<void> {
    return (await this.real()).remove(id);
  }
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    return (await this.real()).write(stream, id, offset);
  }
  override async getUpload(id: string): Promise<Upload> {
    return (await this.real()).getUpload(id);
  }
  override async declareUploadLength(id: string, length: number): Promise<void> {
    return (await this.real()).declareUploadLength(id, length);
  }
  override async deleteExpired(): Promise<number> {
    return (await this.real()).deleteExpired();
  }
  async read(id: string): Promise<Readable> {
    return (await this.real()).read(id);
  }
}

/** What tus's S3 store says it supports (its constructor's list). */
export const S3_EXTENSIONS = [
  'creation',
  'creation-with-upload',
  'creation-defer-length',
  'termination',
  'expiration',
] as const;

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
    const store = new LazyS3Store(
      () =>
        import('./tus-s3-store.ts').then((m) =>
          m.createS3Store(config, ids, kind.prefix, expirationPeriodInMilliseconds),
        ),
      expirationPeriodInMilliseconds,
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
