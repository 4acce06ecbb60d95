/**
 * Accessibility: axe-core (the engine behind Lighthouse's accessibility score) on the pages people use
 * most, as they render in the built app: no violation of impact serious or critical.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { UserInfo } from '@studio/contract';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniquePhone } from '../support/browser.ts';
import { demoOwnerTab } from '../support/demo-tab.ts';
import { pickerDay } from '../support/task-form.ts';
import { apiAs, apiSignUp, useSession } from '../support/session.ts';
import { accountWithTeam, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const tab = demoOwnerTab(baseUrl);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

type CourseItem = { courseId: number; title: string; status: string; cover: string };
type Detail = { lessons: { lessonId: number }[] };

const describeViolation = (v: Result) =>
  `${v.impact} ${v.id}: ${v.help}\n${v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
    .join('\n')}`;

/** Runs axe on what the page shows now; answers the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays as it is.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(describeViolation);
}

/**
 * The demo team's released course and its draft, read through the API. Found by status and title, not
 * by position: journeys before this one add courses to the demo team, and the first page moves on.
 */
async function demoCourses() {
  const list = (query: string) =>
    apiAs<{ list: CourseItem[] }>(baseUrl, tab.user, `/course/list?tab=all&${query}`).then((p) => p.list);
  const [released] = await list('status=released');
  const [draft] = await list(`keyword=${encodeURIComponent('设计思维工作坊')}`);
  if (!released || !draft) throw new Error('the demo team has no released course or no draft 设计思维工作坊');
  const detail = await apiAs<Detail>(baseUrl, tab.user, `/course/detail?courseId=${draft.courseId}`);
  return { released, draft, lessonId: detail.lessons[0]!.lessonId };
}

const RUN = Date.now() % 100_000;
const COURSE = `无障碍考试课${RUN}`;
const EXAM = `无障碍结业考试${RUN}`;
const TASK = `无障碍学习任务${RUN}`;

/**
 * A fresh team (the demo's members and tasks are other journeys'): its OWNER releases a one-lesson
 * course with a one-question 课程考试 and assigns it as a task to a member, who completes the lesson
 * and passes the exam through the API. Answers the two accounts, the course and the certificate code.
 */
async function teamWithTaskAndExam() {
  const owner = await accountWithTeam(baseUrl, logFile, `无障碍团队${RUN}`);
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, owner, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: COURSE });
  const courseId = course.courseId;
  const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
    courseId,
    title: '第一课',
  });
  const text = { type: 'paragraph', content: [{ type: 'text', text: '第一课的内容。' }] };
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { type: 'doc', content: [text] },
  });
  await api('/course/modify', {
    courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, owner),
    summary: '一门用来检查无障碍的课程。',
    category: 'tech',
    price: 990,
    completion: { minLessonSeconds: 0, passMark: 60, maxQuizAttempts: null, noSeekAhead: false },
  });
  const question = await api<{ questionId: number }>('/course/exam/question/create', {
    courseId,
    question: { type: 'judge', stem: '无障碍判断：水在 0 °C 结冰。', answer: true },
  });
  await api('/course/exam/save', {
    courseId,
    exam: {
      title: EXAM,
      timeLimitMinutes: null,
      maxAttempts: 2,
      passPercent: 60,
      source: { mode: 'list', questionIds: [question.questionId] },
    },
  });
  await api('/course/release', { courseId });

  const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
  await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: owner.lastTeam!.teamCode });
  const member = { ...(await apiAs<UserInfo>(baseUrl, joined, '/user/info')), token: joined.token };
  await api('/training/task/create', {
    title: TASK,
    kind: 'required',
    startDay: pickerDay(0),
    dueDay: pickerDay(7),
    courseIds: [courseId],
    userIds: [member.userId],
    groupIds: [],
  });
  await apiAs(baseUrl, member, '/learn/progress', {
    courseId,
    lessonId: lesson.lessonId,
    position: 1,
    reachedEnd: true,
  });
  const attempt = await apiAs<{ attemptId: number }>(baseUrl, member, '/course/exam/start', { courseId });
  await apiAs(baseUrl, member, '/exam/attempt/submit', {
    attemptId: attempt.attemptId,
    answers: [{ questionId: question.questionId, answer: true }],
  });
  const learning = await apiAs<{ list: { courseId: number; certificateCode: string | null }[] }>(
    baseUrl,
    member,
    '/learn/list',
  );
  const certificateCode = learning.list.find((c) => c.courseId === courseId)?.certificateCode;
  if (!certificateCode) throw new Error('the member who passed the course exam has no certificate');
  return { owner, member, courseId, certificateCode };
}

/** Fails with every page's serious and critical violations listed. */
function expectNone(found: Record<string, string[]>): void {
  const failing = Object.entries(found).filter(([, list]) => list.length > 0);
  if (failing.length > 0) {
    console.log(failing.map(([where, list]) => `${where}:\n  ${list.join('\n  ')}`).join('\n\n'));
  }
  expect(Object.fromEntries(failing.map(([where, list]) => [where, list.length]))).toEqual({});
}

describe('accessibility (axe-core)', () => {
  it('has no serious or critical violations on the main pages', async () => {
    const { released, draft, lessonId } = await demoCourses();
    const { page } = tab;
    const found: Record<string, string[]> = {};

    // Each page is checked once what the user came for is on screen.
    await page.goto(`${baseUrl}/author?keyword=${encodeURIComponent(released.title)}`);
    await page.getByRole('tabpanel', { name: '我的' }).getByRole('link', { name: released.title }).waitFor();
    found['/author'] = await seriousViolations(page);

    await page.goto(`${baseUrl}/store/list`);
    await page.getByRole('link', { name: released.title }).first().waitFor();
    found['/store/list'] = await seriousViolations(page);

    await page.goto(`${baseUrl}/create/course/${draft.courseId}`);
    await page.getByRole('textbox', { name: '课程标题', exact: true }).waitFor();
    await page.locator('[data-save-status]').first().waitFor();
    found['course editor'] = await seriousViolations(page);

    await page.goto(`${baseUrl}/create/course/${draft.courseId}/Lesson/${lessonId}`);
    await page.locator('.tiptap').waitFor();
    await page.getByRole('textbox', { name: '课时标题', exact: true }).waitFor();
    await page.locator('[data-collab-status="synced"]').waitFor();
    found['lesson editor'] = await seriousViolations(page);
    // The status while it syncs: a socket that opens and never answers holds 同步中 on screen.
    let hold = true;
    await page.routeWebSocket(/\/api\/collab/, (ws) => {
      if (!hold) ws.connectToServer();
    });
    await page.reload();
    await page.locator('[data-collab-status="syncing"]').waitFor();
    found['lesson editor, syncing'] = await seriousViolations(page);
    hold = false;

    // A lesson with a coloured code block and a sized, captioned image: in the editor (the image's
    // resize handle is a slider, its caption a field) and as a reader sees it.
    const course = await apiAs<{ courseId: number }>(baseUrl, tab.user, '/course/create', {
      title: '无障碍代码与图片',
    });
    const lesson = await apiAs<{ lessonId: number; version: number }>(baseUrl, tab.user, '/lesson/create', {
      courseId: course.courseId,
      title: '代码与图片',
    });
    await apiAs(baseUrl, tab.user, '/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: {
        type: 'doc',
        content: [
          {
            type: 'codeBlock',
            attrs: { language: 'python' },
            content: [{ type: 'text', text: 'for i in range(3):\n    print(i)  # 输出' }],
          },
          {
            type: 'image',
            attrs: { src: released.cover, alt: '示意图', width: 240, caption: '图 1：示意图' },
          },
        ],
      },
    });
    await page.goto(`${baseUrl}/create/course/${course.courseId}/Lesson/${lesson.lessonId}`);
    await page.locator('.tiptap pre .hljs-keyword').first().waitFor();
    await page.getByRole('slider', { name: /图片宽度/ }).waitFor();
    found['lesson editor with code and an image'] = await seriousViolations(page);
    await page.goto(`${baseUrl}/create/course/${course.courseId}/lesson/${lesson.lessonId}/preview`);
    await page.locator('.content-view pre .hljs-keyword').first().waitFor();
    await page.locator('.content-view figcaption').waitFor();
    found['lesson preview with code and an image'] = await seriousViolations(page);
    expectNone(found);
  });

  // Its own test: each page here is a cold load in a logged-out tab.
  it('has none on the login page and the public pages as a visitor sees them', async () => {
    const { released } = await demoCourses();
    const share = await apiAs<{ url: string }>(baseUrl, tab.user, '/share/create', {
      courseId: released.courseId,
    });
    const found: Record<string, string[]> = {};
    const visitor = await tab.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    try {
      const guest = await visitor.newPage();
      await guest.goto(`${baseUrl}/login`);
      await guest.getByRole('tab', { name: '验证码登录' }).waitFor();
      found['/login'] = await seriousViolations(guest);
      await guest.goto(`${baseUrl}/login?way=wechat`);
      await guest.getByRole('img', { name: '微信登录二维码' }).waitFor();
      found['/login?way=wechat'] = await seriousViolations(guest);

      // The other pages the server renders for visitors.
      await guest.goto(share.url);
      await guest.getByRole('heading', { name: released.title }).waitFor();
      found['/share/:id'] = await seriousViolations(guest);
      await guest.goto(`${baseUrl}/store/list`);
      await guest.getByRole('link', { name: released.title }).waitFor();
      found['/store/list (visitor)'] = await seriousViolations(guest);
      await guest.goto(`${baseUrl}/store/preview/${released.courseId}`);
      await guest.getByRole('link', { name: '登录后购买' }).waitFor();
      found['/store/preview/:id (visitor)'] = await seriousViolations(guest);
      await guest.setViewportSize({ width: 390, height: 844 });
      await guest.goto(`${baseUrl}/wx-preview/${released.courseId}`);
      await guest.getByRole('heading', { level: 1, name: released.title }).waitFor();
      found['/wx-preview/:id (visitor)'] = await seriousViolations(guest);
    } finally {
      await visitor.close();
    }
    expectNone(found);
  });

  // Training and a course exam, as a fresh team's OWNER and its member see them.
  it('has none on the training pages and a course with an exam', async () => {
    const { owner, member, courseId, certificateCode } = await teamWithTaskAndExam();
    const found: Record<string, string[]> = {};
    const tabAs = async (user: UserInfo) => {
      const context = await tab.browser.newContext({
        locale: 'zh-CN',
        viewport: { width: 1280, height: 900 },
      });
      await useSession(context, user);
      return { context, page: await context.newPage() };
    };
    const asOwner = await tabAs(owner);
    const asMember = await tabAs(member);
    try {
      const { page } = asOwner;
      // 团队中心 → 学习任务 → the task's 报告: its charts and the paged member table.
      await page.goto(`${baseUrl}/personal/team`);
      await page.getByRole('row').filter({ hasText: TASK }).getByRole('button', { name: '报告' }).click();
      await page.getByRole('heading', { level: 1, name: '培训报告' }).waitFor();
      await page.getByRole('img', { name: '完成率 100%，1 人中 1 人已完成' }).waitFor();
      const members = page
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: '完成课程', exact: true }) });
      await members.getByRole('row').filter({ hasText: member.nickName }).waitFor();
      found['training task report'] = await seriousViolations(page);

      // The course editor: 结业要求 says the exam must be passed.
      await page.goto(`${baseUrl}/create/course/${courseId}`);
      await page
        .getByRole('region', { name: '课程考试' })
        .getByText(new RegExp(`${EXAM} · 共 1 题`))
        .waitFor();
      await page
        .getByRole('group', { name: '结业要求' })
        .getByText(`学员还需通过课程考试「${EXAM}」（及格线 60%）才能结业、获得证书。`)
        .waitFor();
      await page.locator('[data-save-status]').first().waitFor();
      found['course editor with an exam'] = await seriousViolations(page);

      // The member's 我的学习, with 我的任务.
      const learner = asMember.page;
      await learner.goto(`${baseUrl}/learn`);
      const mine = learner.locator('.ant-card').filter({ hasText: '我的任务' });
      await mine.getByText(TASK).waitFor();
      await learner.getByRole('article', { name: COURSE }).getByText('已完成').first().waitFor();
      found['/learn with 我的任务'] = await seriousViolations(learner);

      // The certificate names the exam passed, with the learner's score.
      await learner.goto(`${baseUrl}/certificate/${certificateCode}`);
      await learner.getByText(`已通过「${EXAM}」，成绩 100 分（及格线 60%）`).waitFor();
      found['certificate with an exam'] = await seriousViolations(learner);
    } finally {
      await asOwner.context.close();
      await asMember.context.close();
    }
    expectNone(found);
  });
});
