/** AI course creation in a real browser against the built app on the real server (template generator). */
import type { AiJob, CourseDetail } from '@studio/contract';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerTab } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
const demo = demoOwnerTab(baseUrl);

/**
 * Holds every lesson save just before it is written (the lesson's text has streamed, the save waits),
 * so the page can be reloaded while the job is still generating. The template writes a lesson in well
 * under a second, so the hold is in place before 开始生成课时 is clicked, when the lessons do not exist
 * yet: a test-only trigger makes each lesson UPDATE wait on an advisory lock this test holds (the
 * generate call only inserts lessons, so it is not held). Releasing lets the job finish.
 */
const HOLD_KEY = 7_301_212;
async function holdLessonSaves(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  await client.query(`create or replace function e2e_hold_lesson_saves() returns trigger language plpgsql
    as $$ begin perform pg_advisory_xact_lock_shared(${HOLD_KEY}); return new; end $$`);
  await client.query('drop trigger if exists e2e_hold_lesson_saves on lessons');
  await client.query(
    'create trigger e2e_hold_lesson_saves before update on lessons for each row execute function e2e_hold_lesson_saves()',
  );
  await client.query('select pg_advisory_lock($1)', [HOLD_KEY]);
  return async () => {
    // Unlock first: the waiting saves hold their lock on the table, which dropping the trigger needs.
    await client.query('select pg_advisory_unlock($1)', [HOLD_KEY]);
    await client.query('drop trigger if exists e2e_hold_lesson_saves on lessons');
    await client.end();
  };
}

async function courseDetail(courseId: number): Promise<CourseDetail> {
  const res = await fetch(`${baseUrl}/api/course/detail?courseId=${courseId}`, {
    headers: { 'x-request-tkToken': demo.user.token, 'x-request-tkForm': 'pc' },
  });
  return ((await res.json()) as { data: CourseDetail }).data;
}

const liveText = (n: number) => demo.page.getByRole('log', { name: `第 ${n} 课的生成内容` });

describe('AI course creation', () => {
  it('creates a course from a topic: outline review, live lessons, reload mid-way, open the course', async () => {
    const { page } = demo;
    await page.goto(`${baseUrl}/ai`);
    await page.getByRole('heading', { name: '创课记录' }).waitFor();
    await page.getByRole('button', { name: '开始创课' }).click();
    await page.waitForURL('**/ai/create');

    const topic = page.getByRole('textbox', { name: '课程主题', exact: true });
    await topic.fill('茶');
    await page.getByText('课程主题 2–100 个字').waitFor(); // validated as you type
    await topic.fill('手冲咖啡');
    await page.getByRole('spinbutton', { name: '课时数量', exact: true }).fill('3');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await page.waitForURL('**/ai/progress?jobId=*');

    // The template generator is labelled honestly.
    await page.getByText('当前使用内置模板生成，不是 AI').waitFor();
    await page.getByRole('heading', { name: '确认课程大纲' }).waitFor();
    const lesson2 = page.getByRole('textbox', { name: '第 2 课标题', exact: true });
    await expect.poll(() => lesson2.inputValue()).toBe('手冲咖啡的核心概念');
    const titles = ['认识手冲咖啡', '萃取的秘密', '手冲咖啡的基本方法'];
    await lesson2.fill(titles[1]!);
    await page.getByText('有未保存的修改').waitFor();

    const release = await holdLessonSaves();
    let job: AiJob;
    try {
      const generated = page.waitForResponse((r) => r.url().includes('/api/ai/job/generate'));
      await page.getByRole('button', { name: '开始生成课时' }).click();
      job = ((await (await generated).json()) as { data: AiJob }).data;
      expect(job.courseId).not.toBeNull();

      // Text streams in while the lessons are written.
      await expect.poll(() => liveText(1).textContent(), { timeout: 20_000 }).toContain('学习目标');
      await expect.poll(() => liveText(3).textContent(), { timeout: 20_000 }).toContain('练习');

      // Reloading mid-generation shows the current state and the text written so far.
      await page.reload();
      await page.getByText('生成课时中').first().waitFor();
      await expect.poll(() => liveText(2).textContent(), { timeout: 20_000 }).toContain(titles[1]);
      expect(await page.getByText('课程已生成').count()).toBe(0);
    } finally {
      await release();
    }

    // …and follows the job to the end.
    await page.getByText('课程已生成').waitFor({ timeout: 30_000 });
    expect(await page.getByText('已完成').count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('link', { name: '打开课程' }).click();
    await page.waitForURL(`**/create/course/${job.courseId}`);
    for (const title of titles) await page.getByText(title, { exact: true }).first().waitFor();

    const course = await courseDetail(job.courseId!);
    expect(course.lessons.map((l) => l.title)).toEqual(titles);
  });

  it('lists the job in the history with a link to the course', async () => {
    const { page } = demo;
    await page.goto(`${baseUrl}/ai`);
    await page.getByRole('link', { name: '手冲咖啡入门课程' }).first().waitFor();
    await page.getByText('已完成').first().waitFor();
    await page.getByText('模板生成（非 AI）').first().waitFor();
    await page.getByRole('link', { name: '打开课程' }).first().click();
    await page.waitForURL('**/create/course/*');
  });

  it('a cancelled job says what it left and starts again with the same outline (重新开始)', async () => {
    const { page } = demo;
    await page.goto(`${baseUrl}/ai/create`);
    await page.getByRole('textbox', { name: '课程主题', exact: true }).fill('冷萃咖啡');
    await page.getByRole('spinbutton', { name: '课时数量', exact: true }).fill('2');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await page.waitForURL('**/ai/progress?jobId=*');
    const firstJob = new URL(page.url()).searchParams.get('jobId');
    await page.getByRole('heading', { name: '确认课程大纲' }).waitFor();
    const lesson1 = page.getByRole('textbox', { name: '第 1 课标题', exact: true });
    await expect.poll(() => lesson1.inputValue()).not.toBe('');
    const title1 = await lesson1.inputValue();

    await page.getByRole('button', { name: '取消任务' }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('任务已取消').waitFor();
    // Nothing was written: it says so, instead of pointing at a draft that does not exist.
    await page.getByText('还没有写入任何内容，也没有建立课程。').waitFor();
    expect(await page.getByText('保留在草稿课程中').count()).toBe(0);

    await page.getByRole('button', { name: '重新开始' }).click();
    await page.waitForURL((u) => u.searchParams.get('jobId') !== firstJob);
    await page.getByRole('heading', { name: '确认课程大纲' }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: '第 1 课标题', exact: true }).inputValue())
      .toBe(title1);
  });
});
