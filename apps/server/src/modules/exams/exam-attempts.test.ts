/**
 * Exams and attempts: made by list or by rules (refused when the bank has too few), the server's
 * clock (a deadline moved in the database, never a sleep), attempts, shuffled papers stable across
 * reloads, keys absent until `showAnswers` allows, forged scores, others' attempts, other teams' ids,
 * and the module's offer to others (`examPassed`, `findTeamExam`).
 */
import {
  Code,
  type Attempt,
  type Exam,
  type ExamInput,
  type MyExamList,
  type UserInfo,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createUser, teamOwner } from '../../../test/factories.ts';
import { addQuestion } from '../../../test/exam-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { examPassed, findTeamExam } from './index.ts';

let t: TestApp;
let owner: UserInfo;
let member: UserInfo;
let other: UserInfo;
let stranger: UserInfo;
let teamId = 0;
/** Question ids: 6 tagged 安全 (2 hard), 2 judge untagged. */
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const o = await teamOwner(t);
  owner = o.user;
  teamId = o.team.teamId;
  member = await createUser(t);
  other = await createUser(t);
  await addByInvitation(t, owner.token, member);
  await addByInvitation(t, owner.token, other);
  stranger = (await teamOwner(t)).user;
  for (let i = 0; i < 6; i++)
    ids.push(
      (
        await addQuestion(t, owner.token, {
          type: 'single',
          stem: `安全题 ${i}`,
          options: ['对的', '错的一', '错的二', '错的三'],
          answer: 0,
          tags: ['安全'],
          difficulty: i < 2 ? 'hard' : 'easy',
        })
      ).questionId,
    );
  ids.push((await addQuestion(t, owner.token, { type: 'judge', stem: '判断一', answer: true })).questionId);
  ids.push(
    (await addQuestion(t, owner.token, { type: 'fill', stem: '填空一', answer: ['Beijing', '北京'] }))
      .questionId,
  );
});
afterAll(() => t?.close());

const base = {
  title: '安全考试',
  timeLimitMinutes: 30,
  maxAttempts: 2,
  passPercent: 60,
  shuffleQuestions: false,
  shuffleOptions: false,
  showAnswers: 'afterSubmit',
} as const;
const create = (body: Partial<ExamInput> & Pick<ExamInput, 'source'>, token = owner.token) =>
  call<Exam>(t, 'POST', '/exam/create', { token, body: { ...base, ...body } });
const start = (examId: number, token = member.token) =>
  call<Attempt>(t, 'POST', '/exam/attempt/start', { token, body: { examId } });
const read = (attemptId: number, token = member.token) =>
  call<Attempt>(t, 'GET', '/exam/attempt/get', { token, query: { attemptId: String(attemptId) } });
const answer = (attemptId: number, questionId: number, a: unknown, token = member.token) =>
  call(t, 'POST', '/exam/attempt/answer', { token, body: { attemptId, questionId, answer: a } });
const submit = (attemptId: number, answers: unknown[] = [], token = member.token, extra = {}) =>
  call<Attempt>(t, 'POST', '/exam/attempt/submit', { token, body: { attemptId, answers, ...extra } });
/** The right answer of each question of a paper, from the database (a learner never has it). */
const keysOf = async (attemptId: number) => {
  const r = await t.app.ctx.db.execute<{ q: { questionId: number; key: unknown }[] }>(
    sql`select questions as q from exam_attempts where id = ${attemptId}`,
  );
  return r.rows[0]!.q.map((q) => ({ questionId: q.questionId, answer: q.key }));
};
const listExam = (examId: number) => ({
  source: { mode: 'list' as const, questionIds: [ids[0]!, ids[6]!, ids[7]!] },
  examId,
});

describe('making exams', () => {
  it('by list and by rules; refused when the bank has too few', async () => {
    const byList = await create(listExam(0));
    expect(byList.data).toMatchObject({ questionCount: 3, closed: false });
    const byRules = await create({
      source: {
        mode: 'rules',
        rules: [
          { tag: '安全', difficulty: 'hard', count: 2 },
          { tag: '安全', count: 3 },
        ],
      },
    });
    expect(byRules.data.questionCount).toBe(5);
    const tooMany = await create({ source: { mode: 'rules', rules: [{ difficulty: 'hard', count: 3 }] } });
    expect(tooMany).toMatchObject({ code: Code.EXAM_BANK_TOO_FEW, data: { need: 3, have: 2 } });
    // The second rule only finds what the first did not take.
    const overlap = await create({
      source: {
        mode: 'rules',
        rules: [
          { tag: '安全', count: 5 },
          { tag: '安全', difficulty: 'hard', count: 2 },
        ],
      },
    });
    expect(overlap.code).toBe(Code.EXAM_BANK_TOO_FEW);
  });

  it('a MEMBER may not manage exams; another team’s questions and exams are not found', async () => {
    expect((await create(listExam(0), member.token)).code).toBe(Code.FORBIDDEN);
    expect((await call(t, 'GET', '/exam/list', { token: member.token })).code).toBe(Code.FORBIDDEN);
    expect((await create(listExam(0), stranger.token)).code).toBe(Code.NOT_FOUND);
    const exam = (await create(listExam(0))).data;
    for (const path of ['/exam/close', '/exam/delete'])
      expect(
        (await call(t, 'POST', path, { token: stranger.token, body: { examId: exam.examId } })).code,
      ).toBe(Code.NOT_FOUND);
    expect((await start(exam.examId, stranger.token)).code).toBe(Code.NOT_FOUND);
    expect(
      (
        await call(t, 'GET', '/exam/results', {
          token: stranger.token,
          query: { examId: String(exam.examId) },
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    expect((await call(t, 'GET', '/exam/list', { token: owner.token })).data).toMatchObject({
      list: expect.arrayContaining([expect.objectContaining({ examId: exam.examId })]),
    });
  });
});

describe('taking an exam', () => {
  it('grades on the server: fail, then pass, then no attempts left', async () => {
    const exam = (await create(listExam(0))).data;
    const first = (await start(exam.examId)).data;
    expect(first).toMatchObject({ attemptNo: 1, status: 'inProgress', result: null, review: null });
    // The deadline is the database's start time plus the limit, not anything the client said.
    const stored = await t.app.ctx.db.execute<{ exact: boolean; deadline: string }>(
      sql`select deadline = started_at + interval '30 minutes' as exact, deadline::text from exam_attempts where id = ${first.attemptId}`,
    );
    expect(stored.rows[0]!.exact).toBe(true);
    expect(new Date(stored.rows[0]!.deadline).getTime()).toBe(first.deadline);
    // Wrong answers, and a forged score the schema does not know.
    expect((await answer(first.attemptId, ids[0]!, 3)).code).toBe(200);
    const failed = await submit(first.attemptId, [{ questionId: ids[6]!, answer: false }], member.token, {
      score: 100,
      passed: true,
    });
    expect(failed.data.result).toEqual({ score: 0, passed: false, correctCount: 0, total: 3 });
    expect(failed.data.review).toHaveLength(3);

    const second = (await start(exam.examId)).data;
    expect(second.attemptNo).toBe(2);
    await answer(second.attemptId, ids[7]!, '  beijing ');
    const passed = await submit(second.attemptId, [
      { questionId: ids[0]!, answer: 0 },
      { questionId: ids[6]!, answer: true },
    ]);
    expect(passed.data.result).toEqual({ score: 100, passed: true, correctCount: 3, total: 3 });
    expect(await examPassed(t.app.ctx.db, { teamId, userId: member.userId, examId: exam.examId })).toBe(true);
    expect(await examPassed(t.app.ctx.db, { teamId, userId: other.userId, examId: exam.examId })).toBe(false);

    expect(await start(exam.examId)).toMatchObject({ code: Code.EXAM_ATTEMPTS_USED, data: { max: 2 } });
    expect((await answer(second.attemptId, ids[0]!, 1)).code).toBe(Code.EXAM_ATTEMPT_SUBMITTED);
    const mine = await call<MyExamList>(t, 'GET', '/exam/my/list', { token: member.token });
    expect(mine.data.list.find((e) => e.examId === exam.examId)).toMatchObject({
      attemptsUsed: 2,
      bestScore: 100,
      passed: true,
      openAttemptId: null,
    });
  });

  it('refuses answers and hand-ins after the deadline; an attempt past it is graded on read', async () => {
    const exam = (await create(listExam(0))).data;
    const a = (await start(exam.examId)).data;
    await answer(a.attemptId, ids[0]!, 0);
    await answer(a.attemptId, ids[6]!, true);
    // The database's clock decides: move the stored deadline into the past.
    await t.app.ctx.db.execute(
      sql`update exam_attempts set deadline = now() - interval '1 second' where id = ${a.attemptId}`,
    );
    expect((await answer(a.attemptId, ids[7]!, '北京')).code).toBe(Code.EXAM_TIME_UP);
    expect((await submit(a.attemptId, [{ questionId: ids[7]!, answer: '北京' }])).code).toBe(
      Code.EXAM_ATTEMPT_SUBMITTED,
    );
    const graded = (await read(a.attemptId)).data;
    expect(graded.status).toBe('submitted');
    // Two of three as they stood at the deadline: 66%, passed at 60%.
    expect(graded.result).toEqual({ score: 66, passed: true, correctCount: 2, total: 3 });
    expect(graded.answers[String(ids[7])]).toBeUndefined();
  });

  it('closes and grades a timed-out attempt on read, without any answer or submit', async () => {
    const exam = (await create(listExam(0))).data;
    const a = (await start(exam.examId)).data;
    await t.app.ctx.db.execute(
      sql`update exam_attempts set deadline = now() - interval '1 second' where id = ${a.attemptId}`,
    );
    const graded = (await read(a.attemptId)).data;
    expect(graded).toMatchObject({ status: 'submitted', result: { score: 0, passed: false } });
    const next = (await start(exam.examId)).data;
    expect(next.attemptNo).toBe(2);
  });

  it('keeps a shuffled paper in the same order across reloads and resumes', async () => {
    const exam = (
      await create({
        source: { mode: 'rules', rules: [{ tag: '安全', count: 6 }] },
        shuffleQuestions: true,
        shuffleOptions: true,
      })
    ).data;
    const a = (await start(exam.examId, other.token)).data;
    const again = (await read(a.attemptId, other.token)).data;
    const resumed = (await start(exam.examId, other.token)).data;
    expect(again.questions).toEqual(a.questions);
    expect(resumed.attemptId).toBe(a.attemptId);
    expect(resumed.questions).toEqual(a.questions);
    // The options moved with their key: answering the key's new place is right.
    const keys = await keysOf(a.attemptId);
    for (const q of a.questions) {
      const k = keys.find((x) => x.questionId === q.questionId)!.answer as number;
      expect(q.options[k]).toBe('对的');
    }
    const done = await submit(a.attemptId, keys);
    expect(done.code).toBe(Code.EXAM_ATTEMPT_NOT_YOURS);
    expect((await submit(a.attemptId, keys, other.token)).data.result).toMatchObject({ score: 100 });
  });

  it('never sends keys before showAnswers allows', async () => {
    const noKey = (payload: unknown) => {
      const text = JSON.stringify(payload);
      expect(text).not.toMatch(/"key"|"answer"|"explanation"/);
      expect(text).not.toContain('Beijing');
    };
    const after = (await create({ ...listExam(0), showAnswers: 'afterClose' })).data;
    const never = (await create({ ...listExam(0), showAnswers: 'never' })).data;
    for (const exam of [after, never]) {
      const started = await start(exam.examId);
      noKey(started.data);
      noKey((await read(started.data.attemptId)).data);
      const done = await submit(started.data.attemptId, [{ questionId: ids[0]!, answer: 0 }]);
      expect(done.data.result).not.toBeNull();
      expect(done.data.review).toBeNull();
      noKey((await read(started.data.attemptId)).data);
    }
    noKey((await call(t, 'GET', '/exam/my/list', { token: member.token })).data);
    await call(t, 'POST', '/exam/close', { token: owner.token, body: { examId: after.examId } });
    await call(t, 'POST', '/exam/close', { token: owner.token, body: { examId: never.examId } });
    const mine = (await call<MyExamList>(t, 'GET', '/exam/my/list', { token: member.token })).data.list;
    const shown = (await read(mine.find((e) => e.examId === after.examId)!.lastAttemptId!)).data;
    expect(shown.review?.find((r) => r.questionId === ids[7])).toMatchObject({
      key: ['Beijing', '北京'],
      correct: false,
    });
    noKey((await read(mine.find((e) => e.examId === never.examId)!.lastAttemptId!)).data);
    expect(await start(after.examId)).toMatchObject({ code: Code.EXAM_CLOSED });
  });

  it('refuses another member’s attempt, another team’s attempt, and answers that do not fit', async () => {
    const exam = (await create(listExam(0))).data;
    const a = (await start(exam.examId)).data;
    expect((await answer(a.attemptId, ids[0]!, 1, other.token)).code).toBe(Code.EXAM_ATTEMPT_NOT_YOURS);
    expect((await read(a.attemptId, other.token)).code).toBe(Code.EXAM_ATTEMPT_NOT_YOURS);
    expect((await answer(a.attemptId, ids[0]!, 1, stranger.token)).code).toBe(Code.NOT_FOUND);
    expect((await read(a.attemptId, stranger.token)).code).toBe(Code.NOT_FOUND);
    expect((await submit(a.attemptId, [], stranger.token)).code).toBe(Code.NOT_FOUND);
    const edit = await call(t, 'POST', '/exam/update', {
      token: stranger.token,
      body: { examId: exam.examId, exam: { ...base, ...listExam(0) } },
    });
    expect(edit.code).toBe(Code.NOT_FOUND);
    expect((await read(a.attemptId, owner.token)).code).toBe(Code.EXAM_ATTEMPT_NOT_YOURS);
    expect((await answer(a.attemptId, ids[1]!, 1)).code).toBe(Code.EXAM_QUESTION_NOT_IN_ATTEMPT);
    expect((await answer(a.attemptId, ids[0]!, 'text')).code).toBe(Code.EXAM_ANSWER_SHAPE);
    expect((await answer(a.attemptId, ids[0]!, 7)).code).toBe(Code.EXAM_ANSWER_SHAPE);
    expect((await answer(a.attemptId, ids[6]!, 1)).code).toBe(Code.EXAM_ANSWER_SHAPE);
    expect((await read(a.attemptId)).data.answers).toEqual({});
  });

  it('findTeamExam answers the team’s exam only', async () => {
    const exam = (await create(listExam(0))).data;
    expect(await findTeamExam(t.app.ctx.db, { teamId, examId: exam.examId })).toMatchObject({
      examId: exam.examId,
      questionCount: 3,
      passPercent: 60,
    });
    expect(await findTeamExam(t.app.ctx.db, { teamId: teamId + 1000, examId: exam.examId })).toBeNull();
  });
});
