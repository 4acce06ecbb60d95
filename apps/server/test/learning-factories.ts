/** Learning factories: a released paid course with quizzes, bought through the real store. */
import type {
  CompletionSettings,
  Course,
  DocNode,
  LearnCourse,
  LearnCourseItem,
  LearnProgress,
  Order,
  QuizAnswered,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, paragraphDoc } from './factories.ts';
import { payInSandbox, seller } from './store-factories.ts';
import type { TestApp } from './test-app.ts';

export const QUIZ_SINGLE = {
  type: 'quiz',
  attrs: {
    id: 'q-single',
    kind: 'single',
    question: 'Python 的列表用什么括号？',
    options: ['()', '[]', '{}'],
    correct: [1],
    explanation: '列表写在方括号里。',
  },
};
export const QUIZ_BLANK = {
  type: 'quiz',
  attrs: {
    id: 'q-blank',
    kind: 'blank',
    question: '打印用哪个函数？',
    accepted: ['print'],
    explanation: 'print()',
  },
};
export const docWith = (text: string, ...quizzes: object[]): DocNode => ({
  type: 'doc',
  content: [...paragraphDoc(text).content, ...(quizzes as DocNode[])],
});

export async function saveLesson(
  t: TestApp,
  token: string,
  lessonId: number,
  content: DocNode,
  freePreview = false,
) {
  const detail = await call<{ version: number }>(t, 'GET', '/lesson/detail', {
    token,
    query: { lessonId: String(lessonId) },
  });
  const saved = await call(t, 'POST', '/lesson/save', {
    token,
    body: { lessonId, version: detail.data.version, content, freePreview },
  });
  expect(saved.code).toBe(200);
}

/** A seller's released paid course: lesson 1 plain, lesson 2 with two quizzes; both free previews. */
export async function quizCourse(t: TestApp) {
  const s = await seller(t, '带测验的课程', 990);
  const detail = await call<{ lessons: { lessonId: number }[] }>(t, 'GET', '/course/detail', {
    token: s.user.token,
    query: { courseId: String(s.courseId) },
  });
  const [first, second] = detail.data.lessons.map((l) => l.lessonId) as [number, number];
  await saveLesson(t, s.user.token, first, docWith('第一课的内容'), true);
  await saveLesson(t, s.user.token, second, docWith('第二课的内容', QUIZ_SINGLE, QUIZ_BLANK), true);
  const rel = await call(t, 'POST', '/course/release', {
    token: s.user.token,
    body: { courseId: s.courseId },
  });
  expect(rel.code).toBe(200);
  return { ...s, first, second };
}

export async function buy(t: TestApp, token: string, courseId: number) {
  await call(t, 'POST', '/cart/add', { token, body: { courseId } });
  const order = await call<Order>(t, 'POST', '/order/checkout', { token, body: {} });
  expect(order.code).toBe(200);
  await payInSandbox(t, token, order.data.orderId);
}

/**
 * Time passes for the learner: every lesson they opened was opened `seconds` earlier. The minimum
 * time is measured by the database's clock from `started_at`, so moving it back is what waiting does.
 */
export async function timePasses(t: TestApp, userId: number, seconds = 3600) {
  await t.app.ctx.db.execute(
    sql`update learning_lessons set started_at = started_at - make_interval(secs => ${seconds})
        where user_id = ${userId}`,
  );
}

/** Sets the course's completion rules on its draft, then releases it (the rules travel in releases). */
export async function setCompletion(
  t: TestApp,
  token: string,
  courseId: number,
  completion: Partial<CompletionSettings>,
) {
  const detail = await call<Course>(t, 'GET', '/course/detail', {
    token,
    query: { courseId: String(courseId) },
  });
  const saved = await call<Course>(t, 'POST', '/course/modify', {
    token,
    body: {
      courseId,
      version: detail.data.version,
      completion: { ...detail.data.completion, ...completion },
    },
  });
  expect(saved.code).toBe(200);
  const rel = await call(t, 'POST', '/course/release', { token, body: { courseId } });
  expect(rel.code).toBe(200);
  return saved.data;
}

/** A learner's calls with their session token, on the app `app()` answers when called. */
export const learnCalls = (app: () => TestApp) => ({
  learnCourse: (token: string, courseId: number) =>
    call<LearnCourse>(app(), 'GET', '/learn/course', { token, query: { courseId: String(courseId) } }),
  progress: (token: string, body: object) =>
    call<LearnProgress>(app(), 'POST', '/learn/progress', { token, body }),
  answer: (token: string, body: object) => call<QuizAnswered>(app(), 'POST', '/quiz/answer', { token, body }),
  markDone: (token: string, body: object) =>
    call<LearnProgress>(app(), 'POST', '/learn/complete', { token, body }),
  myList: (token: string, filter = 'all') =>
    call<{ list: LearnCourseItem[] }>(app(), 'GET', '/learn/list', { token, query: { filter } }),
});
