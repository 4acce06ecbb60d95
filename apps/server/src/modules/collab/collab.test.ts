/**
 * Live co-editing end to end: real Hocuspocus providers on `ws` against the app listening on
 * 127.0.0.1, the lesson's JSON read back from PostgreSQL.
 */
import { Code, type Lesson, type LessonPresence, type LessonRevision, type Page } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  collabUrl,
  openClient,
  synced,
  textOf,
  textOfDoc,
  typeText,
  waitFor,
} from '../../../test/collab-clients.ts';
import {
  call,
  createCourse,
  createLesson,
  createUser,
  joinTeam,
  teamOwner,
  writeLesson,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ COLLAB_RECHECK_MS: '100', COLLAB_STORE_DEBOUNCE_MS: '50' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = collabUrl(t);
});
afterAll(() => t.close());

const storedText = async (token: string, lessonId: number) =>
  textOfDoc(
    (await call<Lesson>(t, 'GET', '/lesson/detail', { token, query: { lessonId: String(lessonId) } })).data
      .content,
  );
const refusedWith = (code: number) => JSON.stringify({ code });

async function lessonOfNewTeam(text = '') {
  const { user, team } = await teamOwner(t);
  const { courseId } = await createCourse(t, user.token);
  const { lessonId } = await createLesson(t, user.token, courseId);
  if (text) await writeLesson(t, user.token, lessonId, text);
  return { user, team, courseId, lessonId, name: `lesson:${lessonId}` };
}

describe('live co-editing', () => {
  it('two clients typing at once: both texts in both documents and in the lesson JSON', async () => {
    const { user, team, lessonId, name } = await lessonOfNewTeam();
    const other = await createUser(t);
    await joinTeam(t, other.token, team.teamCode);
    await t.app.ctx.db.execute(`update team_members set role = 'ADMIN' where user_id = ${other.userId}`);
    const a = openClient(url, name, user.token);
    const b = openClient(url, name, other.token);
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 5; i++) {
      typeText(a, 'A');
      typeText(b, 'B');
    }
    await waitFor('both texts on both sides', () => textOf(a) === textOf(b) && textOf(a).length === 10);
    expect([...textOf(a)].sort().join('')).toBe('AAAAABBBBB');
    await waitFor('stored', async () => (await storedText(user.token, lessonId)) === textOf(a));
    closeAll(a, b);
  });

  it('offline edits merge on reconnect', async () => {
    const { user, name, lessonId } = await lessonOfNewTeam('base');
    const a = openClient(url, name, user.token);
    const b = openClient(url, name, user.token);
    await Promise.all([synced(a), synced(b)]);
    a.provider.disconnect();
    typeText(a, '-offline');
    typeText(b, '-online');
    await waitFor('B stored', async () => (await storedText(user.token, lessonId)).includes('-online'));
    await a.provider.connect();
    await waitFor('merged', () => textOf(a) === textOf(b) && textOf(a).includes('-offline'));
    expect(textOf(b)).toContain('-online');
    await waitFor('merged text stored', async () => (await storedText(user.token, lessonId)) === textOf(a));
    closeAll(a, b);
  });

  it('seeds a lesson once, even for two clients connecting to it at the same moment', async () => {
    const { user, name } = await lessonOfNewTeam('seeded');
    const a = openClient(url, name, user.token);
    const b = openClient(url, name, user.token);
    await Promise.all([synced(a), synced(b)]);
    expect(textOf(a)).toBe('seeded');
    expect(textOf(b)).toBe('seeded');
    closeAll(a, b);
    // Reopened from its stored state: still once.
    const c = openClient(url, name, user.token);
    await synced(c);
    expect(textOf(c)).toBe('seeded');
    closeAll(c);
  });

  it('an expired team reads only: its edits reach nobody', async () => {
    const { user, team, name, lessonId } = await lessonOfNewTeam('frozen');
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${team.teamId}`,
    );
    const a = openClient(url, name, user.token);
    await synced(a);
    expect(a.scope).toBe('readonly');
    typeText(a, '!');
    const b = openClient(url, name, user.token);
    await synced(b);
    expect(textOf(b)).toBe('frozen');
    expect(await storedText(user.token, lessonId)).toBe('frozen');
    closeAll(a, b);
  });

  it('refuses no token, a bad token, another team and a bad document name, each with its code', async () => {
    const { name } = await lessonOfNewTeam('secret');
    const stranger = await teamOwner(t);
    const cases: [string, string | null, number][] = [
      [name, null, Code.COLLAB_UNAUTHORIZED],
      [name, 'not-a-token', Code.COLLAB_UNAUTHORIZED],
      [name, stranger.user.token, Code.COLLAB_NOT_FOUND],
      ['lesson:999999999', stranger.user.token, Code.COLLAB_NOT_FOUND],
      ['lesson:abc', stranger.user.token, Code.COLLAB_BAD_DOCUMENT],
      ['course:1', stranger.user.token, Code.COLLAB_BAD_DOCUMENT],
    ];
    for (const [doc, token, code] of cases) {
      const c = openClient(url, doc, token);
      await waitFor(`refusal of ${doc}`, () => c.refused.length > 0);
      expect(c.refused[0]).toBe(refusedWith(code));
      expect(textOf(c)).toBe('');
      closeAll(c);
    }
  });

  it('disconnects a removed member, a revoked session and a deleted lesson with their codes', async () => {
    const { user, team, name, lessonId } = await lessonOfNewTeam('x');
    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    await t.app.ctx.db.execute(`update team_members set role = 'ADMIN' where user_id = ${member.userId}`);
    const removed = openClient(url, name, member.token);
    await synced(removed);
    await call(t, 'POST', '/team/user/remove', { token: user.token, body: { userId: member.userId } });
    await waitFor('removed closed', () =>
      removed.closes.some((c) => c.reason === refusedWith(Code.COLLAB_REMOVED)),
    );
    closeAll(removed);

    const revoked = openClient(url, name, user.token);
    await synced(revoked);
    await t.app.ctx.db.execute(`update sessions set revoked_at = now() where user_id = ${user.userId}`);
    await waitFor('revoked closed', () =>
      revoked.closes.some((c) => c.reason === refusedWith(Code.COLLAB_SESSION_REVOKED)),
    );
    closeAll(revoked);

    const owner = await createUser(t);
    await t.app.ctx.db.execute(
      `insert into team_members (team_id, user_id, role) values (${team.teamId}, ${owner.userId}, 'ADMIN');
       update users set last_team_id = ${team.teamId} where id = ${owner.userId}`,
    );
    const deleted = openClient(url, name, owner.token);
    await synced(deleted);
    await t.app.ctx.db.execute(`delete from lessons where id = ${lessonId}`);
    await waitFor('deleted closed', () =>
      deleted.closes.some((c) => c.reason === refusedWith(Code.COLLAB_LESSON_DELETED)),
    );
    closeAll(deleted);
  });

  it('a REST save and a restore reach a live client; revisions are kept per author', async () => {
    const { user, team, name, lessonId } = await lessonOfNewTeam('v1');
    const admin = await createUser(t);
    await joinTeam(t, admin.token, team.teamCode);
    await t.app.ctx.db.execute(`update team_members set role = 'ADMIN' where user_id = ${admin.userId}`);
    const live = openClient(url, name, admin.token);
    await synced(live);
    typeText(live, ' by admin');
    await waitFor(
      'admin edit stored',
      async () => (await storedText(user.token, lessonId)) === 'v1 by admin',
    );
    const detail = await call<Lesson>(t, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(lessonId) },
    });
    const saved = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId,
        version: detail.data.version,
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'rest' }] }] },
      },
    });
    expect(saved.code).toBe(200);
    await waitFor('REST save live', () => textOf(live) === 'rest');
    // A stale version still answers 409 for API clients.
    const stale = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId, version: detail.data.version, content: { type: 'doc', content: [] } },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    const history = await call<Page<LessonRevision>>(t, 'GET', '/lesson/history', {
      token: user.token,
      query: { lessonId: String(lessonId), pageSize: '20' },
    });
    const authors = new Set(history.data.list.map((r) => r.authorName));
    expect(authors.size).toBeGreaterThanOrEqual(2);
    const first = history.data.list.at(-1)!;
    const restored = await call(t, 'POST', '/lesson/restore', {
      token: user.token,
      body: { revisionId: first.revisionId },
    });
    expect(restored.code).toBe(200);
    await waitFor('restore live', () => textOf(live) === 'v1');
    closeAll(live);
  });

  it('a REST save made while nobody edits live reaches the next live open; an older copy merges into it', async () => {
    const { user, name, lessonId } = await lessonOfNewTeam('v1');
    const a = openClient(url, name, user.token);
    await synced(a);
    typeText(a, ' live');
    await waitFor('live edit stored', async () => (await storedText(user.token, lessonId)) === 'v1 live');
    // a goes offline holding its copy; the document unloads once nobody is connected.
    a.provider.disconnect();
    await waitFor('unloaded', () => !t.app.collab.hocuspocus.documents.has(name));
    const detail = await call<Lesson>(t, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(lessonId) },
    });
    const saved = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId,
        version: detail.data.version,
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'rest' }] }] },
      },
    });
    expect(saved.code).toBe(200);
    const c = openClient(url, name, user.token);
    await synced(c);
    expect(textOf(c)).toBe('rest');
    // The older copy's text was replaced as a change on its own history: merged, not doubled.
    await a.provider.connect();
    await waitFor('older copy merged', () => textOf(a) === 'rest' && textOf(c) === 'rest');
    closeAll(a, c);
  });

  it('presence: who is connected shows beside the lesson, for the course team only', async () => {
    const { user, courseId, lessonId, name } = await lessonOfNewTeam('p');
    const a = openClient(url, name, user.token);
    await synced(a);
    a.provider.setAwarenessField('user', { id: user.userId, name: 'x', color: '#123456' });
    const presence = () =>
      call<LessonPresence>(t, 'GET', '/lesson/presence', {
        token: user.token,
        query: { courseId: String(courseId) },
      });
    await waitFor('presence', async () => (await presence()).data.lessons[0]?.users[0]?.color === '#123456');
    expect((await presence()).data.lessons).toEqual([
      { lessonId, users: [{ id: user.userId, name: user.nickName, color: '#123456' }] },
    ]);
    const stranger = await teamOwner(t);
    const other = await call(t, 'GET', '/lesson/presence', {
      token: stranger.user.token,
      query: { courseId: String(courseId) },
    });
    expect(other.code).toBe(Code.NOT_FOUND);
    closeAll(a);
    await waitFor('gone', async () => (await presence()).data.lessons.length === 0);
  });
});
