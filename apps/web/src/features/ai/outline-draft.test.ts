import { AI_LIMITS } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import {
  addLesson,
  draftIssues,
  isDirty,
  moveLesson,
  removeLesson,
  toDraft,
  toOutline,
  updateLesson,
} from './outline-draft.ts';

const outline = {
  title: '摄影入门',
  subtitle: '面向新手',
  summary: '三节课',
  lessons: [
    { title: 'A', goal: 'a' },
    { title: 'B', goal: '' },
    { title: 'C', goal: 'c' },
  ],
};
const titles = (lessons: { title: string }[]) => lessons.map((l) => l.title);

describe('outline draft helpers', () => {
  it('round-trips an outline, trimming text, and knows when it changed', () => {
    const draft = toDraft(outline);
    expect(new Set(draft.lessons.map((l) => l.key)).size).toBe(3);
    expect(toOutline(draft)).toEqual(outline);
    expect(isDirty(draft, outline)).toBe(false);
    const renamed = { ...draft, lessons: updateLesson(draft.lessons, 1, { title: '  新标题 ' }) };
    expect(isDirty(renamed, outline)).toBe(true);
    expect(toOutline(renamed).lessons[1]).toEqual({ title: '新标题', goal: '' });
  });

  it('moves lessons up and down, and leaves the list alone at the ends', () => {
    const { lessons } = toDraft(outline);
    expect(titles(moveLesson(lessons, 0, 1))).toEqual(['B', 'A', 'C']);
    expect(titles(moveLesson(lessons, 2, 1))).toEqual(['A', 'C', 'B']);
    expect(titles(moveLesson(lessons, 2, 0))).toEqual(['C', 'A', 'B']);
    expect(moveLesson(lessons, 0, -1)).toBe(lessons);
    expect(moveLesson(lessons, 2, 3)).toBe(lessons);
    const moved = moveLesson(lessons, 0, 2);
    expect(moved[2]?.key).toBe(lessons[0]?.key);
  });

  it('adds lessons up to the limit and never removes the last one', () => {
    const { lessons } = toDraft(outline);
    const added = addLesson(lessons, '新课时');
    expect(titles(added)).toEqual(['A', 'B', 'C', '新课时']);
    expect(added[3]?.key).not.toBe(added[2]?.key);
    expect(titles(removeLesson(lessons, 1))).toEqual(['A', 'C']);

    let full = lessons;
    while (full.length < AI_LIMITS.lessonsMax) full = addLesson(full, 'x');
    expect(addLesson(full, 'y')).toBe(full);
    const one = removeLesson(removeLesson(lessons, 0), 0);
    expect(removeLesson(one, 0)).toBe(one);
  });

  it('points at the fields that break the server rules', () => {
    const draft = toDraft(outline);
    expect(draftIssues(draft).any).toBe(false);
    const bad = {
      ...draft,
      title: ' ',
      lessons: updateLesson(updateLesson(draft.lessons, 0, { title: '' }), 2, { goal: 'g'.repeat(201) }),
    };
    const issues = draftIssues(bad);
    expect(issues).toMatchObject({ any: true, title: true, summary: false, count: false });
    expect(issues.lessons[bad.lessons[0]!.key]).toEqual({ title: true, goal: false });
    expect(issues.lessons[bad.lessons[2]!.key]).toEqual({ title: false, goal: true });
    expect(draftIssues({ ...draft, lessons: [] }).count).toBe(true);
  });
});
