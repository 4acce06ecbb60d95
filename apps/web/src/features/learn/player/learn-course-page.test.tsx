import { Code, Routes, type LearnProgressBody, type QuizResult } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { learnCourse, learnLesson, learnProgress } from '../../../test/learn-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../auth/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const bodyOf = (data: unknown) => JSON.parse(String(data)) as Record<string, unknown>;

/** Every progress post, with the (fake) time it was sent. */
let posts: { at: number; body: LearnProgressBody }[] = [];
const progressPosts = (lessonId?: number) =>
  posts.filter((p) => lessonId === undefined || p.body.lessonId === lessonId);

/** jsdom lays nothing out: the lesson is 2768 px tall in a 768 px window, scrolled by `scrolled`. */
let scrolled = 0;
const rect = (top: number, height: number) =>
  ({
    top,
    height,
    bottom: top + height,
    left: 0,
    right: 0,
    width: 0,
    x: 0,
    y: top,
    toJSON: () => ({}),
  }) as DOMRect;

/** IntersectionObserver stand-in: the test says when the lesson's end comes into view. */
let endSeen: ((visible: boolean) => void) | null = null;
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe() {
    endSeen = (visible) =>
      this.callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never);
  }
  disconnect() {
    endSeen = null;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  posts = [];
  scrolled = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('learn-lesson') ? rect(-scrolled, 2768) : rect(0, 0);
  });
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.learn.course).reply(...ok(learnCourse()));
  mock.onPost(Routes.learn.progress).reply((config) => {
    const body = bodyOf(config.data) as unknown as LearnProgressBody;
    posts.push({ at: Date.now(), body });
    // As the server: a position keeps a completed lesson completed and starts one not started.
    const was = learnCourse().lessons.find((l) => l.lessonId === body.lessonId)?.state;
    const state = was === 'not_started' || !was ? 'in_progress' : was;
    return ok(learnProgress({ lessonId: body.lessonId as number, state }));
  });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/learn/course/:courseId (the player)', () => {
  it('opens at the resume lesson and moves with previous / next and the keyboard', async () => {
    const router = renderApp('/learn/course/11');
    expect(await heading('列表')).toBeTruthy();
    expect(screen.getByText('列表可以存放多个值。')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '课程进度' }).getAttribute('aria-valuenow')).toBe('33');
    // The page opened at the resume position: 40% of the lesson's 2000 scrollable pixels, below the header.
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 720, behavior: 'instant' }));

    fireEvent.click(screen.getByRole('button', { name: /下一课时/ }));
    expect(await heading('小结')).toBeTruthy();
    expect(router.state.location.search).toBe('?lesson=3');
    expect(screen.getByRole('button', { name: /下一课时/ }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /上一课时/ }));
    expect(await heading('列表')).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await heading('认识 Python')).toBeTruthy();
    expect(router.state.location.search).toBe('?lesson=1');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(await heading('列表')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(await heading('小结')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(await heading('列表')).toBeTruthy();

    // Keys typed into an answer stay there.
    fireEvent.keyDown(screen.getByRole('textbox', { name: '你的答案' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '你的答案' }), { key: 'j' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.search).toBe('?lesson=2');
  });

  it('shows each lesson state in the syllabus (a drawer at phone width)', async () => {
    const router = renderApp('/learn/course/11?lesson=1');
    expect(await heading('认识 Python')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '打开课程目录' }));
    const nav = within(await screen.findByRole('navigation', { name: '课程目录' }));
    const rows = nav.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '第 1 课认识 Python已完成',
      '第 2 课列表学习中',
      '第 3 课小结未开始',
    ]);
    expect(nav.getByRole('link', { name: /认识 Python/ }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(nav.getByRole('link', { name: /小结/ }));
    expect(await heading('小结')).toBeTruthy();
    expect(router.state.location.search).toBe('?lesson=3');
  });

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

  it('标记为已学完 says why when a quiz is unanswered (60001)', async () => {
    mock
      .onPost(Routes.learn.complete)
      .reply(200, { code: Code.QUIZ_UNANSWERED, msg: '请先回答本课时的全部测验', data: null });
    renderApp('/learn/course/11?lesson=2');
    await heading('列表');
    fireEvent.click(screen.getByRole('button', { name: '标记为已学完' }));
    // Next to the button, in the lesson (not only in a passing notice), and said once.
    const lesson = within(screen.getByRole('article', { name: '列表' }));
    expect(await lesson.findByText('请先回答本课时的全部测验')).toBeTruthy();
    expect(screen.getAllByText('请先回答本课时的全部测验')).toHaveLength(1);
    expect(bodyOf(mock.history.post.find((r) => r.url === Routes.learn.complete)?.data)).toEqual({
      courseId: 11,
      lessonId: 2,
    });
  });

  it('标记为已学完 completes the lesson and the syllabus follows', async () => {
    mock
      .onPost(Routes.learn.complete)
      .reply(...ok(learnProgress({ lessonId: 3, state: 'completed', completedCount: 2, progress: 66 })));
    renderApp('/learn/course/11?lesson=3');
    await heading('小结');
    fireEvent.click(screen.getByRole('button', { name: '标记为已学完' }));
    expect(await screen.findByText('本课时已完成')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '课程进度' }).getAttribute('aria-valuenow')).toBe('66');
  });

  it('saves the reading position at most once per 5 s while scrolling, and once more on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/learn/course/11?lesson=3');
    await heading('小结');
    // Opening the lesson is saved at once.
    await waitFor(() => expect(progressPosts(3)).toHaveLength(1));

    // A burst of scrolling: 40 events over 8 s.
    for (let i = 1; i <= 40; i++) {
      scrolled = i * 40;
      fireEvent.scroll(window);
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const sent = progressPosts(3);
    // 2–3 saves after the opening one (3 when the burst began 5 s after opening, on a slow machine).
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < sent.length; i++) {
      // Timestamps are taken when the mock answers, a few ms after sending.
      expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(4900);
    }
    // The burst's last position is not lost.
    expect(sent.at(-1)!.body).toEqual({ courseId: 11, lessonId: 3, position: 0.8, reachedEnd: false });

    // Quiet: nothing more. Then a little scrolling and leaving the lesson sends it at once.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(progressPosts(3)).toHaveLength(sent.length);
    scrolled = 1800;
    fireEvent.scroll(window);
    scrolled = 1900;
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: /上一课时/ }));
    await heading('列表');
    await waitFor(() => expect(progressPosts(3).at(-1)!.body.position).toBe(0.95));
    expect(progressPosts(3).length).toBeLessThanOrEqual(sent.length + 2);
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

  it('the end seen before the minimum time is sent again when the server says it has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mock.onPost(Routes.learn.progress).reply((config) => {
      const body = bodyOf(config.data) as unknown as LearnProgressBody;
      posts.push({ at: Date.now(), body });
      const ends = progressPosts(3).filter((p) => p.body.reachedEnd).length;
      // The first end: 12 s still to go; sent again after them, the server completes it.
      return ok(
        body.reachedEnd && ends > 1
          ? learnProgress({
              lessonId: 3,
              state: 'completed',
              completedCount: 2,
              progress: 66,
              waitSeconds: 0,
            })
          : learnProgress({ lessonId: 3, waitSeconds: body.reachedEnd ? 12 : 30 }),
      );
    });
    renderApp('/learn/course/11?lesson=3');
    await heading('小结');
    expect(screen.getByText('还需学习 30 秒，才能完成本课时。')).toBeTruthy();
    await waitFor(() => expect(endSeen).not.toBeNull());
    act(() => endSeen?.(true));
    await waitFor(() => expect(progressPosts(3).filter((p) => p.body.reachedEnd)).toHaveLength(1));
    expect(await screen.findByText('还需学习 12 秒，才能完成本课时。')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(progressPosts(3).filter((p) => p.body.reachedEnd)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(progressPosts(3).filter((p) => p.body.reachedEnd)).toHaveLength(2));
    expect(await screen.findByText('本课时已完成')).toBeTruthy();
  });

  it('标记为已学完 too early says how long is left (30030)', async () => {
    mock.onPost(Routes.learn.complete).reply(200, {
      code: Code.LESSON_MIN_TIME,
      msg: '请再学习 25 秒后再标记为已学完',
      data: { waitSeconds: 25 },
    });
    renderApp('/learn/course/11?lesson=3');
    await heading('小结');
    fireEvent.click(screen.getByRole('button', { name: '标记为已学完' }));
    const lesson = within(screen.getByRole('article', { name: '小结' }));
    expect(await lesson.findByText('请再学习 25 秒后再标记为已学完')).toBeTruthy();
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
      posts.push({ at: Date.now(), body });
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
    await waitFor(() => expect(endSeen).not.toBeNull());
    act(() => endSeen?.(true));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('恭喜你学完了这门课程！')).toBeTruthy();
    expect(screen.getByText('本课时已完成')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: /查看证书/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/certificate/ABCDEFGH2345'));
  });

  it('a course the team cannot learn says so', async () => {
    mock.onGet(Routes.learn.course).reply(200, { code: Code.NOT_FOUND, msg: '请求的资源不存在', data: null });
    renderApp('/learn/course/99');
    expect(await screen.findByText('课程不存在或无法学习')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回我的学习' })).toBeTruthy();
  });
});
