import { Code, Routes, type Attempt } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];
/** The server's clock, far from this machine's: the countdown must go by the server's. */
const SERVER_NOW = 1_500_000_000_000;

const paper = (over: Partial<Attempt> = {}): Attempt => ({
  attemptId: 41,
  examId: 5,
  courseId: null,
  title: '安全考试',
  attemptNo: 1,
  maxAttempts: 2,
  passPercent: 60,
  status: 'inProgress',
  deadline: SERVER_NOW + 90_000,
  serverTime: SERVER_NOW,
  questions: [
    { questionId: 11, type: 'single', stem: '灭火器放在哪里', options: ['楼道', '柜子'] },
    { questionId: 12, type: 'fill', stem: '火警电话', options: [] },
  ],
  answers: {},
  result: null,
  review: null,
  ...over,
});
const handedIn = (over: Partial<Attempt> = {}) =>
  paper({
    status: 'submitted',
    answers: { '11': 0, '12': '119' },
    result: { score: 100, passed: true, correctCount: 2, total: 2 },
    ...over,
  });

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  vi.useRealTimers();
  mock.reset();
  queryClient.clear();
});

describe('a paper', () => {
  it('one question per screen, the countdown by the server’s clock, and a hand-in with answers only', async () => {
    mock.onGet(Routes.exam.attempt).reply(...ok(paper()));
    mock.onPost(Routes.exam.answer).reply(...ok(null));
    mock.onPost(Routes.exam.submit).reply(
      ...ok(
        handedIn({
          review: [
            { questionId: 11, correct: true, key: 0, explanation: '' },
            { questionId: 12, correct: true, key: ['119'], explanation: '报警' },
          ],
        }),
      ),
    );
    renderApp('/exams/attempt/41');
    expect(await screen.findByText('第 1 / 2 题')).toBeTruthy();
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toContain('01:30');
    expect(screen.queryByText('火警电话', { exact: false })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'A. 楼道' }));
    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === Routes.exam.answer)).toHaveLength(1),
    );
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      attemptId: 41,
      questionId: 11,
      answer: 0,
    });
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    fireEvent.change(screen.getByRole('textbox', { name: '填写答案' }), { target: { value: '119' } });

    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '交卷' }));
    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === Routes.exam.submit)).toHaveLength(1),
    );
    const sent = JSON.parse(mock.history.post.find((r) => r.url === Routes.exam.submit)!.data as string);
    expect(sent).toEqual({
      attemptId: 41,
      answers: [
        { questionId: 11, answer: 0 },
        { questionId: 12, answer: '119' },
      ],
    });
    expect(await screen.findByRole('heading', { name: '通过' })).toBeTruthy();
    expect(screen.getByText('100 分')).toBeTruthy();
    expect(screen.getByText('报警')).toBeTruthy();
  });

  it('at the deadline reads the paper again: the server has handed it in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    mock.onGet(Routes.exam.attempt).reply(() => {
      reads++;
      return ok(
        reads === 1
          ? paper({ deadline: SERVER_NOW })
          : handedIn({ answers: {}, result: { score: 0, passed: false, correctCount: 0, total: 2 } }),
      );
    });
    renderApp('/exams/attempt/41');
    expect(await screen.findByText('第 1 / 2 题')).toBeTruthy();
    await act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { name: '未通过' })).toBeTruthy();
    expect(screen.getByText('本考试暂不公布答案')).toBeTruthy();
    expect(reads).toBe(2);
  });

  it("a course's exam (课程考试) leads back to its course, not to the exam list", async () => {
    mock.onGet(Routes.exam.attempt).reply(...ok(handedIn({ courseId: 7 })));
    renderApp('/exams/attempt/41');
    expect(await screen.findByRole('button', { name: '返回课程' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回考试列表' })).toBeNull();
  });

  it('the whole paper at once, and no countdown without a time limit', async () => {
    mock.onGet(Routes.exam.attempt).reply(...ok(paper({ deadline: null })));
    renderApp('/exams/attempt/41');
    expect(await screen.findByText('第 1 / 2 题')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByText('整卷作答'));
    expect(await screen.findByText('火警电话', { exact: false })).toBeTruthy();
    expect(screen.getByText('灭火器放在哪里', { exact: false })).toBeTruthy();
  });
});
