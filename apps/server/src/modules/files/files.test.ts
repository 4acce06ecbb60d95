import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, imageSources, type UploadResult } from '@studio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { animatedGif, GIF_SCRIPT, hasGpsTag, multipart, phoneJpeg, pngBomb } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t)).token;
});
afterAll(() => t.close());

const upload = (kind: string, file: { name: string; body: Buffer; type: string }) => {
  const form = multipart({ kind }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
  });
};

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Every file under the uploads folder. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The colour at a point of an image as [r, g, b]. */
async function pixel(body: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

describe('uploaded images are re-encoded', () => {
  it('strips EXIF (GPS), applies the orientation, caps the size and makes the sizes and WebP', async () => {
    // Stored 2400×1800 sideways (orientation 6): a person sees it 1800×2400.
    const photo = await phoneJpeg(2400, 1800);
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ width: 2400, height: 1800, orientation: 6 });
    expect(hasGpsTag(before.exif)).toBe(true);

    const res = await upload('cover', { name: 'IMG_0001.jpg', body: photo, type: 'image/jpeg' });
    const body = res.json() as { code: number; data: UploadResult };
    expect(body.code).toBe(200);
    expect(body.data.url).toMatch(/^\/api\/files\/cover\/\d{4}\/\d{2}\/[\w-]+\/lg\.jpg$/);

    const expected = [
      { url: imageSources(body.data.url, 'lg').src, format: 'jpeg', type: 'image/jpeg', w: 1200, h: 1600 },
      { url: imageSources(body.data.url, 'lg').webp!, format: 'webp', type: 'image/webp', w: 1200, h: 1600 },
      { url: imageSources(body.data.url, 'sm').src, format: 'jpeg', type: 'image/jpeg', w: 480, h: 640 },
      { url: imageSources(body.data.url, 'sm').webp!, format: 'webp', type: 'image/webp', w: 480, h: 640 },
    ];
    for (const v of expected) {
      const file = await get(v.url);
      expect(file.statusCode, v.url).toBe(200);
      expect(file.headers['content-type']).toBe(v.type);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta, v.url).toMatchObject({ format: v.format, width: v.w, height: v.h });
      expect(meta.exif, v.url).toBeUndefined();
      expect(meta.orientation, v.url).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      // Upright: the stored top (red) is now on the right, the bottom (blue) on the left.
      const [lr, , lb] = await pixel(file.rawPayload, 10, v.h / 2);
      const [rr, , rb] = await pixel(file.rawPayload, v.w - 10, v.h / 2);
      expect(lb).toBeGreaterThan(200);
      expect(lr).toBeLessThan(60);
      expect(rr).toBeGreaterThan(200);
      expect(rb).toBeLessThan(60);
    }
    expect(body.data.size).toBe((await get(body.data.url)).rawPayload.length);
    // The upload itself is never stored: only the four variants.
    const folder = body.data.key.replace(/\/lg\.jpg$/, '');
    expect((await storedFiles()).filter((f) => f.startsWith(folder)).sort()).toEqual(
      ['lg.jpg', 'lg.webp', 'sm.jpg', 'sm.webp'].map((f) => `${folder}/${f}`),
    );
  });

  it('keeps PNG for a PNG and never enlarges a small image', async () => {
    const png = await sharp({ create: { width: 60, height: 30, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const res = await upload('avatar', { name: 'a.png', body: png, type: 'image/png' });
    const url = (res.json() as { data: UploadResult }).data.url;
    expect(url).toMatch(/\/lg\.png$/);
    const lg = await sharp((await get(url)).rawPayload).metadata();
    expect(lg).toMatchObject({ format: 'png', width: 60, height: 30, hasAlpha: true });
    const sm = await sharp((await get(imageSources(url, 'sm').webp!)).rawPayload).metadata();
    expect(sm).toMatchObject({ format: 'webp', width: 60, height: 30, hasAlpha: true });
  });

  it('keeps an animation animated (GIF and WebP)', async () => {
    const res = await upload('image', { name: 'a.gif', body: await animatedGif(40, 20), type: 'image/gif' });
    const url = (res.json() as { data: UploadResult }).data.url;
    expect(url).toMatch(/\/lg\.gif$/);
    for (const u of [url, imageSources(url, 'lg').webp!]) {
      const meta = await sharp((await get(u)).rawPayload, { animated: true }).metadata();
      expect(meta.pages, u).toBe(2);
      expect(meta.width, u).toBe(40);
    }
  });

  it('refuses a 31-byte "GIF89a<script>" named .png: it does not decode, nothing is stored', async () => {
    expect(GIF_SCRIPT.length).toBe(31);
    const before = await storedFiles();
    const res = await upload('cover', { name: 'cover.png', body: GIF_SCRIPT, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: Code.IMAGE_UNREADABLE,
      msg: '图片已损坏或无法识别，请换一张 PNG、JPG、GIF 或 WebP 图片',
      data: { field: 'file' },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (a small PNG declaring 30000×30000) before decoding it', async () => {
    const bomb = pngBomb(30_000);
    expect(bomb.length).toBeLessThan(2048);
    const before = await storedFiles();
    const started = Date.now();
    const res = await upload('cover', { name: 'bomb.png', body: bomb, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: Code.IMAGE_TOO_MANY_PIXELS,
      msg: '图片尺寸过大，最多 50 百万像素',
      data: { field: 'file', maxMegapixels: 50 },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedFiles()).toEqual(before);
  });

  it('cleans a file stored before re-encoding when it is read, and serves nothing that does not decode', async () => {
    const root = path.join(t.dataDir, 'uploads', 'avatar', '2026', '01');
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'legacyphoto01.jpg'), await phoneJpeg(300, 200));
    await fs.writeFile(path.join(root, 'legacyscript1.gif'), GIF_SCRIPT);

    const first = await get('/api/files/avatar/2026/01/legacyphoto01.jpg');
    expect(first.statusCode).toBe(200);
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Written back cleaned, and read as it is from then on (not encoded again).
    expect((await fs.readFile(path.join(root, 'legacyphoto01.jpg'))).equals(first.rawPayload)).toBe(true);
    expect(
      (await get('/api/files/avatar/2026/01/legacyphoto01.jpg')).rawPayload.equals(first.rawPayload),
    ).toBe(true);

    const script = await get('/api/files/avatar/2026/01/legacyscript1.gif');
    expect(script.statusCode).toBe(404);
  });
});
