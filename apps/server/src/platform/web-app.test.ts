import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

// A build as `vite build` writes it: hashed assets with their `.br` and `.gz`, index.html too small for either.
const JS = `export const hello = ${JSON.stringify('课程'.repeat(2000))};\n`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-app-test-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets/app-abc123.js'), JS);
  await fs.writeFile(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(JS));
  await fs.writeFile(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(JS));
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  expect(await registerWebApp(app, dist)).toBe(true);
  app.setNotFoundHandler((_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('sends the precompressed brotli file to browsers that accept it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JS) / 5);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('serves index.html (never cached) for client routes and files without a compressed copy as they are', async () => {
    const page = await get('/store/list', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
