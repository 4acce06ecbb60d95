/**
 * A real S3-compatible server for tests, on 127.0.0.1: s3rver (pure JavaScript, objects in a temporary
 * folder, SigV4 checked). It lacks two multipart calls tus's S3 store makes, ListParts and
 * AbortMultipartUpload; they are answered here from s3rver's own upload folders, everything else by
 * s3rver itself.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST = { bucket: 'studio', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3 = {
  endpoint: string;
  /** The S3_* variables that point the app at it. */
  env: Record<string, string>;
  /** Every object key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string };

const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const noSuchUpload = (res: http.ServerResponse) =>
  xml(
    res,
    404,
    '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
  );

export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3 = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: S3_TEST.bucket, configs: [] }],
  });
  await s3.configureBuckets();
  const handle = s3.callback();
  const store = (s3 as unknown as { store: Store }).store;
  const uploadDir = (bucket: string, uploadId: string) =>
    path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  /** ListParts: the parts s3rver holds for the upload (their sizes and MD5 ETags). */
  async function listParts(res: http.ServerResponse, bucket: string, key: string, uploadId: string) {
    const dir = uploadDir(bucket, uploadId);
    const names = await fs.readdir(dir).catch(() => null);
    if (!names) return noSuchUpload(res);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const { size } = await fs.stat(path.join(dir, String(n)));
        const md5 = await fs.readFile(path.join(dir, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    xml(
      res,
      200,
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
        `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  /** ListMultipartUploads: every upload in progress, initiated when its folder last changed (birth times are not on every file system). */
  async function listUploads(res: http.ServerResponse, bucket: string) {
    const root = store.getResourcePath(bucket, undefined, 'uploads');
    const ids = (await fs.readdir(root).catch(() => [] as string[])).filter((n) => /^[a-f0-9]{32}$/.test(n));
    const uploads = await Promise.all(
      ids.map(async (id) => {
        const key = await fs.readFile(path.join(root, id, 'key'), 'utf8');
        const { mtime } = await fs.stat(path.join(root, id));
        return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${mtime.toISOString()}</Initiated></Upload>`;
      }),
    );
    xml(
      res,
      200,
      `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket = '', ...key] = url.pathname.split('/');
    if (req.method === 'GET' && key.join('') === '' && url.searchParams.has('uploads')) {
      listUploads(res, bucket).catch(() => xml(res, 500, '<Error><Code>InternalError</Code></Error>'));
      return;
    }
    const multipart =
      uploadId !== null && !url.searchParams.has('partNumber') && /^[a-f0-9]{32}$/.test(uploadId);
    if (multipart && req.method === 'GET') {
      listParts(res, bucket, decodeURIComponent(key.join('/')), uploadId).catch(() => noSuchUpload(res));
      return;
    }
    if (multipart && req.method === 'DELETE') {
      const dir = uploadDir(bucket, uploadId);
      fs.stat(dir)
        .then(() => fs.rm(dir, { recursive: true, force: true }))
        .then(
          () => res.writeHead(204).end(),
          () => noSuchUpload(res),
        );
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function keys(): Promise<string[]> {
    const root = path.join(directory, S3_TEST.bucket);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    // s3rver keeps each object as `<name>._S3rver_object` (metadata beside it as `._S3rver_metadata.json`).
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).replace(/\._S3rver_object$/, ''))
      .sort();
  }

  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_TEST.bucket,
      S3_ACCESS_KEY_ID: S3_TEST.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
