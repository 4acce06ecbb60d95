import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { renderEditor } from '../../../../test/render-editor.tsx';
import { lendSlashAction } from './slash-actions.ts';

async function editorWithEmptyLine() {
  const editor = renderEditor({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '第一段' }] },
      { type: 'paragraph', content: [] },
    ],
  });
  await screen.findByText('第一段');
  const e = editor();
  // The caret in the empty second paragraph.
  act(() => {
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, e.state.doc.content.size - 1)));
  });
  return e;
}

const type = (e: Editor, text: string) =>
  act(() => {
    e.commands.insertContent(text);
  });
const key = (e: Editor, name: string) =>
  act(() => {
    e.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
const types = (e: Editor) => (e.getJSON().content ?? []).map((b) => b.type);

describe('the slash menu', () => {
  it('opens on / in an empty paragraph with every block, and Enter inserts the first, without the /', async () => {
    const editor = await editorWithEmptyLine();
    type(editor, '/');
    await screen.findByRole('listbox');
    expect(options()).toEqual([
      '标题 1',
      '标题 2',
      '标题 3',
      '无序列表',
      '有序列表',
      '代码块',
      '引用',
      '插入图片',
      '插入视频',
      '测验',
      '提示框',
      '表格',
      '分割线',
    ]);
    key(editor, 'Enter');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(editor.getJSON().content?.[1]).toEqual({ type: 'heading', attrs: { level: 1 } });
    expect(editor.getText()).not.toContain('/');
  });

  it('filters by Chinese or English as one types, and ↑↓ choose', async () => {
    const editor = await editorWithEmptyLine();
    type(editor, '/列表');
    await waitFor(() => expect(options()).toEqual(['无序列表', '有序列表']));
    type(editor, 'x');
    await screen.findByText('没有匹配的内容块');
    act(() => {
      editor.commands.deleteRange({ from: editor.state.selection.from - 3, to: editor.state.selection.from });
    });
    type(editor, 'code');
    await waitFor(() => expect(options()).toEqual(['代码块']));
    act(() => {
      editor.commands.deleteRange({ from: editor.state.selection.from - 4, to: editor.state.selection.from });
    });
    type(editor, 'list');
    await waitFor(() => expect(options()).toEqual(['无序列表', '有序列表']));
    key(editor, 'ArrowDown');
    await waitFor(() => expect(screen.getByRole('option', { selected: true }).textContent).toBe('有序列表'));
    key(editor, 'ArrowDown');
    key(editor, 'ArrowUp');
    key(editor, 'Enter');
    // (The editor keeps an empty paragraph after a last list to write on below it.)
    await waitFor(() => expect(types(editor).slice(0, 2)).toEqual(['paragraph', 'orderedList']));
    expect(editor.getText()).not.toContain('list');
  });

  it('inserts a quiz found by its Chinese name', async () => {
    const editor = await editorWithEmptyLine();
    type(editor, '/测验');
    await waitFor(() => expect(options()).toEqual(['测验']));
    key(editor, 'Enter');
    await waitFor(() => expect(types(editor)).toContain('quiz'));
  });

  it('inserts a callout picked with the mouse', async () => {
    const editor = await editorWithEmptyLine();
    type(editor, '/callout');
    fireEvent.click(await screen.findByRole('option', { name: '提示框' }));
    await waitFor(() => expect(types(editor).slice(0, 2)).toEqual(['paragraph', 'callout']));
  });

  it('opens the toolbar’s image picker for 插入图片', async () => {
    const editor = await editorWithEmptyLine();
    const pick = vi.fn();
    lendSlashAction(editor, 'image', pick);
    type(editor, '/tupian');
    await waitFor(() => expect(options()).toEqual(['插入图片']));
    key(editor, 'Enter');
    expect(pick).toHaveBeenCalledTimes(1);
  });

  it('closes on Esc, keeping the text; stays shut for / inside a word, opens after a space', async () => {
    const editor = await editorWithEmptyLine();
    type(editor, '/');
    await screen.findByRole('listbox');
    key(editor, 'Escape');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(editor.state.doc.child(1).textContent).toBe('/');

    type(editor, 'a/');
    expect(screen.queryByRole('listbox')).toBeNull();
    type(editor, ' /');
    await screen.findByRole('listbox');
  });
});
