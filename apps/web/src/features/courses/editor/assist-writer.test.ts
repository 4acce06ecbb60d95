import type { DocNode } from '@studio/contract';
import { QUIZ_ID } from '@studio/contract/constants';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';
import { isAssistPreview, startAssist, type AssistWriter } from './assist-writer.ts';

const p = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const open = (content: DocNode) => {
  editor = new Editor({ element: document.createElement('div'), extensions: editorExtensions(''), content });
  return editor;
};
/** Selects the first occurrence of `text`. */
const select = (e: Editor, text: string) => {
  let from = -1;
  e.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText) {
      const i = node.text!.indexOf(text);
      if (i >= 0) from = pos + i;
    }
  });
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, from, from + text.length)));
};
const writerOf = (e: Editor, action: Parameters<typeof startAssist>[1]): AssistWriter => {
  const started = startAssist(e, action);
  if (!('writer' in started)) throw new Error(started.problem);
  return started.writer;
};
/** Streams the text in pieces, as the server does. */
const stream = (writer: AssistWriter, text: string, size = 4) => {
  for (let i = size; i < text.length + size; i += size) writer.preview(text.slice(0, i));
};
const undo = (e: Editor) => e.commands.undo();

describe('AI assist in the editor', () => {
  it('continue: works on the selection and streams its text in after the selected block', () => {
    const e = open(doc(p('第一段。'), p('第二段。'), p('第三段。')));
    select(e, '第二');
    const writer = writerOf(e, 'continue');
    expect(writer.input).toBe('第二');

    writer.preview('\n\n接下来');
    expect(e.getText({ blockSeparator: '|' })).toBe('第一段。|第二段。|接下来|第三段。');
    writer.preview('\n\n接下来，我们看看');
    expect(e.getText({ blockSeparator: '|' })).toBe('第一段。|第二段。|接下来，我们看看|第三段。');
    expect(e.view.dom.querySelector('.ai-assist-writing')?.textContent).toBe('接下来，我们看看');

    expect(writer.commit('\n\n接下来，我们看看例子。')).toBe(true);
    expect(e.getText({ blockSeparator: '|' })).toBe('第一段。|第二段。|接下来，我们看看例子。|第三段。');
    expect(e.view.dom.querySelector('.ai-assist-writing')).toBeNull();
  });

  it('the whole run is one undo step, which brings back the document and the selection', () => {
    const e = open(doc(p('第一段。'), p('第二段。')));
    const original = e.getJSON();
    e.commands.setTextSelection(3); // history: an edit made just before must stay its own step
    e.commands.insertContent('新');
    const edited = e.getJSON();
    select(e, '第二段');
    const writer = writerOf(e, 'continue');
    stream(writer, '接下来的内容。\n\n- 要点一\n- 要点二');
    writer.commit('接下来的内容。\n\n- 要点一\n- 要点二');
    expect(e.getJSON()).not.toEqual(edited);

    undo(e);
    expect(e.getJSON()).toEqual(edited);
    expect(e.state.doc.textBetween(e.state.selection.from, e.state.selection.to)).toBe('第二段');
    undo(e);
    expect(e.getJSON()).toEqual(original);
  });

  it('a result ending in a list: the paragraph the editor keeps last goes away with the undo too', () => {
    const e = open(doc(p('正文。')));
    const before = e.getJSON();
    const writer = writerOf(e, 'summarize');
    stream(writer, '**要点**\n1. 要点一\n2. 要点二');
    writer.commit('**要点**\n1. 要点一\n2. 要点二');
    expect(e.getJSON().content?.map((n) => n.type)).toEqual([
      'paragraph',
      'paragraph',
      'orderedList',
      'paragraph',
    ]);
    undo(e);
    expect(e.getJSON()).toEqual(before);
  });

  it('typing right after the run is its own undo step', () => {
    const e = open(doc(p('正文。')));
    const writer = writerOf(e, 'summarize');
    writer.commit('要点：正文。');
    e.commands.insertContent('我');
    undo(e);
    expect(e.getText({ blockSeparator: '|' })).toBe('正文。|要点：正文。');
  });

  it('previews are neither saved nor undo steps: only the commit is an edit', () => {
    const e = open(doc(p('正文。')));
    const edits: boolean[] = [];
    e.on('update', ({ transaction }) => edits.push(isAssistPreview(transaction)));
    const writer = writerOf(e, 'summarize');
    stream(writer, '**要点**\n1. 要点一');
    expect(edits.every(Boolean)).toBe(true);
    writer.commit('**要点**\n1. 要点一');
    expect(edits.at(-1)).toBe(false);
    expect(e.can().undo()).toBe(true);
  });

  it('rewrite replaces the selection once the text is final; undo restores it', () => {
    const e = open(doc(p('原来的句子很长。后面不变。')));
    select(e, '原来的句子很长。');
    const writer = writerOf(e, 'rewrite');

    writer.preview('简洁的句子');
    // While streaming, the old text stays (struck through) and the new text follows it.
    expect(e.getText()).toBe('原来的句子很长。简洁的句子后面不变。');
    expect(e.view.dom.querySelector('.ai-assist-replacing')?.textContent).toBe('原来的句子很长。');

    writer.commit('简洁的句子。');
    expect(e.getText()).toBe('简洁的句子。后面不变。');
    expect(e.view.dom.querySelector('.ai-assist-replacing')).toBeNull();
    undo(e);
    expect(e.getText()).toBe('原来的句子很长。后面不变。');
  });

  it('rewrite of whole paragraphs into several blocks replaces those paragraphs', () => {
    const e = open(doc(p('甲。'), p('乙。'), p('丙。')));
    const from = 1;
    const to = e.state.doc.child(0).nodeSize + e.state.doc.child(1).nodeSize - 1;
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, from, to)));
    const writer = writerOf(e, 'rewrite');
    expect(writer.input).toBe('甲。\n乙。');
    writer.commit('## 新标题\n\n新的段落。');
    expect(e.getJSON().content?.map((n) => n.type)).toEqual(['heading', 'paragraph', 'paragraph']);
    expect(e.getText({ blockSeparator: '|' })).toBe('新标题|新的段落。|丙。');
  });

  it('with no selection, the whole lesson is the input and the result goes at the end', () => {
    const e = open(doc(p('第一段。'), p('第二段。')));
    const writer = writerOf(e, 'summarize');
    expect(writer.input).toBe('第一段。\n第二段。');
    writer.commit('要点：第一段。');
    expect(e.getText({ blockSeparator: '|' })).toBe('第一段。|第二段。|要点：第一段。');
  });

  it('Markdown becomes proper blocks, through the content whitelist', () => {
    const e = open(doc(p('正文。')));
    const writer = writerOf(e, 'summarize');
    writer.commit('\n\n**要点**\n1. 要点一\n2. [要点二](javascript:alert(1))\n\n<script>alert(1)</script>');
    const [, quizTitle, list, ...rest] = e.getJSON().content ?? [];
    expect(quizTitle?.content?.[0]?.marks?.[0]?.type).toBe('bold');
    expect(list?.type).toBe('orderedList');
    expect(JSON.stringify(list)).not.toContain('javascript');
    // Raw HTML is shown as the text it was written as, never as markup (the server's lessons do the same).
    expect(rest).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('stopping early keeps what was written, still one undo step', () => {
    const e = open(doc(p('正文。')));
    const before = e.getJSON();
    const writer = writerOf(e, 'continue');
    stream(writer, '写到一半');
    expect(writer.commit('写到一半')).toBe(true);
    expect(e.getText({ blockSeparator: '|' })).toBe('正文。|写到一半');
    undo(e);
    expect(e.getJSON()).toEqual(before);
  });

  it('nothing written: the document is as before and there is nothing to undo', () => {
    const e = open(doc(p('正文。')));
    const writer = writerOf(e, 'continue');
    writer.preview('  ');
    expect(writer.commit('')).toBe(false);
    expect(e.getText()).toBe('正文。');
    expect(e.can().undo()).toBe(false);
  });

  it('refuses an empty lesson, and a text over the limit except for continue (which takes the end)', () => {
    expect(startAssist(open(doc(p(' '))), 'continue')).toEqual({ problem: 'empty' });
    editor?.destroy();
    const long = open(doc(p('长'.repeat(8001))));
    expect(startAssist(long, 'summarize')).toEqual({ problem: 'tooLong' });
    const started = startAssist(long, 'continue');
    expect('writer' in started && started.writer.input.length).toBe(8000);
  });

  it('quiz: each quiz line becomes a quiz block after the selection, keys filled, one undo step', () => {
    const e = open(doc(p('机器学习让计算机从数据中学习。'), p('下一段。')));
    const before = e.getJSON();
    select(e, '机器学习');
    const writer = writerOf(e, 'quiz');
    const single = {
      kind: 'single',
      question: '从什么中学习？',
      options: ['数据', '天气'],
      correct: [0],
      accepted: [],
      explanation: '原文',
    };
    const blank = {
      kind: 'blank',
      question: '____ 让计算机学习',
      options: [],
      correct: [],
      accepted: ['机器学习'],
      explanation: '',
    };
    const answer = `${JSON.stringify(single)}\n${JSON.stringify(blank)}\n`;
    const quizzesNow = () => (e.getJSON().content ?? []).filter((n) => n.type === 'quiz');

    // A quiz shows once its line is complete, marked as being written; its id stays as more arrives.
    writer.preview(answer.slice(0, 40));
    expect(quizzesNow()).toHaveLength(0);
    writer.preview(answer.slice(0, answer.indexOf('\n') + 10));
    expect(quizzesNow()).toHaveLength(1);
    const firstId = quizzesNow()[0]?.attrs?.id;
    expect(e.view.dom.querySelector('.ai-assist-writing')).not.toBeNull();
    stream(writer, answer, 16);
    expect(quizzesNow()[0]?.attrs?.id).toBe(firstId);

    expect(writer.commit(answer)).toBe(true);
    const content = e.getJSON().content ?? [];
    expect(content.map((n) => n.type)).toEqual(['paragraph', 'quiz', 'quiz', 'paragraph']);
    expect(content[1]?.attrs).toEqual({ id: firstId, ...single });
    expect(content[2]?.attrs).toEqual({ id: expect.stringMatching(QUIZ_ID), ...blank });
    expect(content[1]?.attrs?.id).not.toBe(content[2]?.attrs?.id);
    expect(e.view.dom.querySelector('.ai-assist-writing')).toBeNull();
    undo(e);
    expect(e.getJSON()).toEqual(before);
  });

  it('quiz: lines that are not quizzes are left out; an answer with none writes nothing', () => {
    const e = open(doc(p('正文。')));
    const writer = writerOf(e, 'quiz');
    const line = JSON.stringify({ kind: 'truefalse', question: '对吗', correct: [1], onclick: 'alert(1)' });
    expect(writer.commit(`说明文字\n${line}\n[1, 2]\n{"kind":"single"\n`)).toBe(true);
    const quizzes = (e.getJSON().content ?? []).filter((n) => n.type === 'quiz');
    expect(quizzes).toHaveLength(1);
    expect(quizzes[0]?.attrs).toMatchObject({ kind: 'truefalse', question: '对吗', correct: [1] });
    expect(JSON.stringify(quizzes)).not.toContain('onclick');

    const other = writerOf(e, 'quiz');
    expect(other.commit('1. 问题一\n2. 问题二')).toBe(false);
  });
});
