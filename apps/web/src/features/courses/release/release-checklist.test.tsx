import type { CourseDetail, ReleaseCheck } from '@studio/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/test-providers.tsx';
import { ReleaseChecklist } from './release-checklist.tsx';

const course = {
  courseId: 3,
  title: '未命名课程',
  category: null,
  price: 0,
  lessons: [{ lessonId: 9 }, { lessonId: 10 }],
} as unknown as CourseDetail;

const check: ReleaseCheck = {
  ready: false,
  items: [
    { key: 'title', ok: false },
    { key: 'cover', ok: true },
    { key: 'summary', ok: true },
    { key: 'category', ok: false },
    { key: 'lessons', ok: true },
    { key: 'emptyLessons', ok: false, lessons: [{ lessonId: 10, title: '空课时' }] },
    { key: 'price', ok: true },
  ],
  warnings: [],
};

const row = (key: string) => document.querySelector<HTMLElement>(`[data-check="${key}"]`)!;
const fixHref = (key: string) =>
  within(row(key)).getByRole('button', { name: '去完善' }).closest('a')?.getAttribute('href');

describe('发布检查', () => {
  it('shows the default title, no category and empty lessons as failing, each with a link to fix it', () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <ReleaseChecklist course={course} check={check} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(within(row('title')).getByText('还是默认标题「未命名课程」')).toBeTruthy();
    expect(fixHref('title')).toBe('/create/course/3?focus=title');
    expect(within(row('category')).getByText('选择课程分类')).toBeTruthy();
    expect(within(row('category')).getByText('未选择')).toBeTruthy();
    expect(fixHref('category')).toBe('/create/course/3?focus=category');
    expect(within(row('emptyLessons')).getByText('每个课时都写了内容')).toBeTruthy();
    expect(within(row('emptyLessons')).getByRole('link', { name: '空课时' }).getAttribute('href')).toBe(
      '/create/course/3/Lesson/10',
    );
    expect(fixHref('emptyLessons')).toBe('/create/course/3/Lesson/10');
    expect(within(row('cover')).queryByRole('button', { name: '去完善' })).toBeNull();
    expect(screen.getByText('完成以上各项后才能发布')).toBeTruthy();
    expect(document.querySelector('[data-warning]')).toBeNull();
  });

  it('lists unresolved comments as a warning with links to their lessons, and still says ready', () => {
    const ready: ReleaseCheck = {
      ready: true,
      items: [{ key: 'title', ok: true }],
      warnings: [
        {
          key: 'unresolvedComments',
          count: 3,
          lessons: [
            { lessonId: 9, title: '第一课', count: 2 },
            { lessonId: 10, title: '第二课', count: 1 },
          ],
        },
      ],
    };
    render(
      <TestProviders>
        <MemoryRouter>
          <ReleaseChecklist course={course} check={ready} />
        </MemoryRouter>
      </TestProviders>,
    );
    const warning = document.querySelector<HTMLElement>('[data-warning="unresolvedComments"]')!;
    expect(within(warning).getByText(/还有 3 条评论未解决/)).toBeTruthy();
    expect(within(warning).getByRole('link', { name: '第一课' }).getAttribute('href')).toBe(
      '/create/course/3/Lesson/9',
    );
    expect(within(warning).getByRole('link', { name: '第二课' })).toBeTruthy();
    expect(screen.queryByText('完成以上各项后才能发布')).toBeNull();
  });
});
