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

  it('others typing while the answer streams: previews stay here, the commit adds the text once and takes nothing of theirs', () => {
    // Two editors on two Y.Docs kept in sync, as two browsers through the server.
    const [docA, docB] = [new Y.Doc(), new Y.Doc()];
    docA.on('update', (u: Uint8Array, origin: unknown) => origin !== 'b' && Y.applyUpdate(docB, u, 'a'));
    docB.on('update', (u: Uint8Array, origin: unknown) => origin !== 'a' && Y.applyUpdate(docA, u, 'b'));
    const [awA, awB] = [new Awareness(docA), new Awareness(docB)];
    const a = new Editor({
      element: document.createElement('div'),
      extensions: editorExtensions('', { doc: docA, awareness: awA }),
    });
    const b = new Editor({
      element: document.createElement('div'),
      extensions: editorExtensions('', { doc: docB, awareness: awB }),
    });
    editor = a;
    a.commands.insertContent('<p>第一段。</p><p>第二段。</p>');
    expect(b.getText()).toContain('第二段。');
    a.commands.setTextSelection({ from: 1, to: 5 });
    const started = startAssist(a, 'continue');
    if (!('writer' in started)) throw new Error(started.problem);
    started.writer.preview('\n\n接下');
    // The other editor types at the end of the second paragraph while A's answer streams.
    b.commands.setTextSelection(b.state.doc.content.size - 1);
    b.commands.insertContent('乙补充的话');
    started.writer.preview('\n\n接下来，我们');
    // The preview is only on A's screen: not in the shared document.
    expect(docB.getXmlFragment('default').toString()).not.toContain('接下');
    expect(a.view.dom.textContent).toContain('接下来，我们');
    expect(started.writer.commit('\n\n接下来，我们看看例子。')).toBe(true);
    for (const e of [a, b]) {
      const paragraphs = e.getJSON().content!.map((n) => JSON.stringify(n));
      expect(paragraphs).toHaveLength(3);
      expect(paragraphs[0]).toContain('第一段。');
      expect(paragraphs[1]).toContain('接下来，我们看看例子。');
      expect(paragraphs[2]).toContain('第二段。乙补充的话');
    }
    // A's undo takes back its assist only.
    a.commands.undo();
    expect(b.getText()).not.toContain('接下来');
    expect(b.getText()).toContain('第二段。乙补充的话');
    b.destroy();
    awA.destroy();
    awB.destroy();
  });

  it('with nothing selected the text goes at the end, after a quiz that ends the lesson', () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    editor = new Editor({
      element: document.createElement('div'),
      extensions: editorExtensions('', { doc, awareness }),
    });
    const e = editor;
    const quiz = { id: 'q1', kind: 'single', question: '问？', options: ['甲', '乙'], correct: [0] };
    e.commands.setContent({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '第一段。' }] },
        { type: 'quiz', attrs: { ...quiz, accepted: [], explanation: '' } },
      ],
    });
    const started = startAssist(e, 'summarize');
    if (!('writer' in started)) throw new Error(started.problem);
    started.writer.preview('要点：');
    expect(started.writer.commit('要点：第一段。')).toBe(true);
    const blocks: string[] = [];
    e.state.doc.forEach((n) => blocks.push(`${n.type.name}:${n.textContent}`));
    expect(blocks.slice(0, 3)).toEqual(['paragraph:第一段。', 'quiz:', 'paragraph:要点：第一段。']);
    awareness.destroy();
  });
});
