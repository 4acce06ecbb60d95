import type * as S3 from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FileStorage, OpenedFile, StoredFile } from './file-storage.ts';

export type S3Options = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * S3-compatible object storage (AWS, MinIO, OSS/COS in S3 mode). PutObject is atomic by itself. The
 * AWS SDK (about 13 MB resident) is loaded with the first call, not by every server that starts.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly options: S3Options;
  private readonly bucket: string;
  private s3: Promise<{ sdk: typeof S3; client: S3.S3Client }> | null = null;

  constructor(options: S3Options) {
    this.options = options;
    this.bucket = options.bucket;
  }

  /** The SDK and one client for this storage. */
  private connect() {
    const o = this.options;
    this.s3 ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: o.endpoint,
        region: o.region,
        forcePathStyle: o.forcePathStyle,
        credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      }),
    }));
    return this.s3;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    // One PutObject (up to 5 GB): the length is stated, the body streamed from the file.
    const { size } = await fs.stat(filePath);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async open(key: string): Promise<OpenedFile | null> {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) return null;
      return { stream: out.Body, sizeBytes: out.ContentLength ?? 0 };
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Listed a page (up to 1,000 keys) at a time, each page deleted in one request.
    const { sdk, client } = await this.connect();
    for (;;) {
      const listed = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      await client.send(new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
      if (!listed.IsTruncated) return;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return null;
      const body = Buffer.from(await out.Body.transformToByteArray());
      return { body, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }
}
