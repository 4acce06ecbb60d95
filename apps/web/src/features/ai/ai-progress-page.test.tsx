import { Code, Routes, type AiEvent, type AiJob } from '@studio/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { http } from '../../lib/request.ts';
import type { StreamOptions } from '../../lib/sse.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const streams = vi.hoisted(() => [] as { path: string; options: StreamOptions; close: () => void }[]);
vi.mock('../../lib/sse.ts', () => ({
  openStream: (path: string, options: StreamOptions) => {
    const close = vi.fn();
    streams.push({ path, options, close });
    return { close, lastEventId: () => undefined, done: new Promise<void>(() => {}) };
  },
}));

const mock = new MockAdapter(http);
const ok = (data: unknown) => [200, { code: Code.OK, msg: 'ok', data }] as const;
const outline = {
  title: '手冲咖啡入门',
  subtitle: '',
  summary: '两节课',
  lessons: [
    { title: '认识咖啡豆', goal: '' },
    { title: '手冲的方法', goal: '' },
  ],
};
const job = (over: Partial<AiJob> = {}): AiJob => ({
  jobId: 5,
  kind: 'generate',
  translation: null,
  status: 'outline_ready',
  request: {
    topic: '手冲咖啡',
    audience: '',
    level: 'beginner',
    lessonCount: 2,
    language: 'zh-CN',
    tone: 'friendly',
    reference: '',
  },
  outline,
  courseId: null,
  generator: { kind: 'template', label: '模板生成（非 AI）' },
  lessons: [],
  percent: 10,
  error: null,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  lastEventId: 3,
  abilities: { outline: true, generate: true, retry: true, cancel: true },
  ...over,
});
const generating = job({
  status: 'generating',
  courseId: 9,
  lastEventId: 4,
  lessons: outline.lessons.map((l, idx) => ({
    idx,
    title: l.title,
    status: 'pending',
    lessonId: 20 + idx,
    error: null,
  })),
});

let nextId = 5;
const send = (event: AiEvent) =>
  act(() =>
    streams.at(-1)?.options.onMessage({ id: String(nextId++), event: '', data: JSON.stringify(event) }),
  );

beforeEach(() => {
  streams.length = 0;
  nextId = 5;
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('AI progress page', () => {
  it('reviews the outline, saves the rename and starts generation', async () => {
    mock.onGet(Routes.ai.detail).reply(...ok(job()));
    mock.onPost(Routes.ai.outline).reply((config) => {
      const body = JSON.parse(String(config.data)) as { outline: typeof outline };
      return [200, { code: Code.OK, msg: 'ok', data: job({ outline: body.outline, lastEventId: 4 }) }];
    });
    mock.onPost(Routes.ai.generate).reply(...ok({ ...generating, lastEventId: 5 }));
    renderApp('/ai/progress?jobId=5');

    expect(await screen.findByText('当前使用内置模板生成，不是 AI')).toBeTruthy();
    const title = await screen.findByRole('textbox', { name: '第 2 课标题' });
    fireEvent.change(title, { target: { value: '萃取的秘密' } });
    fireEvent.click(screen.getByRole('button', { name: '开始生成课时' }));

    await waitFor(() =>
      expect(mock.history.post.map((r) => r.url)).toEqual([Routes.ai.outline, Routes.ai.generate]),
    );
    const saved = JSON.parse(String(mock.history.post[0]?.data)) as { outline: typeof outline };
    expect(saved.outline.lessons.map((l) => l.title)).toEqual(['认识咖啡豆', '萃取的秘密']);
    expect(await screen.findByText('第 2 课')).toBeTruthy();
    expect(streams[0]?.path).toBe(`${Routes.ai.stream}?jobId=5`);
  });

  it('shows streamed text live, then the course link, and closes the stream when done', async () => {
    mock.onGet(Routes.ai.detail).reply(...ok(generating));
    renderApp('/ai/progress?jobId=5');
    await screen.findByText('认识咖啡豆');
    await waitFor(() => expect(streams).toHaveLength(1));

    await send({ type: 'lesson-start', idx: 0, attempt: 1 });
    await send({ type: 'text-delta', idx: 0, text: '## 学习目标\n' });
    await send({ type: 'text-delta', idx: 0, text: '认识咖啡豆' });
    const log = screen.getByRole('log', { name: '第 1 课的生成内容' });
    expect(log.textContent).toBe('## 学习目标\n认识咖啡豆');

    await send({ type: 'lesson-done', idx: 0, lessonId: 20 });
    await send({ type: 'error', idx: 1, error: { code: Code.AI_LESSON_FAILED, params: {} } });
    await send({ type: 'stage', status: 'failed', percent: 55 });
    expect(screen.getByText('本课时生成失败，可单独重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试第 2 课' })).toBeTruthy();

    await send({ type: 'lesson-start', idx: 1, attempt: 2 });
    await send({ type: 'lesson-done', idx: 1, lessonId: 21 });
    await send({ type: 'stage', status: 'done', percent: 100 });
    await send({ type: 'done', courseId: 9 });
    expect(await screen.findByText('课程已生成')).toBeTruthy();
    expect(screen.getByRole('link', { name: /打开课程/ }).getAttribute('href')).toBe('/create/course/9');
    expect(streams[0]?.close).toHaveBeenCalled();
  });

  it('a translation says translating, not creating: its heading, steps, live text, done and link', async () => {
    const translating = job({
      ...generating,
      kind: 'translate',
      translation: { sourceCourseId: 3, language: 'en-US' },
      outline: null,
      request: { ...generating.request, topic: '手冲咖啡入门' },
      generator: { kind: 'ai', label: 'qwen-plus' },
    });
    mock.onGet(Routes.ai.detail).reply(...ok(translating));
    renderApp('/ai/progress?jobId=5');
    expect(await screen.findByRole('heading', { name: /^翻译《手冲咖啡入门》为/ })).toBeTruthy();
    expect(screen.getByText('由 AI 翻译：qwen-plus')).toBeTruthy();
    expect(screen.getByText('翻译中')).toBeTruthy();
    expect(screen.getByText('逐节翻译')).toBeTruthy();
    expect(screen.queryByText('确认大纲')).toBeNull();
    await waitFor(() => expect(document.title).toContain('翻译进度'));
    await waitFor(() => expect(streams).toHaveLength(1));

    await send({ type: 'lesson-start', idx: 0, attempt: 1 });
    await send({ type: 'text-delta', idx: 0, text: 'Coffee beans\n' });
    expect(screen.getByRole('log', { name: '第 1 课的译文' }).textContent).toBe('Coffee beans\n');
    await send({ type: 'lesson-done', idx: 0, lessonId: 20 });
    await send({ type: 'lesson-start', idx: 1, attempt: 1 });
    await send({ type: 'lesson-done', idx: 1, lessonId: 21 });
    await send({ type: 'stage', status: 'done', percent: 100 });
    await send({ type: 'done', courseId: 9 });
    expect(await screen.findByText('译文课程已生成')).toBeTruthy();
    expect(screen.queryByText('课程已生成')).toBeNull();
    expect(screen.getByRole('link', { name: /打开译文课程/ }).getAttribute('href')).toBe('/create/course/9');
  });

  it("offers a member nothing they may not do on someone else's job: the outline is read-only", async () => {
    const none = { outline: false, generate: false, retry: false, cancel: false };
    mock.onGet(Routes.ai.detail).reply(...ok(job({ abilities: none })));
    renderApp('/ai/progress?jobId=5');
    expect(await screen.findByText('只有发起人或团队负责人、管理员可以修改大纲并生成课程。')).toBeTruthy();
    const title = screen.getByRole('textbox', { name: '第 2 课标题' }) as HTMLInputElement;
    expect(title.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '开始生成课时' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存大纲' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加课时' })).toBeNull();
    expect(screen.queryByRole('button', { name: /取消任务/ })).toBeNull();
  });

  it("offers no retry of a failed lesson on someone else's job", async () => {
    const failed = job({
      ...generating,
      status: 'failed',
      lessons: generating.lessons.map((l, idx) => (idx === 1 ? { ...l, status: 'failed' } : l)),
      abilities: { outline: false, generate: false, retry: false, cancel: false },
    });
    mock.onGet(Routes.ai.detail).reply(...ok(failed));
    renderApp('/ai/progress?jobId=5');
    expect(await screen.findByText('手冲的方法')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试第 2 课' })).toBeNull();
  });

  it('says so when the job does not exist', async () => {
    mock.onGet(Routes.ai.detail).reply(200, { code: 404, msg: '请求的资源不存在', data: null });
    renderApp('/ai/progress?jobId=404');
    expect(await screen.findByRole('heading', { name: '没有找到这个创课任务' })).toBeTruthy();
  });

  it('a job cancelled mid-way says what it left, links to its draft course, retries a lesson and starts again', async () => {
    const cancelled = job({
      status: 'cancelled',
      courseId: 9,
      percent: 55,
      lessons: [
        { idx: 0, title: '认识咖啡豆', status: 'done', lessonId: 20, error: null },
        {
          idx: 1,
          title: '手冲的方法',
          status: 'failed',
          lessonId: 21,
          error: { code: Code.AI_LESSON_CANCELLED, params: {} },
        },
      ],
    });
    mock.onGet(Routes.ai.detail).reply((config) => {
      const { jobId } = config.params as { jobId: number };
      return [
        200,
        {
          code: Code.OK,
          msg: 'ok',
          data: jobId === 6 ? job({ jobId: 6, lastEventId: 2 }) : { ...cancelled, jobId },
        },
      ];
    });
    mock.onPost(Routes.ai.retry).reply(...ok({ ...cancelled, status: 'generating', lastEventId: 9 }));
    mock.onPost(Routes.ai.restart).reply(...ok(job({ jobId: 6, lastEventId: 2 })));
    const router = renderApp('/ai/progress?jobId=5');

    expect(await screen.findByText('任务已取消')).toBeTruthy();
    expect(
      screen.getByText(
        '已写好的 1 个课时保存在草稿课程「手冲咖啡入门」中；其余 1 个没有生成，可以在下方单独重试。',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /打开草稿课程/ }).getAttribute('href')).toBe('/create/course/9');
    expect(screen.queryByText(/保留在草稿课程中/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '重试第 2 课' }));
    await waitFor(() => expect(mock.history.post.map((r) => r.url)).toEqual([Routes.ai.retry]));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ jobId: 5, idx: 1 });

    // Back to the cancelled state (another tab's view), then 重新开始 opens the new job.
    await act(async () => {
      await router.navigate('/ai/progress?jobId=7');
    });
    await screen.findByText('任务已取消');
    fireEvent.click(screen.getByRole('button', { name: /重新开始/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?jobId=6'));
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({ jobId: 7 });
    expect(await screen.findByRole('textbox', { name: '第 2 课标题' })).toBeTruthy();
  });

  it('a job cancelled before any lesson was written says nothing was written', async () => {
    mock.onGet(Routes.ai.detail).reply(...ok(job({ status: 'cancelled', percent: 0 })));
    renderApp('/ai/progress?jobId=5');
    expect(await screen.findByText('还没有写入任何内容，也没有建立课程。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /打开草稿课程/ })).toBeNull();
    expect(screen.getByRole('button', { name: /重新开始/ })).toBeTruthy();
  });

  it("says the worker's failures (codes) in the reader's language, with their params", async () => {
    const failed = job({
      ...generating,
      status: 'failed',
      error: { code: Code.AI_LESSONS_PARTLY_FAILED, params: {} },
      lessons: generating.lessons.map((l) =>
        l.idx === 1
          ? { ...l, status: 'failed', error: { code: Code.AI_LESSON_TOO_LARGE, params: { kb: 512 } } }
          : l,
      ),
    });
    mock.onGet(Routes.ai.detail).reply(...ok(failed));
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderApp('/ai/progress?jobId=5');
      expect(
        await screen.findByText('The generated lesson is over 512 KB. You can retry it on its own.'),
      ).toBeTruthy();
      // The job-wide failure until a retry puts the job back to work.
      expect(
        screen.getByText('Some lessons could not be generated. You can retry each on its own.'),
      ).toBeTruthy();
      await waitFor(() => expect(streams).toHaveLength(1));
      await send({ type: 'lesson-start', idx: 0, attempt: 1 });
      await send({ type: 'error', idx: 0, error: { code: Code.AI_LESSON_SERVICE_FAILED, params: {} } });
      expect(
        screen.getByText('The generation service failed. You can retry this lesson on its own.'),
      ).toBeTruthy();
      for (const alert of screen.getAllByRole('alert'))
        expect(alert.textContent).not.toMatch(/\p{Script=Han}/u);
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
    expect(screen.getByText('生成的课时内容超过 512 KB，可单独重试')).toBeTruthy();
  });
});
