import { Code, Routes, type LearnProgressBody } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { learnProgress } from '../../../test/learn-fixtures.ts';
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
      player.scrolled = i * 40;
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
    player.scrolled = 1800;
    fireEvent.scroll(window);
    player.scrolled = 1900;
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: /上一课时/ }));
    await heading('列表');
    await waitFor(() => expect(progressPosts(3).at(-1)!.body.position).toBe(0.95));
    expect(progressPosts(3).length).toBeLessThanOrEqual(sent.length + 2);
  });

  it('the end seen before the minimum time is sent again when the server says it has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mock.onPost(Routes.learn.progress).reply((config) => {
      const body = bodyOf(config.data) as unknown as LearnProgressBody;
      player.posts.push({ at: Date.now(), body });
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
    await waitFor(() => expect(player.endSeen).not.toBeNull());
    act(() => player.endSeen?.(true));
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

  it('a course the team cannot learn says so', async () => {
    mock.onGet(Routes.learn.course).reply(200, { code: Code.NOT_FOUND, msg: '请求的资源不存在', data: null });
    renderApp('/learn/course/99');
    expect(await screen.findByText('课程不存在或无法学习')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回我的学习' })).toBeTruthy();
  });
});
