/**
 * tus's S3 store for a kind's uploads (tus-stores.ts loads this file, and with it tus's S3 store and
 * the AWS SDK, with the first S3 upload call of a process).
 */
import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/utils';
import type { Config } from '../../config.ts';
import { contentMd5ForDeletes } from '../../platform/storage/s3-storage.ts';

type Listing = { Uploads?: { Key?: string }[] };

/**
 * tus's S3 store, removing all of an upload: its `remove` aborts the multipart upload first, which S3
 * refuses (NoSuchUpload, thrown as FILE_NOT_FOUND) once the upload was completed, so a finished
 * upload would never go; and it leaves the incomplete part (`<id>.part`) of an unfinished one.
 */
export class AssetS3Store extends S3Store {
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

/** A kind's S3 store: its ids (`ids`) and key prefix, its uploads expiring after `expiration` ms. */
export function createS3Store(config: Config, ids: RegExp, prefix: string, expiration: number): AssetS3Store {
  return new AssetS3Store(
    {
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: expiration,
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
    prefix,
  );
}
