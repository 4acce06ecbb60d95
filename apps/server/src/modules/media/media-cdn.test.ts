/**
 * MEDIA_CDN_BASE: playlists and the key stay on this server; segment addresses are on the CDN, signed
 * per media and hour (the same for every viewer, so the CDN keeps one copy), and answer the CDN's
 * pull with a public cache lifetime and CORS.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { MediaPlay } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { makeClip, uploadFile, waitTranscoded } from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const CDN = 'https://cdn.example.com';
let t: TestApp;
let token = '';
let mediaId = 0;

beforeAll(async () => {
  t = await createTestApp({ MEDIA_CDN_BASE: CDN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  const u = await createUser(t);
  await createTeam(t, u.token, 'CDN 团队');
  token = u.token;
  mediaId = (await uploadFile(base, token, await makeClip(clips, 'audio', 'mp3'), 'a.mp3')).mediaId;
  await waitTranscoded(t, token, mediaId);
  await fs.rm(clips, { recursive: true, force: true });
});
afterAll(() => t?.close());

/** The rendition playlist of one playback, fetched from this server. */
async function variantOf(): Promise<string> {
  const play = await call<MediaPlay>(t, 'POST', '/media/play', { token, body: { mediaId } });
  expect(play.data.playlistUrl).toMatch(/^\/api\/media\/hls\//);
  const variant = await t.app.inject({
    url: play.data.playlistUrl!.replace('master.m3u8', 'audio/index.m3u8'),
  });
  expect(variant.statusCode).toBe(200);
  return variant.body;
}

describe('HLS through a CDN', () => {
  it('puts segments on the CDN under one address per media and hour, served public with CORS', async () => {
    const first = await variantOf();
    const second = await variantOf();
    const segments = (body: string) => body.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments(first).length).toBeGreaterThan(0);
    for (const url of segments(first)) expect(url.startsWith(`${CDN}/api/media/hls/`)).toBe(true);
    // Two playbacks (two viewers or one viewer twice): the same addresses, one copy in the CDN.
    expect(segments(second)).toEqual(segments(first));
    expect(first).toContain('URI="../key"');
    // The CDN's pull from the origin.
    const pulled = await t.app.inject({ url: segments(first)[0]!.slice(CDN.length) });
    expect(pulled.statusCode).toBe(200);
    expect(pulled.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    expect(pulled.headers['access-control-allow-origin']).toBe('*');
  });
});
