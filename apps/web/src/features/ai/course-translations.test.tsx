/**
 * AI 翻译 on the course page: the translations list (language, link, date, 原课程在翻译后已修改 only
 * where the source changed), a translation's link back to its source, and the translate dialog (the
 * language chosen is what is sent; the job's progress page opens; without an AI service the refusal
 * is said and the dialog stays).
 */
import { Code, Routes, type CourseDetail, type CourseTranslations } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { courseDetail, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const course = (courseId: number, title: string): CourseDetail => courseDetail({ courseId, title });

const list = (over: Partial<CourseTranslations> = {}): CourseTranslations => ({
  source: null,
  translations: [
    {
      courseId: 8,
      title: 'Coffee basics',
      language: 'en-US',
      createTime: 1_700_000_000_000,
      sourceChanged: true,
    },
    {
      courseId: 9,
      title: 'コーヒー',
      language: 'ja-JP',
      createTime: 1_700_000_000_000,
      sourceChanged: false,
    },
  ],
  languages: ['zh-CN', 'en-US', 'ja-JP'],
  ...over,
});

beforeEach(() => {
  mock.onGet(Routes.team.changeList).reply(200, { code: 200, msg: 'ok', data: { list: [] } });
  mock
    .onGet(Routes.ai.generator)
    .reply(200, { code: 200, msg: 'ok', data: { kind: 'ai', label: 'deepseek' } });
  // The course page also lists its open review comments: none here (an unanswered request's notice
  // would take the place of the refusal this test reads).
  mock
    .onGet(Routes.comment.courseList)
    .reply(200, { code: 200, msg: 'ok', data: { total: 0, lessons: [], list: [] } });
  // And, for its authors, its exam (课程考试) and the exam's questions: none here either.
  mock.onGet(Routes.courseExam.draft).reply(...ok({ exam: null }));
  mock
    .onGet(Routes.courseExam.questionList)
    .reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 20, tags: [] }));
  mock.onGet(Routes.course.detail).reply((config) => {
    const id = Number((config.params as { courseId: number }).courseId);
    return ok(course(id, id === 5 ? '咖啡入门' : 'Coffee basics'));
  });
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('AI 翻译 on the course page', () => {
  it('lists the translations, says which the source changed after, and links a translation back', async () => {
    mock
      .onGet(Routes.ai.translations)
      .reply((config) =>
        (config.params as { courseId: number }).courseId === 5
          ? ok(list())
          : ok(list({ source: { courseId: 5, title: '咖啡入门', language: 'en-US' }, translations: [] })),
      );
    const router = renderApp('/create/course/5');
    const card = (await screen.findByRole('heading', { name: '翻译版本' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const link = within(items[0]!).getByRole('link', { name: 'Coffee basics' });
    expect(link.getAttribute('href')).toBe('/create/course/8');
    expect(within(items[0]!).getByText('原课程在翻译后已修改')).toBeTruthy();
    expect(within(items[1]!).queryByText('原课程在翻译后已修改')).toBeNull();
    expect(within(items[0]!).getByText(/翻译于/)).toBeTruthy();

    await router.navigate('/create/course/8');
    const back = await screen.findByRole('link', { name: '咖啡入门' });
    expect(back.getAttribute('href')).toBe('/create/course/5');
    expect(screen.getByText('译自')).toBeTruthy();
    expect(screen.getByText('还没有翻译版本')).toBeTruthy();
  });

  it('sends the chosen language and opens the job; a refusal (no AI service) is said and the dialog stays', async () => {
    mock.onGet(Routes.ai.translations).reply(() => ok(list({ translations: [] })));
    const sent: unknown[] = [];
    mock.onPost(Routes.ai.translate).replyOnce((config) => {
      sent.push(JSON.parse(config.data as string));
      return [200, { code: Code.AI_TRANSLATE_NO_PROVIDER, msg: '未配置 AI 服务，无法翻译', data: null }];
    });
    const router = renderApp('/create/course/5');
    fireEvent.click(await screen.findByRole('button', { name: /AI 翻译/ }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByRole('button', { name: '开始翻译' });
    expect(start.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText(/\(en-US\)/));
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    fireEvent.click(start);
    expect(await screen.findByText('未配置 AI 服务，无法翻译')).toBeTruthy();
    expect(sent).toEqual([{ courseId: 5, language: 'en-US' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();

    mock.onPost(Routes.ai.translate).replyOnce((config) => {
      sent.push(JSON.parse(config.data as string));
      return ok({ jobId: 42 });
    });
    fireEvent.click(start);
    await waitFor(() => expect(router.state.location.search).toBe('?jobId=42'));
    expect(router.state.location.pathname).toBe('/ai/progress');
    expect(sent).toHaveLength(2);
  });
});
