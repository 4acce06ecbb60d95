import { Code, type DocNode } from '@studio/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { editorExtensions } from './editor-extensions.ts';
import { useAiAssist } from './use-ai-assist.ts';

const p = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const event = (data: object) => new TextEncoder().encode(`data: ${JSON.stringify(data)}\n\n`);

let editor: Editor | null = null;
const open = (...content: DocNode[]) => {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions(''),
    content: { type: 'doc', content },
  });
  return editor;
};
afterEach(() => {
  editor?.destroy();
  editor = null;
  vi.unstubAllGlobals();
});

/** An assist answer the test writes to piece by piece. */
const liveAnswer = () => {
  let push: (data: object) => void = () => {};
  const body = new ReadableStream<Uint8Array>({ start: (c) => (push = (data) => c.enqueue(event(data))) });
  const fetch = vi.fn<typeof globalThis.fetch>((_url, init) => {
    init?.signal?.addEventListener('abort', () => void body.cancel().catch(() => {}));
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, push: (data: object) => push(data) };
};

describe('useAiAssist', () => {
  it('locks the editor while writing; stop keeps the text as one undo step and unlocks it', async () => {
    const e = open(p('正文。'));
    const answer = liveAnswer();
    const { result } = renderHook(() => useAiAssist(e, true));

    act(() => result.current.run('continue'));
    expect(result.current.running).toBe('continue');
    expect(e.isEditable).toBe(false);
    await waitFor(() => expect(answer.fetch).toHaveBeenCalled());
    answer.push({ type: 'text-delta', text: '写到' });
    await waitFor(() => expect(e.getText({ blockSeparator: '|' })).toBe('正文。|写到'));

    act(() => result.current.stop());
    await waitFor(() => expect(result.current.running).toBeNull());
    expect(e.isEditable).toBe(true);
    expect(result.current.failure).toBeNull();
    expect(e.getText({ blockSeparator: '|' })).toBe('正文。|写到');
    e.commands.undo();
    expect(e.getText()).toBe('正文。');
  });

  it("shows the server's failure and says the text so far stays", async () => {
    const e = open(p('正文。'));
    const answer = liveAnswer();
    const { result } = renderHook(() => useAiAssist(e, true));
    act(() => result.current.run('summarize'));
    await waitFor(() => expect(answer.fetch).toHaveBeenCalled());
    answer.push({ type: 'text-delta', text: '要点' });
    answer.push({ type: 'error', error: { code: Code.AI_ASSIST_UNAVAILABLE, params: {} } });
    await waitFor(() =>
      expect(result.current.failure).toEqual({ message: 'AI 助手暂时不可用，请稍后重试', kept: true }),
    );
    expect(e.isEditable).toBe(true);
    expect(e.getText({ blockSeparator: '|' })).toBe('正文。|要点');
  });

  it('asks for text first on an empty lesson, and does nothing while read-only', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    const empty = renderHook(() => useAiAssist(open(p(' ')), true));
    act(() => empty.result.current.run('quiz'));
    expect(empty.result.current.failure?.message).toBe('课时还没有内容：先写几句，或选中一段文字');
    editor?.destroy();

    const readOnly = renderHook(() => useAiAssist(open(p('正文。')), false));
    act(() => readOnly.result.current.run('quiz'));
    expect(readOnly.result.current.running).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
