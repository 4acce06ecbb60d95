/**
 * A task with an exam (done only with its courses completed AND the exam passed), the reports an
 * OWNER reads (per task, course, member; by group; rights) and their exports (.xlsx read back with
 * exceljs, CSV safe against formulas), orders' and sales' exports.
 */
import {
  Code,
  type CourseReport,
  type MemberReport,
  type MyTrainingTask,
  type TaskMembersPage,
  type TaskReport,
  type TrainingGroup,
  type TrainingTaskDetail,
} from '@studio/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../test/exam-factories.ts';
import { call, teamOwner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  buyerTeam,
  completeCourse,
  day,
  judgeExam,
  takeJudgeExam,
} from '../../../test/training-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = unknown>(token: string, path: string, body: unknown) =>
  call<T>(t, 'POST', `/training/${path}`, { token, body });
const get = <T = unknown>(token: string, path: string, query: Record<string, string> = {}) =>
  call<T>(t, 'GET', `/training/${path}`, { token, query });
const mine = async (token: string) => (await get<{ list: MyTrainingTask[] }>(token, 'task/mine')).data.list;

const taskBody = (courseIds: number[], over: Record<string, unknown> = {}) => ({
  title: '安全培训',
  kind: 'required',
  startDay: day(0),
  dueDay: day(3),
  courseIds,
  userIds: [],
  groupIds: [],
  ...over,
});

/** A team whose MEMBER and ADMIN are assigned the bought course and a one-question exam. */
async function taskWithExam() {
  const team = await buyerTeam(t);
  const exam = await judgeExam(t, team.owner.token);
  const created = await post<TrainingTaskDetail>(
    team.owner.token,
    'task/create',
    taskBody([team.courseId], { userIds: [team.member.userId, team.admin.userId], examId: exam.examId }),
  );
  expect(created.code).toBe(200);
  return { ...team, exam, task: created.data };
}

/** A refused download answers the envelope (HTTP 200, as every API answer), with its code. */
const codeOf = (file: { body: Buffer }) => (JSON.parse(file.body.toString('utf8')) as { code: number }).code;

const sheetRows = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('a task with an exam', () => {
  it('is done only when its courses are complete AND the exam is passed', async () => {
    const { owner, member, courseId, exam, task } = await taskWithExam();
    expect(task.examId).toBe(exam.examId);
    await completeCourse(t, member.token, courseId);
    expect(await mine(member.token)).toEqual([
      expect.objectContaining({ state: 'todo', exam: { examId: exam.examId, passed: false } }),
    ]);
    await takeJudgeExam(t, member.token, exam.examId, false);
    expect((await mine(member.token))[0]).toMatchObject({ state: 'todo' });
    await takeJudgeExam(t, member.token, exam.examId, true);
    expect((await mine(member.token))[0]).toMatchObject({ state: 'done', exam: { passed: true } });
    const detail = await get<TrainingTaskDetail>(owner.token, 'task/detail', { taskId: String(task.taskId) });
    expect(detail.data.members.find((m) => m.userId === member.userId)).toMatchObject({
      state: 'done',
      completedCourses: 1,
      examPassed: true,
      examScore: 100,
      doneAt: expect.any(Number),
    });
    expect(detail.data).toMatchObject({ doneCount: 1, completion: 50 });
  });

  it('passing the exam without the courses is not done; editing or cancelling keeps what was done', async () => {
    const { owner, member, admin, courseId, exam, task } = await taskWithExam();
    await takeJudgeExam(t, admin.token, exam.examId, true);
    await completeCourse(t, member.token, courseId);
    await takeJudgeExam(t, member.token, exam.examId, true);
    const states = async () => {
      const d = await get<TrainingTaskDetail>(owner.token, 'task/detail', { taskId: String(task.taskId) });
      return Object.fromEntries(d.data.members.map((m) => [m.userId, m.state]));
    };
    expect(await states()).toEqual({ [member.userId]: 'done', [admin.userId]: 'todo' });
    const edited = await post<TrainingTaskDetail>(owner.token, 'task/modify', {
      ...taskBody([courseId], { userIds: [member.userId, admin.userId], examId: exam.examId, title: '改名' }),
      taskId: task.taskId,
    });
    expect(edited.data).toMatchObject({ title: '改名', examId: exam.examId, doneCount: 1 });
    expect(await states()).toEqual({ [member.userId]: 'done', [admin.userId]: 'todo' });
    expect((await post(owner.token, 'task/cancel', { taskId: task.taskId })).code).toBe(200);
    expect(await states()).toEqual({ [member.userId]: 'done', [admin.userId]: 'todo' });
  });

  it("refuses another team's exam (404), changing nothing", async () => {
    const { owner, member, courseId } = await buyerTeam(t);
    const other = await teamOwner(t);
    const theirs = await judgeExam(t, other.user.token);
    const res = await post(
      owner.token,
      'task/create',
      taskBody([courseId], { userIds: [member.userId], examId: theirs.examId }),
    );
    expect(res).toMatchObject({ code: Code.NOT_FOUND });
    expect((await get<{ list: unknown[] }>(owner.token, 'task/list')).data.list).toEqual([]);
  });
});

describe('reports', () => {
  it('per task: completion, overdue members, score spread and pass rate; narrowed to a group', async () => {
    const { owner, member, admin, courseId, exam, task } = await taskWithExam();
    await completeCourse(t, member.token, courseId);
    await takeJudgeExam(t, member.token, exam.examId, false);
    await takeJudgeExam(t, member.token, exam.examId, true);
    await takeJudgeExam(t, admin.token, exam.examId, false);
    const report = await get<TaskReport>(owner.token, 'report/task', { taskId: String(task.taskId) });
    expect(report.data).toMatchObject({
      assigneeCount: 2,
      doneCount: 1,
      overdueCount: 0,
      completion: 50,
      exam: { examId: exam.examId, takers: 2, passed: 1, passRate: 50 },
    });
    // Best scores: the member's 100, the admin's 0.
    expect(report.data.exam!.buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 1]);
    // Not done members first (the members are paged apart: task-members.test.ts).
    const members = await get<TaskMembersPage>(owner.token, 'report/task/members', {
      taskId: String(task.taskId),
    });
    expect(members.data.list.map((m) => m.userId)).toEqual([admin.userId, member.userId]);

    const { data: group } = await post<TrainingGroup>(owner.token, 'group/create', { name: '销售部' });
    await post(owner.token, 'group/member/add', { groupId: group.groupId, userIds: [member.userId] });
    const narrowed = await get<TaskReport>(owner.token, 'report/task', {
      taskId: String(task.taskId),
      groupId: String(group.groupId),
    });
    expect(narrowed.data).toMatchObject({
      groupId: group.groupId,
      assigneeCount: 1,
      completion: 100,
      exam: { takers: 1, passRate: 100 },
    });
  });

  it('overdue members are counted', async () => {
    const { owner, member, courseId } = await buyerTeam(t);
    const { data: task } = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], { userIds: [member.userId], startDay: day(-5), dueDay: day(-1) }),
    );
    const report = await get<TaskReport>(owner.token, 'report/task', { taskId: String(task.taskId) });
    expect(report.data).toMatchObject({ overdueCount: 1, completion: 0, exam: null });
  });

  it('per course: completion by lesson and where learners stop; per member: their tasks', async () => {
    const { owner, member, admin, courseId, exam, task } = await taskWithExam();
    await completeCourse(t, member.token, courseId);
    await completeCourse(t, admin.token, courseId, 1);
    const course = await get<CourseReport>(owner.token, 'report/course', { courseId: String(courseId) });
    expect(course.data).toMatchObject({ learners: 2, completed: 1, completion: 50 });
    expect(course.data.lessons.map((l) => [l.completed, l.completion, l.stopped])).toEqual([
      [2, 100, 0],
      [1, 50, 1],
    ]);
    await takeJudgeExam(t, member.token, exam.examId, true);
    const person = await get<MemberReport>(owner.token, 'report/member', { userId: String(member.userId) });
    expect(person.data).toMatchObject({ userId: member.userId, nickName: member.nickName });
    expect(person.data.tasks).toEqual([
      expect.objectContaining({ taskId: task.taskId, state: 'done', examPassed: true, examScore: 100 }),
    ]);
  });

  it("refuses a MEMBER (403) and another team's task, course, group or member (404)", async () => {
    const { owner, member, courseId, task } = await taskWithExam();
    const other = await teamOwner(t);
    const theirs = await buyerTeam(t, '别人的课');
    const { data: theirGroup } = await post<TrainingGroup>(theirs.owner.token, 'group/create', {
      name: '组',
    });
    const { data: theirTask } = await post<TrainingTaskDetail>(
      theirs.owner.token,
      'task/create',
      taskBody([theirs.courseId], { userIds: [theirs.member.userId] }),
    );
    const own = { taskId: String(task.taskId) };
    expect((await get(member.token, 'report/task', own)).code).toBe(Code.FORBIDDEN);
    expect((await get(member.token, 'report/course', { courseId: String(courseId) })).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await get(member.token, 'report/member', { userId: String(member.userId) })).code).toBe(
      Code.FORBIDDEN,
    );
    const refused = await download(t, member.token, `/training/report/task/export?taskId=${task.taskId}`);
    expect(codeOf(refused)).toBe(Code.FORBIDDEN);
    const cases: [string, Record<string, string>][] = [
      ['report/task', { taskId: String(theirTask.taskId) }],
      ['report/task', { ...own, groupId: String(theirGroup.groupId) }],
      ['report/course', { courseId: String(theirs.courseId) }],
      ['report/member', { userId: String(other.user.userId) }],
    ];
    for (const [path, query] of cases) {
      expect({ path, query, code: (await get(owner.token, path, query)).code }).toEqual({
        path,
        query,
        code: Code.NOT_FOUND,
      });
    }
    const exported = await download(
      t,
      owner.token,
      `/training/report/task/export?taskId=${theirTask.taskId}`,
    );
    expect(codeOf(exported)).toBe(Code.NOT_FOUND);
  });
});

describe('exports', () => {
  it("the task report's .xlsx holds each member's row; the course report's its lessons", async () => {
    const { owner, member, courseId, exam, task } = await taskWithExam();
    await completeCourse(t, member.token, courseId);
    await takeJudgeExam(t, member.token, exam.examId, true);
    const file = await download(t, owner.token, `/training/report/task/export?taskId=${task.taskId}`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const rows = await sheetRows(file.body);
    expect(rows[0]).toEqual(['成员', '状态', '已完成课程', '课程数', '考试通过', '最高分', '完成时间']);
    expect(rows).toContainEqual([member.nickName, '已完成', 1, 1, '是', 100, expect.any(String)]);
    const course = await download(t, owner.token, `/training/report/course/export?courseId=${courseId}`);
    const lessons = await sheetRows(course.body);
    expect(lessons[0]).toEqual(['课时', '完成人数', '完成率(%)', '停在此课时']);
    expect(lessons.slice(1).map((r) => r.slice(1))).toEqual([
      [1, 100, 0],
      [1, 100, 0],
    ]);
  });

  it('CSV neutralises a cell that a spreadsheet would run as a formula', async () => {
    const { owner, member, courseId } = await buyerTeam(t);
    await call(t, 'POST', '/user/modify', { token: member.token, body: { nickName: '=HYPERLINK("x")' } });
    const { data: task } = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], { userIds: [member.userId] }),
    );
    const file = await download(
      t,
      owner.token,
      `/training/report/task/export?taskId=${task.taskId}&format=csv`,
    );
    expect(file.type).toContain('text/csv');
    const text = file.body.toString('utf8');
    expect(text.startsWith('\uFEFF成员,')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")",进行中,0,1,`);
    expect(text).not.toMatch(/(^|,|")=HYPERLINK/m);
  });

  it("the team's sales and orders export with the screens' rights", async () => {
    const { seller, owner, member } = await buyerTeam(t);
    const sales = await download(t, seller.user.token, '/store/team/sales/export?days=7');
    expect(sales.status).toBe(200);
    const salesRows = await sheetRows(sales.body);
    expect(salesRows[0]).toEqual(['日期', '订单数', '销售额(元)']);
    expect(salesRows).toHaveLength(8);
    expect(salesRows.at(-1)).toEqual([day(0), 1, '9.90']);
    const orders = await download(t, owner.token, '/store/team/purchases/export?format=csv');
    const lines = orders.body.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFF订单号,课程,金额(元),支付时间');
    expect(lines[1]).toMatch(/,数据分析课,9\.90,\d{4}-/);
    expect(codeOf(await download(t, member.token, '/store/team/purchases/export'))).toBe(Code.FORBIDDEN);
    expect(codeOf(await download(t, member.token, '/store/team/sales/export'))).toBe(Code.FORBIDDEN);
  });
});
