import { describe, expect, it } from 'vitest';
import { courseChanges } from './course-diff.ts';
import type { CoursePreview } from './schemas/course.ts';

const lesson = (lessonId: number, title: string, text = title) => ({
  lessonId,
  title,
  position: lessonId,
  durationMin: 5,
  freePreview: false,
  version: 1,
  updateTime: 0,
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});
const course = (over: Partial<CoursePreview>): CoursePreview => ({
  courseId: 1,
  title: '课程',
  subtitle: '',
  summary: '简介',
  cover: '',
  category: 'tech',
  tags: ['a'],
  price: 100,
  teamName: '团队',
  authorName: '作者',
  lessons: [lesson(1, '一'), lesson(2, '二'), lesson(3, '三')],
  ...over,
});

describe('courseChanges', () => {
  it('nothing changed', () => {
    expect(courseChanges(course({}), course({}))).toEqual({ changed: false, fields: [], lessons: [] });
    // The default settings written out equal a release that has none.
    const defaults = { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null };
    expect(courseChanges(course({}), course({ completion: defaults })).changed).toBe(false);
  });

  it('lists fields, and lessons added, removed, moved, renamed and edited with the diff', () => {
    const after = course({
      title: '新课程',
      tags: ['a', 'b'],
      price: 200,
      lessons: [lesson(3, '三'), lesson(1, '壹', '一'), lesson(2, '二', '二改'), lesson(4, '四')],
    });
    const before = course({ lessons: [...course({}).lessons, lesson(5, '五')] });
    after.completion = { minLessonSeconds: 0, passMark: 80, maxQuizAttempts: 3 };
    const changes = courseChanges(before, after);
    expect(changes.changed).toBe(true);
    expect(changes.fields).toEqual([
      { field: 'title', before: '课程', after: '新课程' },
      { field: 'tags', before: 'a', after: 'a、b' },
      { field: 'price', before: '100', after: '200' },
      // A release from before the settings reads the defaults.
      {
        field: 'completion',
        before: '{"minLessonSeconds":30,"passMark":60,"maxQuizAttempts":null}',
        after: '{"minLessonSeconds":0,"passMark":80,"maxQuizAttempts":3}',
      },
    ]);
    const byId = Object.fromEntries(changes.lessons.map((l) => [l.lessonId, l]));
    expect(byId[4]).toMatchObject({ added: true, title: '四' });
    expect(byId[5]).toMatchObject({ removed: true, title: '五' });
    expect(byId[3]).toMatchObject({ moved: { from: 3, to: 1 }, diff: null });
    expect(byId[1]).toMatchObject({ renamed: '一', moved: { from: 1, to: 2 }, diff: null });
    expect(byId[2]?.diff).toEqual([{ op: 'changed', parts: [{ text: '二' }, { text: '改', added: true }] }]);
  });
});
