import { Routes, type MyExam } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myExam } from '../../../test/exam-fixtures.ts';
import { learnCourse } from '../../../test/learn-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bodyOf, heading, mock, ok, setUpPlayerPage } from '../../../test/learn-player-kit.ts';

setUpPlayerPage();

const exam = { examId: 7, title: '结业考试', passed: false, bestScore: null };
/** The learner's record of the course's exam (Routes.courseExam.mine). */
const mine = (over: Partial<MyExam> = {}) => myExam({ ...exam, questionCount: 2, passPercent: 100, ...over });
const examCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: /课程考试 · 结业考试/ })).closest<HTMLElement>(
    '.ant-card',
  )!;

describe('课程考试 on the course’s learning page', () => {
  it('says the exam is needed to complete, and starts an attempt on the paper page', async () => {
    mock.onGet(Routes.learn.course).reply(...ok(learnCourse({ exam })));
    mock.onGet(Routes.courseExam.mine).reply(...ok({ exam: mine() }));
    mock.onPost(Routes.courseExam.start).reply(...ok({ attemptId: 55 }));
    mock.onGet(Routes.exam.attempt).reply(...ok(null));
    const router = renderApp('/learn/course/11');
    await heading('列表');
    // 结业要求 and what is still missing name the exam.
    expect(screen.getByText(/需通过课程考试。/)).toBeTruthy();
    expect(screen.getByText('需通过课程考试「结业考试」')).toBeTruthy();
    const card = within(await examCard());
    expect(await card.findByText('共 2 题 · 限时 30 分钟 · 及格线 100% · 已考 0/2 次')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/attempt/55'));
    expect(bodyOf(mock.history.post.find((r) => r.url === Routes.courseExam.start)?.data)).toEqual({
      courseId: 11,
    });
  });

  it('after a failed attempt offers another', async () => {
    mock.onGet(Routes.learn.course).reply(...ok(learnCourse({ exam })));
    const failed = mine({ attemptsUsed: 1, bestScore: 50, lastAttemptId: 9 });
    mock.onGet(Routes.courseExam.mine).reply(...ok({ exam: failed }));
    renderApp('/learn/course/11');
    await heading('列表');
    const card = within(await examCard());
    expect(await card.findByRole('button', { name: '再考一次' })).toBeTruthy();
    expect(card.getByText('未通过')).toBeTruthy();
  });

  it('once passed: 通过, the result to view, and the checklist says so', async () => {
    mock
      .onGet(Routes.learn.course)
      .reply(...ok(learnCourse({ exam: { ...exam, passed: true, bestScore: 100 } })));
    const passed = mine({ attemptsUsed: 1, bestScore: 100, passed: true, lastAttemptId: 9 });
    mock.onGet(Routes.courseExam.mine).reply(...ok({ exam: passed }));
    const router = renderApp('/learn/course/11');
    await heading('列表');
    const card = within(await examCard());
    expect(card.getByText('通过')).toBeTruthy();
    expect(screen.getByText('已通过课程考试「结业考试」')).toBeTruthy();
    fireEvent.click(await card.findByRole('button', { name: '查看结果' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/attempt/9'));
  });

  it('a release without an exam shows none', async () => {
    renderApp('/learn/course/11');
    await heading('列表');
    expect(screen.queryByText(/课程考试/)).toBeNull();
    expect(mock.history.get.filter((r) => r.url === Routes.courseExam.mine)).toHaveLength(0);
  });
});
