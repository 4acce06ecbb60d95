/**
 * The highlights in a live editor bound to a Y.Doc (y-tiptap's sync plugin, as the Collaboration
 * extension adds it): a thread's range is marked, and stays on its text when a change arrives through
 * Yjs before it. Nothing of it is in the editor's JSON.
 */
import { Editor, Extension, getSchema } from '@tiptap/core';
import { prosemirrorJSONToYXmlFragment, ySyncPlugin } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { anchorsOf, bindingOf } from './comment-anchors.ts';
import { CommentHighlights, setCommentThreads, threadAt } from './comment-highlights.ts';
import { editorExtensions } from './editor-extensions.ts';

const doc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '变量的作用域很重要' }] }],
};
let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const highlighted = () =>
  [...document.querySelectorAll('.comment-highlight')].map((e) => e.textContent).join('');

describe('comment highlights', () => {
  it('mark an open thread and follow a remote insert before it; never in the JSON', async () => {
    const ydoc = new Y.Doc();
    const fragment = ydoc.getXmlFragment('default');
    prosemirrorJSONToYXmlFragment(getSchema(editorExtensions('')), doc, fragment);
    editor = new Editor({
      element: document.body.appendChild(document.createElement('div')),
      extensions: [
        ...editorExtensions(''),
        Extension.create({ name: 'ySync', addProseMirrorPlugins: () => [ySyncPlugin(fragment)] }),
        CommentHighlights,
      ],
    });
    // y-tiptap renders the shared document into the editor once its view is set up.
    await vi.waitFor(() => expect(editor?.getText()).toBe('变量的作用域很重要'));
    const b = bindingOf(editor.state)!;
    expect(b).not.toBeNull();
    const from = 1 + '变量的'.length;
    const thread = { commentId: 7, ...anchorsOf(from, from + 3, b) };
    editor.view.dispatch(setCommentThreads(editor.state.tr, { threads: [thread], active: null }));
    expect(highlighted()).toBe('作用域');
    expect(threadAt(editor.state, from + 1)).toBe(7);
    expect(threadAt(editor.state, 1)).toBeNull();

    ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '注意：');
    expect(editor.getText()).toBe('注意：变量的作用域很重要');
    expect(highlighted()).toBe('作用域');
    // Typing locally before it maps the highlight along.
    editor.commands.insertContentAt(1, '先');
    expect(highlighted()).toBe('作用域');
    expect(JSON.stringify(editor.getJSON())).not.toContain('comment');
  });

  it('mark nothing without a Yjs binding', () => {
    editor = new Editor({
      element: document.body.appendChild(document.createElement('div')),
      extensions: [...editorExtensions(''), CommentHighlights],
      content: doc,
    });
    expect(bindingOf(editor.state)).toBeNull();
    editor.view.dispatch(
      setCommentThreads(editor.state.tr, {
        threads: [{ commentId: 1, anchorStart: 'AQI=', anchorEnd: 'AQM=' }],
        active: null,
      }),
    );
    expect(document.querySelectorAll('.comment-highlight')).toHaveLength(0);
  });
});
