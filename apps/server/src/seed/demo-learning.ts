/**
 * Demo learning, so a newcomer sees a populated 我的学习 and team report: a second team (示例学院)
 * sells a course with quizzes, the demo team has bought it, and the demo member is a third of the way
 * through (lesson 1 of 3 done; one of the two quizzes of lesson 2 answered, 50% of the 60% the
 * certificate needs).
 */
import type { DocNode } from '@studio/contract';
import type { Db } from '../db/client.ts';
import type { DomainEvents } from '../platform/domain-events.ts';
import { contentHash } from '../modules/learning/release-content.ts';
import { insertAttempt, markLessonComplete } from '../modules/learning/learning.repo.ts';
import { savePosition } from '../modules/learning/position-saves.repo.ts';
import { insertCourse } from '../modules/courses/courses.repo.ts';
import { insertLesson, listLessons } from '../modules/courses/lessons.repo.ts';
import { insertOrder, markPaidAndGrant } from '../modules/store/orders.repo.ts';
import { insertTeamWithOwner } from '../modules/teams/teams.repo.ts';
import { insertUserByPhone, updateUser } from '../modules/users/users.repo.ts';
import { gradientPng } from './cover-image.ts';
import { doc, heading, para, releaseFirstVersion } from './demo-courses.ts';

export const DEMO_SELLER = {
  phone: '13800000002',
  nickName: '示例讲师',
  teamName: '示例学院',
  teamCode: 'DEMO99',
  courseTitle: '数据分析入门',
  price: 4900,
} as const;

const quiz = (attrs: Record<string, unknown>): DocNode => ({ type: 'quiz', attrs });

const LESSONS: [string, DocNode][] = [
  ['什么是数据分析', doc(heading('从问题出发'), para('数据分析是用数据回答一个具体的问题。'))],
  [
    '读懂表格',
    doc(
      heading('行与列'),
      para('每一行是一条记录，每一列是一个字段。'),
      quiz({
        id: 'demo-rows',
        kind: 'single',
        question: '表格中的一行通常表示什么？',
        options: ['一个字段', '一条记录', '一种图表'],
        correct: [1],
        accepted: [],
        explanation: '一行是一条记录，一列是一个字段。',
      }),
      quiz({
        id: 'demo-mean',
        kind: 'blank',
        question: '一组数的总和除以个数，叫作什么？',
        options: [],
        correct: [],
        accepted: ['平均数', '均值', 'mean'],
        explanation: '平均数 = 总和 ÷ 个数。',
      }),
    ),
  ],
  ['画出第一张图', doc(heading('柱状图'), para('比较几类数量时，柱状图最直观。'))],
];

export async function seedDemoLearning(
  db: Db,
  storeCover: (png: Buffer) => Promise<string>,
  buyer: { teamId: number; ownerId: number; memberId: number },
  passwordHash: string,
  events: DomainEvents,
): Promise<void> {
  const author = await insertUserByPhone(db, {
    phone: DEMO_SELLER.phone,
    nickName: DEMO_SELLER.nickName,
    passwordHash,
  });
  const team = await insertTeamWithOwner(db, {
    teamCode: DEMO_SELLER.teamCode,
    teamName: DEMO_SELLER.teamName,
    teamLogo: '',
    ownerId: author.id,
  });
  if (!team) return;
  await updateUser(db, author.id, { lastTeamId: team.id });
  const course = await insertCourse(db, {
    teamId: team.id,
    authorId: author.id,
    title: DEMO_SELLER.courseTitle,
    subtitle: '用表格和图表回答问题',
    summary: '三节课入门数据分析：提出问题、读懂表格、画出第一张图，附带小测验。',
    category: 'tech',
    tags: ['数据分析'],
    price: DEMO_SELLER.price,
    cover: await storeCover(gradientPng(640, 360, [40, 160, 120], [150, 220, 190])),
  });
  for (const [i, [title, content]] of LESSONS.entries()) {
    await insertLesson(db, { courseId: course.id, title, content, durationMin: 10, freePreview: i === 0 });
  }
  await releaseFirstVersion(
    db,
    { teamId: team.id, teamName: team.teamName },
    course.id,
    author.id,
    DEMO_SELLER.price,
    events,
  );

  // The demo team bought it (a paid sandbox order, granted as a payment would).
  const order = await insertOrder(
    db,
    {
      orderNo: `DEMO${Date.now()}`,
      teamId: buyer.teamId,
      userId: buyer.ownerId,
      amount: DEMO_SELLER.price,
      provider: 'sandbox',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    },
    [{ courseId: course.id, versionNo: 1, title: DEMO_SELLER.courseTitle, price: DEMO_SELLER.price }],
  );
  await markPaidAndGrant(db, order, 'demo-seed');

  // The demo member finished lesson 1 and is in lesson 2, one quiz answered.
  const learner = { teamId: buyer.teamId, userId: buyer.memberId };
  const [first, second] = await listLessons(db, course.id);
  await savePosition(db, learner, course.id, first!.id, 1);
  await markLessonComplete(db, learner, first!.id, contentHash(first!.content));
  await savePosition(db, learner, course.id, second!.id, 0.4);
  await insertAttempt(db, learner, {
    courseId: course.id,
    lessonId: second!.id,
    quizId: 'demo-rows',
    answer: { choices: [1] },
    correct: true,
  });
}
