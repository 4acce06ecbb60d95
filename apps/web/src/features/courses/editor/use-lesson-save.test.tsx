/**
 * A lesson too large to save (issue 12, item 8): the editor says the limit instead of 服务器错误,
 * keeps the text in this browser, and 重试保存 answers again rather than failing silently.
 */
import { Code, COURSE_LIMITS, Routes } from '@studio/contract';
import type { DocNode, Lesson } from '@studio/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/test-providers.tsx';
import { http } from '../../../lib/request.ts';
import { draftOffer, readDraft } from './local-draft.ts';
import { useLessonSave } from './use-lesson-save.ts';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  mock.resetHistory();
});

const paragraph = (text: string): DocNode => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

const lesson: Lesson = {
  lessonId: 31,
  courseId: 5,
  title: '第一课',
  position: 1,
  durationMin: 5,
  freePreview: false,
  version: 3,
  updateTime: 1_700_000_000_000,
  content: paragraph('正文'),
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>
    <MemoryRouter>{children}</MemoryRouter>
  </TestProviders>
);

const open = (content: DocNode) =>
  renderHook(
    () =>
      useLessonSave({
        lesson,
        getFields: () => ({ title: lesson.title, content, durationMin: 5, freePreview: false }),
        applyServer: () => undefined,
      }),
    { wrapper },
  );

const LIMIT_TEXT = `课时内容超过 ${COURSE_LIMITS.contentMaxBytes / 1024} KB 的上限`;

describe('useLessonSave: too large to save', () => {
  it('a 413 answer: the limit is said, the text is kept locally, and a retry says it again', async () => {
    mock.onPost(Routes.lesson.save).reply(413, { code: 413, msg: '上传内容过大', data: null });
    const { result } = open(paragraph('一段不算太长、但服务器拒收的文字'));
    act(() => result.current.onEdit());
    await act(() => result.current.autosave.flush());
    expect(result.current.state.status).toBe('error');
    expect(result.current.failure).toContain(LIMIT_TEXT);
    expect(result.current.failure).not.toContain('服务器错误');
    expect(readDraft(lesson.lessonId)?.content).toEqual(paragraph('一段不算太长、但服务器拒收的文字'));

    await act(() => result.current.autosave.flush());
    expect(mock.history.post).toHaveLength(2);
    expect(result.current.failure).toContain(LIMIT_TEXT);
  });

  it("the server's content limit (30007, HTTP 400) is known by its code and said the same way", async () => {
    const kb = COURSE_LIMITS.contentMaxBytes / 1024;
    mock.onPost(Routes.lesson.save).reply(400, {
      code: Code.LESSON_CONTENT_TOO_LARGE,
      msg: `课时内容不能超过 ${kb} KB`,
      data: { kb },
    });
    const { result } = open(paragraph('服务器按自己的算法拒收的文字'));
    act(() => result.current.onEdit());
    await act(() => result.current.autosave.flush());
    expect(result.current.state.status).toBe('error');
    expect(result.current.failure).toContain(LIMIT_TEXT);
    expect(readDraft(lesson.lessonId)?.content).toEqual(paragraph('服务器按自己的算法拒收的文字'));
  });

  it('content over the limit is not sent at all: the editor says the limit at once', async () => {
    mock.onPost(Routes.lesson.save).reply(200, { code: 200, msg: 'ok', data: { version: 4, updateTime: 1 } });
    const { result } = open(paragraph('长'.repeat(COURSE_LIMITS.contentMaxBytes / 2)));
    act(() => result.current.onEdit());
    await act(() => result.current.autosave.flush());
    // (A previous case's editor, unmounted with unsaved text, may still send its own save.)
    expect(mock.history.post.filter((r) => String(r.data).includes('长长长'))).toHaveLength(0);
    expect(result.current.failure).toContain(LIMIT_TEXT);
    await waitFor(() => expect(readDraft(lesson.lessonId)).not.toBeNull());
  });

  it('any other failure shows the server msg, and a successful save clears it', async () => {
    mock
      .onPost(Routes.lesson.save)
      .replyOnce(429, { code: 429, msg: '请求过于频繁，请稍后重试', data: null });
    mock.onPost(Routes.lesson.save).reply(200, { code: 200, msg: 'ok', data: { version: 4, updateTime: 2 } });
    const { result } = open(paragraph('正文'));
    act(() => result.current.onEdit());
    await act(() => result.current.autosave.flush());
    expect(result.current.failure).toBe('请求过于频繁，请稍后重试');
    await act(() => result.current.autosave.flush());
    expect(result.current.state.status).toBe('saved');
    expect(result.current.failure).toBeNull();
  });
});

describe('useLessonSave: the local draft', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('a save that lands before the delayed draft write leaves no draft behind (nothing to offer later)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.onPost(Routes.lesson.save).reply(200, { code: 200, msg: 'ok', data: { version: 4, updateTime: 2 } });
    const { result } = open(paragraph('保存并发布的文字'));
    // An edit, then 立即保存 (Ctrl+S) at once: the save clears the drafts before the draft's timer fires.
    act(() => result.current.onEdit());
    await act(() => result.current.autosave.flush());
    expect(result.current.state.status).toBe('saved');
    act(() => vi.advanceTimersByTime(5_000));
    expect(readDraft(lesson.lessonId)).toBeNull();
    // Even so, the lesson reset to an older release later (version 5, older text) offers nothing.
    const older = { title: lesson.title, content: paragraph('正文'), durationMin: 5, freePreview: false };
    expect(draftOffer(readDraft(lesson.lessonId), { ...older, version: 5, updateTime: 3 })).toBeNull();
  });

  it('an edit typed while a save is on its way is kept in a draft until it is saved too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: (() => void) | undefined;
    mock.onPost(Routes.lesson.save).reply(
      () =>
        new Promise((resolve) => {
          answer = () => resolve([200, { code: 200, msg: 'ok', data: { version: 4, updateTime: 2 } }]);
        }),
    );
    const { result } = open(paragraph('还在路上的文字'));
    act(() => result.current.onEdit());
    const saving = result.current.autosave.flush();
    await vi.waitFor(() => expect(answer).toBeDefined());
    act(() => result.current.onEdit());
    act(() => vi.advanceTimersByTime(300));
    expect(readDraft(lesson.lessonId)?.baseVersion).toBe(3);
    await act(async () => {
      answer?.();
      await saving;
    });
    // Saved the first edit only: the second is still kept, now on version 4.
    expect(readDraft(lesson.lessonId)?.baseVersion).toBe(4);
  });
});
