import type { QuizAttrs } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { renderEditor } from '../../../../test/render-editor.tsx';
import { TestProviders } from '../../../../test/test-providers.tsx';
import { aiKeys } from '../../../ai/ai-api.ts';
import { Toolbar } from '../toolbar.tsx';
import type { AiAssist } from '../use-ai-assist.ts';
import { editorExtensions } from '../editor-extensions.ts';

const QUIZ: QuizAttrs = {
  id: 'q-card',
  kind: 'single',
  question: '旧题目',
  options: ['甲', '乙'],
  correct: [],
  accepted: [],
  explanation: '',
};

/** The editor with one quiz (and a paragraph), its card on screen. */
async function openCard(start: Partial<QuizAttrs> = {}, editable = true) {
  const editor = renderEditor(
    { type: 'doc', content: [{ type: 'quiz', attrs: { ...QUIZ, ...start } }, { type: 'paragraph' }] },
    editable,
  );
  await screen.findByRole('group', { name: '测验' });
  const e = editor();
  const updates: boolean[] = [];
  e.on('update', ({ transaction }) => updates.push(transaction.docChanged));
  const attrs = () => e.getJSON().content?.find((n) => n.type === 'quiz')?.attrs as QuizAttrs | undefined;
  return { editor: e, attrs, updates };
}

describe('the quiz card in the editor', () => {
  it('writes the question, a new option and the right answer into the node, as edits autosave sees', async () => {
    const { attrs, updates } = await openCard();
    fireEvent.change(screen.getByRole('textbox', { name: '题目' }), { target: { value: '新题目' } });
    expect(attrs()?.question).toBe('新题目');

    fireEvent.click(screen.getByRole('button', { name: /添加选项/ }));
    await screen.findByRole('textbox', { name: '选项 3' });
    fireEvent.change(screen.getByRole('textbox', { name: '选项 3' }), { target: { value: '丙' } });
    fireEvent.click(screen.getByRole('radio', { name: '选项 3 是正确答案' }));
    fireEvent.change(screen.getByRole('textbox', { name: '解析' }), { target: { value: '因为丙' } });

    expect(attrs()).toEqual({
      ...QUIZ,
      question: '新题目',
      options: ['甲', '乙', '丙'],
      correct: [2],
      explanation: '因为丙',
    });
    expect(updates.length).toBeGreaterThanOrEqual(5);
    expect(updates.every(Boolean)).toBe(true);
  });

  it('shows what is missing without stopping anything', async () => {
    await openCard({ question: '', options: ['甲', ''] });
    expect(screen.getByText('请填写题目')).toBeTruthy();
    expect(screen.getByText('至少两个选项')).toBeTruthy();
    expect(screen.getByText('请标出正确答案')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '题目' }), { target: { value: '题' } });
    await waitFor(() => expect(screen.queryByText('请填写题目')).toBeNull());
  });

  it('removes an option with its mark, and a kind change brings the right fields', async () => {
    const { attrs } = await openCard({ kind: 'multiple', options: ['甲', '乙', '丙'], correct: [0, 2] });
    fireEvent.click(screen.getByRole('button', { name: '删除选项 2' }));
    expect(attrs()).toMatchObject({ options: ['甲', '丙'], correct: [0, 1] });
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2));

    fireEvent.click(screen.getByText('判断题'));
    expect(attrs()).toMatchObject({ kind: 'truefalse', options: [], correct: [] });
    fireEvent.click(await screen.findByRole('radio', { name: '错误' }));
    expect(attrs()?.correct).toEqual([1]);

    fireEvent.click(screen.getByText('单选题'));
    // The options put aside come back; a single choice keeps one mark.
    expect(attrs()).toMatchObject({ kind: 'single', options: ['甲', '丙'], correct: [0] });

    fireEvent.click(screen.getByText('填空题'));
    const answer = await screen.findByRole('textbox', { name: '正确答案' });
    fireEvent.change(answer, { target: { value: '四' } });
    fireEvent.keyDown(answer, { key: 'Enter' });
    fireEvent.change(answer, { target: { value: 'four' } });
    fireEvent.blur(answer);
    expect(attrs()).toMatchObject({ kind: 'blank', options: [], accepted: ['四', 'four'] });
  });

  it('keeps keys typed in its fields from ProseMirror, and follows undo', async () => {
    const { editor, attrs } = await openCard();
    act(() => {
      editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 0)));
    });
    const question = screen.getByRole('textbox', { name: '题目' });
    // With the block selected, Backspace in the editor would delete it; in a field it is the field's.
    fireEvent.keyDown(question, { key: 'Backspace' });
    expect(attrs()).toBeDefined();

    fireEvent.change(question, { target: { value: '改过的题目' } });
    act(() => {
      editor.commands.undo();
    });
    await waitFor(() => expect((question as HTMLTextAreaElement).value).toBe('旧题目'));
  });

  it('deletes the block', async () => {
    const { attrs } = await openCard();
    fireEvent.click(screen.getByRole('button', { name: '删除测验' }));
    expect(attrs()).toBeUndefined();
  });

  it('is read-only when the editor is, and follows the editor when it becomes editable', async () => {
    const { editor } = await openCard({}, false);
    expect((screen.getByRole('textbox', { name: '题目' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '删除测验' })).toHaveProperty('disabled', true);
    act(() => editor.setEditable(true, false));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '题目' }) as HTMLTextAreaElement).disabled).toBe(false),
    );
  });
});

describe('测验 in the toolbar', () => {
  it('inserts a new quiz and puts the cursor in its question', async () => {
    queryClient.setQueryData(aiKeys.generator, { kind: 'template', label: '模板生成（非 AI）' });
    const assist: AiAssist = {
      running: null,
      failure: null,
      run: () => {},
      stop: () => {},
      dismiss: () => {},
      inputOf: () => null,
    };
    let editor: Editor | null = null;
    const WithToolbar = ({ onEditor }: { onEditor: (editor: Editor) => void }) => {
      const e = useEditor({
        extensions: editorExtensions(''),
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }] },
      });
      useEffect(() => {
        onEditor(e);
      }, [e, onEditor]);
      return (
        <>
          <Toolbar editor={e} assist={assist} />
          <EditorContent editor={e} />
        </>
      );
    };
    render(
      <TestProviders>
        <WithToolbar onEditor={(e) => (editor = e)} />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '测验' }));
    const question = await screen.findByRole('textbox', { name: '题目' });
    await waitFor(() => expect(document.activeElement).toBe(question));
    const e = editor as unknown as Editor;
    const quiz = e.getJSON().content?.find((n) => n.type === 'quiz');
    expect(quiz?.attrs).toMatchObject({ kind: 'single', options: ['', ''], correct: [] });
    expect(screen.getAllByRole('radio', { name: /是正确答案/ })).toHaveLength(2);
  });
});
