import type { DocNode } from '@studio/contract';
import { QUIZ_ID } from '@studio/contract/constants';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { filterDoc } from '../../../../components/content-view/doc-filter.ts';
import { editorExtensions } from '../editor-extensions.ts';

const QUIZ: DocNode = {
  type: 'quiz',
  attrs: {
    id: 'q-single',
    kind: 'single',
    question: '哪一项是 Python 的关键字？',
    options: ['def', 'func'],
    correct: [0],
    accepted: [],
    explanation: 'def 定义函数。',
  },
};

let editor: Editor | null = null;
const open = (content: DocNode) => {
  editor = new Editor({ element: document.createElement('div'), extensions: editorExtensions(''), content });
  return editor;
};
afterEach(() => {
  vi.unstubAllGlobals();
  editor?.destroy();
  editor = null;
});
const quizzesOf = (e: Editor) => (e.getJSON().content ?? []).filter((n) => n.type === 'quiz');

describe('a quiz in the lesson editor', () => {
  it('comes back out of getJSON exactly as it went in (after the whitelist), the key included', () => {
    const blank: DocNode = {
      type: 'quiz',
      attrs: {
        id: 'q-blank',
        kind: 'blank',
        question: '1 + 1 = ？',
        options: [],
        correct: [],
        accepted: ['2', '二'],
        explanation: '算术',
      },
    };
    const input = filterDoc({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '课前' }] }, QUIZ, blank],
    });
    const e = open(input);
    expect(e.getJSON()).toEqual(input);
    expect(filterDoc(e.getJSON())).toEqual(input);
  });
});

describe('pasting quizzes', () => {
  // jsdom has no ClipboardEvent; ProseMirror only needs an event to hand to its handlers.
  const paste = (e: Editor, html: string) => {
    vi.stubGlobal('ClipboardEvent', class extends Event {});
    e.view.pasteHTML(html);
  };

  it('pastes a copy whole, under a new id while the original is still there', () => {
    const e = open(filterDoc({ type: 'doc', content: [QUIZ, { type: 'paragraph' }] }));
    const html = e.getHTML();
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    paste(e, html);
    const [original, copy] = quizzesOf(e);
    expect(quizzesOf(e)).toHaveLength(2);
    expect(original?.attrs).toEqual(QUIZ.attrs);
    expect(copy?.attrs?.id).not.toBe('q-single');
    expect(copy?.attrs?.id).toMatch(QUIZ_ID);
    expect({ ...copy?.attrs, id: 'q-single' }).toEqual(QUIZ.attrs);
  });

  it('keeps the id of a quiz cut and pasted elsewhere', () => {
    const e = open(filterDoc({ type: 'doc', content: [QUIZ, { type: 'paragraph' }] }));
    const html = e.getHTML();
    e.commands.deleteRange({ from: 0, to: 1 });
    expect(quizzesOf(e)).toHaveLength(0);
    e.view.dispatch(e.state.tr.setSelection(TextSelection.atEnd(e.state.doc)));
    paste(e, html);
    expect(quizzesOf(e).map((q) => q.attrs)).toEqual([QUIZ.attrs]);
  });
});
