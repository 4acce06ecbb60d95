/**
 * Issue 33, item 5: a user who chose English (the web app's `lang` cookie) gets the learning
 * refusals and the report's CSV header in English; Chinese stays the default.
 */
import { Code } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizCourse } from '../../../test/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

type Lang = 'en-US' | 'zh-CN' | null;
const headers = (token: string, lang: Lang) => ({
  'x-request-tkForm': 'pc',
  'x-request-tkToken': token,
  ...(lang ? { cookie: `studio_member=1; lang=${lang}` } : {}),
});

async function post(token: string, lang: Lang, url: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: headers(token, lang),
    payload: body,
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
}

describe('learning in the language the user chose', () => {
  it('refuses a lesson, a quiz and an answer that do not fit with its code, in English for an English user', async () => {
    const s = await quizCourse(t);
    const token = s.user.token;
    const at = { courseId: s.courseId, lessonId: s.second };
    const cases = [
      {
        url: '/learn/progress',
        body: { courseId: s.courseId, lessonId: s.second + 100_000, position: 0.5 },
        code: Code.LESSON_NOT_IN_COURSE,
        en: 'This lesson is not part of the course',
        zh: '课时不属于这门课程',
      },
      {
        url: '/quiz/answer',
        body: { ...at, quizId: 'q-nope', answer: { choices: [0] } },
        code: Code.QUIZ_NOT_IN_LESSON,
        en: 'This quiz is not in this lesson',
        zh: '测验不在这个课时中',
      },
      {
        url: '/quiz/answer',
        body: { ...at, quizId: 'q-single', answer: { text: 'B' } },
        code: Code.ANSWER_CHOICE_NEEDED,
        en: 'Choose an option to answer this question',
        zh: '选择题请选择选项',
      },
      {
        url: '/quiz/answer',
        body: { ...at, quizId: 'q-single', answer: { choices: [0, 1] } },
        code: Code.ANSWER_ONE_CHOICE_ONLY,
        en: 'Choose only one option for a single-choice question',
        zh: '单选题只能选择一个选项',
      },
      {
        url: '/quiz/answer',
        body: { ...at, quizId: 'q-blank', answer: { choices: [0] } },
        code: Code.ANSWER_TEXT_NEEDED,
        en: 'Type an answer to fill in the blank',
        zh: '填空题请填写文字答案',
      },
    ];
    for (const c of cases) {
      const en = await post(token, 'en-US', c.url, c.body);
      expect(en, c.en).toMatchObject({
        status: 400,
        code: c.code,
        msg: c.en,
        data: { field: expect.any(String) },
      });
      expect(en.msg).not.toMatch(CJK);
      for (const lang of ['zh-CN', null] as const) {
        expect(await post(token, lang, c.url, c.body), c.zh).toMatchObject({
          status: 400,
          code: c.code,
          msg: c.zh,
        });
      }
    }
  });

  it("words a plain validation error (the schema's rule) in English for an English user", async () => {
    const s = await quizCourse(t);
    const bodies = [
      ['/learn/progress', { courseId: s.courseId, lessonId: s.first, position: 2 }, 'position'],
      [
        '/quiz/answer',
        { courseId: s.courseId, lessonId: s.second, quizId: 'q single', answer: { choices: [0] } },
        'quizId',
      ],
      [
        '/quiz/answer',
        { courseId: s.courseId, lessonId: s.second, quizId: 'q-single', answer: 'B' },
        'answer',
      ],
    ] as const;
    for (const [url, body, field] of bodies) {
      const en = await post(s.user.token, 'en-US', url, body);
      expect(en, field).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
      expect(en.msg.startsWith(`${field}: `), en.msg).toBe(true);
      expect(en.msg).not.toMatch(CJK);
      const zh = await post(s.user.token, null, url, body);
      expect(zh.msg.startsWith(`${field}: `), zh.msg).toBe(true);
      expect(zh.msg, field).toMatch(CJK);
    }
    const report = await t.app.inject({
      method: 'GET',
      url: '/api/learn/report?pageSize=0',
      headers: headers(s.user.token, 'en-US'),
    });
    expect(report.json()).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: expect.stringMatching(/^pageSize: /),
    });
    expect((report.json() as { msg: string }).msg).not.toMatch(CJK);
  });

  it("says a rule's numbers in English too (the minimum time before a lesson completes)", async () => {
    const s = await quizCourse(t);
    const at = { courseId: s.courseId, lessonId: s.first };
    const en = await post(s.user.token, 'en-US', '/learn/complete', at);
    expect(en.code).toBe(Code.LESSON_MIN_TIME);
    expect(en.msg).toMatch(/^Study \d+ (seconds?|minutes?) more before marking this lesson as done$/);
    const zh = await post(s.user.token, null, '/learn/complete', at);
    expect(zh.msg).toMatch(/^请再学习 \d+ (秒|分钟)后再标记为已学完$/);
  });

  it('exports the team report with its header row in the language of the one who asks', async () => {
    const s = await quizCourse(t);
    const csv = async (lang: Lang) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/learn/report/csv',
        headers: headers(s.user.token, lang),
      });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    };
    const en = await csv('en-US');
    expect(en).toBe(
      'Member,Course,Lessons completed,Lessons,Progress (%),Last studied,Completed at,' +
        'Quiz answers correct,Quizzes answered,Quizzes,Quiz score (%),Pass mark (%),Watch time (min)',
    );
    expect(en).not.toMatch(CJK);
    for (const lang of ['zh-CN', null] as const) {
      expect(await csv(lang)).toMatch(/^成员,课程,已完成课时,课时数,完成度\(%\),最近学习,完成时间,测验答对/);
    }
  });
});
