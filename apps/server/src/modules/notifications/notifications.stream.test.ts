import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, teamOwner } from '../../../test/factories.ts';
import { twoListeningApps, type TestApp } from '../../../test/test-app.ts';

// Two processes on one database: the notice is delivered by one, the tab listens on the other.
let apps: Awaited<ReturnType<typeof twoListeningApps>>;
beforeAll(async () => {
  apps = await twoListeningApps({});
});
afterAll(() => apps.close());

const base = (t: TestApp) => {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** Reads the stream's `data:` types until `count` of them came, like a browser tab. */
async function readTypes(t: TestApp, token: string, count: number, onOpen: () => Promise<void>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  const types: string[] = [];
  try {
    const res = await fetch(`${base(t)}/api/notification/stream`, {
      headers: { 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    let buffer = '';
    for await (const chunk of res.body!) {
      buffer += new TextDecoder().decode(chunk as Uint8Array);
      for (const m of buffer.matchAll(/data: (\{[^\n]*\})\n\n/g)) {
        const type = (JSON.parse(m[1]!) as { type: string }).type;
        types.push(type);
        if (type === 'open') await onOpen();
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      if (types.length >= count) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return types;
}

describe('the notice stream', () => {
  it('tells a tab on one process of a notice another process delivered', async () => {
    const { user, team } = await teamOwner(apps.a);
    const types = await readTypes(apps.b, user.token, 2, async () => {
      await apps.a.app.ctx.domainEvents.publish(apps.a.app.ctx.db, {
        type: 'ai.finished',
        teamId: team.teamId,
        userId: user.userId,
        jobId: 1,
        title: 'AI 课',
        ok: true,
      });
    });
    expect(types).toEqual(['open', 'notification']);
  });

  it('refuses a visitor without a stream', async () => {
    const res = await fetch(`${base(apps.a)}/api/notification/stream`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const unread = await call(apps.a, 'GET', '/notification/unread', {});
    expect(unread.code).toBe(401);
  });
});
