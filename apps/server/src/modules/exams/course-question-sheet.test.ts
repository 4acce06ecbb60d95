/**
 * A course's questions (课程考试) are imported from and exported to the team bank's template by the
 * course's authors, into the course's questions only; another team's course answers 404, and a
 * course's id must come, valid, before the file.
 */
import { Code, type QuestionList, type UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, teamOwner } from '../../../test/factories.ts';
import { download, importFile, row, xlsxOf } from '../../../test/exam-factories.ts';
import { seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let author: UserInfo;
let courseId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const s = await seller(t, '带题目的课程', 990);
  author = s.user;
  courseId = s.courseId;
});
afterAll(() => t?.close());

const SHEET = () =>
  xlsxOf([
    row('单选', '1 + 1 = ?', ['1', '2', '3'], 'B', '算术', '简单'),
    row('判断', '地球是圆的', [], '对'),
  ]);
const toCourse = (id = courseId) => ({
  url: '/course/exam/question/import',
  fields: { courseId: String(id) },
});
const courseQuestions = async (token = author.token) =>
  (
    await call<QuestionList>(t, 'GET', '/course/exam/question/list', {
      token,
      query: { courseId: String(courseId) },
    })
  ).data.total;
const teamQuestions = async () =>
  (await call<QuestionList>(t, 'GET', '/exam/question/list', { token: author.token })).data.total;

describe("a course's questions from and to a sheet", () => {
  it("imports the template's rows into the course's questions, not the team's bank", async () => {
    const res = await importFile(t, author.token, '课程题目.xlsx', await SHEET(), toCourse());
    expect(res).toMatchObject({ code: 200, data: { imported: 2 } });
    expect(await courseQuestions()).toBe(2);
    expect(await teamQuestions()).toBe(0);
  });

  it('exports the course’s questions, which import back the same; the template downloads', async () => {
    const file = await download(t, author.token, `/course/exam/question/export?courseId=${courseId}`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    expect(file.disposition).toBe("attachment; filename*=UTF-8''questions.xlsx");
    const again = await importFile(t, author.token, 'export.xlsx', file.body, toCourse());
    expect(again.data).toEqual({ imported: 2 });
    expect(await courseQuestions()).toBe(4);
    const template = await download(t, author.token, `/course/exam/question/template?courseId=${courseId}`);
    expect(template.status).toBe(200);
    expect(template.type).toContain('spreadsheetml');
    expect(template.disposition).toBe("attachment; filename*=UTF-8''question-template.xlsx");
  });

  it("refuses another team's course (404), a missing or invalid course id (400), and stores nothing", async () => {
    const stranger = (await teamOwner(t)).user;
    expect((await importFile(t, stranger.token, 'q.xlsx', await SHEET(), toCourse())).code).toBe(
      Code.NOT_FOUND,
    );
    // A refused download answers the envelope, as every refusal does.
    const refused = await download(t, stranger.token, `/course/exam/question/export?courseId=${courseId}`);
    expect((JSON.parse(refused.body.toString()) as { code: number }).code).toBe(Code.NOT_FOUND);
    const missing = await importFile(t, author.token, 'q.xlsx', await SHEET(), {
      url: '/course/exam/question/import',
      fields: {},
    });
    expect(missing).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
    const invalid = await importFile(t, author.token, 'q.xlsx', await SHEET(), toCourse(-1));
    expect(invalid).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
    expect(await courseQuestions()).toBe(4);
  });
});
