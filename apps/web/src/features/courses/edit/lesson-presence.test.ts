import { describe, expect, it } from 'vitest';
import { editingByLesson } from './lesson-presence.ts';

describe('who is editing which lesson', () => {
  it('maps lessons to their users, each person once, lessons without anyone left out', () => {
    const map = editingByLesson({
      lessons: [
        {
          lessonId: 7,
          users: [
            { id: 1, name: '小王', color: '#f00' },
            { id: 1, name: '小王', color: '#f00' },
            { id: 2, name: '小李', color: '#0f0' },
          ],
        },
        { lessonId: 8, users: [] },
      ],
    });
    expect(map.get(7)?.map((u) => u.name)).toEqual(['小王', '小李']);
    expect(map.has(8)).toBe(false);
    expect(editingByLesson(undefined).size).toBe(0);
  });
});
