/**
 * Watch progress factories: a released course whose second lesson holds two media blocks, the media
 * rows written as the media module leaves them once probed (its upload and ffmpeg are tested there).
 */
import { randomBytes } from 'node:crypto';
import type { DocNode, LearnWatched } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { media } from '../src/db/schema.ts';
import { call, paragraphDoc } from './factories.ts';
import { buy, saveLesson } from './learning-factories.ts';
import { buyer, seller } from './store-factories.ts';
import type { TestApp } from './test-app.ts';

/** A probed, transcoded media of the team, `durationMs` long. */
export async function probedMedia(t: TestApp, teamId: number, durationMs: number): Promise<number> {
  const [row] = await t.app.ctx.db
    .insert(media)
    .values({
      teamId,
      uploadId: randomBytes(16).toString('hex'),
      name: 'clip.mp4',
      sizeBytes: 1000,
      hlsKey: randomBytes(16).toString('hex'),
      status: 'ready',
      kind: 'video',
      durationMs,
      progress: 100,
    })
    .returning({ id: media.id });
  return row!.id;
}

export const mediaDoc = (text: string, ...mediaIds: number[]): DocNode => ({
  type: 'doc',
  content: [
    ...paragraphDoc(text).content,
    ...mediaIds.map((mediaId) => ({ type: 'media', attrs: { mediaId, kind: 'video', title: '视频' } })),
  ],
});

export async function teamOfCourse(t: TestApp, courseId: number): Promise<number> {
  const { rows } = await t.app.ctx.db.execute<{ team_id: number }>(
    sql`select team_id from courses where id = ${courseId}`,
  );
  return rows[0]!.team_id;
}

/**
 * A seller's course: lesson 1 text (a free preview), lesson 2 two videos (100 s and 60 s); released
 * and bought by a buyer team.
 */
export async function mediaCourse(t: TestApp, title = '视频课程', opts: { noSeekAhead?: boolean } = {}) {
  const s = await seller(t, title, 990);
  const teamId = await teamOfCourse(t, s.courseId);
  const detail = await call<{ lessons: { lessonId: number }[] }>(t, 'GET', '/course/detail', {
    token: s.user.token,
    query: { courseId: String(s.courseId) },
  });
  const [first, second] = detail.data.lessons.map((l) => l.lessonId) as [number, number];
  const long = await probedMedia(t, teamId, 100_000);
  const short = await probedMedia(t, teamId, 60_000);
  await saveLesson(t, s.user.token, second, mediaDoc('看视频', long, short));
  if (opts.noSeekAhead) {
    // 禁止拖动未看部分, as the author's course settings save it (released with the course).
    await t.app.ctx.db.execute(
      sql`update courses set completion = completion || '{"noSeekAhead":true}'::jsonb where id = ${s.courseId}`,
    );
  }
  const rel = await call(t, 'POST', '/course/release', {
    token: s.user.token,
    body: { courseId: s.courseId },
  });
  if (rel.code !== 200) throw new Error(`release failed: ${rel.code}`);
  const b = await buyer(t);
  await buy(t, b.user.token, s.courseId);
  return { seller: s, teamId, courseId: s.courseId, first, second, long, short, buyer: b };
}

export const watch = (t: TestApp, token: string | undefined, body: object) =>
  call<LearnWatched>(t, 'POST', '/learn/watch', { token, body });

/** Wall-clock time passes for the learner's watch rows: their last save was `seconds` earlier. */
export async function watchTimePasses(t: TestApp, userId: number, seconds: number) {
  await t.app.ctx.db.execute(
    sql`update learning_media set saved_at = saved_at - make_interval(secs => ${seconds})
        where user_id = ${userId}`,
  );
}
