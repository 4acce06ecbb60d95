/**
 * One secret signs every lesson asset's address: media playback and attachment downloads verify under
 * it, in every process on the database; a grant names its kind, so one kind's address opens nothing of
 * the other, and an altered or expired one opens nothing.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@studio/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appSettings } from '../../db/schema.ts';
import { readAsset, signAsset } from './asset-grants.ts';

let t: TestApp;
let other: TestApp;
const later = () => Math.floor(Date.now() / 1000) + 60;
// A segment of a media no row names (team 4321, media 987654): only its signature opens it.
const segment = randomBytes(1000);
const mediaFields = [987_654, 4_321, 0, 0, 0, 0, '', 's'];
// An attachment no row names: a good signature gets as far as the policy (404), a bad one is refused first.
const attachmentFields = [987_654, 5, 9, 0, 0];

const get = (app: TestApp, url: string) => app.app.inject({ url });
const segmentOf = (token: string) => `/api/media/hls/${token}/720p/seg_00001.ts`;
const fileOf = (token: string) => `/api/attachment/file/${token}`;

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({}, {}, { databaseUrl: t.databaseUrl });
  for (const app of [t, other])
    await app.app.ctx.storage.put('media/4321/987654/720p/seg_00001.ts', segment, 'video/mp2t');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('asset grants', () => {
  it('signs both kinds under one secret, kept once in the database and shared by every process', async () => {
    const media = await signAsset(t.app.ctx, 'media', mediaFields, later());
    const file = await signAsset(t.app.ctx, 'attachment', attachmentFields, later());
    // The other process opens what this one signed: the secret is the database's, not the process's.
    const played = await get(other, segmentOf(media));
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(segment)).toBe(true);
    expect((await get(other, fileOf(file))).json()).toMatchObject({ code: Code.NOT_FOUND });
    expect(await readAsset(other.app.ctx, 'attachment', file)).toMatchObject({
      fields: attachmentFields.map(String),
    });
    const secrets = await t.app.ctx.db.select().from(appSettings).where(like(appSettings.key, '%url_secret'));
    expect(secrets.map((r) => r.key)).toEqual(['asset_url_secret']);
    expect(media).not.toContain(secrets[0]!.value);
    expect(file).not.toContain(secrets[0]!.value);
  });

  it('refuses a grant of one kind as the other, even with the same fields', async () => {
    const fields = [7, 5, 9, 11, 13];
    const asAttachment = await signAsset(t.app.ctx, 'attachment', fields, later());
    expect(await readAsset(t.app.ctx, 'attachment', asAttachment)).not.toBeNull();
    expect(await readAsset(t.app.ctx, 'media', asAttachment)).toBeNull();
    const asMedia = await signAsset(t.app.ctx, 'media', fields, later());
    expect(await readAsset(t.app.ctx, 'attachment', asMedia)).toBeNull();
    // Through the routes: a download's signature plays nothing, a playback's downloads nothing.
    const segmentAsFile = await get(
      t,
      segmentOf(await signAsset(t.app.ctx, 'attachment', mediaFields, later())),
    );
    expect(segmentAsFile.statusCode).toBe(403);
    expect(segmentAsFile.json()).toMatchObject({ code: Code.MEDIA_LINK_EXPIRED });
    const fileAsMedia = await get(t, fileOf(await signAsset(t.app.ctx, 'media', attachmentFields, later())));
    expect(fileAsMedia.statusCode).toBe(404);
    expect(fileAsMedia.json()).toMatchObject({ code: Code.ATTACHMENT_LINK_EXPIRED });
  });

  it('refuses an altered, expired or foreign token', async () => {
    const token = await signAsset(t.app.ctx, 'media', mediaFields, later());
    expect((await get(t, segmentOf(token))).statusCode).toBe(200);
    for (const bad of [
      token.replace(/^987654\./, '987653.'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      await signAsset(t.app.ctx, 'media', mediaFields, Math.floor(Date.now() / 1000) - 1),
    ])
      expect((await get(t, segmentOf(bad))).statusCode).toBe(403);
    expect(await readAsset(t.app.ctx, 'media', token, (later() + 1) * 1000)).toBeNull();
    // Another secret (another installation's) signs nothing here.
    await t.app.ctx.db.update(appSettings).set({ value: 'x' }).where(eq(appSettings.key, 'asset_url_secret'));
    const fresh = await createTestApp({}, {}, { databaseUrl: t.databaseUrl });
    try {
      expect(await readAsset(fresh.app.ctx, 'media', token)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
