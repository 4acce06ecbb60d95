import type { AddressInfo } from 'node:net';
import { Code, messageFor } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createUpload } from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { mediaToolsFor } from './media-tools.ts';

/** A server that found no ffmpeg at start (macOS without one): these settings chose nothing. */
const SETTINGS = { FFMPEG_PATH: '/nowhere/ffmpeg', FFPROBE_PATH: '/nowhere/ffprobe', PATH: '' };
const NONE = { tools: null, level: 'warn' as const, message: 'no usable ffmpeg and ffprobe: …' };

let t: TestApp;
let base: string;
beforeAll(async () => {
  mediaToolsFor(SETTINGS, () => NONE);
  t = await createTestApp(SETTINGS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

describe('a server without ffmpeg', () => {
  it('starts, and refuses a video or audio upload before any byte is sent, saying why', async () => {
    const u = await createUser(t);
    await createTeam(t, u.token);
    const created = await createUpload(base, u.token, 1000);
    expect(created.status).toBe(503);
    expect(JSON.parse(created.body)).toMatchObject({
      code: Code.MEDIA_TOOLS_MISSING,
      msg: messageFor(Code.MEDIA_TOOLS_MISSING),
    });
    expect(created.location).toBeNull();
    // Nothing was recorded for it.
    const usage = await call<{ usedBytes: number }>(t, 'GET', '/media/usage', { token: u.token });
    expect(usage.data.usedBytes).toBe(0);
  });
});
