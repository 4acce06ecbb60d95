/**
 * Saves at once keep the rules of a save made alone, now that a lesson save is one statement without
 * a transaction (lessons.repo.ts saveLessonAt): each lesson's version moves by one per save, a save
 * on a version another save already moved answers 409 and writes nothing, and the revision holds the
 * winner's text; each learner's position is stored as sent, once.
 */
import { Code } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createLesson, createUser, paragraphDoc } from './factories.ts';
import { learnCalls, quizCourse } from './learning-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (token: string, lessonId: number, version: number, text: string) =>
  call<{ version: number }>(t, 'POST', '/lesson/save', {
    token,
    body: { lessonId, version, content: paragraphDoc(text) },
  });

describe('lesson saves at once', () => {
  it('answer each its own version; a save on a version already moved answers 409', async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/team/create', { token: owner.token, body: { teamName: '并发团队' } });
    // Four courses, so saves touch the same course rows at once.
    const courseIds: number[] = [];
    for (let c = 0; c < 4; c++) {
      const course = await call<{ courseId: number }>(t, 'POST', '/course/create', {
        token: owner.token,
        body: { title: `并发课程 ${c}` },
      });
      courseIds.push(course.data.courseId);
    }
    const lessons = [];
    for (let i = 0; i < 12; i++)
      lessons.push(await createLesson(t, owner.token, courseIds[i % 4]!, `课${i}`));
    // Twelve lessons saved at once, and each of the first three twice on the same version.
    const saves = [
      ...lessons.map((l, i) => save(owner.token, l.lessonId, l.version, `第一稿 ${i}`)),
      ...lessons.slice(0, 3).map((l, i) => save(owner.token, l.lessonId, l.version, `冲突稿 ${i}`)),
    ];
    const answers = await Promise.all(saves);
    for (const [i, l] of lessons.entries()) {
      const both = [answers[i]!, ...(i < 3 ? [answers[12 + i]!] : [])];
      // Exactly one save per version wins; the other of a pair is refused.
      expect(both.filter((a) => a.code === 200).map((a) => a.data.version)).toEqual([l.version + 1]);
      expect(both.filter((a) => a.code !== 200).map((a) => a.code)).toEqual(i < 3 ? [Code.CONFLICT] : []);
    }
    const { rows } = await t.app.ctx.db.execute<{ id: number; version: number; text: string; revs: number }>(
      sql`select l.id, l.version, l.content #>> '{content,0,content,0,text}' as text,
            (select count(*)::int from lesson_revisions r where r.lesson_id = l.id
               and r.version = l.version and r.content = l.content) as revs
          from lessons l where l.id in ${sql.raw(`(${lessons.map((l) => l.lessonId).join(',')})`)} order by l.id`,
    );
    for (const [i, row] of rows.entries()) {
      expect(row.version).toBe(lessons[i]!.version + 1);
      // The winner's text, and its revision holding it.
      expect(row.text === `第一稿 ${i}` || (i < 3 && row.text === `冲突稿 ${i}`)).toBe(true);
      expect(row.revs).toBe(1);
    }
  });
});

describe('progress saves at once', () => {
  it('store each learner’s position once, as sent', async () => {
    const s = await quizCourse(t);
    const learners = [];
    for (let i = 0; i < 8; i++) {
      const learner = await createUser(t);
      await addByInvitation(t, s.user.token, learner);
      learners.push(learner);
    }
    const { progress } = learnCalls(() => t);
    const answers = await Promise.all(
      learners.flatMap((l, i) => [
        progress(l.token, { courseId: s.courseId, lessonId: s.first, position: i / 10, reachedEnd: false }),
        progress(l.token, { courseId: s.courseId, lessonId: s.second, position: 0.05, reachedEnd: false }),
      ]),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 200));
    const { rows } = await t.app.ctx.db.execute<{ user_id: number; lesson_id: number; position: number }>(
      sql`select user_id, lesson_id, position from learning_lessons where course_id = ${s.courseId}`,
    );
    expect(rows).toHaveLength(16);
    for (const [i, l] of learners.entries()) {
      const mine = rows.filter((r) => r.user_id === l.userId);
      expect(mine.find((r) => r.lesson_id === s.first)?.position).toBeCloseTo(i / 10);
      expect(mine.find((r) => r.lesson_id === s.second)?.position).toBeCloseTo(0.05);
    }
  });
});
