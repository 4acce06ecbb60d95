/** Demo courses for the zero-config start: one released (with a numbered version), one draft. */
import type { DocNode } from '@studio/contract';
import type { Db } from '../db/client.ts';
import type { DomainEvents } from '../platform/domain-events.ts';
import { gradientPng } from './cover-image.ts';
import { courseReleases } from '../db/schema.ts';
import { toPreview } from '../modules/courses/course.presenter.ts';
import { findTeamCourse, insertCourse, updateCourse } from '../modules/courses/courses.repo.ts';
import { insertLesson, listLessons } from '../modules/courses/lessons.repo.ts';

export const para = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
export const heading = (text: string): DocNode => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});
const list = (...items: string[]): DocNode => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(i)] })),
});
export const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });

const PYTHON = [
  [
    '认识 Python',
    doc(
      heading('为什么学 Python'),
      para('Python 语法简洁，生态丰富，适合作为第一门编程语言。'),
      list('数据分析', '自动化脚本', 'Web 开发'),
    ),
  ],
  [
    '变量与类型',
    doc(heading('变量'), para('变量是数据的名字。'), {
      type: 'codeBlock',
      attrs: { language: 'python' },
      content: [{ type: 'text', text: 'name = "小明"\nage = 18' }],
    }),
  ],
  ['条件与循环', doc(heading('if 与 for'), para('用条件判断做选择，用循环做重复的事。'))],
] as const;

/** Released as version 1, the way an author would after the checklist passes. */
export async function releaseFirstVersion(
  db: Db,
  team: { teamId: number; teamName: string },
  courseId: number,
  authorId: number,
  price: number,
  events: DomainEvents,
): Promise<void> {
  const meta = (await findTeamCourse(db, team.teamId, courseId))!;
  const [release] = await db
    .insert(courseReleases)
    .values({
      courseId,
      versionNo: 1,
      snapshot: toPreview(meta, team.teamName, await listLessons(db, courseId)),
      title: meta.course.title,
      changelog: '首次发布',
      price,
      releasedBy: authorId,
    })
    .returning({ id: courseReleases.id });
  await updateCourse(db, courseId, { status: 'released', releasedVersion: 1 });
  await events.publish(db, { type: 'course.released', courseId, releaseId: release!.id });
}

export async function seedDemoCourses(
  db: Db,
  storeCover: (png: Buffer) => Promise<string>,
  team: { id: number; teamName: string },
  authorId: number,
  events: DomainEvents,
): Promise<void> {
  const teamId = team.id;
  const teamName = team.teamName;
  const python = await insertCourse(db, {
    cover: await storeCover(gradientPng(640, 360, [31, 111, 235], [120, 200, 255])),
    teamId,
    authorId,
    title: 'Python 零基础入门',
    subtitle: '从第一行代码到小项目',
    summary: '面向零基础学习者的 Python 入门课程，三节课带你写出第一个小程序。',
    category: 'tech',
    tags: ['编程', 'Python'],
    price: 9900,
  });
  for (const [i, [title, content]] of PYTHON.entries()) {
    await insertLesson(db, { courseId: python.id, title, content, durationMin: 15, freePreview: i === 0 });
  }
  await releaseFirstVersion(db, { teamId, teamName }, python.id, authorId, 9900, events);

  const design = await insertCourse(db, {
    teamId,
    authorId,
    title: '设计思维工作坊',
    subtitle: '草稿：还在编写中',
    summary: '用设计思维的五个步骤解决真实问题。',
    category: 'design',
    cover: await storeCover(gradientPng(640, 360, [255, 150, 80], [250, 210, 120])),
    tags: ['设计'],
  });
  await insertLesson(db, {
    courseId: design.id,
    title: '共情：理解用户',
    content: doc(para('从访谈开始，记录用户真正的困难。')),
  });
}
