import { Code, Routes, type Attempt } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { myExam } from '../../test/exam-fixtures.ts';
import { team, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const attempt: Attempt = {
  attemptId: 41,
  examId: 5,
  courseId: null,
  title: '安全考试',
  attemptNo: 1,
  maxAttempts: 2,
  passPercent: 60,
  status: 'inProgress',
  deadline: null,
  serverTime: 1_700_000_000_000,
  questions: [{ questionId: 1, type: 'judge', stem: '地球是圆的', options: [] }],
  answers: {},
  result: null,
  review: null,
};

const asRole = (role: 'OWNER' | 'MEMBER') =>
  writeStoredUser(user({ lastTeam: team({ userTeamRole: role }) }));

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/exams (考试)', () => {
  it("shows each exam's rules and the member's record; a member has no way to manage", async () => {
    asRole('MEMBER');
    mock.onGet(Routes.exam.myList).reply(
      ...ok({
        list: [
          myExam(),
          myExam({
            examId: 6,
            title: '已通过的考试',
            attemptsUsed: 1,
            bestScore: 100,
            passed: true,
            lastAttemptId: 9,
          }),
          myExam({ examId: 7, title: '没考过的考试', attemptsUsed: 2, bestScore: 40, lastAttemptId: 10 }),
        ],
      }),
    );
    renderApp('/exams');
    const fresh = within(await screen.findByRole('article', { name: '安全考试' }));
    expect(fresh.getByText('限时 30 分钟')).toBeTruthy();
    expect(fresh.getByText('及格线 60%')).toBeTruthy();
    expect(fresh.getByText('已考 0/2 次')).toBeTruthy();
    expect(fresh.getByRole('button', { name: '开始考试' })).toBeTruthy();
    const passed = within(screen.getByRole('article', { name: '已通过的考试' }));
    expect(passed.getByText('通过')).toBeTruthy();
    expect(passed.queryByRole('button', { name: '再考一次' })).toBeNull();
    const used = within(screen.getByRole('article', { name: '没考过的考试' }));
    expect(used.getByText('未通过')).toBeTruthy();
    expect(used.queryByRole('button', { name: '再考一次' })).toBeNull();
    expect(used.getByRole('button', { name: '查看结果' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '题库' })).toBeNull();
  });

  it('starts an attempt and opens its paper; managers reach 题库 and 考试管理', async () => {
    asRole('OWNER');
    mock.onGet(Routes.exam.myList).reply(...ok({ list: [myExam()] }));
    mock.onPost(Routes.exam.start).reply(...ok(attempt));
    mock.onGet(Routes.exam.attempt).reply(...ok(attempt));
    const router = renderApp('/exams');
    expect(await screen.findByRole('button', { name: '题库' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '考试管理' })).toBeTruthy();
    fireEvent.click(
      within(await screen.findByRole('article', { name: '安全考试' })).getByRole('button', {
        name: '开始考试',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/attempt/41'));
    expect(JSON.parse(mock.history.post.find((r) => r.url === Routes.exam.start)!.data as string)).toEqual({
      examId: 5,
    });
    expect(await screen.findByText('地球是圆的', { exact: false })).toBeTruthy();
  });
});
