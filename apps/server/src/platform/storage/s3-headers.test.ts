/**
 * What S3FileStorage puts on the wire, header by header, as Aliyun OSS and Tencent COS read it: plain
 * uploads (no `aws-chunked` body, no trailing checksum) and a signed `Content-MD5` on multi-object
 * delete. A local server records each request; s3rver then checks the delete's signature for real.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, S3_TEST, type TestS3 } from '../../../test/s3-server.ts';
import { S3FileStorage } from './s3-storage.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

const CHECKSUM_HEADER = /^x-amz-(checksum-|sdk-checksum-algorithm|trailer|decoded-content-length)/;
const checksumHeaders = (h: http.IncomingHttpHeaders) =>
  Object.keys(h).filter((k) => CHECKSUM_HEADER.test(k));
const signedHeaders = (h: http.IncomingHttpHeaders) =>
  /SignedHeaders=([^,]+)/.exec(String(h.authorization))?.[1]?.split(';') ?? [];

describe('S3 requests as OSS and COS need them', () => {
  const seen: Seen[] = [];
  const keys = new Set<string>();
  let server: http.Server;
  let storage: S3FileStorage;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url!, 'http://x');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.setHeader('content-type', 'application/xml');
      if (req.method === 'PUT') {
        keys.add(decodeURIComponent(url.pathname).replace('/studio/', ''));
        res.setHeader('etag', '"1"');
        res.end();
      } else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const contents = [...keys].map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join('');
        res.end(
          `<?xml version="1.0"?><ListBucketResult><Name>studio</Name><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      } else if (req.method === 'POST' && url.searchParams.has('delete')) {
        keys.clear();
        res.end('<?xml version="1.0"?><DeleteResult></DeleteResult>');
      } else {
        res.statusCode = 404;
        res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    storage = new S3FileStorage({
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      region: 'oss-cn-hangzhou',
      bucket: 'studio',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
  afterAll(() => server.close());

  it('uploads a buffer as a plain body with its length and no checksum headers', async () => {
    const body = Buffer.from('a cover image, byte for byte');
    await storage.put('cover/a.png', body, 'image/png');
    const put = seen.find((s) => s.method === 'PUT' && s.url.split('?')[0]!.endsWith('/cover/a.png'))!;
    expect(put.body.equals(body)).toBe(true);
    expect(put.headers['content-length']).toBe(String(body.length));
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(checksumHeaders(put.headers)).toEqual([]);
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('uploads a file from disk as a plain body too (not aws-chunked)', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 's3h-')), 'upload');
    const body = Buffer.alloc(256 * 1024, 7);
    await fs.writeFile(file, body);
    await storage.putFile('attachments/1/f', file, 'application/pdf');
    const put = seen.find((s) => s.method === 'PUT' && s.url.split('?')[0]!.endsWith('/attachments/1/f'))!;
    expect(put.body.equals(body)).toBe(true);
    expect(put.headers['content-length']).toBe(String(body.length));
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(checksumHeaders(put.headers)).toEqual([]);
  });

  it('deletes many objects with a signed Content-MD5 of the request body and no CRC32', async () => {
    await storage.deletePrefix('');
    const del = seen.find((s) => s.method === 'POST' && s.url.includes('delete'))!;
    expect(del.body.toString()).toContain('<Key>cover/a.png</Key>');
    expect(del.headers['content-md5']).toBe(createHash('md5').update(del.body).digest('base64'));
    expect(checksumHeaders(del.headers)).toEqual([]);
    expect(signedHeaders(del.headers)).toContain('content-md5');
    expect(keys.size).toBe(0);
  });
});

describe('multi-object delete against s3rver (signatures checked)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());

  it('removes every object under the prefix and nothing else', async () => {
    const storage = new S3FileStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: S3_TEST.bucket,
      accessKeyId: S3_TEST.accessKeyId,
      secretAccessKey: S3_TEST.secretAccessKey,
      forcePathStyle: true,
    });
    for (const k of ['media/9/a', 'media/9/b', 'media/10/a'])
      await storage.put(k, Buffer.from(k), 'text/plain');
    await storage.deletePrefix('media/9/');
    expect(await s3.keys()).toEqual(['media/10/a']);
  });
});
