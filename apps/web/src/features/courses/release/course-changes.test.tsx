import type { CourseChanges } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { CourseChangesView } from './course-changes.tsx';

describe('CourseChangesView', () => {
  it('says a change of 结业要求 in words, before and after', () => {
    const changes: CourseChanges = {
      changed: true,
      fields: [
        {
          field: 'completion',
          before: '{"minLessonSeconds":30,"passMark":60,"maxQuizAttempts":null}',
          after: '{"minLessonSeconds":0,"passMark":80,"maxQuizAttempts":3}',
        },
      ],
      lessons: [],
    };
    render(<CourseChangesView changes={changes} />);
    expect(screen.getByText('结业要求')).toBeTruthy();
    expect(screen.getByText('每课时至少 30 秒，及格线 60%，作答不限次数')).toBeTruthy();
    expect(screen.getByText('每课时至少 0 秒，及格线 80%，每道测验最多 3 次')).toBeTruthy();
  });
});
