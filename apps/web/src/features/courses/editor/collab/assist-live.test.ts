import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { startAssist } from '../assist-writer.ts';
import { editorExtensions } from '../editor-extensions.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('AI assist in a live document', () => {
  it('writes one ordinary change into the Y.Doc and one Yjs undo takes it all back', () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    editor = new Editor({
      element: document.createElement('div'),
      extensions: editorExtensions('', { doc, awareness }),
    });
    const e = editor;
    e.commands.insertContent('第一段。');
    const before = e.getText();
    const started = startAssist(e, 'continue');
    if (!('writer' in started)) throw new Error(started.problem);
    for (const part of ['\n\n接下', '\n\n接下来，我们', '\n\n接下来，我们看看例子。'])
      started.writer.preview(part);
    expect(started.writer.commit('\n\n接下来，我们看看例子。')).toBe(true);
    // Everyone gets it: it is in the shared fragment.
    expect(doc.getXmlFragment('default').toString()).toContain('接下来，我们看看例子。');
    e.commands.undo();
    expect(e.getText()).toBe(before);
    expect(doc.getXmlFragment('default').toString()).not.toContain('接下来');
    awareness.destroy();
  });
});
