import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderEditor } from '../../../test/render-editor.tsx';
import { insertImage } from './image-insert.ts';

const IMAGE = { src: '/api/files/image/2026/11/diagram.png', alt: '示意图' };
const CODE = 'x = 1\nprint(x)';

async function editorWithCode() {
  const editor = renderEditor({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '代码如下' }] },
      { type: 'codeBlock', attrs: { language: 'python' }, content: [{ type: 'text', text: CODE }] },
      { type: 'paragraph', content: [{ type: 'text', text: '结尾' }] },
    ],
  });
  await screen.findByText('结尾');
  return editor();
}

/** Puts the cursor at `offset` characters into the first node of `type`. */
const placeIn = (e: Editor, type: string, offset: number) => {
  let at = -1;
  e.state.doc.descendants((node, pos) => {
    if (at < 0 && node.type.name === type) at = pos + 1 + offset;
    return at < 0;
  });
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, at)));
};

describe('inserting an image', () => {
  it('inside a code block goes after the block, which keeps every line', async () => {
    const editor = await editorWithCode();
    // The cursor between the two lines of code (after "x = 1").
    placeIn(editor, 'codeBlock', 5);
    expect(insertImage(editor, IMAGE)).toBe(true);
    const blocks = editor.getJSON().content ?? [];
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'codeBlock', 'image', 'paragraph']);
    expect(editor.state.doc.child(1).textContent).toBe(CODE);
    expect(blocks[2]?.attrs).toMatchObject(IMAGE);
  });

  it('in a paragraph goes where the cursor is, as before', async () => {
    const editor = await editorWithCode();
    placeIn(editor, 'paragraph', 2);
    insertImage(editor, IMAGE);
    const blocks = editor.getJSON().content ?? [];
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'image', 'paragraph', 'codeBlock', 'paragraph']);
    expect(editor.state.doc.child(3).textContent).toBe(CODE);
  });
});
