import type * as S3 from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
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

/** The request as the SDK's middleware sees it (a `@smithy/protocol-http` HttpRequest). */
type OutgoingRequest = { headers: Record<string, string>; body?: unknown };

/**
 * Multi-object delete with the `Content-MD5` Aliyun OSS and Tencent COS require (and MinIO, and S3
 * itself by its documentation): the SDK sends a CRC32 checksum instead since 2025 whatever
 * `requestChecksumCalculation` says (aws-sdk-js-v3 #6819, #6920), so the header is written here
 * before the request is signed, and the CRC32 headers are left out.
 */
export const contentMd5ForDeletes =
  <Out>(next: (args: { request: unknown }) => Promise<Out>, context: { commandName?: string }) =>
  async (args: { request: unknown }): Promise<Out> => {
    const request = args.request as OutgoingRequest;
    if (context.commandName === 'DeleteObjectsCommand' && typeof request.body === 'string') {
      for (const name of Object.keys(request.headers))
        if (/^x-amz-(checksum-|sdk-checksum-algorithm)/i.test(name)) delete request.headers[name];
      request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
    }
    return next(args);
  };

/**
 * S3-compatible object storage (AWS, MinIO, OSS/COS in S3 mode). PutObject is atomic by itself. The
 * AWS SDK (about 13 MB resident) is loaded with the first call, not by every server that starts.
 * Checksums only where an operation requires one (`WHEN_REQUIRED`): uploads go as plain bodies with
 * their length, not `aws-chunked` with a trailing CRC32, which OSS and COS refuse.
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
    this.s3 ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        endpoint: o.endpoint,
        region: o.region,
        forcePathStyle: o.forcePathStyle,
        credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      // A finalize-request middleware; the stack's type is the union of every step's.
      type Middleware = Parameters<typeof client.middlewareStack.addRelativeTo>[0];
      client.middlewareStack.addRelativeTo(contentMd5ForDeletes as unknown as Middleware, {
        name: 'contentMd5ForDeletes',
        relation: 'before',
        toMiddleware: 'httpSigningMiddleware',
      });
      return { sdk, client };
    });
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
