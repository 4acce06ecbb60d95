import type { LessonSummary } from '@studio/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/test-providers.tsx';
import '../../../lib/i18n/index.ts';
import { RenameLessonModal } from './rename-lesson-modal.tsx';

const lesson: LessonSummary = {
  lessonId: 3,
  title: '第一课',
  position: 1,
  durationMin: 5,
  freePreview: false,
  version: 1,
  updateTime: 1_700_000_000_000,
};

describe('RenameLessonModal', () => {
  it('an empty title shows the rule and sends nothing, without an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const onRename = vi.fn(() => Promise.resolve());
    render(
      <TestProviders>
        <RenameLessonModal lesson={lesson} onClose={() => undefined} onRename={onRename} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByLabelText('课时标题'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('课时标题 1–60 个字')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', unhandled);
    expect(onRename).not.toHaveBeenCalled();
    expect(unhandled).not.toHaveBeenCalled();
  });
});
