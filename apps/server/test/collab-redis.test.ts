/**
 * Two server processes' worth of apps on one PostgreSQL and one Redis: an edit made through A reaches
 * a client of B (Hocuspocus's Redis extension), and presence counts both.
 */
import { randomBytes } from 'node:crypto';
import type { LessonPresence } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, collabUrl, openClient, synced, textOf, typeText, waitFor } from './collab-clients.ts';
import {
  call,
  createCourse,
  createLesson,
  createUser,
  joinTeam,
  teamOwner,
  writeLesson,
} from './factories.ts';
import { redisFor, TEST_REDIS_URL } from './redis.ts';
import { twoListeningApps, type TestApp } from './test-app.ts';

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisFor('live co-editing across processes (Redis)');
let a: TestApp;
let b: TestApp;
let closeBoth: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (!haveRedis) return;
  const env = {
    REDIS_URL,
    REDIS_KEY_PREFIX: `t${randomBytes(4).toString('hex')}:`,
    COLLAB_RECHECK_MS: '100',
    COLLAB_STORE_DEBOUNCE_MS: '50',
  };
  ({ a, b, close: closeBoth } = await twoListeningApps(env));
});
afterAll(() => closeBoth?.());

describe.skipIf(!haveRedis)('live co-editing across processes (Redis)', () => {
  it('an edit on A reaches a client on B, and presence on either lists both editors', async () => {
    const { user, team } = await teamOwner(a);
    const { courseId } = await createCourse(a, user.token);
    const { lessonId } = await createLesson(a, user.token, courseId);
    await writeLesson(a, user.token, lessonId, 'shared');
    const other = await createUser(a);
    await joinTeam(a, other.token, team.teamCode);
    await a.app.ctx.db.execute(`update team_members set role = 'ADMIN' where user_id = ${other.userId}`);
    const name = `lesson:${lessonId}`;
    const onA = openClient(collabUrl(a), name, user.token);
    await synced(onA);
    const onB = openClient(collabUrl(b), name, other.token);
    await synced(onB);
    expect(textOf(onB)).toBe('shared');
    typeText(onA, ' from A');
    await waitFor('A to B', () => textOf(onB) === 'shared from A');
    typeText(onB, ' and B');
    await waitFor('B to A', () => textOf(onA) === 'shared from A and B');
    const presence = () =>
      call<LessonPresence>(b, 'GET', '/lesson/presence', {
        token: user.token,
        query: { courseId: String(courseId) },
      });
    await waitFor('both present', async () => (await presence()).data.lessons[0]?.users.length === 2);
    expect((await presence()).data.lessons[0]!.users.map((u) => u.id).sort()).toEqual(
      [user.userId, other.userId].sort(),
    );
    closeAll(onA, onB);
  });
});
