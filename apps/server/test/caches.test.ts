/**
 * The per-process caches (platform/cache.ts: sessions in platform/auth.ts, store pages) never serve
 * what a write replaced: on the server that wrote at once, on another server on the same database as
 * soon as PostgreSQL's notification arrives, and whoever made the change (API, plain SQL).
 */
import { Code, type Cart, type Order, type Page, type StoreCard, type UserInfo } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesListening } from '../src/platform/cache.ts';
import { call, createCourse, createTeam, createUser, joinTeam, newPhone } from './factories.ts';
import { boughtCourse, buyer, payInSandbox, seller } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, {}, { databaseUrl: a.databaseUrl });
  // Until its listener is up a cache reads through, and a stale answer could not be seen at all.
  await Promise.all([cachesListening(a.app.ctx.db), cachesListening(b.app.ctx.db)]);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const info = (t: TestApp, token: string) => call<UserInfo>(t, 'GET', '/user/info', { token });

/** Served twice, so the second answer can only have come from the cache if one is in use. */
async function warm(t: TestApp, token: string) {
  expect((await info(t, token)).code).toBe(200);
  expect((await info(t, token)).code).toBe(200);
}

/** Another server hears of a change within a PostgreSQL round trip; far under the 10 s expiry. */
async function soon<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function teamWithMember(t: TestApp) {
  const owner = await createUser(t);
  const team = await createTeam(t, owner.token, '缓存团队');
  const member = await createUser(t);
  await joinTeam(t, member.token, team.teamCode);
  return { owner, member, team };
}

describe('session cache on the server that made the change', () => {
  it('is in use, and kept right by the database triggers', async () => {
    const user = await createUser(a);
    await warm(a, user.token);
    // Without its trigger, a change made behind the API's back goes unseen: the cache answered.
    await a.app.ctx.db.execute(sql.raw('alter table sessions disable trigger sessions_cache_auth'));
    try {
      await a.app.ctx.db.execute(sql`update sessions set revoked_at = now() where revoked_at is null`);
      expect((await info(a, user.token)).code).toBe(200);
    } finally {
      await a.app.ctx.db.execute(sql.raw('alter table sessions enable trigger sessions_cache_auth'));
    }
    // With it, the same kind of change is seen by the very next request.
    await a.app.ctx.db.execute(sql`update sessions set revoked_at = now() where revoked_at is not null`);
    expect((await info(a, user.token)).code).toBe(Code.UNAUTHORIZED);
  });

  it('refuses a token once logged out', async () => {
    const user = await createUser(a);
    await warm(a, user.token);
    expect((await call(a, 'POST', '/auth/logout', { token: user.token })).code).toBe(200);
    expect((await info(a, user.token)).code).toBe(Code.UNAUTHORIZED);
  });

  it('refuses the other sessions once the password changes', async () => {
    const phone = newPhone();
    const user = await createUser(a, phone);
    const set = { token: user.token, body: { newPassword: 'cache1234' } };
    expect((await call(a, 'POST', '/user/password', set)).code).toBe(200);
    const other = await call<UserInfo>(a, 'POST', '/auth/login/password', {
      body: { phone, password: 'cache1234' },
    });
    expect(other.code).toBe(200);
    await warm(a, other.data.token);
    const changed = await call(a, 'POST', '/user/password', {
      token: user.token,
      body: { oldPassword: 'cache1234', newPassword: 'cache5678' },
    });
    expect(changed.code).toBe(200);
    expect((await info(a, other.data.token)).code).toBe(Code.UNAUTHORIZED);
    expect((await info(a, user.token)).code).toBe(200);
  });

  it('refuses a session that expires, even while cached', async () => {
    const user = await createUser(a);
    await warm(a, user.token);
    await a.app.ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    expect((await info(a, user.token)).code).toBe(Code.UNAUTHORIZED);
  });

  it('applies a role change on the next request', async () => {
    const { owner, member } = await teamWithMember(a);
    await warm(a, member.token);
    const invite = { token: member.token, body: { role: 'MEMBER' } };
    expect((await call(a, 'POST', '/team/invite/create', invite)).code).toBe(Code.FORBIDDEN);
    const role = await call(a, 'POST', '/team/user/role', {
      token: owner.token,
      body: { userId: member.userId, role: 'ADMIN' },
    });
    expect(role.code).toBe(200);
    expect((await info(a, member.token)).data.lastTeam?.userTeamRole).toBe('ADMIN');
    expect((await call(a, 'POST', '/team/invite/create', invite)).code).toBe(200);
  });

  it("answers 541 to a removed member at once, and 404 for the old team's data afterwards", async () => {
    const { owner, member } = await teamWithMember(a);
    const course = await createCourse(a, owner.token, '旧团队的课程');
    const detail = { token: member.token, query: { courseId: String(course.courseId) } };
    expect((await call(a, 'GET', '/course/detail', detail)).code).toBe(200);
    expect((await call(a, 'GET', '/course/detail', detail)).code).toBe(200);
    const removed = await call(a, 'POST', '/team/user/remove', {
      token: owner.token,
      body: { userId: member.userId },
    });
    expect(removed.code).toBe(200);
    expect((await call(a, 'GET', '/course/detail', detail)).code).toBe(Code.NO_TEAM);
    expect((await info(a, member.token)).data.lastTeam).toBeNull();
    await createTeam(a, member.token, '新团队');
    expect((await call(a, 'GET', '/course/detail', detail)).code).toBe(Code.NOT_FOUND);
  });

  it('refuses writes once the team expires, however the expiry was set', async () => {
    const owner = await createUser(a);
    const team = await createTeam(a, owner.token, '到期团队');
    expect((await call(a, 'POST', '/course/create', { token: owner.token, body: {} })).code).toBe(200);
    await a.app.ctx.db.execute(
      sql`update teams set expire_date = now() - interval '1 minute' where id = ${team.teamId}`,
    );
    expect((await call(a, 'POST', '/course/create', { token: owner.token, body: {} })).code).toBe(
      Code.TEAM_EXPIRED,
    );
  });
});

describe('session cache on another server of the same database', () => {
  it('refuses a token logged out on the first server', async () => {
    const user = await createUser(a);
    await warm(b, user.token);
    expect((await call(a, 'POST', '/auth/logout', { token: user.token })).code).toBe(200);
    const seen = await soon(
      () => info(b, user.token),
      (r) => r.code === Code.UNAUTHORIZED,
    );
    expect(seen.code).toBe(Code.UNAUTHORIZED);
  });

  it('applies a role change and a removal made on the first server', async () => {
    const { owner, member } = await teamWithMember(a);
    await warm(b, member.token);
    await call(a, 'POST', '/team/user/role', {
      token: owner.token,
      body: { userId: member.userId, role: 'ADMIN' },
    });
    const promoted = await soon(
      () => info(b, member.token),
      (r) => r.data.lastTeam?.userTeamRole === 'ADMIN',
    );
    expect(promoted.data.lastTeam?.userTeamRole).toBe('ADMIN');
    await call(a, 'POST', '/team/user/remove', { token: owner.token, body: { userId: member.userId } });
    const list = { token: member.token, query: { pageNum: '1', pageSize: '10' } };
    const removed = await soon(
      () => call(b, 'GET', '/team/user/list', list),
      (r) => r.code === Code.NO_TEAM,
    );
    expect(removed.code).toBe(Code.NO_TEAM);
  });

  it('sees a change made with plain SQL, by neither server', async () => {
    const user = await createUser(a);
    await warm(a, user.token);
    await warm(b, user.token);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: a.databaseUrl });
    await client.connect();
    try {
      await client.query('update sessions set revoked_at = now() where user_id = $1', [user.userId]);
    } finally {
      await client.end();
    }
    for (const t of [a, b]) {
      const seen = await soon(
        () => info(t, user.token),
        (r) => r.code === Code.UNAUTHORIZED,
      );
      expect(seen.code).toBe(Code.UNAUTHORIZED);
    }
  });
});

describe('store page cache', () => {
  const list = (t: TestApp, token: string, keyword: string) =>
    call<Page<StoreCard>>(t, 'GET', '/store/list', { token, query: { keyword } });

  it('shows a release, a sale, a team rename and an unrelease on the next request', async () => {
    const { user } = await buyer(a);
    const s = await seller(a, '缓存失效测试课', 1200);
    const first = await list(a, user.token, '缓存失效');
    expect(first.data.list.map((c) => c.courseId)).toEqual([s.courseId]);
    expect((await list(a, user.token, '缓存失效')).data).toEqual(first.data);

    // A sale: the paid order counts it in the store's course_sales (the search's document copies it).
    await call<Cart>(a, 'POST', '/cart/add', { token: user.token, body: { courseId: s.courseId } });
    const order = (await call<Order>(a, 'POST', '/order/checkout', { token: user.token, body: {} })).data;
    await payInSandbox(a, user.token, order.orderId);
    expect((await list(a, user.token, '缓存失效')).data.list[0]!.sales).toBe(1);

    await call(a, 'POST', '/team/modify', { token: s.user.token, body: { teamName: '改名后的团队' } });
    expect((await list(a, user.token, '缓存失效')).data.list[0]!.teamName).toBe('改名后的团队');

    await call(a, 'POST', '/course/unrelease', { token: s.user.token, body: { courseId: s.courseId } });
    expect((await list(a, user.token, '缓存失效')).data.list).toHaveLength(0);
  });

  it('shows on another server what was released on the first', async () => {
    const { user } = await buyer(a);
    expect((await list(b, user.token, '跨服务器缓存')).data.total).toBe(0);
    expect((await list(b, user.token, '跨服务器缓存')).data.total).toBe(0);
    await seller(a, '跨服务器缓存课', 800);
    const seen = await soon(
      () => list(b, user.token, '跨服务器缓存'),
      (r) => r.data.total === 1,
    );
    expect(seen.data.total).toBe(1);
  });
});

describe('member list and learnable-course caches', () => {
  const members = (t: TestApp, token: string) =>
    call<Page<{ userId: number; nickName: string }>>(t, 'GET', '/team/user/list', {
      token,
      query: { pageNum: '1', pageSize: '10' },
    });

  it('shows a member removed or renamed on the next request, on another server soon', async () => {
    const { owner, member } = await teamWithMember(a);
    const ids = async (t: TestApp) => (await members(t, owner.token)).data.list.map((m) => m.userId);
    expect(await ids(a)).toContain(member.userId);
    expect(await ids(b)).toContain(member.userId);
    // Cached on both servers now; a rename behind the API's back is seen at once on a.
    await a.app.ctx.db.execute(sql`update users set nick_name = '改过的名字' where id = ${member.userId}`);
    const renamed = (await members(a, owner.token)).data.list.find((m) => m.userId === member.userId);
    expect(renamed?.nickName).toBe('改过的名字');
    const removed = await call(a, 'POST', '/team/user/remove', {
      token: owner.token,
      body: { userId: member.userId },
    });
    expect(removed.code).toBe(200);
    expect(await ids(a)).not.toContain(member.userId);
    // The removed member is refused at once, and the other server drops them too.
    expect((await members(a, member.token)).code).not.toBe(200);
    expect(
      await soon(
        () => ids(b),
        (list) => !list.includes(member.userId),
      ),
    ).not.toContain(member.userId);
  });

  it('refuses progress at once when the team no longer holds the course', async () => {
    const { s, b: buyerTeam } = await boughtCourse(a, '缓存学习课', 500);
    const detail = await call<{ lessons: { lessonId: number }[] }>(a, 'GET', '/learn/course', {
      token: buyerTeam.user.token,
      query: { courseId: String(s.courseId) },
    });
    const body = {
      courseId: s.courseId,
      lessonId: detail.data.lessons[0]!.lessonId,
      position: 0.2,
      reachedEnd: false,
    };
    const progress = () => call(a, 'POST', '/learn/progress', { token: buyerTeam.user.token, body });
    expect((await progress()).code).toBe(200);
    expect((await progress()).code).toBe(200);
    // A refund's revoked entitlement, written behind the API's back: the next save is refused.
    await a.app.ctx.db.execute(sql`delete from entitlements where team_id = ${buyerTeam.team.teamId}`);
    expect((await progress()).code).toBe(Code.NOT_FOUND);
  });
});
