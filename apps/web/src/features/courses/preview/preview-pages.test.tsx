/**
 * The author's course and lesson previews read the course as its readers will: the shared screens'
 * parts (the store's, the share's and the phone's), with the preview's own bar, pager and edit button.
 */
import { Routes, type CoursePreview } from '@studio/contract';
import { screen, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: 200, msg: 'ok', data }];

const lesson = (lessonId: number, title: string, text: string) => ({
  lessonId,
  title,
  position: lessonId,
  durationMin: 5,
  freePreview: false,
  version: 1,
  updateTime: 0,
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});

const course: CoursePreview = {
  courseId: 5,
  title: '预览测试课程',
  subtitle: '副标题',
  summary: '这是课程简介。',
  cover: '',
  category: 'tech',
  tags: ['入门'],
  price: 1000,
  teamName: '测试团队',
  authorName: '小明',
  lessons: [lesson(11, '第一课：变量', '变量是名字。'), lesson(12, '第二课：循环', '循环让重复变简单。')],
};

beforeEach(() => {
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.course.preview).reply(...ok(course));
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('author previews in the shared screens', () => {
  it('reads the whole course: heading, summary, syllabus and every lesson', async () => {
    renderApp('/create/course/5/preview');
    const heading = await screen.findByRole('heading', { level: 1, name: '预览测试课程' });
    expect(heading.closest('.pp-hero')).toBeTruthy();
    expect(screen.getByText('这是课程简介。').className).toBe('pp-summary');
    const syllabus = screen.getByRole('region', { name: '课程目录' });
    expect(
      within(syllabus)
        .getByRole('link', { name: /第一课：变量/ })
        .getAttribute('href'),
    ).toBe('#lesson-11');
    const lessons = document.querySelectorAll('article.pp-lesson');
    expect([...lessons].map((a) => a.id)).toEqual(['lesson-11', 'lesson-12']);
    await screen.findByText('循环让重复变简单。');
    expect(document.querySelector('[class*="reader"]')).toBeNull();
  });

  it('reads one lesson with the pager and the edit button', async () => {
    renderApp('/create/course/5/lesson/11/preview');
    const title = await screen.findByRole('heading', { level: 2, name: '第一课：变量' });
    expect(title.closest('article.pp-lesson')).toBeTruthy();
    await screen.findByText('变量是名字。');
    expect(
      screen
        .getByRole('button', { name: /编辑课时/ })
        .closest('a')!
        .getAttribute('href'),
    ).toBe('/create/course/5/Lesson/11');
    expect(
      screen
        .getByRole('button', { name: /下一课/ })
        .closest('a')!
        .getAttribute('href'),
    ).toBe('/create/course/5/lesson/12/preview');
    expect(screen.queryByRole('button', { name: /上一课/ })).toBeNull();
  });

  it('embedded, the course and the lesson read the same, with no bar', async () => {
    renderApp('/create/course/5/iframe/preview');
    const heading = await screen.findByRole('heading', { level: 1, name: '预览测试课程' });
    expect(heading.closest('.embedded-page .pp-hero')).toBeTruthy();
    expect(document.querySelectorAll('.embedded-page article.pp-lesson')).toHaveLength(2);
    expect(document.querySelector('.preview-bar')).toBeNull();
  });

  it("embedded, one lesson is the page's main heading", async () => {
    renderApp('/create/course/5/lesson/12/iframe/preview');
    const title = await screen.findByRole('heading', { level: 1, name: '第二课：循环' });
    expect(title.closest('.embedded-page article.pp-lesson')).toBeTruthy();
  });
});
