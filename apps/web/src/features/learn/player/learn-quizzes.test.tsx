/** The player's quizzes: answering, grading, attempts, and the lesson that completes the course. */
import { Routes, type LearnProgressBody, type QuizResult } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learnCourse, learnLesson, learnProgress } from '../../../test/learn-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  bodyOf,
  heading,
  mock,
  ok,
  player,
  progressPosts,
  setUpPlayerPage,
} from '../../../test/learn-player-kit.ts';

setUpPlayerPage();

describe('/learn/course/:courseId: quizzes and completing the course', () => {
  it('QuizCard: submits {choices} and {text}, shows right or wrong, the answer and the explanation', async () => {
    const single: QuizResult = {
      quizId: 'q-single',
      correct: true,
      answer: { choices: [1] },
      correctChoices: [1],
      accepted: [],
      explanation: '列表写在方括号里。',
      attempts: 1,
    };
    const blank: QuizResult = {
      quizId: 'q-blank',
      correct: false,
      answer: { text: 'echo' },
      correctChoices: [],
      accepted: ['print'],
      explanation: '用 print() 打印。',
      attempts: 1,
    };
    mock
      .onPost(Routes.quiz.answer)
      .reply((config) =>
        ok({ ...(bodyOf(config.data).quizId === 'q-single' ? single : blank), progress: learnProgress() }),
      );
    renderApp('/learn/course/11?lesson=2');
    const choice = within(await screen.findByRole('region', { name: 'Python 的列表用什么括号？' }));
    expect(screen.getByText('还有 2 道测验未作答，答完后才能完成本课时。')).toBeTruthy();

    const submitChoice = choice.getByRole('button', { name: '提交答案' });
    expect(submitChoice.hasAttribute('disabled')).toBe(true);
    fireEvent.click(choice.getByRole('radio', { name: 'B. []' }));
    fireEvent.click(submitChoice);
    expect(await choice.findByText('回答正确')).toBeTruthy();
    expect(choice.getByText('正确答案：B. []')).toBeTruthy();
    expect(choice.getByText('解析：列表写在方括号里。')).toBeTruthy();
    expect(bodyOf(mock.history.post.find((r) => r.url === Routes.quiz.answer)?.data)).toEqual({
      courseId: 11,
      lessonId: 2,
      quizId: 'q-single',
      answer: { choices: [1] },
    });

    const text = within(screen.getByRole('region', { name: '打印用哪个函数？' }));
    fireEvent.change(text.getByRole('textbox', { name: '你的答案' }), { target: { value: ' echo ' } });
    fireEvent.click(text.getByRole('button', { name: '提交答案' }));
    expect(await text.findByText('回答错误')).toBeTruthy();
    expect(text.getByText('参考答案：print')).toBeTruthy();
    expect(text.getByText('你的答案：echo')).toBeTruthy();
    expect(text.getByText('解析：用 print() 打印。')).toBeTruthy();
    const answers = mock.history.post.filter((r) => r.url === Routes.quiz.answer);
    expect(bodyOf(answers[1]?.data).answer).toEqual({ text: 'echo' });
    expect(screen.queryByText(/道测验未作答/)).toBeNull();

    // 重新作答: the form again, with the last answer in it.
    fireEvent.click(text.getByRole('button', { name: /重新作答/ }));
    expect((text.getByRole('textbox', { name: '你的答案' }) as HTMLInputElement).value).toBe('echo');
  });

  it('a wrong answer leaves the quiz lesson open, says the score needed; the passing answer completes it', async () => {
    const answers: Record<string, boolean> = { 'q-blank': true, 'q-single': false };
    mock.onPost(Routes.quiz.answer).reply((config) => {
      const { quizId, answer } = bodyOf(config.data) as { quizId: string; answer: unknown };
      if (quizId === 'q-single') answers['q-single'] = JSON.stringify(answer) === '{"choices":[1]}';
      const right = Object.values(answers).filter(Boolean).length;
      const passed = right === 2;
      return ok({
        quizId,
        correct: answers[quizId],
        answer,
        correctChoices: quizId === 'q-single' ? [1] : [],
        accepted: quizId === 'q-blank' ? ['print'] : [],
        explanation: '',
        attempts: 1,
        progress: learnProgress({
          state: passed ? 'completed' : 'in_progress',
          completedCount: passed ? 2 : 1,
          progress: passed ? 66 : 33,
          lessonScore: right * 50,
          score: right * 50,
        }),
      });
    });
    renderApp('/learn/course/11?lesson=2');
    await heading('列表');
    const checklist = within(screen.getByRole('list', { name: '获得证书还需' }));
    expect(checklist.getByText(/还有 2 道测验未作答/)).toBeTruthy();

    const single = within(screen.getByRole('region', { name: 'Python 的列表用什么括号？' }));
    fireEvent.click(single.getByRole('radio', { name: 'A. ()' }));
    fireEvent.click(single.getByRole('button', { name: '提交答案' }));
    await single.findByText('回答错误');
    const blank = within(screen.getByRole('region', { name: '打印用哪个函数？' }));
    fireEvent.change(blank.getByRole('textbox', { name: '你的答案' }), { target: { value: 'print' } });
    fireEvent.click(blank.getByRole('button', { name: '提交答案' }));
    await blank.findByText('回答正确');
    // One of two right: 50%, below the pass mark: said in the lesson and in the checklist.
    expect(
      await screen.findByText('本课时测验得分 50%，需达到 60% 才能完成：重新作答答错的题目。'),
    ).toBeTruthy();
    expect(checklist.getByText(/测验得分 50%，需达到 60%/)).toBeTruthy();
    expect(checklist.getByText('全课测验得分：你的 50%，需要 60%')).toBeTruthy();
    expect(screen.queryByText('本课时已完成')).toBeNull();

    fireEvent.click(single.getByRole('button', { name: /重新作答/ }));
    fireEvent.click(single.getByRole('radio', { name: 'B. []' }));
    fireEvent.click(single.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('本课时已完成')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '课程进度' }).getAttribute('aria-valuenow')).toBe('66');
    expect(checklist.getByText('全课测验得分 100%，已达到 60%')).toBeTruthy();
    // No progress post was needed: the answer completed the lesson.
    expect(progressPosts(2).every((p) => !p.body.reachedEnd)).toBe(true);
  });

  it('a quiz whose attempts are used up offers no 重新作答', async () => {
    const used: QuizResult = {
      quizId: 'q-single',
      correct: false,
      answer: { choices: [0] },
      correctChoices: [1],
      accepted: [],
      explanation: '',
      attempts: 2,
    };
    mock.onGet(Routes.learn.course).reply(
      ...ok(
        learnCourse({
          completion: { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: 2 },
          lessons: learnCourse().lessons.map((l) => (l.lessonId === 2 ? { ...l, quizResults: [used] } : l)),
        }),
      ),
    );
    renderApp('/learn/course/11?lesson=2');
    const single = within(await screen.findByRole('region', { name: 'Python 的列表用什么括号？' }));
    expect(single.getByText('已作答 2 次（最多 2 次）')).toBeTruthy();
    expect(single.getByText('作答次数已用完')).toBeTruthy();
    expect(single.queryByRole('button', { name: /重新作答/ })).toBeNull();
  });

  it('the lesson that completes the course is celebrated, with the certificate', async () => {
    mock.onGet(Routes.learn.course).reply(
      ...ok(
        learnCourse({
          completedCount: 2,
          progress: 66,
          lessons: [
            learnLesson({ lessonId: 1, title: '认识 Python', state: 'completed' }),
            learnLesson({ lessonId: 2, title: '列表', state: 'completed' }),
            learnLesson({ lessonId: 3, title: '小结', state: 'in_progress' }),
          ],
          resume: { lessonId: 3, position: 0 },
        }),
      ),
    );
    mock.onPost(Routes.learn.progress).reply((config) => {
      const body = bodyOf(config.data) as unknown as LearnProgressBody;
      player.posts.push({ at: Date.now(), body });
      return ok(
        body.reachedEnd
          ? learnProgress({
              lessonId: 3,
              state: 'completed',
              completedCount: 3,
              progress: 100,
              completedAt: Date.now(),
              certificateCode: 'ABCDEFGH2345',
            })
          : learnProgress({ lessonId: 3, completedCount: 2, progress: 66 }),
      );
    });
    const router = renderApp('/learn/course/11');
    expect(await heading('小结')).toBeTruthy();
    await waitFor(() => expect(player.endSeen).not.toBeNull());
    act(() => player.endSeen?.(true));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('恭喜你学完了这门课程！')).toBeTruthy();
    expect(screen.getByText('本课时已完成')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: /查看证书/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/certificate/ABCDEFGH2345'));
  });
});
