import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../../test/images.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

describe('local storage', () => {
  it('writes atomically (no partial file left) and reads back', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'store-'));
    const storage = new LocalFileStorage(root);
    await storage.put('avatar/2026/11/abcdefghijkl.png', PNG_1X1, 'image/png');
    const got = await storage.get('avatar/2026/11/abcdefghijkl.png');
    expect(got?.body.equals(PNG_1X1)).toBe(true);
    expect(got?.contentType).toBe('image/png');
    const files = await fs.readdir(path.join(root, 'avatar/2026/11'));
    expect(files).toEqual(['abcdefghijkl.png']);
    expect(await storage.get('avatar/2026/11/missing00000.png')).toBeNull();
    await expect(storage.put('../escape.png', PNG_1X1, 'image/png')).rejects.toThrow();
    await fs.rm(root, { recursive: true });
  });
  it("deletes a folder of keys (a media's HLS files) and nothing beside it", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'store-'));
    const storage = new LocalFileStorage(root);
    await storage.put('media/3/17/360p/seg_00000.ts', PNG_1X1, 'video/mp2t');
    await storage.put('media/3/17/poster.jpg', PNG_1X1, 'image/jpeg');
    await storage.put('media/3/170/poster.jpg', PNG_1X1, 'image/jpeg');
    await storage.deletePrefix('media/3/17/');
    expect(await storage.get('media/3/17/poster.jpg')).toBeNull();
    expect(await storage.get('media/3/17/360p/seg_00000.ts')).toBeNull();
    expect(await storage.get('media/3/170/poster.jpg')).not.toBeNull();
    await expect(storage.deletePrefix('../')).rejects.toThrow();
    await fs.rm(root, { recursive: true });
  });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('local storage of large files', () => {
  it('stores a file by copy and rename, and streams it back with its size', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'store-'));
    const source = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'src-')), 'upload');
    const body = Buffer.alloc(300_000, 7);
    await fs.writeFile(source, body);
    const storage = new LocalFileStorage(root);
    await storage.putFile('attachments/1/abcdefghijklmnop/file', source, 'application/pdf');
    expect(await fs.readdir(path.join(root, 'attachments/1/abcdefghijklmnop'))).toEqual(['file']);
    const opened = await storage.open('attachments/1/abcdefghijklmnop/file');
    expect(opened?.sizeBytes).toBe(body.length);
    expect((await readAll(opened!.stream)).equals(body)).toBe(true);
    expect(await storage.open('attachments/1/missing/file')).toBeNull();
    await expect(storage.putFile('../escape', source, 'application/pdf')).rejects.toThrow();
    await fs.rm(root, { recursive: true });
  });
});

describe('S3 storage against a fake S3 server', () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: http.Server;
  let storage: S3FileStorage;
  const auth: string[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      auth.push(String(req.headers.authorization));
      const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.setHeader('etag', '"1"');
        res.end();
      } else if (req.method === 'GET' && objects.has(key)) {
        const o = objects.get(key)!;
        res.setHeader('content-type', o.type);
        res.end(o.body);
      } else {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/xml');
        res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    storage = new S3FileStorage({
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      region: 'us-east-1',
      bucket: 'studio',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
  afterAll(() => server.close());

  it('puts and gets an object with a signed request', async () => {
    await storage.put('cover/2026/11/abcdefghijkl.png', PNG_1X1, 'image/png');
    expect(objects.get('/studio/cover/2026/11/abcdefghijkl.png')?.body.equals(PNG_1X1)).toBe(true);
    expect(auth[0]).toContain('AWS4-HMAC-SHA256 Credential=AKIDTEST/');
    const got = await storage.get('cover/2026/11/abcdefghijkl.png');
    expect(got?.body.equals(PNG_1X1)).toBe(true);
    expect(got?.contentType).toBe('image/png');
    expect(await storage.get('cover/2026/11/missing00000.png')).toBeNull();
  });

  it('stores a file from disk (streamed, its length stated) and streams it back', async () => {
    const source = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'src-')), 'upload');
    const body = Buffer.from('%PDF-1.4 attachment body');
    await fs.writeFile(source, body);
    await storage.putFile('attachments/2/abcdefghijklmnop/file', source, 'application/pdf');
    const stored = objects.get('/studio/attachments/2/abcdefghijklmnop/file');
    expect(stored?.type).toBe('application/pdf');
    const opened = await storage.open('attachments/2/abcdefghijklmnop/file');
    expect(opened?.sizeBytes).toBe(stored?.body.length);
    expect((await readAll(opened!.stream)).includes(body)).toBe(true);
    expect(await storage.open('attachments/2/missing/file')).toBeNull();
  });
});
