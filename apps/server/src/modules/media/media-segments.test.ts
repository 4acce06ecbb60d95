/**
 * Segments are served on their signed address alone, streamed from the storage: the bytes stored,
 * with their Content-Length, and no database lookup (a media id no row holds still answers when its
 * files exist and the address is ours). An altered, re-aimed or expired address is refused.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Code } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hlsPrefix } from './media-context.ts';
import { signGrant, type PlayGrant } from './media-urls.ts';

let t: TestApp;
let base = '';
// Files of a media no row names: only the signature can open them.
const media = { mediaId: 987_654, mediaTeamId: 4_321 };
const body = randomBytes(700_000);
const file = '720p/seg_00003.ts';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.app.ctx.storage.put(`${hlsPrefix(media.mediaTeamId, media.mediaId)}${file}`, body, 'video/mp2t');
});
afterAll(() => t?.close());

const grant = (over: Partial<PlayGrant> = {}): PlayGrant => ({
  ...media,
  courseId: 0,
  lessonId: 0,
  userId: 0,
  teamId: 0,
  share: '',
  purpose: 's',
  expires: Math.floor(Date.now() / 1000) + 60,
  ...over,
});
const url = (token: string, name = file) => `${base}/api/media/hls/${token}/${name}`;

describe('segment serving', () => {
  it('streams the stored bytes with their Content-Length, on the signature alone', async () => {
    const get = vi.spyOn(t.app.ctx.storage, 'get');
    const res = await fetch(url(await signGrant(t.app.ctx, grant())));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    // Streamed from the storage, never read whole into memory.
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
    const none = await fetch(url(await signGrant(t.app.ctx, grant()), '720p/seg_00004.ts'));
    expect(none.status).toBe(404);
  });

  it('refuses an altered, re-aimed, expired or playlist address with 403', async () => {
    const token = await signGrant(t.app.ctx, grant());
    const refused = async (address: string) => {
      const res = await fetch(address);
      expect(res.status, address).toBe(403);
      expect(((await res.json()) as { code: number }).code).toBe(Code.MEDIA_LINK_EXPIRED);
    };
    await refused(url(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')));
    // The same signature naming another team's folder or another media.
    await refused(url(token.replace(`.${media.mediaTeamId}.`, '.1.')));
    await refused(url(token.replace(/^\d+/, '1')));
    await refused(url(await signGrant(t.app.ctx, grant({ expires: Math.floor(Date.now() / 1000) - 1 }))));
    // A playlist/key address does not open segments.
    await refused(url(await signGrant(t.app.ctx, grant({ purpose: 'p' }))));
  });
});
