import { Code, type LearnCourse, type LearnProgress } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../../test/factories.ts';
import { timePasses } from '../../../test/learning-factories.ts';
import { buyer } from '../../../test/store-factories.ts';
import { mediaCourse, watch, watchTimePasses } from '../../../test/watch-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const learnCourse = (token: string, courseId: number) =>
  call<LearnCourse>(t, 'GET', '/learn/course', { token, query: { courseId: String(courseId) } });
const markDone = (token: string, body: object) =>
  call<LearnProgress>(t, 'POST', '/learn/complete', { token, body });

type Course = Awaited<ReturnType<typeof mediaCourse>>;

/** The player's first save as playing starts (it starts the server's clock), then `seconds` pass. */
async function startWatching(c: Course, mediaId: number, seconds: number) {
  const { token, userId } = c.buyer.user;
  const first = await watch(t, token, { courseId: c.courseId, lessonId: c.second, mediaId, positionMs: 0 });
  expect(first.code).toBe(200);
  await watchTimePasses(t, userId, seconds);
}

const save = (c: Course, mediaId: number, positionMs: number, intervals: [number, number][]) =>
  watch(t, c.buyer.user.token, { courseId: c.courseId, lessonId: c.second, mediaId, positionMs, intervals });

describe('watch progress', () => {
  it('keeps the union of the intervals played and the position, shown with the lesson (resume)', async () => {
    const c = await mediaCourse(t);
    await startWatching(c, c.long, 120);
    const first = await save(c, c.long, 20_000, [
      [0, 10_000],
      [5_000, 20_000],
    ]);
    expect(first.code).toBe(200);
    expect(first.data.watch).toEqual({
      mediaId: c.long,
      durationMs: 100_000,
      watchedMs: 20_000,
      positionMs: 20_000,
      furthestMs: 20_000,
      percent: 20,
    });
    expect(first.data.state).toBe('in_progress');
    // Watching a part again adds only what is new.
    await watchTimePasses(t, c.buyer.user.userId, 60);
    const again = await save(c, c.long, 30_000, [[10_000, 30_000]]);
    expect(again.data.watch).toMatchObject({ watchedMs: 30_000, positionMs: 30_000, percent: 30 });

    const course = await learnCourse(c.buyer.user.token, c.courseId);
    const lesson = course.data.lessons.find((l) => l.lessonId === c.second)!;
    expect(lesson.media).toEqual([
      {
        mediaId: c.long,
        durationMs: 100_000,
        watchedMs: 30_000,
        positionMs: 30_000,
        furthestMs: 30_000,
        percent: 30,
      },
      { mediaId: c.short, durationMs: 60_000, watchedMs: 0, positionMs: 0, furthestMs: 0, percent: 0 },
    ]);
    expect(lesson.state).toBe('in_progress');
    expect(course.data.lessons.find((l) => l.lessonId === c.first)!.media).toEqual([]);
    // 继续学习 goes to the lesson being watched.
    expect(course.data.resume?.lessonId).toBe(c.second);
  });

  it('does not count skipping ahead: only what was played', async () => {
    const c = await mediaCourse(t);
    await startWatching(c, c.long, 600);
    const res = await save(c, c.long, 95_000, [
      [0, 5_000],
      [90_000, 95_000],
    ]);
    expect(res.data.watch).toMatchObject({ watchedMs: 10_000, positionMs: 95_000, percent: 10 });
    expect(res.data.state).toBe('in_progress');
  });

  it('禁止拖动未看部分: with the course setting on, a save past the furthest point watched is refused whole', async () => {
    const c = await mediaCourse(t, '合规培训', { noSeekAhead: true });
    await startWatching(c, c.long, 600);
    const inOrder = await save(c, c.long, 20_000, [[0, 20_000]]);
    expect(inOrder.code).toBe(200);
    expect(inOrder.data.watch).toMatchObject({ watchedMs: 20_000, furthestMs: 20_000 });
    // Jumping from 20 s to 90 s: refused, and nothing of it stored.
    const jump = await save(c, c.long, 95_000, [
      [20_000, 21_000],
      [90_000, 95_000],
    ]);
    expect(jump.code).toBe(Code.WATCH_SEEK_AHEAD);
    const position = await save(c, c.long, 60_000, []);
    expect(position.code).toBe(Code.WATCH_SEEK_AHEAD);
    // Going on from where they were is fine; going back too.
    const on = await save(c, c.long, 30_000, [
      [5_000, 8_000],
      [20_000, 30_000],
    ]);
    expect(on.code).toBe(200);
    expect(on.data.watch).toMatchObject({ watchedMs: 30_000, furthestMs: 30_000, positionMs: 30_000 });
    // The learner's lesson says how far they may go.
    const course = await learnCourse(c.buyer.user.token, c.courseId);
    expect(course.data.completion.noSeekAhead).toBe(true);
    // Without the setting the same jump is stored (skipping earns nothing, but is allowed).
    const free = await mediaCourse(t, '普通课程');
    await startWatching(free, free.long, 600);
    await save(free, free.long, 20_000, [[0, 20_000]]);
    const skip = await save(free, free.long, 95_000, [[90_000, 95_000]]);
    expect(skip.code).toBe(200);
    expect(skip.data.watch).toMatchObject({ watchedMs: 25_000, furthestMs: 95_000 });
  });

  it('believes no more than the wall-clock time since the last save at 2×, plus a small slack', async () => {
    const c = await mediaCourse(t);
    // A first save that claims the whole video: only the first credit (5 s slack at 2×).
    const greedy = await save(c, c.long, 100_000, [[0, 100_000]]);
    expect(greedy.code).toBe(200);
    expect(greedy.data.watch.watchedMs).toBeGreaterThanOrEqual(10_000);
    expect(greedy.data.watch.watchedMs).toBeLessThan(12_000);
    // Saving often earns no more: the slack is not given again with each save.
    let last = greedy.data.watch.watchedMs;
    for (let i = 0; i < 5; i++) {
      const res = await save(c, c.long, 100_000, [[0, 100_000]]);
      expect(res.data.watch.watchedMs - last).toBeLessThan(2_000);
      last = res.data.watch.watchedMs;
    }
    // 20 s later: at most 40 s more (2×) and the little slack left.
    await watchTimePasses(t, c.buyer.user.userId, 20);
    const later = await save(c, c.long, 100_000, [[0, 100_000]]);
    expect(later.data.watch.watchedMs - last).toBeGreaterThanOrEqual(40_000);
    expect(later.data.watch.watchedMs - last).toBeLessThan(44_000);
    expect(later.data.state).toBe('in_progress');
  });

  it('completes a media lesson when every media is 90% watched; 标记为已学完 before that is refused', async () => {
    const c = await mediaCourse(t);
    const token = c.buyer.user.token;
    // Lesson 1 (text) done by the course's minimum time.
    await call(t, 'POST', '/learn/progress', {
      token,
      body: { courseId: c.courseId, lessonId: c.first, position: 0 },
    });
    await timePasses(t, c.buyer.user.userId);
    expect((await markDone(token, { courseId: c.courseId, lessonId: c.first })).data.state).toBe('completed');

    await startWatching(c, c.long, 600);
    const long = await save(c, c.long, 90_000, [[0, 90_000]]);
    expect(long.data.watch.percent).toBe(90);
    // The second video is not watched yet: no completion, and marking it done says why.
    expect(long.data.state).toBe('in_progress');
    const refused = await markDone(token, { courseId: c.courseId, lessonId: c.second });
    expect(refused.code).toBe(Code.MEDIA_NOT_WATCHED);
    expect(refused.msg).toContain('已看 0%');

    await startWatching(c, c.short, 600);
    const almost = await save(c, c.short, 53_000, [[0, 53_000]]);
    expect(almost.data.watch.percent).toBe(88);
    expect(almost.data.state).toBe('in_progress');
    const done = await save(c, c.short, 54_000, [[53_000, 54_000]]);
    expect(done.data.watch.percent).toBe(90);
    expect(done.data).toMatchObject({ state: 'completed', completedCount: 2, progress: 100 });
    // The whole course is complete: its certificate is issued in the completing transaction.
    expect(done.data.completedAt).not.toBeNull();
    expect(done.data.certificateCode).toMatch(/\w+/);
    const course = await learnCourse(token, c.courseId);
    expect(course.data.lessons.map((l) => l.state)).toEqual(['completed', 'completed']);
  });

  it('completes no lesson on a media still being transcoded (playing while it grows), however much is watched', async () => {
    const c = await mediaCourse(t);
    const token = c.buyer.user.token;
    const status = (s: string) =>
      t.app.ctx.db.execute(sql`update media set status = ${s} where id in (${c.long}, ${c.short})`);
    await status('processing');
    await startWatching(c, c.long, 600);
    expect((await save(c, c.long, 100_000, [[0, 100_000]])).data.watch.percent).toBe(100);
    await startWatching(c, c.short, 600);
    const watched = await save(c, c.short, 60_000, [[0, 60_000]]);
    expect(watched.code).toBe(200);
    expect(watched.data.watch.percent).toBe(100);
    expect(watched.data.state).toBe('in_progress');
    const refused = await markDone(token, { courseId: c.courseId, lessonId: c.second });
    expect(refused.code).toBe(Code.MEDIA_NOT_READY);
    // Transcoded whole: the next save completes it.
    await status('ready');
    const done = await save(c, c.short, 60_000, [[59_000, 60_000]]);
    expect(done.data.state).toBe('completed');
  });

  it("answers 404 to another team's member and to a team that did not buy; 401 without a session", async () => {
    const c = await mediaCourse(t);
    const body = { courseId: c.courseId, lessonId: c.second, mediaId: c.long, positionMs: 0 };
    const stranger = await buyer(t);
    expect((await watch(t, stranger.user.token, body)).code).toBe(Code.NOT_FOUND);
    // Someone without a team, and a visitor without a session.
    const loner = await createUser(t);
    expect((await watch(t, loner.token, body)).code).toBe(Code.NO_TEAM);
    const visitor = await watch(t, undefined, body);
    expect(visitor.code).toBe(Code.UNAUTHORIZED);
    // Nothing was written for them.
    const { rows } = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from learning_media where user_id in (${stranger.user.userId}, ${loner.userId})`,
    );
    expect(rows[0]!.n).toBe(0);
    const course = await learnCourse(stranger.user.token, c.courseId);
    expect(course.code).toBe(Code.NOT_FOUND);
  });

  it('refuses a media not in the lesson, intervals past the duration, and malformed intervals', async () => {
    const c = await mediaCourse(t);
    const other = await mediaCourse(t, '另一门视频课');
    const notHere = await save(c, other.long, 0, []);
    expect(notHere).toMatchObject({ code: Code.MEDIA_NOT_IN_LESSON, status: 400 });
    const inFirst = await watch(t, c.buyer.user.token, {
      courseId: c.courseId,
      lessonId: c.first,
      mediaId: c.long,
      positionMs: 0,
    });
    expect(inFirst.code).toBe(Code.MEDIA_NOT_IN_LESSON);
    const past = await save(c, c.short, 0, [[0, 70_000]]);
    expect(past).toMatchObject({ code: Code.WATCH_OUT_OF_RANGE, status: 400 });
    // A browser's duration a little past the probed one is the end.
    expect((await save(c, c.short, 60_500, [[59_000, 60_500]])).data.watch.positionMs).toBe(60_000);
    for (const intervals of [[[5_000, 5_000]], [[9_000, 1_000]], [[-1, 10]], [[0.5, 10]], [[1, 2, 3]]]) {
      const bad = await save(c, c.short, 0, intervals as [number, number][]);
      expect(bad.status).toBe(400);
    }
    const many = Array.from({ length: 51 }, (_, i): [number, number] => [i * 100, i * 100 + 50]);
    expect((await save(c, c.short, 0, many)).status).toBe(400);
  });
});
